import 'server-only';
import { randomUUID } from 'node:crypto';
import { collection, isDuplicateKey, sweepExpiredDocuments, withDb } from './db';
import { resumeInterruptedFulfilments } from './fulfilment';
import { reconcilePaymentAttempts } from './payment-attempts';
import { releaseExpiredPromoReservations } from './promo-codes';
import { resumeInterruptedRefunds } from './refunds';

// Work no request asks for, done once per interval for the whole service however many instances
// run: every instance offers to do it on a timer, and only the one that takes the job's lease in
// the database (one document per job) does it. A holder that dies lets its lease run out.

const INSTANCE = randomUUID();

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

type Job = { name: string; everyMs: number; firstAfterMs: number; run: () => Promise<number>; done: string };

const JOBS: Job[] = [
  // The first run waits out a predecessor's fulfilment leases (a minute).
  { name: 'fulfilment-sweep', everyMs: 5 * 60_000, firstAfterMs: 65_000, run: () => resumeInterruptedFulfilments(), done: 'finished interrupted fulfilment(s)' },
  // Refunds whose process died or whose e-mail failed; like fulfilments, after a predecessor's leases.
  { name: 'refund-sweep', everyMs: 5 * 60_000, firstAfterMs: 70_000, run: () => resumeInterruptedRefunds(), done: 'finished interrupted refund(s)' },
  { name: 'expiry-sweep', everyMs: 10 * 60_000, firstAfterMs: 30_000, run: () => sweepExpiredDocuments(), done: 'removed expired document(s)' },
  // bKash and SSLCommerz payments nobody reported (a lost notification, a closed tab) and refunds under way.
  { name: 'payment-reconciler', everyMs: 15_000, firstAfterMs: 15_000, run: () => reconcilePaymentAttempts(), done: 'settled payment attempt(s) with their provider' },
  // Promo code seats held by payments that never came (server/promo-redemptions.ts).
  { name: 'promo-reservation-sweep', everyMs: 5 * 60_000, firstAfterMs: 45_000, run: () => releaseExpiredPromoReservations(), done: 'released promo code reservation(s) left unpaid' },
];

async function offer(job: Job): Promise<void> {
  // A little shorter than the interval, so the next turn is free whichever instance comes first.
  if (!(await withDb(() => takeLease(job.name, job.everyMs - 5_000)))) return;
  const count = await job.run();
  if (count > 0) console.info(`[${job.name}] ${count} ${job.done}`);
}

/** Starts the timers of every job (once per process; instrumentation.ts). */
export function scheduleBackgroundWork(): void {
  const scheduled = globalThis as { __kzBackgroundWork?: boolean };
  if (scheduled.__kzBackgroundWork) return;
  scheduled.__kzBackgroundWork = true;
  for (const job of JOBS) {
    const attempt = () => offer(job).catch((error: unknown) => console.error(`[${job.name}] failed`, error));
    setTimeout(() => {
      void attempt();
      setInterval(attempt, job.everyMs).unref();
    }, job.firstAfterMs).unref();
  }
}
