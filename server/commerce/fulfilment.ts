import 'server-only';
import type { ObjectId } from 'mongodb';
import { formatDate } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import type { Money } from '@/lib/money';
import { METHOD_CURRENCY, methodOfAttemptId } from '@/lib/payment-methods';
import { reinstateCertificate } from '../learning/certificate-records';
import { collection, isDuplicateKey, parseObjectId, withDb } from '../platform/db';
import type { FulfilmentDocument, OrderDocument } from '../platform/documents';
import { env } from '../platform/env';
import { sendMail } from '../platform/mail';
import { mailTexts } from '../platform/mail-messages';
import { localeOfUserId } from '../accounts/account-locale';
import { localePath } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';
import { announceEnrolmentChange } from '../catalogue/catalogue-cache';
import { promoListPriceOf, redeemPromoForPayment, redeemedPromoOf } from './promo-redemptions';
import { loadPurchasableItem } from './purchasable-items';

// The one place an order becomes paid. The webhook, the return from Stripe, the enrol call and
// the sandbox confirmation all end here, with an intent the provider said succeeded.
//
// Exactly once without transactions: inserting {_id: orderId} into `fulfilments` is the lock, so
// of any number of concurrent calls one runs the steps and the rest are no-ops. The holder keeps
// a lease; if its process dies half-way, a later call (Stripe retries webhooks) takes the expired
// lease over and finishes the remaining steps. Every "only once" decision is an insert with a
// unique _id, which holds for any number of callers on any number of app instances.

const LEASE_MS = 60_000;

/**
 * How long a price the payment page showed stays payable after the catalogue changed it (or the
 * item was withdrawn): a buyer who was paying at that moment gets what they saw. An intent kept
 * from longer ago can no longer pay an old price (with Stripe the browser confirms directly, so
 * this is the check that stops it); such a payment is refused and must be refunded by hand.
 */
export const PRICE_HOLD_MS = 30 * 60_000;

export type FulfilmentOutcome =
  | { status: 'fulfilled' }
  | { status: 'already-fulfilled' }
  | { status: 'rejected'; reason: 'unknown-order' | 'amount-mismatch' | 'price-changed' | 'paid-by-another-payment' | 'promo-code-unavailable' };

/** What the order charges in `currency` (null: it was never priced in it). */
export function orderPriceIn(order: Pick<OrderDocument, 'priceCents' | 'pricePaisa'>, currency: Money['currency']): number | null {
  return currency === 'usd' ? order.priceCents : (order.pricePaisa ?? null);
}

/** Whether the order's price in the paid currency is the catalogue's now (read from the database), or was shown to the buyer within the hold. */
async function priceStands(order: OrderDocument, paid: Money, now: Date): Promise<boolean> {
  const item = await loadPurchasableItem(order.itemId.toHexString(), order.itemKind);
  // An order priced with a promo code stands on the catalogue price the discount was taken from.
  const listPrice = (await promoListPriceOf(order._id, paid)) ?? paid.minor;
  const catalogue = paid.currency === 'usd' ? item?.priceCents : item?.pricePaisa;
  if (catalogue === listPrice) return true;
  return now.getTime() - (order.pricedAt ?? order.createdAt).getTime() < PRICE_HOLD_MS;
}

/** What the payment that paid the order charged (null: no payment was accepted for it). */
export async function acceptedPaymentOf(orderId: ObjectId): Promise<{ paymentId: string; paid: Money } | null> {
  const lock = await withDb(async () => (await collection('fulfilments')).findOne({ _id: orderId }));
  return lock ? { paymentId: lock.paymentIntentId, paid: chargedBy(lock) } : null;
}

/** What the accepted payment charged (a lock kept before taka payments has no currency: dollars). */
function chargedBy(lock: Pick<FulfilmentDocument, 'amountCents' | 'currency'>): Money {
  return { currency: lock.currency ?? 'usd', minor: lock.amountCents };
}

/**
 * What a paid (or refunded) order was paid, in the currency it was paid in: its accepted payment's
 * amount, else (an order paid before fulfilments kept an amount) its price in the currency its
 * payment id says (bKash and SSLCommerz attempts take taka, everything else dollars).
 */
export function amountPaidFor(order: { priceCents: number; pricePaisa?: number | null; transactionId?: string | null }, accepted: Money | null | undefined): Money {
  if (accepted) return accepted;
  const method = methodOfAttemptId(order.transactionId);
  return method !== null && METHOD_CURRENCY[method] === 'bdt' ? { currency: 'bdt', minor: order.pricePaisa ?? 0 } : { currency: 'usd', minor: order.priceCents };
}

/** What the payments that paid these orders charged, by order id (orders without an accepted payment are left out). One read by _id. */
export async function acceptedPaymentsOf(orderIds: ObjectId[]): Promise<Map<string, Money>> {
  if (orderIds.length === 0) return new Map();
  const locks = await withDb(async () =>
    (await collection('fulfilments')).find({ _id: { $in: orderIds } }, { projection: { amountCents: 1, currency: 1 } }).toArray(),
  );
  return new Map(locks.map((lock) => [lock._id.toHexString(), chargedBy(lock)]));
}

/** Inserts a one-shot claim; false when it was already taken. Refunds (server/commerce/refunds.ts) claim here too, with ids starting `refund:`. */
export async function claimOnce(claimId: string): Promise<boolean> {
  try {
    await (await collection('fulfilmentClaims')).insertOne({ _id: claimId, claimedAt: new Date() });
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** Takes the lock, or a dead run's expired lease; null when another run has (or finished) it. */
async function acquireFulfilment(lock: FulfilmentDocument): Promise<FulfilmentDocument | null> {
  const fulfilments = await collection('fulfilments');
  try {
    await fulfilments.insertOne(lock);
    return lock;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  const existing = await fulfilments.findOne({ _id: lock._id });
  if (!existing || existing.completedAt || existing.leaseUntil > lock.createdAt) return null;
  const attempt = existing.attempt + 1;
  // Of all callers that found the same expired lease, the one whose claim lands takes over.
  if (!(await claimOnce(`${lock._id.toHexString()}:attempt:${attempt}`))) return null;
  await fulfilments.updateOne({ _id: lock._id }, { $set: { attempt, leaseUntil: lock.leaseUntil } });
  return { ...existing, attempt, leaseUntil: lock.leaseUntil };
}

type ReceiptPromo = Awaited<ReturnType<typeof redeemedPromoOf>>;

/** The receipt, in the buyer's language (English dates as RFC 1123, as receipts always had them). */
function receiptFor(order: OrderDocument, paymentIntentId: string, paid: Money, paidAt: Date, promo: ReceiptPromo, locale: Locale) {
  const t = mailTexts(locale);
  const price = (amount: Money) => formatMoney(amount, locale);
  const collectionUrl = new URL(localePath(locale, '/myCollection'), env().SITE_URL).toString();
  return {
    to: order.email,
    subject: t('receiptSubject', { item: order.productName }),
    text: [
      t('receiptGreeting'),
      '',
      t('receiptThanks'),
      '',
      t('receiptItem', { item: order.productName }),
      ...(promo ? [t('receiptPrice', { price: price(promo.listPrice) }), t('receiptPromo', { code: promo.code, discount: price(promo.discount) })] : []),
      t('receiptAmount', { amount: price(paid) }),
      t('receiptTransaction', { id: paymentIntentId }),
      t('receiptOrder', { id: order._id.toHexString() }),
      t('receiptDate', { date: locale === 'en' ? paidAt.toUTCString() : `${formatDate(paidAt, 'shortTime', locale)} UTC` }),
      '',
      t('receiptOpen', { link: collectionUrl }),
      '',
      t('signature'),
    ].join('\n'),
  };
}

/**
 * Sets each course's enrolment to its number of paid orders: for data written directly (the demo
 * seed), never beside live purchases (those count with the increments below and in refunds).
 */
export async function recountEnrolment(courseIds: ObjectId[]): Promise<void> {
  const [orders, courses] = await Promise.all([collection('orders'), collection('courses')]);
  for (const courseId of courseIds) {
    const buyers = await orders.countDocuments({ itemId: courseId, paid: true });
    await courses.updateOne({ _id: courseId }, { $set: { Enrolled: buyers } });
  }
}

/**
 * Counts the order's enrolment once, on whichever instance gets there first. Claimed before
 * counting: a crash in between loses one count rather than adding two.
 */
async function countEnrolmentOnce(orderId: ObjectId, courseId: ObjectId): Promise<void> {
  if (!(await claimOnce(`${orderId.toHexString()}:enrolment`))) return;
  await (await collection('courses')).updateOne({ _id: courseId }, { $inc: { Enrolled: 1 } });
  await announceEnrolmentChange(courseId);
}

/**
 * Counts the enrolment and marks the order paid by the lock's payment: safe to repeat, and to run
 * beside the lock's holder (the enrolment claim is taken once, the order gets the same values).
 * Counted first: a retried confirmation stops at an order that shows paid, so an app killed between
 * the two must not leave a paid order whose enrolment was never counted.
 */
async function recordPayment(lock: FulfilmentDocument, order: OrderDocument): Promise<void> {
  if (order.itemKind === 'course') await countEnrolmentOnce(lock._id, order.itemId);
  // Paid with the payment that holds the lock, whichever call arrived first. Never a refunded
  // order: a retried confirmation or the sweep finishing a receipt must not give access back.
  const paid = await (await collection('orders')).updateOne(
    { _id: order._id, refundedAt: { $exists: false } },
    { $set: { paid: true, transactionId: lock.paymentIntentId, paidAt: lock.createdAt } },
  );
  // Bought again after a refund: the certificate earned before counts again.
  if (order.itemKind === 'course' && paid.matchedCount === 1) await reinstateCertificate(order.userId, order.itemId);
}

/** The steps after the lock; each is safe to repeat when a dead holder's work is resumed. */
async function runFulfilmentSteps(lock: FulfilmentDocument, order: OrderDocument): Promise<void> {
  const fulfilments = await collection('fulfilments');
  await recordPayment(lock, order);

  if (!lock.receiptSentAt) {
    try {
      await sendMail(receiptFor(order, lock.paymentIntentId, chargedBy(lock), lock.createdAt, await redeemedPromoOf(order._id), await localeOfUserId(order.userId)));
      await fulfilments.updateOne({ _id: lock._id }, { $set: { receiptSentAt: new Date() } });
    } catch (error) {
      // The payment stands; the receipt is retried by the next call (a webhook retry) once the
      // lease is released here.
      console.error('[fulfilment] receipt e-mail failed for order', order._id.toHexString(), error);
      await fulfilments.updateOne({ _id: lock._id }, { $set: { leaseUntil: new Date(0) } });
      return;
    }
  }
  await fulfilments.updateOne({ _id: lock._id }, { $set: { completedAt: new Date() } });
}

/**
 * Marks the order paid by `paymentIntentId`, counts the enrolment and sends the receipt, once.
 * The amount must be the order's stored price in the paid currency (dollars for a card, taka for
 * bKash and SSLCommerz), and that price the catalogue's (or shown within PRICE_HOLD_MS); anything
 * else is refused and changes nothing. A second payment of an already paid order is refused as
 * `paid-by-another-payment` (the caller refunds it).
 */
export async function fulfilOrder(orderId: string, paymentIntentId: string, paid: Money): Promise<FulfilmentOutcome> {
  const objectId = parseObjectId(orderId);
  if (!objectId) return { status: 'rejected', reason: 'unknown-order' };
  return withDb(async () => {
    const order = await (await collection('orders')).findOne({ _id: objectId });
    if (!order) return { status: 'rejected', reason: 'unknown-order' };
    const accepted = await (await collection('fulfilments')).findOne({ _id: objectId });
    if (accepted && accepted.paymentIntentId !== paymentIntentId) {
      console.error('[fulfilment] order', orderId, 'already paid by', accepted.paymentIntentId, '; also paid by', paymentIntentId);
      return { status: 'rejected', reason: 'paid-by-another-payment' };
    }
    const expected = orderPriceIn(order, paid.currency);
    if (expected !== paid.minor) {
      console.error('[fulfilment] amount mismatch for order', orderId, { expected, received: paid });
      return { status: 'rejected', reason: 'amount-mismatch' };
    }
    const now = new Date();
    // A payment already accepted for this order (a retried webhook) is not judged again.
    if (!order.paid && !accepted && !(await priceStands(order, paid, now))) {
      console.error('[fulfilment] order', orderId, 'paid by', paymentIntentId, 'at a price the catalogue no longer has');
      return { status: 'rejected', reason: 'price-changed' };
    }
    // The seat of the order's promo code becomes a redemption here, before the lock: exactly once
    // however many runs, and a payment whose discount lost its seat is refused like a stale price.
    if (!order.paid && !(await redeemPromoForPayment(order, paymentIntentId, paid, now))) {
      console.error('[fulfilment] order', orderId, 'paid by', paymentIntentId, 'with a promo code that no longer applies');
      return { status: 'rejected', reason: 'promo-code-unavailable' };
    }
    const lock = await acquireFulfilment({
      _id: objectId,
      paymentIntentId,
      amountCents: paid.minor,
      currency: paid.currency,
      createdAt: now,
      attempt: 1,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
    });
    if (!lock) {
      const existing = await (await collection('fulfilments')).findOne({ _id: objectId });
      if (existing && existing.paymentIntentId !== paymentIntentId) {
        // A second successful payment for one order: it must be refunded by hand.
        console.error('[fulfilment] order', orderId, 'already paid by', existing.paymentIntentId, '; also paid by', paymentIntentId);
        return { status: 'rejected', reason: 'paid-by-another-payment' };
      }
      // The holder may have died before recording the payment, and its lease still runs for up to
      // a minute: a confirmation retried meanwhile must not answer "succeeded" for an unpaid order.
      // Recording it is safe beside a live holder; the receipt stays with whoever completes the
      // fulfilment.
      if (existing && !existing.completedAt) await recordPayment(existing, order);
      return { status: 'already-fulfilled' };
    }
    await runFulfilmentSteps(lock, order);
    return { status: 'fulfilled' };
  });
}

/**
 * Finishes fulfilments left unfinished once their lease has run out: a process killed mid-way, or
 * a receipt whose sending failed. With Stripe a webhook retry would do it; the sandbox gateway
 * never calls again, so without this sweep such a buyer would never get a receipt. Safe beside
 * live calls: the takeover is the same claim fulfilOrder uses.
 * Answers how many it finished.
 */
export async function resumeInterruptedFulfilments(now = new Date()): Promise<number> {
  return withDb(async () => {
    // The `unfinished` index answers it: a missing field is indexed as null.
    const open = await (await collection('fulfilments')).find({ completedAt: { $exists: false } }).limit(500).toArray();
    let finished = 0;
    for (const existing of open) {
      if (existing.leaseUntil > now) continue;
      const lock = await acquireFulfilment({ ...existing, createdAt: now, leaseUntil: new Date(now.getTime() + LEASE_MS) });
      if (!lock) continue;
      const order = await (await collection('orders')).findOne({ _id: existing._id });
      if (!order) continue;
      await runFulfilmentSteps(lock, order);
      finished += 1;
    }
    return finished;
  });
}
