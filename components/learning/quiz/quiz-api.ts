// The quiz player's two calls to the server. Both answer the JSON body, or the message to show.
import { postJson } from '@/components/auth/post-json';
import type { AttemptResult, OpenAttempt } from '@/lib/quiz';
import type { SubmissionInput } from '@/lib/schemas/quiz';

export type Answer<T> = { ok: true; data: T } | { ok: false; message: string };

/** The message of a call that got no answer at all: the device has no connection. */
export const OFFLINE_MESSAGE = 'youSeemToBeOfflineYourAnswersAreKeptOnThisDevice';

async function post<T>(path: string, body: unknown): Promise<Answer<T>> {
  const { status, body: answer } = await postJson(path, body);
  if (status >= 200 && status < 300) return { ok: true, data: answer as T };
  // No answer at all: the attempt is safe on the server and its answers on this device.
  if (status === 0) return { ok: false, message: OFFLINE_MESSAGE };
  return { ok: false, message: answer.message ?? 'somethingWentWrongPleaseTryAgain' };
}

/** `locale`: the page's language, which the questions' texts come in where translated. */
export function startAttempt(courseId: string, lessonId: string, locale: string): Promise<Answer<OpenAttempt>> {
  return post('/api/quiz-attempts', { courseId, lessonId, locale });
}

export function submitAttempt(attemptId: string, answers: SubmissionInput['answers'], locale: string): Promise<Answer<AttemptResult>> {
  return post(`/api/quiz-attempts/${attemptId}/submit`, { answers, locale });
}
