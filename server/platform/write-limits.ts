import 'server-only';
import type { Result } from '@/lib/result';
import { HttpError } from './http';
import { takeAllowance } from './rate-limit';
import type { Limit } from './rate-limit';

// Per-account budgets for writes, counted in the shared rate-limit collection by the domain
// operations themselves, so a form's server action and the API share one allowance. Only writes
// that passed validation are counted, so a client's malformed requests (400) never use up its
// allowance.

export const WRITE_LIMITS = {
  review: { max: 20, windowSeconds: 15 * 60 },
  /** A buyer's review of a course or book: writes, edits and deletions (server/reviews/item-reviews.ts). */
  itemReview: { max: 30, windowSeconds: 15 * 60 },
  noticeRead: { max: 300, windowSeconds: 15 * 60 },
  profile: { max: 30, windowSeconds: 15 * 60 },
  /** Order requests (server/commerce/orders.ts createOrder). */
  order: { max: 120, windowSeconds: 15 * 60 },
  /** Repeated starts of an order's payment (server/commerce/checkout.ts); an order's first start is bounded by `order`. */
  paymentIntent: { max: 120, windowSeconds: 15 * 60 },
  /**
   * Promo codes tried on the payment page (server/commerce/promo-codes.ts applyPromoCode), right or wrong:
   * codes cannot be found by guessing, and a buyer needs only a few tries.
   */
  promoCode: { max: 10, windowSeconds: 15 * 60 },
  /** A buyer's refund requests (server/commerce/refunds.ts requestRefund): asking again after a refusal counts too. */
  refundRequest: { max: 10, windowSeconds: 15 * 60 },
  /** Legacy API bearer tokens handed out (server/accounts/api-tokens.ts requestApiToken). */
  apiToken: { max: 30, windowSeconds: 15 * 60 },
  /** Every admin create, update, delete, book-file upload and role change, per admin account. */
  adminWrite: { max: 300, windowSeconds: 15 * 60 },
} as const satisfies Record<string, Limit>;

/** Counts one write against `key`; 429 with Retry-After once the window's budget is spent. */
export async function takeWriteAllowance(key: string, limit: Limit): Promise<void> {
  const retryAfter = await takeAllowance(key, limit);
  if (retryAfter > 0) throw tooManyRequests(retryAfter);
}

/** The 429 for a spent write budget. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'tooManyRequestsPleaseTryAgainLater', { 'Retry-After': String(retryAfterSeconds) });
}

/** A form's answer when the account has used up a write allowance. */
export const TOO_MANY_WRITES = 'youHaveSentThisTooManyTimesInAShortTimePlease';

/**
 * Runs a domain write for a server action: a spent allowance (429) becomes the form's message
 * instead of an error page; the API's route handlers let the 429 through with its Retry-After.
 */
export async function asLimitedFormWrite<T>(write: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return { ok: false, message: TOO_MANY_WRITES };
    throw error;
  }
}

/**
 * Counts one admin change against the acting admin's own budget. Called by the domain functions
 * themselves (server/catalogue/admin/*, server/accounts/user-admin.ts), so the legacy API and the admin
 * forms' server actions share one allowance; they parse their input before counting, so malformed
 * input costs nothing.
 */
export async function takeAdminWriteAllowance(admin: { id: string }): Promise<void> {
  await takeWriteAllowance(`admin-write:${admin.id}`, WRITE_LIMITS.adminWrite);
}
