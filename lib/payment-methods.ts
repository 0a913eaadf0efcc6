import type { Currency } from './money';
import type { FormatLocale } from './format';

// The ways a buyer can pay, as the payment page lists them. Which ones a server offers depends on
// its settings (server/payments/methods.ts); their order and currencies are the same everywhere.

export const PAYMENT_METHODS = ['bkash', 'sslcommerz', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The card is charged in dollars (Stripe); bKash and SSLCommerz in taka. */
export const METHOD_CURRENCY: Record<PaymentMethod, Currency> = { bkash: 'bdt', sslcommerz: 'bdt', card: 'usd' };

/** The method chosen when the page opens: one in the currency the page's language shows first, else the first offered. */
export function defaultMethod(offered: readonly PaymentMethod[], locale: FormatLocale, currencyFirst: Record<FormatLocale, Currency>): PaymentMethod | null {
  return offered.find((method) => METHOD_CURRENCY[method] === currencyFirst[locale]) ?? offered[0] ?? null;
}
