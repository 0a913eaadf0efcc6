import 'server-only';
import { randomUUID } from 'node:crypto';
import { collection, isDuplicateKey } from './db';

// Leases: which instance does a piece of work no request asks for (a sweep, a video's transcoding),
// one document per piece of work in `leases`. A holder that dies lets its lease run out, and then
// another instance may take the work over.

/** This process, as a lease's holder. */
export const INSTANCE = randomUUID();

/**
 * Takes the lease of `job` for `leaseMs` unless another instance holds one that has not run out:
 * true when this instance may do the job now. One atomic write.
 */
export async function takeLease(job: string, leaseMs: number, now = new Date()): Promise<boolean> {
  const leases = await collection('leases');
  try {
    // Matches only a lease that has run out; with none at all the upsert inserts one, and a live
    // lease makes that insert collide with its _id.
    await leases.updateOne({ _id: job, until: { $lte: now } }, { $set: { until: new Date(now.getTime() + leaseMs), holder: INSTANCE } }, { upsert: true });
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** Keeps a lease this instance holds for `leaseMs` more: false when it ran out and another took it. */
export async function renewLease(job: string, leaseMs: number, now = new Date()): Promise<boolean> {
  const leases = await collection('leases');
  const result = await leases.updateOne({ _id: job, holder: INSTANCE }, { $set: { until: new Date(now.getTime() + leaseMs) } });
  return result.matchedCount === 1;
}

/** Gives up a lease this instance holds, so the work is free at once. */
export async function releaseLease(job: string): Promise<void> {
  await (await collection('leases')).deleteOne({ _id: job, holder: INSTANCE });
}
