// What the checkout endpoints answer (POST /api/create-payment-intent, POST and DELETE
// /api/order/{id}/promo; server/commerce/promo-codes.ts checkoutAnswer), read defensively: the page shows
// only what the server computed, and anything malformed counts as no answer.

import { answerMessage } from '@/i18n/error-text';
import { LAPSE_REASON_KEYS } from '@/lib/promo-codes';
import type { PromoDiscount, PromoLapse, PromoRefusal } from '@/lib/promo-codes';

/** `discount`: the code's terms as data, worded by the page; null from a server that does not send them (then `description`, English, is shown). */
export type CheckoutPromo = { code: string; discountCents: number; discountPaisa: number | null; description: string; discount: PromoDiscount | null };

export type CheckoutAnswer = {
  listPriceCents: number;
  priceCents: number;
  /** In taka, for bKash and SSLCommerz; null when the item has no taka price (or the server sends none). */
  listPricePaisa: number | null;
  pricePaisa: number | null;
  promo: CheckoutPromo | null;
  /** Why the buyer's code no longer applies: in English, and as data (null from a server that does not send it). */
  promoNotice: string | null;
  promoLapse: PromoLapse | null;
  free: boolean;
  clientSecret: string | null;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

function readDiscount(value: unknown): PromoDiscount | null {
  if (!isRecord(value)) return null;
  if (value.kind === 'percent' && typeof value.percent === 'number') return { kind: 'percent', percent: value.percent };
  // An amount off is in its currency's minor unit; a server that names no currency means dollars.
  if (value.kind === 'amount' && typeof value.amountCents === 'number') {
    const currency = value.currency ?? 'usd';
    return currency === 'usd' || currency === 'bdt' ? { kind: 'amount', amountCents: value.amountCents, currency } : null;
  }
  return null;
}

function readPromo(value: unknown): CheckoutPromo | null {
  if (!isRecord(value)) return null;
  const { code, discountCents, description } = value;
  if (typeof code !== 'string' || typeof discountCents !== 'number' || typeof description !== 'string') return null;
  return { code, discountCents, discountPaisa: numberOrNull(value.discountPaisa), description, discount: readDiscount(value.discount) };
}


function isRefusal(value: unknown): value is PromoRefusal {
  return typeof value === 'string' && Object.hasOwn(LAPSE_REASON_KEYS, value);
}

function readLapse(value: unknown): PromoLapse | null {
  if (!isRecord(value) || typeof value.code !== 'string' || !isRefusal(value.refusal)) return null;
  return { code: value.code, refusal: value.refusal };
}

export function readCheckoutAnswer(body: unknown): CheckoutAnswer | null {
  if (!isRecord(body) || typeof body.priceCents !== 'number') return null;
  const free = body.free === true;
  const clientSecret = typeof body.clientSecret === 'string' ? body.clientSecret : null;
  return {
    listPriceCents: typeof body.listPriceCents === 'number' ? body.listPriceCents : body.priceCents,
    priceCents: body.priceCents,
    listPricePaisa: numberOrNull(body.listPricePaisa),
    pricePaisa: numberOrNull(body.pricePaisa),
    promo: readPromo(body.promo),
    promoNotice: typeof body.promoNotice === 'string' ? body.promoNotice : null,
    promoLapse: readLapse(body.promoLapse),
    free,
    clientSecret,
  };
}

/** The payment page's own words for a failure, in the `payment` messages. */
export type FailureKey =
  | 'startFailed'
  | 'networkReload'
  | 'networkRetry'
  | 'promoFailed'
  | 'verifyFailed'
  | 'networkAfterPayment'
  | 'completeFailed'
  | 'networkCheckOrders'
  | 'paymentFailed'
  | 'stillProcessing';

/**
 * A failure to show: the server's or Stripe's message (English, shown through the `errors`
 * messages), or the page's own. Kept as data, so it is worded when shown.
 */
export type Failure = { message: string } | { key: FailureKey };

/** The server's message in a refusal (`message`, or the first field error: a malformed code), else the page's `fallback`. */
export function failureOf(body: unknown, fallback: FailureKey): Failure {
  if (!isRecord(body)) return { key: fallback };
  // The codes when the answer has them, so the page words them in its language.
  const fieldErrors = isRecord(body.fieldErrorCodes) ? body.fieldErrorCodes : isRecord(body.fieldErrors) ? body.fieldErrors : {};
  const first = Object.values(fieldErrors).flat().find((entry): entry is string => typeof entry === 'string');
  if (first) return { message: first };
  const message = answerMessage(body);
  return message ? { message } : { key: fallback };
}
