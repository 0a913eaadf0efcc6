// The quiz player's two calls to the server. Both answer the JSON body, or the message to show.
import { postJson } from '@/components/auth/post-json';
import type { AttemptResult, OpenAttempt } from '@/lib/quiz';
import type { SubmissionInput } from '@/lib/schemas/quiz';

/** `transient`: no answer, or one worth asking again later (a limit, a server error). */
export type Answer<T> = { ok: true; data: T } | { ok: false; message: string; transient?: true };

/** The message of a call that got no answer at all: the device has no connection. */
export const OFFLINE_MESSAGE = 'youSeemToBeOfflineYourAnswersAreKeptOnThisDevice';

async function post<T>(path: string, body: unknown): Promise<Answer<T>> {
  const { status, body: answer } = await postJson(path, body);
  if (status >= 200 && status < 300) return { ok: true, data: answer as T };
  // No answer at all: the attempt is safe on the server and its answers on this device.
  if (status === 0) return { ok: false, message: OFFLINE_MESSAGE, transient: true };
  const message = answer.message ?? 'somethingWentWrongPleaseTryAgain';
  return status === 429 || status >= 500 ? { ok: false, message, transient: true } : { ok: false, message };
}

/** `locale`: the page's language, which the questions' texts come in where translated. */
export async function startAttempt(courseId: string, lessonId: string, locale: string): Promise<Answer<OpenAttempt>> {
  const answer = await post<OpenAttempt>('/api/quiz-attempts', { courseId, lessonId, locale });
  // The questions come with the attempt: there is nothing to answer offline.
  return !answer.ok && answer.message === OFFLINE_MESSAGE ? { ...answer, message: 'youAreOfflineStartingAnAttemptNeedsAConnection' } : answer;
}

export function submitAttempt(attemptId: string, answers: SubmissionInput['answers'], locale: string): Promise<Answer<AttemptResult>> {
  return post(`/api/quiz-attempts/${attemptId}/submit`, { answers, locale });
}
