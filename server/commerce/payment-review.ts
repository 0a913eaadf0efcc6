import { firstIssueMessage } from '@/lib/coded-message';
import 'server-only';
import type { ObjectId } from 'mongodb';
import { formatMoney } from '@/lib/money';
import type { Money } from '@/lib/money';
import { attemptIdSchema, heldRefundSchema } from '@/lib/schemas/payment-review';
import { recordAudit } from '../platform/audit';
import { collection, parseObjectId, withDb } from '../platform/db';
import type { PaymentAttemptDocument, PaymentAttemptStatus } from '../platform/documents';
import { HttpError } from '../platform/http';
import { findAttempt, payOrderWith, refundAttempt } from './payment-attempts';
import { redirectProvider } from './payments/methods';
import type { RedirectMethod } from './payments/redirect-provider';
import { authorize } from '../accounts/permissions';
import type { Actor } from '../accounts/permissions';
import { takeAdminWriteAllowance } from '../platform/write-limits';

// The admin's payments page (/admin/payments): taka payments that need a person. A payment
// SSLCommerz proved but flagged as risky is `held` (server/commerce/payment-attempts.ts) until an admin
// accepts it (the order is paid with it, exactly once, by payOrderWith) or refunds it (paid back
// through the provider by refundAttempt, with the admin's reason as its `rejection`). Payments
// being paid back are listed with why, and with the provider's last answer while it has not
// refunded (bKash refunds only within 15 days: past that, the admin pays the buyer back another way).
//
// Accepting and refunding exclude each other through one claim on the held attempt: `reviewedAt`.
// An acceptance sets it while the attempt is still held (then pays the order); a refund moves a
// held attempt without it to refunding. So of two admins, or two clicks, one decision wins and
// the other gets a 409. An acceptance whose process died between its claim and the payment is
// taken over by another acceptance once REVIEW_LEASE_MS has passed (paying the order is exactly
// once whoever repeats it); a refund never takes one over, as the order may already be paid.

/** How long an admin's unfinished acceptance keeps others from accepting the same payment. */
const REVIEW_LEASE_MS = 2 * 60_000;
/** At most this many held or refunding payments are listed (newest first); the page says when there are more. */
export const ATTENTION_LIMIT = 100;
/** The newest payments of any status, for context. */
export const RECENT_PAYMENTS = 20;

const ALL_STATUSES = Object.keys({
  pending: true,
  held: true,
  paid: true,
  failed: true,
  cancelled: true,
  expired: true,
  refunding: true,
  refunded: true,
} satisfies Record<PaymentAttemptStatus, true>) as PaymentAttemptStatus[];

export const PAYMENT_NOT_FOUND = 'paymentNotFound';
export const NOT_HELD = 'thisPaymentIsNoLongerWaitingForReview';
export const BEING_ACCEPTED = 'anotherAdminIsAcceptingThisPaymentRightNow';

const METHOD_NAMES: Record<RedirectMethod, string> = { bkash: 'bKash', sslcommerz: 'SSLCommerz' };

export type PaymentRow = {
  id: string;
  method: RedirectMethod;
  status: PaymentAttemptStatus;
  amount: Money;
  orderId: string;
  /** The buyer's e-mail: the order's, or the account's when the order is gone; null when both are. */
  email: string | null;
  productName: string | null;
  createdAt: string;
  /** When the provider proved it paid. */
  verifiedAt: string | null;
  /** Why a proven payment is being (or was) paid back: the shop's words, or the reviewing admin's reason. */
  rejection: string | null;
  /** The provider's last words: why it ended unpaid, or why it has not refunded yet. */
  reason: string | null;
  reviewedByEmail: string | null;
  reviewedAt: string | null;
  refundRequestedAt: string | null;
  refundedAt: string | null;
  /** Held, and an admin's acceptance began but did not finish: accepting again finishes it. */
  acceptanceUnfinished: boolean;
  /** Being paid back, but its provider refunds only so long after the payment, and that time is over. */
  refundWindowClosed: boolean;
  /** How many days after a payment its provider still refunds it (bKash: 15); null for no limit we know of. */
  refundWindowDays: number | null;
};

export type PaymentsNeedingAttention = {
  /** Proven but flagged as risky: an admin accepts or refunds them. */
  held: PaymentRow[];
  /** Proven, not taken by their order (or refused by an admin): being paid back. */
  refunding: PaymentRow[];
  /** The newest payments of any status. */
  recent: PaymentRow[];
  /** Whether there are more held / refunding ones than listed. */
  moreHeld: boolean;
  moreRefunding: boolean;
};

export type ReviewOutcome = { attemptId: string; status: PaymentAttemptStatus };

async function attempts() {
  return collection('paymentAttempts');
}

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

function iso(date: Date | undefined): string | null {
  return date ? date.toISOString() : null;
}

function refundWindowMsOf(attempt: PaymentAttemptDocument): number | null {
  return redirectProvider(attempt.method)?.refundWindowMs ?? null;
}

function isPastRefundWindow(attempt: PaymentAttemptDocument, now: Date): boolean {
  const windowMs = refundWindowMsOf(attempt);
  return windowMs !== null && now.getTime() - (attempt.verifiedAt ?? attempt.createdAt).getTime() > windowMs;
}

/**
 * What the payments page lists: the held payments and those being paid back (newest first, at
 * most ATTENTION_LIMIT each), and the RECENT_PAYMENTS newest of any status. Five reads in all: the
 * attempts through the `status_newest_first` index, then their orders and accounts by _id.
 */
export async function listPaymentsNeedingAttention(actor: Actor): Promise<PaymentsNeedingAttention> {
  authorize(actor, 'reviewPayments');
  return withDb(async () => {
    const stored = await attempts();
    const [held, refunding, recent] = await Promise.all([
      stored.find({ status: 'held' }).sort(NEWEST_FIRST).limit(ATTENTION_LIMIT + 1).toArray(),
      stored.find({ status: 'refunding' }).sort(NEWEST_FIRST).limit(ATTENTION_LIMIT + 1).toArray(),
      // Every status named, so the same index answers it (a merge of its per-status ranges).
      stored.find({ status: { $in: ALL_STATUSES } }).sort(NEWEST_FIRST).limit(RECENT_PAYMENTS).toArray(),
    ]);
    const rows = await toRows([...held.slice(0, ATTENTION_LIMIT), ...refunding.slice(0, ATTENTION_LIMIT), ...recent]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const pick = (list: PaymentAttemptDocument[]) => list.slice(0, ATTENTION_LIMIT).flatMap((attempt) => byId.get(attempt._id) ?? []);
    return {
      held: pick(held),
      refunding: pick(refunding),
      recent: pick(recent),
      moreHeld: held.length > ATTENTION_LIMIT,
      moreRefunding: refunding.length > ATTENTION_LIMIT,
    };
  });
}

function uniqueIds(ids: ObjectId[]): ObjectId[] {
  return [...new Map(ids.map((id) => [id.toHexString(), id])).values()];
}

/** The rows of `list`: the orders (e-mail, item) in one read by _id, the buyers without an order and the reviewers in another. */
async function toRows(list: PaymentAttemptDocument[]): Promise<PaymentRow[]> {
  const orderIds = uniqueIds(list.map((attempt) => attempt.orderId));
  const orders = orderIds.length
    ? await (await collection('orders')).find({ _id: { $in: orderIds } }, { projection: { email: 1, productName: 1 } }).toArray()
    : [];
  const orderOf = new Map(orders.map((order) => [order._id.toHexString(), order]));
  const userIds = uniqueIds(
    list.flatMap((attempt) => [...(orderOf.has(attempt.orderId.toHexString()) ? [] : [attempt.userId]), ...(attempt.reviewedBy ? [attempt.reviewedBy] : [])]),
  );
  const users = userIds.length ? await (await collection('users')).find({ _id: { $in: userIds } }, { projection: { email: 1 } }).toArray() : [];
  const emailOf = new Map(users.map((user) => [user._id.toHexString(), user.email]));
  const now = new Date();
  return list.map((attempt) => {
    const order = orderOf.get(attempt.orderId.toHexString());
    return {
      id: attempt._id,
      method: attempt.method,
      status: attempt.status,
      amount: { currency: attempt.currency, minor: attempt.amountMinor },
      orderId: attempt.orderId.toHexString(),
      email: order?.email ?? emailOf.get(attempt.userId.toHexString()) ?? null,
      productName: order?.productName ?? null,
      createdAt: attempt.createdAt.toISOString(),
      verifiedAt: iso(attempt.verifiedAt),
      rejection: attempt.rejection ?? null,
      reason: attempt.reason ?? null,
      reviewedByEmail: attempt.reviewedBy ? (emailOf.get(attempt.reviewedBy.toHexString()) ?? null) : null,
      reviewedAt: iso(attempt.reviewedAt),
      refundRequestedAt: iso(attempt.refundRequestedAt),
      refundedAt: iso(attempt.refundedAt),
      acceptanceUnfinished: attempt.status === 'held' && attempt.reviewedAt !== undefined,
      refundWindowClosed: attempt.status === 'refunding' && isPastRefundWindow(attempt, now),
      refundWindowDays: windowDays(refundWindowMsOf(attempt)),
    };
  });
}

function windowDays(windowMs: number | null): number | null {
  return windowMs === null ? null : Math.round(windowMs / 86_400_000);
}

function actorObjectId(actor: Actor): ObjectId {
  const id = parseObjectId(actor.id);
  if (!id) throw new Error('A payment review needs the acting admin’s id');
  return id;
}

/** The attempt an admin decides on: 400 malformed id, 404 unknown, 409 unless held. */
async function heldAttempt(attemptId: string): Promise<PaymentAttemptDocument> {
  const attempt = await findAttempt(attemptId);
  if (!attempt) throw new HttpError(404, PAYMENT_NOT_FOUND);
  if (attempt.status !== 'held') throw new HttpError(409, NOT_HELD);
  return attempt;
}

function parseAttemptId(input: unknown): string {
  const parsed = attemptIdSchema.safeParse(input);
  if (!parsed.success) throw new HttpError(400, 'invalidId');
  return parsed.data;
}

/** "the SSLCommerz payment ssl_… of ৳850 for “Physics” by buyer@example.com", for the audit log. */
async function describe(attempt: PaymentAttemptDocument): Promise<string> {
  const order = await withDb(async () => (await collection('orders')).findOne({ _id: attempt.orderId }, { projection: { email: 1, productName: 1 } }));
  const amount = formatMoney({ currency: attempt.currency, minor: attempt.amountMinor });
  const what = order ? ` for “${order.productName}” by ${order.email}` : ` for order ${attempt.orderId.toHexString()}`;
  return `the ${METHOD_NAMES[attempt.method]} payment ${attempt._id} of ${amount}${what}`;
}

/**
 * An admin accepts a payment held for review: the order is paid with it (exactly once). Should the
 * order no longer take it (paid meanwhile by another payment, its price changed), it is paid back
 * instead, and the answer says `refunding` or `refunded`. 403 non-admins, 400 a malformed id, 404
 * an unknown one, 409 unless it is held (or while another admin is accepting it), 429 past the
 * admin's allowance.
 */
export async function acceptHeldPayment(actor: Actor, attemptIdInput: unknown): Promise<ReviewOutcome> {
  authorize(actor, 'reviewPayments');
  const attemptId = parseAttemptId(attemptIdInput);
  await takeAdminWriteAllowance(actor);
  const attempt = await heldAttempt(attemptId);
  const now = new Date();
  const claimed = await withDb(async () =>
    (await attempts()).updateOne(
      { _id: attempt._id, status: 'held', $or: [{ reviewedAt: { $exists: false } }, { reviewedAt: { $lte: new Date(now.getTime() - REVIEW_LEASE_MS) } }] },
      { $set: { reviewedBy: actorObjectId(actor), reviewedAt: now, updatedAt: now } },
    ),
  );
  if (claimed.matchedCount === 0) {
    const current = await findAttempt(attempt._id);
    throw new HttpError(409, current?.status === 'held' ? BEING_ACCEPTED : NOT_HELD);
  }
  const paid = await payOrderWith(attempt._id);
  // payOrderWith answers `refunding` even when the provider refunded at once: the attempt says which.
  const status = paid === 'refunding' ? ((await findAttempt(attempt._id))?.status ?? paid) : paid;
  const outcome = status === 'paid' ? 'the order is paid with it' : 'the order did not take it, so it is paid back';
  await recordAudit({ actor, action: 'accept-payment', entity: 'order', entityId: attempt.orderId.toHexString(), summary: `Accepted ${await describe(attempt)}, held as risky: ${outcome}` });
  return { attemptId: attempt._id, status };
}

/**
 * An admin refuses a payment held for review: it is paid back through its provider, with the
 * admin's reason (3–500 characters) kept as its `rejection` and sent with the refund. The order
 * stays unpaid. A refund the provider does not finish at once is asked about again by the
 * reconciler. 403 non-admins, 400 a malformed id or reason, 404 an unknown id, 409 unless held
 * (and no acceptance has begun), 429 past the admin's allowance.
 */
export async function refundHeldPayment(actor: Actor, attemptIdInput: unknown, input: unknown): Promise<ReviewOutcome> {
  authorize(actor, 'reviewPayments');
  const parsed = heldRefundSchema.safeParse(input);
  if (!parsed.success) throw new HttpError(400, firstIssueMessage(parsed.error.issues, 'invalidInput'));
  const attemptId = parseAttemptId(attemptIdInput);
  await takeAdminWriteAllowance(actor);
  const attempt = await heldAttempt(attemptId);
  const now = new Date();
  const moved = await withDb(async () =>
    (await attempts()).updateOne(
      { _id: attempt._id, status: 'held', reviewedAt: { $exists: false } },
      // Due at once: should this process stop before the provider is asked, the reconciler asks.
      { $set: { status: 'refunding', rejection: parsed.data.reason, reviewedBy: actorObjectId(actor), reviewedAt: now, updatedAt: now, checkAfter: now } },
    ),
  );
  if (moved.matchedCount === 0) {
    const current = await findAttempt(attempt._id);
    throw new HttpError(409, current?.status === 'held' ? BEING_ACCEPTED : NOT_HELD);
  }
  await recordAudit({ actor, action: 'refund', entity: 'order', entityId: attempt.orderId.toHexString(), summary: `Refunded ${await describe(attempt)}, held as risky: ${parsed.data.reason}` });
  try {
    await refundAttempt(attempt._id);
  } catch (error) {
    // The decision stands: the reconciler pays it back (it is due now), and the page shows it meanwhile.
    console.error(`[payments] the refund of held attempt ${attempt._id} could not be asked for now; the reconciler asks again`, error);
  }
  // Refunded at once, or still refunding (the provider is finishing it, or refused: the page shows why).
  return { attemptId: attempt._id, status: (await findAttempt(attempt._id))?.status ?? 'refunding' };
}
