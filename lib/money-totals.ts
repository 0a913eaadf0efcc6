import { CURRENCIES, inReadingOrder } from './money';
import type { Currency, Money } from './money';
import type { FormatLocale } from './format';

// Sums of money kept apart per currency (the sales and refunds views): dollars and taka are never
// added together, each total is an amount in its currency's minor unit.

export type AmountsByCurrency = Record<Currency, number>;

export const CURRENCY_CODES = Object.keys(CURRENCIES) as Currency[];

/** Nothing in any currency. */
export function noAmounts(): AmountsByCurrency {
  return { usd: 0, bdt: 0 };
}

/** A stored currency field: unset (and anything unknown) is dollars, the only currency before taka. */
export function currencyOf(value: unknown): Currency {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value) ? (value as Currency) : 'usd';
}

/** `amounts` plus `more`, currency by currency. */
export function addAmounts(amounts: AmountsByCurrency, more: AmountsByCurrency): AmountsByCurrency {
  return { usd: amounts.usd + more.usd, bdt: amounts.bdt + more.bdt };
}

/**
 * The amounts to show, in the order `locale` reads currencies (lib/money.ts FIRST_CURRENCY):
 * every currency with something in it; `keepEmpty` shows the empty ones too (a total of nothing).
 */
export function amountsToShow(amounts: AmountsByCurrency, locale: FormatLocale, keepEmpty = false): Money[] {
  const shown = CURRENCY_CODES.map((currency) => ({ currency, minor: amounts[currency] })).filter((amount) => keepEmpty || amount.minor !== 0);
  return inReadingOrder(shown, locale);
}
