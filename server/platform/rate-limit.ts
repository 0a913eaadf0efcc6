import 'server-only';
import { escapeRegex } from '@/lib/regex';
import { collection, isDuplicateKey, withDb } from './db';
import type { RateLimitDocument } from './documents';
import { HttpError } from './http';

// Counters in the database, one document per key, with a fixed window that starts at the key's
// first count. Every instance counts in the same document, so a limit holds for the whole service.
// Each step is one atomic single-document write (an $inc guarded by the window and the budget, or
// a restart guarded by the window it replaces), so parallel requests on any number of instances
// are neither lost nor let past the budget. The hot paths, a count within an open window and the
// first count of a key, are one write each.

export type Limit = { max: number; windowSeconds: number };

type Counter = Pick<RateLimitDocument, 'failures' | 'windowStartedAt'>;

// Each retry follows a write another request made to the same key at the same moment.
const MAX_ATTEMPTS = 5;

function windowEndsAt(counter: Counter, limit: Limit): number {
  return counter.windowStartedAt.getTime() + limit.windowSeconds * 1000;
}

/** Seconds until a spent budget opens again; 0 while it is not spent. */
function retryAfterSeconds(counter: Counter | null, limit: Limit, now: Date): number {
  if (!counter) return 0;
  const endsAt = windowEndsAt(counter, limit);
  if (endsAt <= now.getTime() || counter.failures < limit.max) return 0;
  // At most a window: a window another request started a moment after this one's `now` ends later.
  return Math.min(limit.windowSeconds, Math.ceil((endsAt - now.getTime()) / 1000));
}

async function readCounter(key: string): Promise<Counter | null> {
  const doc = await (await collection('rateLimits')).findOne({ _id: key });
  return doc ? { failures: doc.failures, windowStartedAt: doc.windowStartedAt } : null;
}

/** A new window with this request counted, unless another request changed the counter first (false). */
async function restartWindow(key: string, current: Counter | null, limit: Limit, now: Date): Promise<boolean> {
  const limits = await collection('rateLimits');
  const fresh = { failures: 1, windowStartedAt: now };
  if (current) return (await limits.updateOne({ _id: key, windowStartedAt: current.windowStartedAt }, { $set: fresh })).matchedCount === 1;
  try {
    await limits.insertOne({ _id: key, ...fresh });
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/**
 * Counts one for `key` unless `withinBudget` and the budget is spent: 0 when counted, else the
 * seconds until the key may try again.
 */
function count(key: string, limit: Limit, now: Date, { withinBudget }: { withinBudget: boolean }): Promise<number> {
  return withDb(async () => {
    const limits = await collection('rateLimits');
    const windowOpen = { $gt: new Date(now.getTime() - limit.windowSeconds * 1000) };
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      // Counted in an open window with budget left, or, for a key with no counter (most keys of
      // per-client and per-number limits are new), a counter made with this count. A counter that
      // is there but does not match makes the upsert collide with its _id: then it is read.
      try {
        await limits.updateOne(
          { _id: key, windowStartedAt: windowOpen, ...(withinBudget ? { failures: { $lt: limit.max } } : {}) },
          { $inc: { failures: 1 }, $setOnInsert: { windowStartedAt: now } },
          { upsert: true },
        );
        return 0;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const current = await readCounter(key);
      if (current && windowEndsAt(current, limit) > now.getTime()) {
        // The window is open: the budget is spent, or the counter was restarted meanwhile (count again).
        const retryAfter = retryAfterSeconds(current, limit, now);
        if (withinBudget && retryAfter > 0) return retryAfter;
        continue;
      }
      if (await restartWindow(key, current, limit, now)) return 0;
    }
    throw new HttpError(503, 'tooManyRequestsAtTheSameMomentPleaseTryAgain');
  });
}

/** Seconds until the key may try again, or 0 when it is not blocked. */
export async function blockedForSeconds(key: string, limit: Limit, now = new Date()): Promise<number> {
  return retryAfterSeconds(await withDb(() => readCounter(key)), limit, now);
}

/**
 * The counts of these keys in their open windows, in one read: for each key its counter, or null
 * when it has none or its window has passed.
 */
export async function openCounters(keys: readonly string[], limit: Limit, now = new Date()): Promise<(Counter | null)[]> {
  const docs = await withDb(async () => (await collection('rateLimits')).find({ _id: { $in: [...keys] } }).toArray());
  return keys.map((key) => {
    const doc = docs.find((candidate) => candidate._id === key);
    return doc && windowEndsAt(doc, limit) > now.getTime() ? { failures: doc.failures, windowStartedAt: doc.windowStartedAt } : null;
  });
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
  await withDb(async () => (await collection('rateLimits')).deleteOne({ _id: key }));
}

/** Removes every counter whose key starts with `prefix` (one owner's counters across clients). */
export async function clearFailuresStartingWith(prefix: string): Promise<void> {
  const pattern = `^${escapeRegex(prefix)}`;
  await withDb(async () => (await collection('rateLimits')).deleteMany({ _id: { $regex: pattern } }));
}
