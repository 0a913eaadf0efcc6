import { firstIssueMessage } from '@/lib/coded-message';
import 'server-only';
import { coded } from '@/lib/coded-message';
import { ObjectId } from 'mongodb';
import { formatDate } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import type { Currency, Money } from '@/lib/money';
import { currencyOf, noAmounts } from '@/lib/money-totals';
import type { AmountsByCurrency } from '@/lib/money-totals';
import { adminRefundSchema } from '@/lib/schemas/refunds';
import { recordAudit } from '../platform/audit';
import type { AuditActor } from '../platform/audit';
import { withdrawCertificate } from '../learning/certificate-records';
import { collection, groupSums, isDuplicateKey, parseObjectId, withDb } from '../platform/db';
import type { OrderDocument, PaymentAttemptDocument, RefundDocument } from '../platform/documents';
import { env } from '../platform/env';
import { acceptedPaymentOf, amountPaidFor, claimOnce } from './fulfilment';
import { HttpError } from '../platform/http';
import { sendMail } from '../platform/mail';
import { mailTexts } from '../platform/mail-messages';
import { localeOfUserId } from '../accounts/account-locale';
import { localePath } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';
import { paymentGateway } from './payments';
import { BKASH_REFUND_WINDOW_MS } from './payments/bkash/provider';
import { findAttempt, refundPaidAttempt } from './payment-attempts';
import { methodOfAttemptId } from '@/lib/payment-methods';
import { RefundRefusedError } from './payments/gateway';
import { removeReviewOfRefundedBuyer } from '../reviews/item-reviews';
import { returnPromoSeatOfRefund } from './promo-redemptions';
import { authorize } from '../accounts/permissions';
import type { Actor } from '../accounts/permissions';
import { announceEnrolmentChange } from '../catalogue/catalogue-cache';
import { takeAdminWriteAllowance } from '../platform/write-limits';

// Refunds: the one place a paid order is refunded. An admin's refund (the sales view,
// the API), an approved buyer's request and Stripe's `charge.refunded` webhook (a refund made in
// the dashboard) all end here.
// A refund pays back all the payment charged, in its currency (dollars by card, taka by bKash or
// SSLCommerz), through the provider that took it. bKash refunds only within 15 days of a payment:
// an order paid with bKash longer ago is refused here (409) before anything starts, from every door.
//
// Exactly once without transactions, as fulfilment (server/commerce/fulfilment.ts): inserting {_id: orderId}
// into `refunds` is the lock, so of any number of concurrent starts one runs the steps. The holder
// keeps a lease and stamps each step on the lock; if its process dies, a later start (a webhook
// retry) or the sweep takes the expired lease over and runs what is not stamped. The steps:
//   1. the provider pays the money back (Stripe with the idempotency key `refund-order-<id>`, or the
//      sandbox) — first, so access is never taken for money that was not returned;
//   2. the order is marked refunded (`paid: false`, `refundedAt`): the player, book files, My
//      Collection and certificates refuse it from here on; an open request is closed as approved;
//   3. the promo code's seat the payment used goes back (the sales view stops counting its discount);
//   4. the buyer's review of the item is removed (reviews are marked "Verified buyer");
//   5. the certificate of a course is withdrawn (and counts again if the course is bought again);
//   6. the course's enrolment count goes down by one (claimed first: a crash loses a count rather
//      than taking two) and public pages learn of it;
//   7. one audit entry (its _id is the order's, so a repeat is a no-op);
//   8. the buyer's e-mail (stamped after sending, as receipts are).
// Why a refunded order is not reused for a new purchase: its id keys the spent payment intent, the
// fulfilment lock and this lock. Buying again replaces it with a new order (server/commerce/orders.ts).

const LEASE_MS = 60_000;

/** Who the audit log names for a refund made in Stripe's dashboard: no account of ours did it. */
const PAYMENT_PROVIDER_ACTOR: AuditActor = { id: '000000000000000000000000', email: 'Stripe dashboard' };

const CERTIFICATE_WITHDRAWN_REASON = 'theOrderForThisCourseWasRefunded';

export type RefundSource = RefundDocument['source'];

/** `amountCents`: what went back, in the minor unit of `currency` (the name is older than taka payments). */
export type RefundOutcome = { orderId: string; amountCents: number; currency: Currency; refundedAt: string };

/** How a refund starts: by whom, and, from the webhook, the provider's word that it already paid the money back. */
type RefundStart = {
  source: RefundSource;
  actor: Actor | null;
  reason?: string;
  providerRefund?: { id: string | null; at: Date };
};

const ALREADY_REFUNDED = 'thisOrderWasAlreadyRefunded';
const BEING_REFUNDED = 'thisOrderIsBeingRefundedRightNowReloadThePageInA';

/** bKash pays a payment back only so many days after it (server/commerce/payments/bkash/provider.ts). */
export const BKASH_REFUND_WINDOW_DAYS = Math.round(BKASH_REFUND_WINDOW_MS / 86_400_000);

/** Why an order paid with bKash too long ago is not refunded here, and what to do instead (the 409's words). */
export const BKASH_REFUND_WINDOW_CLOSED = coded('thisOrderWasPaidWithBkashTooLongAgo', { days: BKASH_REFUND_WINDOW_DAYS });

type PaidOrder = { transactionId?: string | null; paidAt?: Date | string | null; createdAt: Date | string };

/** When a bKash payment was made: bKash counts its window from the payment (the attempt's proof), else the order's paidAt. */
function bkashPaidAt(order: PaidOrder, attempt: Pick<PaymentAttemptDocument, 'verifiedAt' | 'createdAt'> | null): Date {
  return attempt?.verifiedAt ?? new Date(order.paidAt ?? attempt?.createdAt ?? order.createdAt);
}

function paidWithBkash<T extends PaidOrder>(order: T): order is T & { transactionId: string } {
  return methodOfAttemptId(order.transactionId) === 'bkash';
}

function pastBkashWindow(paidAt: Date, now: Date): boolean {
  return now.getTime() - paidAt.getTime() > BKASH_REFUND_WINDOW_MS;
}

/**
 * bKash refunds a payment only within 15 days of it: an order paid with bKash longer ago is refused
 * here (409), before anything is written, whoever asks, rather than by bKash half-way through the
 * refund. A refund whose money already went back (a resumed one) is not judged again.
 */
async function assertProviderStillRefunds(order: OrderDocument, now: Date): Promise<void> {
  if (!paidWithBkash(order)) return;
  const attempt = await findAttempt(order.transactionId);
  if (!pastBkashWindow(bkashPaidAt(order, attempt), now)) return;
  const started = await (await collection('refunds')).findOne({ _id: order._id }, { projection: { providerRefundedAt: 1 } });
  if (started?.providerRefundedAt) return;
  throw new HttpError(409, BKASH_REFUND_WINDOW_CLOSED);
}

/**
 * Of a page's paid orders, those the sales view offers no refund for: paid with bKash more than 15
 * days ago (its note says what to do instead). One read of their payment attempts, by _id.
 */
export async function ordersPastProviderRefundWindow(
  actor: Actor,
  orders: (PaidOrder & { id: string; paid: boolean })[],
  now = new Date(),
): Promise<Set<string>> {
  authorize(actor, 'refundOrders');
  const bkash = orders.filter((order) => order.paid).filter(paidWithBkash);
  if (bkash.length === 0) return new Set();
  const attempts = await withDb(async () =>
    (await collection('paymentAttempts')).find({ _id: { $in: bkash.map((order) => order.transactionId) } }, { projection: { verifiedAt: 1, createdAt: 1 } }).toArray(),
  );
  const attemptOf = new Map(attempts.map((attempt) => [attempt._id, attempt]));
  return new Set(bkash.filter((order) => pastBkashWindow(bkashPaidAt(order, attemptOf.get(order.transactionId) ?? null), now)).map((order) => order.id));
}

/** What the payment charged, in its currency: the fulfilment's amount (the provider's), else the order's price. */
async function amountCharged(order: OrderDocument): Promise<Money> {
  return amountPaidFor(order, (await acceptedPaymentOf(order._id))?.paid);
}

/** The refund's amount in its currency (a lock stored before taka payments has none: dollars). */
function refundedMoney(lock: Pick<RefundDocument, 'amountCents' | 'currency'>): Money {
  return { currency: currencyOf(lock.currency), minor: lock.amountCents };
}

function newLock(order: OrderDocument, charged: Money, start: RefundStart, now: Date): RefundDocument {
  return {
    _id: order._id,
    userId: order.userId,
    email: order.email,
    itemKind: order.itemKind,
    itemId: order.itemId,
    productName: order.productName,
    amountCents: charged.minor,
    currency: charged.currency,
    paymentIntentId: order.transactionId ?? '',
    paidAt: order.paidAt ?? order.createdAt,
    ...startFields(start),
    createdAt: now,
    attempt: 1,
    leaseUntil: new Date(now.getTime() + LEASE_MS),
    ...(start.providerRefund ? providerFields(start.providerRefund) : {}),
  };
}

function startFields(start: RefundStart): Pick<RefundDocument, 'source' | 'actorId' | 'actorEmail' | 'reason'> {
  return {
    source: start.source,
    ...(start.actor ? { actorId: new ObjectId(start.actor.id), ...(start.actor.email ? { actorEmail: start.actor.email } : {}) } : {}),
    ...(start.reason ? { reason: start.reason } : {}),
  };
}

function providerFields(refund: { id: string | null; at: Date }): Pick<RefundDocument, 'providerRefundedAt' | 'providerRefundId'> {
  return { providerRefundedAt: refund.at, ...(refund.id ? { providerRefundId: refund.id } : {}) };
}

type Acquired = { lock: RefundDocument } | { existing: RefundDocument };

/**
 * Takes the lock, or a dead (or failed) run's expired lease; otherwise answers the refund as it
 * stands (finished, or running elsewhere). `start` is null for the sweep, which only resumes.
 */
async function acquireRefund(candidate: RefundDocument, start: RefundStart | null): Promise<Acquired> {
  const refunds = await collection('refunds');
  // Twice: a failed refund is never deleted, so a second round only meets a lock that is there.
  for (let round = 0; round < 2; round += 1) {
    try {
      await refunds.insertOne(candidate);
      return { lock: candidate };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const existing = await refunds.findOne({ _id: candidate._id });
    if (!existing) continue;
    const now = candidate.createdAt;
    if (existing.completedAt || existing.leaseUntil > now) return { existing };
    const attempt = existing.attempt + 1;
    // Of all callers that found the same expired lease, the one whose claim lands takes over.
    if (!(await claimOnce(`refund:${existing._id.toHexString()}:attempt:${attempt}`))) return { existing };
    // Before the money went back nothing happened yet: this start (an admin's retry, Stripe's
    // word) is the refund, with its own source, actor and reason.
    const restart = start && !existing.providerRefundedAt ? startFields(start) : null;
    const evidence = start?.providerRefund && !existing.providerRefundedAt ? providerFields(start.providerRefund) : {};
    const changes = { attempt, leaseUntil: candidate.leaseUntil, ...restart, ...evidence };
    const cleared = ['failedAt', 'lastError', ...(restart ? (['actorId', 'actorEmail', 'reason'] as const).filter((field) => !(field in restart)) : [])];
    await refunds.updateOne({ _id: existing._id }, { $set: changes, $unset: Object.fromEntries(cleared.map((field) => [field, ''])) });
    const kept = Object.fromEntries(Object.entries(existing).filter(([field]) => !cleared.includes(field))) as RefundDocument;
    return { lock: { ...kept, ...changes } };
  }
  throw new Error(`Refund lock of order ${candidate._id.toHexString()} vanished`);
}

/** Stamps a finished step on the lock and answers the lock as it now stands. */
async function stamp(lock: RefundDocument, changes: Partial<RefundDocument>): Promise<RefundDocument> {
  await (await collection('refunds')).updateOne({ _id: lock._id }, { $set: changes });
  return { ...lock, ...changes };
}

/**
 * A bKash or SSLCommerz payment goes back through its provider (server/commerce/payment-attempts.ts); a
 * refund the provider accepted but has not finished counts as done, as Stripe's pending ones do.
 */
async function refundThroughAttempt(lock: RefundDocument): Promise<{ id: string | null }> {
  const refund = await refundPaidAttempt(lock.paymentIntentId, lock.reason ? `Refund: ${lock.reason}` : 'Refunded by the shop');
  if (refund.status === 'refunded' || refund.status === 'pending') return { id: refund.refundId };
  if (refund.status === 'refused') throw new RefundRefusedError(refund.reason);
  throw new Error(refund.reason);
}

/**
 * Step 1: the provider pays the money back (nothing to pay back for a free order). When it will
 * not, nothing else has happened: the lock is marked failed with its lease released, and the
 * admin gets a 409 (refused) or a 503 (unreachable) to try again later — unless the provider's
 * webhook said meanwhile that the money went back, and the steps go on.
 */
async function refundAtProvider(lock: RefundDocument): Promise<RefundDocument> {
  if (lock.amountCents === 0 || !lock.paymentIntentId) return stamp(lock, { providerRefundedAt: new Date() });
  try {
    const refund = methodOfAttemptId(lock.paymentIntentId) ? await refundThroughAttempt(lock) : await paymentGateway().refundPayment({ orderId: lock._id.toHexString(), paymentIntentId: lock.paymentIntentId });
    return stamp(lock, providerFields({ id: refund.id, at: new Date() }));
  } catch (error) {
    const lastError = error instanceof HttpError ? error.coded : error instanceof RefundRefusedError ? error.message : 'thePaymentProviderCouldNotBeReached';
    const refunds = await collection('refunds');
    const marked = await refunds.updateOne(
      { _id: lock._id, attempt: lock.attempt, providerRefundedAt: { $exists: false } },
      { $set: { failedAt: new Date(), lastError, leaseUntil: new Date(0) } },
    );
    if (marked.matchedCount === 0) {
      const current = await refunds.findOne({ _id: lock._id });
      if (current?.providerRefundedAt && current.attempt === lock.attempt) return current;
    }
    if (error instanceof RefundRefusedError) throw new HttpError(409, coded('thePaymentProviderRefusedTheRefund', { reason: error.message }));
    if (error instanceof HttpError) throw error;
    console.error('[refunds] provider refund failed for order', lock._id.toHexString(), error);
    throw new HttpError(503, 'theRefundCouldNotBeConfirmedWithThePaymentProviderPleaseTry', { 'Retry-After': '30' });
  }
}

/** Step 2: access ends. Only the payment being refunded: an order bought anew since is another order. */
async function markOrderRefunded(lock: RefundDocument): Promise<RefundDocument> {
  const refundedAt = new Date();
  const paidBy = lock.paymentIntentId ? { transactionId: lock.paymentIntentId } : {};
  await withDb(async () => {
    await (await collection('orders')).updateOne({ _id: lock._id, paid: true, ...paidBy }, { $set: { paid: false, refundedAt } });
    // A request waiting for an answer has it now, whoever refunded.
    await (await collection('refundRequests')).updateOne(
      { _id: lock._id, status: 'pending' },
      { $set: { status: 'approved', decidedAt: refundedAt, ...(lock.actorEmail ? { decidedByEmail: lock.actorEmail } : {}) } },
    );
  });
  return stamp(lock, { refundedAt });
}

/** Whether the buyer holds another paid order of the item (bought again after this refund). */
async function boughtAgain(lock: RefundDocument): Promise<boolean> {
  const paid = await (await collection('orders')).findOne({ userId: lock.userId, itemId: lock.itemId, paid: true, _id: { $ne: lock._id } }, { projection: { _id: 1 } });
  return paid !== null;
}

/** Step 6: one enrolment fewer, claimed once; the course page shows the count. */
async function releaseEnrolment(lock: RefundDocument): Promise<RefundDocument> {
  if (await claimOnce(`refund:${lock._id.toHexString()}:enrolment`)) {
    await (await collection('courses')).updateOne({ _id: lock.itemId, Enrolled: { $gt: 0 } }, { $inc: { Enrolled: -1 } });
    await announceEnrolmentChange(lock.itemId);
  }
  return stamp(lock, { enrolmentReleasedAt: new Date() });
}

function sourceNote(lock: RefundDocument): string {
  if (lock.source === 'request') return ' on the buyer’s request';
  if (lock.source === 'provider') return ' in Stripe’s dashboard';
  return '';
}

/** Step 7: the audit entry, keyed by the order id so a resumed step cannot write a second one. */
async function auditRefund(lock: RefundDocument): Promise<RefundDocument> {
  const actor = lock.actorId && lock.actorEmail ? { id: lock.actorId.toHexString(), email: lock.actorEmail } : PAYMENT_PROVIDER_ACTOR;
  const summary = `Refunded ${formatMoney(refundedMoney(lock))} for the ${lock.itemKind} “${lock.productName}” to ${lock.email}${sourceNote(lock)}${lock.reason ? `: ${lock.reason}` : ''}`;
  await recordAudit({ actor, action: 'refund', entity: 'order', entityId: lock._id.toHexString(), summary, entryId: lock._id });
  return stamp(lock, { auditedAt: new Date() });
}

/** The buyer's e-mail. Nothing a user typed goes into it (a name or a reason could turn it into phishing). */
/** The refund e-mail, in the buyer's language (English dates as RFC 1123, as they always were). */
function refundMail(lock: RefundDocument, refundedAt: Date, locale: Locale) {
  const t = mailTexts(locale);
  const orderUrl = new URL(localePath(locale, '/myOrder'), env().SITE_URL).toString();
  return {
    to: lock.email,
    subject: t('refundSubject', { item: lock.productName }),
    text: [
      t('refundGreeting'),
      '',
      t('refundDone', { item: lock.productName }),
      '',
      t('refundAmount', { amount: formatMoney(refundedMoney(lock), locale) }),
      t('refundOrder', { id: lock._id.toHexString() }),
      t('refundDate', { date: locale === 'en' ? refundedAt.toUTCString() : `${formatDate(refundedAt, 'shortTime', locale)} UTC` }),
      '',
      lock.itemKind === 'course' ? t('refundCourseAccess') : t('refundBookAccess'),
      ...(lock.reviewRemoved ? [t('refundReviewRemoved')] : []),
      t('refundCardTime'),
      t('refundBuyAgain'),
      '',
      t('refundOrders', { link: orderUrl }),
      '',
      t('signature'),
    ].join('\n'),
  };
}

/** The steps after the lock, each skipped once stamped; answers the lock as it stands afterwards. */
async function runRefundSteps(initial: RefundDocument): Promise<RefundDocument> {
  let lock = initial;
  if (!lock.providerRefundedAt) lock = await refundAtProvider(lock);
  if (!lock.refundedAt) lock = await markOrderRefunded(lock);
  if (!lock.promoReturnedAt) {
    await returnPromoSeatOfRefund(lock._id);
    lock = await stamp(lock, { promoReturnedAt: new Date() });
  }
  // A step resumed late may find the item bought again since: that purchase keeps its review and certificate.
  if (!lock.reviewRemovedAt) {
    const reviewRemoved = !(await boughtAgain(lock)) && (await removeReviewOfRefundedBuyer(lock.userId, lock.itemId));
    lock = await stamp(lock, { reviewRemovedAt: new Date(), reviewRemoved });
  }
  if (lock.itemKind === 'course' && !lock.certificateWithdrawnAt) {
    if (!(await boughtAgain(lock))) await withdrawCertificate(lock.userId.toHexString(), lock.itemId.toHexString(), CERTIFICATE_WITHDRAWN_REASON);
    lock = await stamp(lock, { certificateWithdrawnAt: new Date() });
  }
  if (lock.itemKind === 'course' && !lock.enrolmentReleasedAt) lock = await releaseEnrolment(lock);
  if (!lock.auditedAt) lock = await auditRefund(lock);
  if (!lock.emailSentAt) {
    try {
      await sendMail(refundMail(lock, lock.refundedAt ?? new Date(), await localeOfUserId(lock.userId)));
      lock = await stamp(lock, { emailSentAt: new Date() });
    } catch (error) {
      // The refund stands; the e-mail is retried by the sweep (or a webhook retry) once the lease is released.
      console.error('[refunds] refund e-mail failed for order', lock._id.toHexString(), error);
      return stamp(lock, { leaseUntil: new Date(0) });
    }
  }
  return stamp(lock, { completedAt: new Date() });
}

function outcomeOf(lock: RefundDocument): RefundOutcome {
  return { orderId: lock._id.toHexString(), amountCents: lock.amountCents, currency: refundedMoney(lock).currency, refundedAt: (lock.refundedAt ?? lock.createdAt).toISOString() };
}

/**
 * Refunds a paid order once, whoever asks: 409 when it is refunded already or being refunded
 * elsewhere, or when the provider refuses; 503 when the provider cannot be reached.
 */
export async function startRefund(order: OrderDocument, start: RefundStart): Promise<RefundOutcome> {
  if (order.refundedAt) throw new HttpError(409, ALREADY_REFUNDED);
  if (!order.paid) throw new HttpError(409, 'thisOrderIsNotPaidSoThereIsNothingToRefund');
  return withDb(async () => {
    const now = new Date();
    await assertProviderStillRefunds(order, now);
    const acquired = await acquireRefund(newLock(order, await amountCharged(order), start, now), start);
    if ('existing' in acquired) throw new HttpError(409, acquired.existing.refundedAt ? ALREADY_REFUNDED : BEING_REFUNDED);
    return outcomeOf(await runRefundSteps(acquired.lock));
  });
}

/** The stored order: 400 malformed id, 404 unknown. */
export async function findOrderForRefund(orderId: string): Promise<OrderDocument> {
  const id = parseObjectId(orderId);
  if (!id) throw new HttpError(400, 'invalidId');
  const order = await withDb(async () => (await collection('orders')).findOne({ _id: id }));
  if (!order) throw new HttpError(404, 'orderNotFound');
  return order;
}

/**
 * An admin refunds a paid order in full (the sales view, POST /api/order/{id}/refund), through
 * Stripe when it is the gateway, else the sandbox. Authorized and counted as an admin change.
 */
export async function refundOrder(actor: Actor, orderId: string, input: unknown = {}): Promise<RefundOutcome> {
  authorize(actor, 'refundOrders');
  const parsed = adminRefundSchema.safeParse(input);
  if (!parsed.success) throw new HttpError(400, firstIssueMessage(parsed.error.issues, 'invalidInput'));
  if (!parseObjectId(orderId)) throw new HttpError(400, 'invalidId');
  await takeAdminWriteAllowance(actor);
  const order = await findOrderForRefund(orderId);
  return startRefund(order, { source: 'admin', actor, ...(parsed.data.reason ? { reason: parsed.data.reason } : {}) });
}

export type ProviderRefundResult = 'refunded' | 'already-refunded' | 'unknown-payment';

/**
 * Stripe says the payment was refunded in full (a `charge.refunded` event, e.g. a refund made in
 * the dashboard): the same steps, once, however often the event arrives and whatever else is
 * refunding the order at that moment. A refund already under way learns that the money went back.
 */
export async function refundFromProvider(paymentIntentId: string, providerRefundId: string | null): Promise<ProviderRefundResult> {
  return withDb(async () => {
    // The `transaction` index; an order bought anew after its refund no longer carries this payment.
    const order = await (await collection('orders')).findOne({ transactionId: paymentIntentId });
    if (!order || (!order.paid && !order.refundedAt)) return 'unknown-payment';
    const now = new Date();
    const start: RefundStart = { source: 'provider', actor: null, providerRefund: { id: providerRefundId, at: now } };
    const acquired = await acquireRefund(newLock(order, await amountCharged(order), start, now), start);
    if ('existing' in acquired) {
      if (!acquired.existing.providerRefundedAt) {
        await (await collection('refunds')).updateOne({ _id: order._id, providerRefundedAt: { $exists: false } }, { $set: providerFields({ id: providerRefundId, at: now }) });
      }
      return 'already-refunded';
    }
    await runRefundSteps(acquired.lock);
    return 'refunded';
  });
}

/**
 * Finishes refunds left unfinished once their lease ran out: a process killed mid-way, or an
 * e-mail that failed. A refund the provider refused waits for an admin's retry instead. Safe beside
 * live calls (the takeover is the same claim). Answers how many it finished.
 */
export async function resumeInterruptedRefunds(now = new Date()): Promise<number> {
  return withDb(async () => {
    // The `unfinished` index answers it: a missing field is indexed as null.
    const open = await (await collection('refunds')).find({ completedAt: { $exists: false } }).limit(500).toArray();
    let finished = 0;
    for (const existing of open) {
      if (existing.leaseUntil > now || (existing.failedAt && !existing.providerRefundedAt)) continue;
      try {
        const acquired = await acquireRefund({ ...existing, createdAt: now, leaseUntil: new Date(now.getTime() + LEASE_MS) }, null);
        if (!('lock' in acquired)) continue;
        if ((await runRefundSteps(acquired.lock)).completedAt) finished += 1;
      } catch (error) {
        console.error('[refunds] resuming the refund of order', existing._id.toHexString(), 'failed', error);
      }
    }
    return finished;
  });
}

/** `refunded`: how much went back in each currency (never added together). */
export type RefundTotals = { refundedOrders: number; refunded: AmountsByCurrency };

/** How many orders were refunded and how much went back, per currency (the sales view). */
export async function summarizeRefunds(actor: Actor): Promise<RefundTotals> {
  authorize(actor, 'viewBusinessRecords');
  return withDb(async () => {
    // The `refunded` index: only refunds that reached the order count (a failed one took nothing back).
    const groups = await groupSums<{ currency?: Currency | null }, RefundDocument>(
      await collection('refunds'),
      { refundedAt: { $exists: true } },
      { currency: '$currency' },
      { orders: 1, amount: '$amountCents' },
    );
    const totals: RefundTotals = { refundedOrders: 0, refunded: noAmounts() };
    for (const { key, totals: sums } of groups) {
      // Refunds stored before taka payments have no currency: dollars.
      totals.refundedOrders += sums.orders ?? 0;
      totals.refunded[currencyOf(key?.currency)] += sums.amount ?? 0;
    }
    return totals;
  });
}

export type RefundRecord = {
  orderId: string;
  email: string;
  productName: string;
  itemKind: RefundDocument['itemKind'];
  /** In the minor unit of `currency`. */
  amountCents: number;
  currency: Currency;
  source: RefundSource;
  actorEmail: string | null;
  createdAt: string;
  refundedAt: string | null;
  state: 'refunded' | 'in-progress' | 'failed';
  lastError: string | null;
};

function toRecord(document: RefundDocument): RefundRecord {
  return {
    orderId: document._id.toHexString(),
    email: document.email,
    productName: document.productName,
    itemKind: document.itemKind,
    amountCents: document.amountCents,
    currency: currencyOf(document.currency),
    source: document.source,
    actorEmail: document.actorEmail ?? null,
    createdAt: document.createdAt.toISOString(),
    refundedAt: document.refundedAt?.toISOString() ?? null,
    state: document.refundedAt ? 'refunded' : document.failedAt ? 'failed' : 'in-progress',
    lastError: document.failedAt ? (document.lastError ?? null) : null,
  };
}

export const RECENT_REFUNDS = 20;

/** The newest refunds, done or not (the refunds view), through the newest_first index. */
export async function listRecentRefunds(actor: Actor): Promise<RefundRecord[]> {
  authorize(actor, 'refundOrders');
  return withDb(async () => (await (await collection('refunds')).find({}).sort({ createdAt: -1, _id: -1 }).limit(RECENT_REFUNDS).toArray()).map(toRecord));
}
