// Attempts submitted without a connection. The answers stay where the player keeps them while the
// learner answers (the draft, per attempt); a mark beside them says "submitted, send when online".
// Every page sends what is marked (ProgressSync, on load and when the connection returns), one
// sender per page, and the server grades each attempt once however often it is sent. Its answer
// (the grade, or a refusal) is kept with the mark until the quiz's player shows it, so it is never
// lost to a closed page.

import { parseStored, readStoredText, storeOnDevice } from '@/lib/device-storage';
import type { AttemptResult } from '@/lib/quiz';
import type { Answer } from './quiz-api';

const DRAFT_PREFIX = 'kz-quiz-answers:';
const SUBMITTED_PREFIX = 'kz-quiz-submitted:';
/** Told on this page when a marked attempt's grade arrives; `detail` is the attempt's id. */
const GRADED_EVENT = 'kz-quiz-graded';

export const draftKey = (attemptId: string) => `${DRAFT_PREFIX}${attemptId}`;
const submittedKey = (attemptId: string) => `${SUBMITTED_PREFIX}${attemptId}`;

/** A submission waiting for the connection, then the server's final answer to it. */
export type KeptSubmission = { locale: string; answer?: Answer<AttemptResult> };

export function keepSubmission(attemptId: string, locale: string): void {
  storeOnDevice(submittedKey(attemptId), { locale } satisfies KeptSubmission);
}

export function keptSubmission(attemptId: string): KeptSubmission | null {
  return parseStored<KeptSubmission | null>(readStoredText(submittedKey(attemptId)), null);
}

/** The attempt's answer is shown: its answers and its mark go. */
export function forgetSubmission(attemptId: string): void {
  storeOnDevice(submittedKey(attemptId), null);
  storeOnDevice(draftKey(attemptId), null);
}

export function onSubmissionGraded(listener: (attemptId: string) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<string>).detail);
  window.addEventListener(GRADED_EVENT, handle);
  return () => window.removeEventListener(GRADED_EVENT, handle);
}

/** The attempts of `learnerId` marked and not yet graded (an attempt's id starts with its learner's). */
function waitingAttempts(learnerId: string): string[] {
  const prefix = `${SUBMITTED_PREFIX}${learnerId}:`;
  const ids: string[] = [];
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(prefix) && !keptSubmission(key.slice(SUBMITTED_PREFIX.length))?.answer) ids.push(key.slice(SUBMITTED_PREFIX.length));
    }
  } catch {
    // No storage: nothing was kept.
  }
  return ids;
}

let sending: Promise<void> | null = null;

async function sendWaiting(learnerId: string): Promise<void> {
  const attemptIds = waitingAttempts(learnerId);
  if (attemptIds.length === 0) return;
  // Loaded only on a device that holds a submission.
  const [{ submitAttempt }, { toAnswers }] = await Promise.all([import('./quiz-api'), import('./quiz-lesson-state')]);
  for (const attemptId of attemptIds) {
    const kept = keptSubmission(attemptId);
    if (!kept || kept.answer) continue;
    const draft = parseStored<Record<string, string[] | string>>(readStoredText(draftKey(attemptId)), {});
    const answer = await submitAttempt(attemptId, toAnswers(draft), kept.locale);
    if (!answer.ok && answer.transient) return;
    // A refusal (the attempt is gone, the course refunded) is as final as a grade.
    storeOnDevice(submittedKey(attemptId), { ...kept, answer } satisfies KeptSubmission);
    window.dispatchEvent(new CustomEvent(GRADED_EVENT, { detail: attemptId }));
  }
}

/** Sends `learnerId`'s submitted attempts waiting on this device, one sender at a time. */
export async function sendKeptSubmissions(learnerId: string): Promise<void> {
  while (sending) await sending;
  sending = sendWaiting(learnerId).finally(() => {
    sending = null;
  });
  return sending;
}
