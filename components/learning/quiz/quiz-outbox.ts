// Attempts submitted without a connection. The answers stay where the player keeps them while the
// learner answers (the draft, per attempt); a mark in the learner's outbox (one device key per
// learner) says "submitted, send when online". Every page sends what is marked (ProgressSync, on
// load and when the connection returns), one sender per page, and the server grades each attempt
// once however often it is sent. Its answer (the grade, or a refusal) is kept with the mark until
// the quiz's player shows it, so it is never lost to a closed page.

import { parseStored, readStoredText, storeOnDevice } from '@/lib/device-storage';
import type { AttemptResult } from '@/lib/quiz';
import type { Answer } from './quiz-api';
import { quizOutboxKey as outboxKey } from '../save-progress';

/** Told on this page when a marked attempt's grade arrives; `detail` is the attempt's id. */
const GRADED_EVENT = 'kz-quiz-graded';

export const draftKey = (attemptId: string) => `kz-quiz-answers:${attemptId}`;

/** A submission waiting for the connection, then the server's final answer to it. */
export type KeptSubmission = { locale: string; answer?: Answer<AttemptResult> };

/** A learner's marks, by attempt. */
type Outbox = Record<string, KeptSubmission>;

/** An attempt's id starts with its learner's. */
const learnerOf = (attemptId: string) => attemptId.slice(0, attemptId.indexOf(':'));

function readOutbox(learnerId: string): Outbox {
  return parseStored<Outbox>(readStoredText(outboxKey(learnerId)), {});
}

function setKept(attemptId: string, kept: KeptSubmission | null): void {
  const outbox = readOutbox(learnerOf(attemptId));
  if (kept) outbox[attemptId] = kept;
  else delete outbox[attemptId];
  storeOnDevice(outboxKey(learnerOf(attemptId)), Object.keys(outbox).length > 0 ? outbox : null);
}

export function keepSubmission(attemptId: string, locale: string): void {
  setKept(attemptId, { locale });
}

export function keptSubmission(attemptId: string): KeptSubmission | null {
  return readOutbox(learnerOf(attemptId))[attemptId] ?? null;
}

/** The attempt's answer is shown: its answers and its mark go. */
export function forgetSubmission(attemptId: string): void {
  setKept(attemptId, null);
  storeOnDevice(draftKey(attemptId), null);
}

export function onSubmissionGraded(listener: (attemptId: string) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<string>).detail);
  window.addEventListener(GRADED_EVENT, handle);
  return () => window.removeEventListener(GRADED_EVENT, handle);
}

let sending: Promise<void> | null = null;

async function sendWaiting(learnerId: string): Promise<void> {
  const attemptIds = Object.entries(readOutbox(learnerId)).flatMap(([attemptId, kept]) => (kept.answer ? [] : [attemptId]));
  if (attemptIds.length === 0) return;
  const [{ submitAttempt }, { toAnswers }] = await Promise.all([import('./quiz-api'), import('./quiz-lesson-state')]);
  for (const attemptId of attemptIds) {
    const kept = keptSubmission(attemptId);
    if (!kept || kept.answer) continue;
    const draft = parseStored<Record<string, string[] | string>>(readStoredText(draftKey(attemptId)), {});
    const answer = await submitAttempt(attemptId, toAnswers(draft), kept.locale);
    if (!answer.ok && answer.transient) return;
    // A refusal (the attempt is gone, the course refunded) is as final as a grade. A mark the
    // player forgot meanwhile (it sent the answers itself) stays forgotten.
    if (!keptSubmission(attemptId)) continue;
    setKept(attemptId, { ...kept, answer });
    window.dispatchEvent(new CustomEvent(GRADED_EVENT, { detail: attemptId }));
  }
}

/** Sends the submitted attempts waiting on this device of the learner whose attempt this is. */
export function sendKeptSubmissionsOf(attemptId: string): Promise<void> {
  return sendKeptSubmissions(learnerOf(attemptId));
}

/** Sends `learnerId`'s submitted attempts waiting on this device, one sender at a time. */
export async function sendKeptSubmissions(learnerId: string): Promise<void> {
  while (sending) await sending;
  sending = sendWaiting(learnerId).finally(() => {
    sending = null;
  });
  return sending;
}
