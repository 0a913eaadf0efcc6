import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Filter } from 'mongodb';
import { collection, isDuplicateKey, withDb } from '../db';
import type { SmsMessageDocument } from '../documents';
import { giveDailySlotBack, takeDailySlot, tellAdminsCapReached } from './daily-cap';
import { smsProvider } from './providers';
import { SmsSendError } from './types';
import type { SmsMessage, SmsProvider } from './types';

// The SMS queue, one document per message in `smsMessages`, so every instance sends from the same
// records and nothing lives only in a process. A message is sent by whoever claims it first: the
// instance that queued it, right after the request, or the background sender (every 15 s, one
// instance: server/platform/background-work.ts), which also retries failures with growing waits.
// A claim is one atomic write and runs out after CLAIM_MS; a process that dies mid-send leaves its
// claim to run out, and the message is sent again with the same client message id, which the
// gateway refuses to take twice.

const CLAIM_MS = 60_000;
/** Waits after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure gives up. */
const BACKOFF_MS = [5_000, 30_000, 2 * 60_000, 10 * 60_000];
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
/** The background sender's share of work per turn, so a turn ends before the next one starts. */
const TURN_MS = 10_000;
const E164 = /^\+[1-9]\d{7,14}$/;

/** Ours for the message, sent with every attempt: 20 letters and digits, what the gateway takes. */
function newClientMessageId(): string {
  return randomBytes(10).toString('hex');
}

function checkMessage(key: string, message: SmsMessage): void {
  if (!key) throw new Error('queueSms needs a key');
  if (!E164.test(message.to)) throw new Error(`queueSms: "${message.to}" is not an E.164 number such as +8801712345678`);
  if (!message.text) throw new Error('queueSms: the text is empty');
}

function configuredProvider(): SmsProvider {
  const provider = smsProvider();
  if (!provider) throw new Error('This server sends no SMS (SMS_PROVIDER is not set): check smsAvailable() first');
  return provider;
}

/** The sends begun after a request's answer that have not finished yet. */
const deliveriesUnderway = new Set<Promise<unknown>>();

/** Resolves once every send begun by queueSms so far has finished (a test closing its database waits for it). */
export async function smsDeliveriesSettled(): Promise<void> {
  await Promise.allSettled([...deliveriesUnderway]);
}

/**
 * Queues `message` to be sent after the request, at most once per `key`, counted against the
 * site-wide daily cap: 'queued', or 'paused' when today's cap is spent (nothing queued; the admins
 * are e-mailed once that day).
 */
export async function queueSms(key: string, message: SmsMessage): Promise<'queued' | 'paused'> {
  configuredProvider();
  checkMessage(key, message);
  const now = new Date();
  const messages = await withDb(() => collection('smsMessages'));
  // Counted first, then inserted already claimed by this process, to send after the answer: two
  // writes. The key's _id keeps a message at most once; a call that finds its key queued gives its
  // count back. Should this process stop before sending, the claim runs out and the background
  // sender sends it; should it stop between the two writes, the day has counted one SMS too many.
  if (!(await takeDailySlot(now))) {
    if (await withDb(() => messages.findOne({ _id: key }, { projection: { _id: 1 } }))) return 'queued';
    void tellAdminsCapReached(now).catch((error: unknown) => console.error('[sms] could not tell the admins the daily cap is reached', error));
    return 'paused';
  }
  const claimed: SmsMessageDocument = {
    _id: key,
    to: message.to,
    text: message.text,
    ...claimFrom(now),
    attempts: 1,
    clientMessageId: newClientMessageId(),
    createdAt: now,
  };
  try {
    await withDb(() => messages.insertOne(claimed));
  } catch (error) {
    await giveDailySlotBack(now).catch(() => undefined);
    if (isDuplicateKey(error)) return 'queued';
    throw error;
  }
  const delivery = deliver(configuredProvider(), claimed, () => new Date()).catch((error: unknown) => console.error(`[sms] sending ${key} failed`, error));
  deliveriesUnderway.add(delivery);
  void delivery.finally(() => deliveriesUnderway.delete(delivery));
  return 'queued';
}

/** Messages that may be sent now: pending and due, or claimed by a sender whose claim ran out. */
function dueFilter(now: Date): Filter<SmsMessageDocument> {
  return {
    $or: [
      { status: 'pending', nextAttemptAt: { $lte: now } },
      { status: 'sending', claimedUntil: { $lte: now }, attempts: { $lt: MAX_ATTEMPTS } },
    ],
  };
}

/** What a sender's claim of a message sets: sending, until the claim runs out. */
function claimFrom(now: Date) {
  return { status: 'sending' as const, nextAttemptAt: now, claimedUntil: new Date(now.getTime() + CLAIM_MS) };
}

/** Takes one due message for this sender, atomically: null when another took it or none is due. */
async function claim(filter: Filter<SmsMessageDocument>, now: Date): Promise<SmsMessageDocument | null> {
  const messages = await withDb(() => collection('smsMessages'));
  // FerretDB workaround: findOneAndUpdate takes no projection (server/platform/db.ts); the document is small.
  return withDb(() =>
    messages.findOneAndUpdate(filter, { $set: claimFrom(now), $inc: { attempts: 1 } }, { returnDocument: 'after' }),
  );
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * Sends a claimed message and records the outcome: sent, due again after a wait, or failed for
 * good. The outcome is written only while this claim is the message's latest, so a sender whose
 * claim ran out and was taken over does not overwrite what the next one did. True when sent.
 */
async function deliver(provider: SmsProvider, claimed: SmsMessageDocument, now: () => Date): Promise<boolean> {
  const messages = await withDb(() => collection('smsMessages'));
  const mine = { _id: claimed._id, status: 'sending' as const, attempts: claimed.attempts };
  if (claimed.text === undefined) {
    await withDb(() => messages.updateOne(mine, { $set: { status: 'failed', lastError: 'The message has no text' }, $unset: { claimedUntil: '' } }));
    return false;
  }
  try {
    const { providerId } = await provider.send({ to: claimed.to, text: claimed.text }, claimed.clientMessageId);
    await withDb(() =>
      messages.updateOne(mine, { $set: { status: 'sent', sentAt: now(), ...(providerId ? { providerId } : {}) }, $unset: { claimedUntil: '', text: '' } }),
    );
    return true;
  } catch (error) {
    // Anything but the provider's own verdict (a full disk under the outbox, a bug) is worth another try.
    const permanent = error instanceof SmsSendError && error.permanent;
    const giveUp = permanent || claimed.attempts >= MAX_ATTEMPTS;
    const lastError = errorText(error);
    if (giveUp) {
      await withDb(() => messages.updateOne(mine, { $set: { status: 'failed', lastError }, $unset: { claimedUntil: '', text: '' } }));
      console.warn(`[sms] gave up on ${claimed._id} after attempt ${claimed.attempts}: ${lastError}`);
    } else {
      const waitMs = BACKOFF_MS[claimed.attempts - 1] ?? BACKOFF_MS[BACKOFF_MS.length - 1]!;
      await withDb(() =>
        messages.updateOne(mine, { $set: { status: 'pending', nextAttemptAt: new Date(now().getTime() + waitMs), lastError }, $unset: { claimedUntil: '' } }),
      );
      console.warn(`[sms] attempt ${claimed.attempts} of ${MAX_ATTEMPTS} at ${claimed._id} failed, retrying in ${waitMs / 1000} s: ${lastError}`);
    }
    return false;
  }
}

/**
 * Marks failed the messages whose last attempt was cut off (its process stopped mid-send): they
 * are not sent again, as a message that stops its sender every time would otherwise loop.
 */
async function giveUpCutOffLastAttempts(now: Date): Promise<void> {
  const messages = await withDb(() => collection('smsMessages'));
  await withDb(() =>
    messages.updateMany(
      { status: 'sending', claimedUntil: { $lte: now }, attempts: { $gte: MAX_ATTEMPTS } },
      { $set: { status: 'failed', lastError: 'The last attempt was cut off' }, $unset: { claimedUntil: '', text: '' } },
    ),
  );
}

/**
 * The background sender's turn: sends due messages (first sends whose sender stopped, retries
 * whose wait is over, claims that ran out) until none is due or the turn's time is up. Answers
 * how many were sent. `now`, for tests, stands for the clock throughout the turn.
 */
export async function sendDueSms({ now: fixedNow }: { now?: Date } = {}): Promise<number> {
  const provider = smsProvider();
  if (!provider) return 0;
  const now = () => fixedNow ?? new Date();
  const endsAt = Date.now() + TURN_MS;
  await giveUpCutOffLastAttempts(now());
  let sent = 0;
  while (Date.now() < endsAt) {
    const claimed = await claim(dueFilter(now()), now());
    if (!claimed) break;
    if (await deliver(provider, claimed, now)) sent += 1;
  }
  return sent;
}
