import 'server-only';
import { collection, withDb } from './db';
import type { RateLimitDocument } from './documents';
import { keyedQueue } from './keyed-queue';

// Counters in the database, one document per key, with a fixed window; expiry is checked in code
// because FerretDB has no TTL indexes. Every change to a key is a read-modify-write queued per key
// in this process: FerretDB's $inc is not atomic, and concurrent first failures would each start a
// new window, so a burst of parallel requests used to be undercounted.

export type Limit = { max: number; windowSeconds: number };

const queuedPerKey = keyedQueue('rateLimits');

function retryAfterSeconds(doc: RateLimitDocument | null, limit: Limit, now: Date): number {
  if (!doc) return 0;
  const endsAt = doc.windowStartedAt.getTime() + limit.windowSeconds * 1000;
  if (endsAt <= now.getTime() || doc.failures < limit.max) return 0;
  return Math.ceil((endsAt - now.getTime()) / 1000);
}

/** Seconds until the key may try again, or 0 when it is not blocked. */
export async function blockedForSeconds(key: string, limit: Limit, now = new Date()): Promise<number> {
  const doc = await withDb(async () => (await collection('rateLimits')).findOne({ _id: key }));
  return retryAfterSeconds(doc, limit, now);
}

/** Adds one to the key's count in the current window (or starts a window). Not for concurrent check-and-count: use takeAllowance. */
async function increment(key: string, limit: Limit, now: Date, current: RateLimitDocument | null): Promise<void> {
  const limits = await collection('rateLimits');
  const windowOpen = current && current.windowStartedAt.getTime() + limit.windowSeconds * 1000 > now.getTime();
  const next = windowOpen ? { failures: current.failures + 1, windowStartedAt: current.windowStartedAt } : { failures: 1, windowStartedAt: now };
  await limits.replaceOne({ _id: key }, next, { upsert: true });
}

export async function recordFailure(key: string, limit: Limit, now = new Date()): Promise<void> {
  await withDb(() =>
    queuedPerKey(key, async () => {
      const current = await (await collection('rateLimits')).findOne({ _id: key });
      await increment(key, limit, now, current);
    }),
  );
}

/**
 * Checks and counts in one step: 0 when this request is within the budget (and now counted), else
 * the seconds until the key may try again (nothing counted). Parallel requests cannot all pass.
 */
export async function takeAllowance(key: string, limit: Limit, now = new Date()): Promise<number> {
  return withDb(() =>
    queuedPerKey(key, async () => {
      const current = await (await collection('rateLimits')).findOne({ _id: key });
      const retryAfter = retryAfterSeconds(current, limit, now);
      if (retryAfter > 0) return retryAfter;
      await increment(key, limit, now, current);
      return 0;
    }),
  );
}

export async function clearFailures(key: string): Promise<void> {
  await withDb(() => queuedPerKey(key, async () => (await collection('rateLimits')).deleteOne({ _id: key })));
}
