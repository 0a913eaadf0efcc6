import 'server-only';
import { MongoServerError } from 'mongodb';
import { collection, withDb } from './db';
import type { RateLimitDocument } from './documents';
import { keyedQueue } from './keyed-queue';
import { changeRemembered, lastWritten } from './last-written';

// Counters in the database, one document per key, with a fixed window; expiry is checked in code
// because FerretDB has no TTL indexes. Every change to a key is a read-modify-write queued per key
// in this process: FerretDB's $inc is not atomic, and concurrent first failures would each start a
// new window, so a burst of parallel requests used to be undercounted.
//
// The write is conditional on the values it replaces (atomic on MongoDB, so several processes
// count correctly there too), which lets the read come from what this process last wrote: a hot
// path (every order and payment intent takes an allowance) costs one database write, not two.

export type Limit = { max: number; windowSeconds: number };

/** A count in a fixed window (kept in other documents too: the order ledger holds its account's order allowance). */
export type WindowCounter = Omit<RateLimitDocument, '_id'>;
type Counter = WindowCounter;

const queuedPerKey = keyedQueue('rateLimits');
// null: known to have no document. Bounded so a flood of distinct keys cannot grow memory.
const known = lastWritten<Counter | null>('rateLimits', 20_000);

/** Seconds until a spent budget opens again; 0 while it is not spent. */
export function retryAfterSeconds(counter: Counter | null, limit: Limit, now: Date): number {
  if (!counter) return 0;
  const endsAt = counter.windowStartedAt.getTime() + limit.windowSeconds * 1000;
  if (endsAt <= now.getTime() || counter.failures < limit.max) return 0;
  return Math.ceil((endsAt - now.getTime()) / 1000);
}

/** The counter with one more in the current window, or a new window. */
export function incremented(current: Counter | null, limit: Limit, now: Date): Counter {
  const windowOpen = current && current.windowStartedAt.getTime() + limit.windowSeconds * 1000 > now.getTime();
  return windowOpen ? { failures: current.failures + 1, windowStartedAt: current.windowStartedAt } : { failures: 1, windowStartedAt: now };
}

async function readCounter(key: string): Promise<Counter | null> {
  const doc = await (await collection('rateLimits')).findOne({ _id: key });
  return doc ? { failures: doc.failures, windowStartedAt: doc.windowStartedAt } : null;
}

/** Stores `next` if the document still is `current`; false when it was not (or appeared meanwhile). */
async function replaceCounter(key: string, current: Counter | null, next: Counter): Promise<boolean> {
  const limits = await collection('rateLimits');
  if (current) {
    const result = await limits.updateOne({ _id: key, failures: current.failures, windowStartedAt: current.windowStartedAt }, { $set: next });
    return result.matchedCount === 1;
  }
  try {
    await limits.insertOne({ _id: key, ...next });
    return true;
  } catch (error) {
    if (error instanceof MongoServerError && error.code === 11000) return false;
    throw error;
  }
}

/**
 * Counts one for `key` unless `withinBudget` and the budget is spent: 0 when counted, else the
 * seconds until the key may try again. A "spent" or a lost race is always confirmed by the database.
 */
function count(key: string, limit: Limit, now: Date, { withinBudget }: { withinBudget: boolean }): Promise<number> {
  return withDb(() =>
    queuedPerKey(key, () =>
      changeRemembered<Counter, number>(known, key, {
        name: `The rate limit ${key}`,
        read: () => readCounter(key),
        decide: (current) => {
          const retryAfter = retryAfterSeconds(current, limit, now);
          return withinBudget && retryAfter > 0 ? { keep: retryAfter } : { write: incremented(current, limit, now), result: 0 };
        },
        write: (current, next) => replaceCounter(key, current, next),
      }),
    ),
  );
}

/** Seconds until the key may try again, or 0 when it is not blocked. */
export async function blockedForSeconds(key: string, limit: Limit, now = new Date()): Promise<number> {
  return retryAfterSeconds(await withDb(() => readCounter(key)), limit, now);
}

/** Adds one to the key's count in the current window (or starts a window). For check-and-count use takeAllowance. */
export async function recordFailure(key: string, limit: Limit, now = new Date()): Promise<void> {
  await count(key, limit, now, { withinBudget: false });
}

/**
 * Checks and counts in one step: 0 when this request is within the budget (and now counted), else
 * the seconds until the key may try again (nothing counted). Parallel requests cannot all pass.
 */
export function takeAllowance(key: string, limit: Limit, now = new Date()): Promise<number> {
  return count(key, limit, now, { withinBudget: true });
}

export async function clearFailures(key: string): Promise<void> {
  await withDb(() =>
    queuedPerKey(key, async () => {
      known.forget(key);
      await (await collection('rateLimits')).deleteOne({ _id: key });
      known.set(key, null);
    }),
  );
}
