// The quiz player's two calls to the server. Both answer the JSON body, or the message to show.
import type { AttemptResult, OpenAttempt } from '@/lib/quiz';
import type { SubmissionInput } from '@/lib/schemas/quiz';

export type Answer<T> = { ok: true; data: T } | { ok: false; message: string };

async function post<T>(path: string, body: unknown): Promise<Answer<T>> {
  try {
    const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const json: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, data: json as T };
    const message = json && typeof json === 'object' && 'message' in json && typeof json.message === 'string' ? json.message : null;
    return { ok: false, message: message ?? 'Something went wrong. Please try again.' };
  } catch {
    return { ok: false, message: 'You seem to be offline. Your answers are kept on this device; try again when you are back online.' };
  }
}

export function startAttempt(courseId: string, lessonId: string): Promise<Answer<OpenAttempt>> {
  return post('/api/quiz-attempts', { courseId, lessonId });
}

export function submitAttempt(attemptId: string, answers: SubmissionInput['answers']): Promise<Answer<AttemptResult>> {
  return post(`/api/quiz-attempts/${attemptId}/submit`, { answers });
}
