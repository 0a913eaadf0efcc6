import 'server-only';
import { sweepExpiredDocuments, withDb } from './db';
import { takeLease } from './leases';
import { sendDueSms } from './sms';
import { startTranscodeWorker } from '../learning/lesson-video/jobs';
import { resumeInterruptedFulfilments } from '../commerce/fulfilment';
import { reconcilePaymentAttempts } from '../commerce/payment-attempts';
import { releaseExpiredPromoReservations } from '../commerce/promo-codes';
import { resumeInterruptedRefunds } from '../commerce/refunds';

// Work no request asks for, done once per interval for the whole service however many instances
// run: every instance offers to do it on a timer, and only the one that takes the job's lease in
// the database (one document per job) does it. A holder that dies lets its lease run out.

type Job = { name: string; everyMs: number; firstAfterMs: number; run: () => Promise<number>; done: string };

const JOBS: Job[] = [
  // The first run waits out a predecessor's fulfilment leases (a minute).
  { name: 'fulfilment-sweep', everyMs: 5 * 60_000, firstAfterMs: 65_000, run: () => resumeInterruptedFulfilments(), done: 'finished interrupted fulfilment(s)' },
  // Refunds whose process died or whose e-mail failed; like fulfilments, after a predecessor's leases.
  { name: 'refund-sweep', everyMs: 5 * 60_000, firstAfterMs: 70_000, run: () => resumeInterruptedRefunds(), done: 'finished interrupted refund(s)' },
  { name: 'expiry-sweep', everyMs: 10 * 60_000, firstAfterMs: 30_000, run: () => sweepExpiredDocuments(), done: 'removed expired document(s)' },
  // bKash and SSLCommerz payments nobody reported (a lost notification, a closed tab) and refunds under way.
  { name: 'payment-reconciler', everyMs: 15_000, firstAfterMs: 15_000, run: () => reconcilePaymentAttempts(), done: 'settled payment attempt(s) with their provider' },
  // Promo code seats held by payments that never came (server/commerce/promo-redemptions.ts).
  { name: 'promo-reservation-sweep', everyMs: 5 * 60_000, firstAfterMs: 45_000, run: () => releaseExpiredPromoReservations(), done: 'released promo code reservation(s) left unpaid' },
  // SMS whose first send did not happen (the queuing process stopped), retries whose wait is over,
  // and sends cut off mid-way (server/platform/sms/queue.ts); the shortest wait between retries is 5 s.
  { name: 'sms-sender', everyMs: 15_000, firstAfterMs: 15_000, run: () => sendDueSms(), done: 'queued SMS sent' },
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
  startTranscodeWorker();
  for (const job of JOBS) {
    const attempt = () => offer(job).catch((error: unknown) => console.error(`[${job.name}] failed`, error));
    setTimeout(() => {
      void attempt();
      setInterval(attempt, job.everyMs).unref();
    }, job.firstAfterMs).unref();
  }
}
