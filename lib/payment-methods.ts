import type { Currency } from './money';
import { FIRST_CURRENCY } from './money';
import type { FormatLocale } from './format';

// The ways a buyer can pay, as the payment page lists them. Which ones a server offers depends on
// its settings (server/commerce/payments/methods.ts); their order, currencies and ids are the same everywhere.

export const PAYMENT_METHODS = ['bkash', 'sslcommerz', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The methods whose buyer pays on the provider's own page (server/commerce/payments/redirect-provider.ts). */
export type RedirectMethod = Exclude<PaymentMethod, 'card'>;

/** The card is charged in dollars (Stripe); bKash and SSLCommerz in taka. */
export const METHOD_CURRENCY: Record<PaymentMethod, Currency> = { bkash: 'bdt', sslcommerz: 'bdt', card: 'usd' };

/** The method chosen when the page opens: one in the currency the page's language shows first, else the first offered. */
export function defaultMethod(offered: readonly PaymentMethod[], locale: FormatLocale): PaymentMethod | null {
  return offered.find((method) => METHOD_CURRENCY[method] === FIRST_CURRENCY[locale]) ?? offered[0] ?? null;
}

/**
 * Our id of a bKash or SSLCommerz payment attempt, which the provider knows the payment by (and
 * an order paid by it keeps as its transactionId): the method's prefix and 24 hex digits, at most
 * 30 characters (SSLCommerz's tran_id).
 */
const ATTEMPT_ID_PREFIX: Record<RedirectMethod, string> = { bkash: 'bk', sslcommerz: 'ssl' };

export const ATTEMPT_ID_PATTERN = /^(bk|ssl)_[0-9a-f]{24}$/;

export function attemptIdFor(method: RedirectMethod, hex: string): string {
  return `${ATTEMPT_ID_PREFIX[method]}_${hex}`;
}

/** The method a payment id belongs to, when it is an attempt's; null for a card intent's or a free order's. */
export function methodOfAttemptId(paymentId: string | null | undefined): RedirectMethod | null {
  const prefix = typeof paymentId === 'string' ? ATTEMPT_ID_PATTERN.exec(paymentId)?.[1] : undefined;
  return (Object.keys(ATTEMPT_ID_PREFIX) as RedirectMethod[]).find((method) => ATTEMPT_ID_PREFIX[method] === prefix) ?? null;
}

/** Payment ids of the attempts charged in `currency`, as a prefix a database query can match. */
export function attemptIdsIn(currency: Currency): RegExp {
  const prefixes = (Object.keys(ATTEMPT_ID_PREFIX) as RedirectMethod[]).filter((method) => METHOD_CURRENCY[method] === currency).map((method) => ATTEMPT_ID_PREFIX[method]);
  return prefixes.length ? new RegExp(`^(?:${prefixes.join('|')})_`) : /(?!)/;
}
