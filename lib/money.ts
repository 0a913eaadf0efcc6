// Money in the currencies the shop prices in. Amounts are integers in the currency's minor unit
// (cents, paisa): no floating point ever reaches a price, a payment or a refund. A currency is a
// row of CURRENCIES; which one a page shows first is a row of FIRST_CURRENCY.

import { DEFAULT_LOCALE, LOCALE_DETAILS } from '@/i18n/routing';
import type { FormatLocale } from './format';

export const CURRENCIES = {
  /** Card payments through Stripe, and the legacy API's `price`. */
  usd: { code: 'USD', minorPerMajor: 100 },
  /** Bangladeshi taka: bKash, SSLCommerz. */
  bdt: { code: 'BDT', minorPerMajor: 100 },
} as const;

export type Currency = keyof typeof CURRENCIES;

export type Money = { currency: Currency; minor: number };

/** Taka first on the Bengali site, dollars first on the English one. */
export const FIRST_CURRENCY: Record<FormatLocale, Currency> = { en: 'usd', bn: 'bdt' };

const formats = new Map<string, Intl.NumberFormat>();

function formatFor(currency: Currency, locale: FormatLocale, wholeUnits: boolean): Intl.NumberFormat {
  const key = `${currency} ${locale} ${wholeUnits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_DETAILS[locale].intl, {
      style: 'currency',
      currency: CURRENCIES[currency].code,
      // "৳850", not "BDT 850.00"; dollars keep the site's "$12.50".
      currencyDisplay: currency === 'usd' ? 'symbol' : 'narrowSymbol',
      ...(wholeUnits ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * An amount in the reader's language: 1250 usd → "$12.50" (bn: "১২.৫০ US$"); 85000 bdt → "৳850"
 * (bn: "৮৫০৳"); whole taka are written without paisa, as prices in Bangladesh are.
 */
export function formatMoney({ currency, minor }: Money, locale: FormatLocale = DEFAULT_LOCALE): string {
  const { minorPerMajor } = CURRENCIES[currency];
  const wholeUnits = currency !== 'usd' && minor % minorPerMajor === 0;
  return formatFor(currency, locale, wholeUnits).format(minor / minorPerMajor);
}

/**
 * What a course or book costs in each currency it is priced in: always dollars; taka too when it
 * has a taka price (an item added through the legacy API, or stored before taka prices, has none).
 * A taka price of 0 beside a dollar price above 0 is no price, so it is left out rather than shown as ৳0.
 */
export function itemPrices(priceCents: number, pricePaisa?: number | null): Money[] {
  const amounts: Money[] = [{ currency: 'usd', minor: priceCents }];
  const taka = typeof pricePaisa === 'number' && Number.isInteger(pricePaisa) && pricePaisa >= 0 ? pricePaisa : null;
  if (taka !== null && (taka > 0 || priceCents === 0)) amounts.push({ currency: 'bdt', minor: taka });
  return amounts;
}

/** `amounts` (what an item costs in each currency it is priced in) in the order `locale` shows them. */
export function inReadingOrder(amounts: Money[], locale: FormatLocale): Money[] {
  const first = FIRST_CURRENCY[locale];
  return [...amounts].sort((a, b) => Number(b.currency === first) - Number(a.currency === first));
}
