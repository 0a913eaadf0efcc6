import 'server-only';
import { ObjectId } from 'mongodb';
import type { UpdateFilter } from 'mongodb';
import { z } from 'zod';
import { isLocale, localePath } from '@/i18n/routing';
import { attemptIdFor, methodOfAttemptId } from '@/lib/payment-methods';
import type { Locale } from '@/i18n/routing';
import { FREE_ORDER, NO_LONGER_ON_SALE, fixOrderPrices, orderToStartPaying } from './checkout';
import { collection, isDuplicateKey, withDb } from '../platform/db';
import type { PaymentAttemptDocument, PaymentAttemptStatus } from '../platform/documents';
import { env } from '../platform/env';
import { fulfilOrder } from './fulfilment';
import type { FulfilmentOutcome } from './fulfilment';
import { HttpError } from '../platform/http';
import { englishText } from '../platform/english-text';
import type { ErrorCode } from '@/lib/coded-message';
import { takeAllowance } from '../platform/rate-limit';
import { redirectProvider } from './payments/methods';
import type { AttemptRef, RedirectMethod, RedirectProvider, Verification } from './payments/redirect-provider';
import type { User } from '../accounts/users';

// Payments through a provider's own page (bKash, SSLCommerz): one attempt per start, proven only by
// asking the provider server to server, accepted for the order exactly once. The return, the IPN,
// the webhook and the reconciler all end in settleAttempt, in any order, any number of times, on any
// instance:
//   1. the provider's proof (server/commerce/payments/*/provider.ts) is matched to the attempt: our id,
//      currency, amount to the paisa;
//   2. the proof is written to the attempt with the provider's transaction id in a unique key, so
//      one provider transaction proves one attempt only;
//   3. fulfilOrder (server/commerce/fulfilment.ts) pays the order once, whichever proof gets there first;
//   4. a proven payment the order does not take (it was paid by another method, or its price
//      changed since) is paid back through the provider, once, and the admin's payments page says why.
// A redirect saying "failed" or "cancelled" changes nothing until the provider says so too.

export const REDIRECT_METHODS = ['bkash', 'sslcommerz'] as const satisfies readonly RedirectMethod[];

export const METHOD_NOT_OFFERED = 'thisPaymentMethodIsNotOfferedOnThisServer';
export const NO_TAKA_PRICE = 'thisItemHasNoPriceInTakaYet';
export const PROVIDER_DID_NOT_START = 'thePaymentCouldNotBeStartedWithTheProvider';

/** How soon the reconciler first asks about an attempt: a buyer who closed the tab after paying gets access within a minute. */
export const FIRST_CHECK_AFTER_MS = 40_000;
/** An attempt nobody proved within this time is given up (bKash and SSLCommerz sessions have long expired). */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;
/** The lease one instance takes on an attempt while it asks the provider about it (settling, refunding). */
const CHECK_LEASE_MS = 60_000;

/** How often one attempt may be asked about from a browser's return in 15 minutes. */
const CHECKS_PER_ATTEMPT = { max: 40, windowSeconds: 15 * 60 };

/** States in which a proof from the provider may still be accepted. */
const UNPROVEN: PaymentAttemptStatus[] = ['pending', 'failed', 'cancelled', 'expired'];

const methodSchema = z.enum(REDIRECT_METHODS, { error: METHOD_NOT_OFFERED });

type Buyer = Pick<User, 'id' | 'email' | 'name'> & Partial<Pick<User, 'mobileNumber'>>;

export type RedirectStart = { attemptId: string; redirectUrl: string };


function providerFor(method: RedirectMethod): RedirectProvider {
  const provider = redirectProvider(method);
  if (!provider) throw new HttpError(404, METHOD_NOT_OFFERED);
  return provider;
}

function refOf(attempt: PaymentAttemptDocument, valId?: string | null): AttemptRef {
  return {
    attemptId: attempt._id,
    amountMinor: attempt.amountMinor,
    currency: attempt.currency,
    providerPaymentId: attempt.providerPaymentId ?? null,
    providerTxnId: attempt.providerTxnId ?? null,
    valId: valId ?? attempt.valId ?? null,
  };
}

async function attempts() {
  return collection('paymentAttempts');
}

/**
 * Starts paying the buyer's order with `method`: the order's prices are fixed from the database
 * (the catalogue's, less the order's promo code), an attempt is recorded at the taka amount, and the
 * provider's page to send the buyer to is answered. Switching method later is allowed: every start
 * is a new attempt, and only one can pay the order.
 */
export async function startRedirectPayment(buyer: Buyer, orderId: string, methodInput: unknown, locale: Locale): Promise<RedirectStart> {
  const parsed = methodSchema.safeParse(methodInput);
  if (!parsed.success) throw new HttpError(400, METHOD_NOT_OFFERED);
  const method = parsed.data;
  const provider = providerFor(method);
  const fixed = await fixOrderPrices(await orderToStartPaying(buyer, orderId));
  if (!fixed) throw new HttpError(409, NO_LONGER_ON_SALE);
  const amountMinor = fixed.order.pricePaisa;
  if (amountMinor === null) throw new HttpError(409, NO_TAKA_PRICE);
  if (amountMinor === 0) throw new HttpError(409, FREE_ORDER);
  const now = new Date();
  const attempt: PaymentAttemptDocument = {
    _id: attemptIdFor(method, new ObjectId().toHexString()),
    method,
    orderId: new ObjectId(fixed.order.id),
    userId: new ObjectId(fixed.order.userId),
    currency: provider.currency,
    amountMinor,
    locale,
    status: 'pending',
    providerTxnKey: '',
    createdAt: now,
    updatedAt: now,
    checkAfter: new Date(now.getTime() + FIRST_CHECK_AFTER_MS),
  };
  attempt.providerTxnKey = attempt._id;
  // The provider first, then one write: the buyer is sent to the provider only once the attempt is
  // recorded, so nothing can be paid for an attempt we do not know (a crash in between leaves an
  // unpaid checkout at the provider that nobody was sent to).
  const started = await provider.start(
    { attemptId: attempt._id, amountMinor, currency: provider.currency, productName: fixed.order.productName, itemKind: fixed.order.itemKind, buyer: { name: buyer.name, email: buyer.email, mobileNumber: buyer.mobileNumber ?? null } },
    { callbackBase: env().SITE_URL },
  );
  if (!started.ok) {
    console.error(`[payments] ${method} did not start attempt ${attempt._id}: ${started.message}`);
    const { checkAfter: _never, ...failed } = attempt;
    await withDb(async () => (await attempts()).insertOne({ ...failed, status: 'failed', reason: started.message }));
    throw new HttpError(502, PROVIDER_DID_NOT_START);
  }
  await withDb(async () => (await attempts()).insertOne({ ...attempt, providerPaymentId: started.providerPaymentId }));
  return { attemptId: attempt._id, redirectUrl: started.redirectUrl };
}

/** The page the buyer comes back to: the order's payment page, saying what became of the attempt. */
export function returnPagePath(attempt: AttemptView, returned: 'success' | 'failure' | 'cancel'): string {
  const query = new URLSearchParams({ attempt: attempt.id, returned });
  return `${localePath(attempt.locale, `/payment/${attempt.orderId}`)}?${query}`;
}

export async function findAttempt(attemptId: string): Promise<PaymentAttemptDocument | null> {
  if (!methodOfAttemptId(attemptId)) return null;
  return withDb(async () => (await attempts()).findOne({ _id: attemptId }));
}

/** The attempt with the provider's checkout id (bKash's callback names its paymentID only). */
export async function findAttemptByProviderPayment(method: RedirectMethod, providerPaymentId: string): Promise<PaymentAttemptDocument | null> {
  if (typeof providerPaymentId !== 'string' || providerPaymentId.length === 0 || providerPaymentId.length > 255) return null;
  // Rare (one per return); the provider's id is checked against the attempt's own by the provider's answer too.
  return withDb(async () => (await attempts()).findOne({ method, providerPaymentId }));
}

export type AttemptView = {
  id: string;
  orderId: string;
  method: RedirectMethod;
  status: PaymentAttemptStatus;
  amountMinor: number;
  currency: PaymentAttemptDocument['currency'];
  locale: Locale;
};

function viewOf(attempt: PaymentAttemptDocument): AttemptView {
  return {
    id: attempt._id,
    orderId: attempt.orderId.toHexString(),
    method: attempt.method,
    status: attempt.status,
    amountMinor: attempt.amountMinor,
    currency: attempt.currency,
    locale: isLocale(attempt.locale) ? attempt.locale : 'en',
  };
}

/** The buyer's own attempt of their order, for the return page; null for anyone else's or an unknown one. */
export async function attemptForOwner(buyer: Pick<User, 'id'>, orderId: string, attemptId: string): Promise<AttemptView | null> {
  const attempt = await findAttempt(attemptId);
  if (!attempt || attempt.userId.toHexString() !== buyer.id || attempt.orderId.toHexString() !== orderId) return null;
  return viewOf(attempt);
}

/** Takes the attempt's check lease (one instance asks the provider at a time); false while another holds it. */
async function takeCheckLease(attemptId: string, now: Date): Promise<boolean> {
  const taken = await withDb(async () =>
    (await attempts()).updateOne(
      { _id: attemptId, $or: [{ checkAfter: { $exists: false } }, { checkAfter: { $lte: now } }] },
      { $set: { checkAfter: new Date(now.getTime() + CHECK_LEASE_MS) } },
    ),
  );
  return taken.matchedCount === 1;
}

export type Settlement = { attempt: AttemptView | null; outcome: PaymentAttemptStatus | 'unknown' };

/**
 * Asks the provider what became of the attempt and acts on the answer: a proof pays the order (once),
 * a provider-confirmed failure or cancellation is recorded, anything else leaves it for the
 * reconciler. `valId` is a validation id the caller was handed (SSLCommerz IPN or return): it is
 * only a question to put to the provider. `complete`: the buyer came back saying it succeeded, so
 * bKash's payment is executed first.
 */
export async function settleAttempt(
  attemptId: string,
  { valId = null, complete = false, fromBrowser = false }: { valId?: string | null; complete?: boolean; fromBrowser?: boolean } = {},
): Promise<Settlement> {
  const attempt = await findAttempt(attemptId);
  if (!attempt) return { attempt: null, outcome: 'unknown' };
  if (!UNPROVEN.includes(attempt.status)) return { attempt: viewOf(attempt), outcome: attempt.status };
  // A browser's return is an unauthenticated door to the provider's API: each open attempt is asked
  // about from there a bounded number of times (a replay storm costs the provider nothing). Signed
  // notifications and the reconciler are not bounded, so such a storm can delay a payment, never stop it.
  if (fromBrowser && (await takeAllowance(`payment-check:${attempt._id}`, CHECKS_PER_ATTEMPT)) > 0) return { attempt: viewOf(attempt), outcome: 'unknown' };
  const verification = await providerFor(attempt.method).verify(refOf(attempt, valId), { complete });
  const outcome = await actOn(attempt, verification);
  const now = await findAttempt(attemptId);
  return { attempt: now ? viewOf(now) : null, outcome };
}

async function actOn(attempt: PaymentAttemptDocument, verification: Verification): Promise<PaymentAttemptStatus | 'unknown'> {
  const now = new Date();
  switch (verification.status) {
    case 'paid':
      return acceptProof(attempt, verification, now);
    case 'failed':
    case 'cancelled':
    case 'expired': {
      // Only a pending attempt ends so: one the provider already proved stays proven.
      await withDb(async () =>
        (await attempts()).updateOne(
          { _id: attempt._id, status: 'pending', verifiedAt: { $exists: false } },
          { $set: { status: verification.status, reason: verification.reason, updatedAt: now }, $unset: { checkAfter: '' } },
        ),
      );
      return verification.status;
    }
    case 'mismatch':
      // A validation id of another payment, or an answer about another amount: nothing is paid.
      console.error(`[payments] attempt ${attempt._id}: ${verification.reason}`);
      return attempt.status;
    case 'pending':
      return 'pending';
    case 'unknown':
      console.error(`[payments] attempt ${attempt._id}: the provider could not be asked (${verification.reason}); the reconciler asks again`);
      return 'unknown';
  }
}

/** The provider proved the attempt: record the proof (unique per provider transaction), then pay the order with it. */
async function acceptProof(attempt: PaymentAttemptDocument, proof: Extract<Verification, { status: 'paid' }>, now: Date): Promise<PaymentAttemptStatus> {
  const providerTxnKey = `${attempt.method}:${proof.providerTxnId}`;
  let proved;
  try {
    proved = await withDb(async () =>
      (await attempts()).updateOne(
        { _id: attempt._id, status: { $in: UNPROVEN } },
        {
          $set: {
            providerTxnKey,
            providerTxnId: proof.providerTxnId,
            ...(proof.valId ? { valId: proof.valId } : {}),
            verifiedAt: attempt.verifiedAt ?? now,
            status: proof.risky ? 'held' : 'pending',
            updatedAt: now,
          },
          $unset: { reason: '' },
        },
      ),
    );
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    // The same provider transaction already proved another attempt: a replay, never a second payment.
    console.error(`[payments] attempt ${attempt._id}: ${providerTxnKey} already proved another attempt`);
    return attempt.status;
  }
  // Moved on meanwhile (paid by a concurrent settlement, held, refunded): that state stands.
  if (proved.matchedCount === 0) return (await findAttempt(attempt._id))?.status ?? attempt.status;
  if (proof.risky) {
    console.warn(`[payments] attempt ${attempt._id} was paid but flagged as risky by the provider: held for an admin`);
    await withDb(async () => (await attempts()).updateOne({ _id: attempt._id, status: 'held' }, { $unset: { checkAfter: '' } }));
    return 'held';
  }
  return payOrderWith(attempt._id);
}

/** Why a proven payment was not accepted for its order, in the admin's words. */
const REJECTION_WORDS: Record<Extract<FulfilmentOutcome, { status: 'rejected' }>['reason'], ErrorCode> = {
  'paid-by-another-payment': 'theOrderWasAlreadyPaidByAnotherPaymentSoThisOneIs',
  'amount-mismatch': 'theOrderSPriceChangedAPromoCodeOrANewPrice',
  'price-changed': 'theCataloguePriceChangedMoreThan30MinutesBeforeThisPaymentSo',
  'promo-code-unavailable': 'thePromoCodeThisPaymentUsedWasNoLongerAvailableSoIt',
  'unknown-order': 'theOrderNoLongerExistsSoThisPaymentIsPaidBack',
};

/** Fulfils the attempt's order with the proven attempt (exactly once, server/commerce/fulfilment.ts); a payment the order refuses is paid back. */
export async function payOrderWith(attemptId: string): Promise<PaymentAttemptStatus> {
  const attempt = await findAttempt(attemptId);
  // Only a proven attempt not yet decided may pay: one being paid back (or paid back) never gives access.
  if (!attempt?.providerTxnId || ![...UNPROVEN, 'held'].includes(attempt.status)) return attempt?.status ?? 'pending';
  const outcome = await fulfilOrder(attempt.orderId.toHexString(), attempt._id, { currency: attempt.currency, minor: attempt.amountMinor });
  const now = new Date();
  if (outcome.status !== 'rejected') {
    await withDb(async () =>
      (await attempts()).updateOne({ _id: attempt._id, status: { $in: [...UNPROVEN, 'held'] } }, { $set: { status: 'paid', updatedAt: now }, $unset: { checkAfter: '' } }),
    );
    return 'paid';
  }
  const moved = await withDb(async () =>
    (await attempts()).updateOne(
      { _id: attempt._id, status: { $in: [...UNPROVEN, 'held'] } },
      { $set: { status: 'refunding', rejection: REJECTION_WORDS[outcome.reason], updatedAt: now, checkAfter: now } },
    ),
  );
  if (moved.matchedCount === 1) console.warn(`[payments] attempt ${attempt._id} not accepted for order ${attempt.orderId.toHexString()} (${outcome.reason}): refunding it`);
  return (await refundAttempt(attempt._id)).status === 'refunded' ? 'refunded' : 'refunding';
}

/**
 * Pays a proven attempt back through its provider, once: the instance holding the attempt's check
 * lease asks; a refund the provider accepted but has not finished is asked about again later.
 */
export async function refundAttempt(attemptId: string, now = new Date()): Promise<AttemptRefund> {
  const attempt = await findAttempt(attemptId);
  if (attempt?.status === 'refunded') return { status: 'refunded', refundId: attempt.refundId ?? null };
  if (attempt?.status !== 'refunding') return { status: 'unknown', reason: 'This payment is not being paid back' };
  // Another instance is asking the provider right now.
  if (!(await takeCheckLease(attempt._id, now))) return { status: 'pending', refundId: attempt.refundId ?? null };
  const provider = providerFor(attempt.method);
  const ref = refOf(attempt);
  const result = attempt.refundId
    ? await provider.refundStatus(ref, attempt.refundId)
    : await provider.refund({ ...ref, paidAt: attempt.verifiedAt ?? attempt.createdAt }, englishText(attempt.rejection ?? 'Refund'));
  const later = new Date(now.getTime() + FIRST_CHECK_AFTER_MS);
  const requested = { refundRequestedAt: attempt.refundRequestedAt ?? now, updatedAt: now };
  const update: UpdateFilter<PaymentAttemptDocument> =
    result.status === 'refunded'
      ? { $set: { status: 'refunded' as const, refundId: result.refundId, refundedAt: now, updatedAt: now }, $unset: { checkAfter: '' as const, refundRefusedAt: '' as const } }
      : result.status === 'pending'
        ? { $set: { refundId: result.refundId, checkAfter: later, ...requested } }
        : result.status === 'refused'
          ? // Refused (e.g. past bKash's 15 days): not asked again by itself; the admin's payments page shows why.
            { $set: { reason: result.reason, refundRefusedAt: now, ...requested }, $unset: { checkAfter: '' as const } }
          : { $set: { reason: result.reason, checkAfter: later, ...requested } };
  await withDb(async () => (await attempts()).updateOne({ _id: attempt._id, status: 'refunding' }, update));
  return result;
}

/** Whether the order has a bKash or SSLCommerz payment that may still be paid (its promo code seat must stay). */
export async function hasOpenAttempt(orderId: ObjectId): Promise<boolean> {
  const open = await withDb(async () => (await attempts()).findOne({ orderId, status: { $in: ['pending', 'held'] } }, { projection: { _id: 1 } }));
  return open !== null;
}

/** `refundId`: the provider's id of the refund, once it has given one. */
export type AttemptRefund =
  | { status: 'refunded'; refundId: string | null }
  | { status: 'pending'; refundId: string | null }
  | { status: 'refused'; reason: string }
  | { status: 'unknown'; reason: string };

/**
 * An admin's refund of an order paid by this attempt (server/commerce/refunds.ts, which keeps its own
 * exactly-once lock): the attempt moves from paid to refunding once, and its provider pays it back.
 * `pending`: the provider accepted and the money is on its way; the reconciler follows it.
 */
export async function refundPaidAttempt(attemptId: string, reason: string): Promise<AttemptRefund> {
  const now = new Date();
  await withDb(async () =>
    (await attempts()).updateOne({ _id: attemptId, status: 'paid' }, { $set: { status: 'refunding', rejection: reason, updatedAt: now, checkAfter: now } }),
  );
  return refundAttempt(attemptId, now);
}

/**
 * The reconciler's turn (server/platform/background-work.ts, one instance at a time): every attempt whose
 * check is due is asked about again — still pending after a lost notification or a closed tab, or
 * being refunded. Attempts nobody proved within a day are given up. Answers how many it settled.
 */
export async function reconcilePaymentAttempts(now = new Date()): Promise<number> {
  const due = await withDb(async () => (await attempts()).find({ checkAfter: { $lte: now } }).sort({ checkAfter: 1 }).limit(100).toArray());
  let settled = 0;
  for (const attempt of due) {
    if (attempt.status === 'refunding') {
      if ((await refundAttempt(attempt._id, now)).status === 'refunded') settled += 1;
      continue;
    }
    if (!UNPROVEN.includes(attempt.status) || !(await takeCheckLease(attempt._id, now))) continue;
    const outcome = await settleAttempt(attempt._id, { complete: attempt.method === 'bkash' });
    if (outcome.outcome === 'pending' || outcome.outcome === 'unknown') {
      const givenUp = now.getTime() - attempt.createdAt.getTime() > GIVE_UP_AFTER_MS;
      const checks = (attempt.checks ?? 0) + 1;
      // Asked less often the longer it stays open: after 80 s, 160 s, 320 s…, at most an hour apart.
      const wait = Math.min(FIRST_CHECK_AFTER_MS * 2 ** Math.min(checks, 5), 3_600_000);
      await withDb(async () =>
        (await attempts()).updateOne(
          { _id: attempt._id, status: 'pending' },
          givenUp
            ? { $set: { status: 'expired', reason: 'No payment was proven within a day', updatedAt: now }, $unset: { checkAfter: '' } }
            : { $set: { checks, checkAfter: new Date(now.getTime() + wait) } },
        ),
      );
    } else settled += 1;
  }
  return settled;
}
