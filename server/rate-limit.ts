import 'server-only';
import { collection, withDb } from './db';

// Failure counters in the database (shared by every app process), one document per key,
// with a fixed window; expiry is checked in code because FerretDB has no TTL indexes.

export type Limit = { max: number; windowSeconds: number };

/** Seconds until the key may try again, or 0 when it is not blocked. */
export async function blockedForSeconds(key: string, limit: Limit, now = new Date()): Promise<number> {
  const doc = await withDb(async () => (await collection('rateLimits')).findOne({ _id: key }));
  if (!doc) return 0;
  const endsAt = doc.windowStartedAt.getTime() + limit.windowSeconds * 1000;
  if (endsAt <= now.getTime() || doc.failures < limit.max) return 0;
  return Math.ceil((endsAt - now.getTime()) / 1000);
}

export async function recordFailure(key: string, limit: Limit, now = new Date()): Promise<void> {
  await withDb(async () => {
    const limits = await collection('rateLimits');
    const doc = await limits.findOne({ _id: key });
    const windowOpen = doc && doc.windowStartedAt.getTime() + limit.windowSeconds * 1000 > now.getTime();
    if (windowOpen) {
      await limits.updateOne({ _id: key }, { $inc: { failures: 1 } });
    } else {
      await limits.replaceOne({ _id: key }, { failures: 1, windowStartedAt: now }, { upsert: true });
    }
  });
}

export async function clearFailures(key: string): Promise<void> {
  await withDb(async () => (await collection('rateLimits')).deleteOne({ _id: key }));
}
