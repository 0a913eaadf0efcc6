// The player's one way to tell the server where the learner is (POST /api/progress). Every update
// is an event with an id of its own, kept on the device (localStorage, per learner) until the
// server has it, and sent in order: a lesson finished on a bus without signal counts once the
// phone is back online, and counts once, however often it is sent (the server records each event
// id once, server/learning/progress.ts). ProgressSync names the learner and sends what waits.

export type ProgressUpdate = { courseId: string; lessonId: string; positionSeconds?: number; completed?: true };

/** `saved`: the server has it; `queued`: kept on the device until it can be sent; `refused`: the server will not take it. */
export type SaveOutcome = 'saved' | 'queued' | 'refused';

type ProgressEvent = ProgressUpdate & { eventId: string };

const QUEUE_PREFIX = 'kz-progress-queue:';
/** Far more than a lesson's offline session makes: positions of one lesson replace each other. */
const MAX_QUEUED = 500;

let learnerId: string | null = null;
let sending: Promise<void> | null = null;
const refused = new Set<string>();

function queueKey(): string | null {
  return learnerId ? `${QUEUE_PREFIX}${learnerId}` : null;
}

function readQueue(): ProgressEvent[] {
  const key = queueKey();
  if (!key) return [];
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? (stored as ProgressEvent[]).filter((event) => typeof event?.eventId === 'string') : [];
  } catch {
    return [];
  }
}

function writeQueue(events: ProgressEvent[]): void {
  const key = queueKey();
  if (!key) return;
  try {
    if (events.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(events.slice(-MAX_QUEUED)));
  } catch {
    // Storage full or refused: the event is sent now or not at all, as before there was a queue.
  }
}

/** Adds `event`; a position replaces the positions of its lesson still waiting, which it makes stale. */
function enqueue(event: ProgressEvent): void {
  const supersedes = (waiting: ProgressEvent) => event.positionSeconds !== undefined && !waiting.completed && waiting.lessonId === event.lessonId;
  writeQueue([...readQueue().filter((waiting) => !supersedes(waiting)), event]);
}

function newEventId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** One event to the server: `sent`, `refused` (never: not allowed, malformed, gone) or `later` (offline, signed out, busy, failing). */
async function post(event: ProgressEvent, keepalive: boolean): Promise<'sent' | 'refused' | 'later'> {
  try {
    const response = await fetch('/api/progress', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
      // keepalive lets the last position leave while the page is closing.
      keepalive,
    });
    if (response.ok) return 'sent';
    return response.status === 401 || response.status === 408 || response.status === 429 || response.status >= 500 ? 'later' : 'refused';
  } catch {
    return 'later';
  }
}

async function sendWaiting(keepalive: boolean): Promise<void> {
  for (;;) {
    const [next] = readQueue();
    if (!next) return;
    const outcome = await post(next, keepalive);
    if (outcome === 'later') return;
    if (outcome === 'refused') refused.add(next.eventId);
    writeQueue(readQueue().filter((event) => event.eventId !== next.eventId));
  }
}

/** Sends the events waiting on this device, oldest first, one sender at a time; stops at the first that must wait. */
export async function sendQueuedProgress({ keepalive = false } = {}): Promise<void> {
  while (sending) await sending;
  sending = sendWaiting(keepalive).finally(() => {
    sending = null;
  });
  return sending;
}

/** The learner whose events this page keeps and sends (ProgressSync). */
export function setProgressLearner(id: string): void {
  learnerId = id;
}

export async function saveProgress(update: ProgressUpdate, { keepalive = false } = {}): Promise<SaveOutcome> {
  const event: ProgressEvent = { ...update, eventId: newEventId() };
  if (!queueKey()) {
    const outcome = await post(event, keepalive);
    return outcome === 'sent' ? 'saved' : 'refused';
  }
  enqueue(event);
  await sendQueuedProgress({ keepalive });
  if (refused.has(event.eventId)) return 'refused';
  return readQueue().some((waiting) => waiting.eventId === event.eventId) ? 'queued' : 'saved';
}

/**
 * Where the quiz outbox (./quiz/quiz-outbox.ts) keeps the attempts a learner submitted offline:
 * one key per learner, so every page tells at a glance whether to load the outbox's sender.
 */
export const quizOutboxKey = (learnerId: string) => `kz-quiz-outbox:${learnerId}`;

export function holdsQuizSubmissions(learnerId: string): boolean {
  try {
    return localStorage.getItem(quizOutboxKey(learnerId)) !== null;
  } catch {
    return false;
  }
}
