import { getLocale, getTranslations } from 'next-intl/server';
import { formatNumber } from '@/lib/format';
import type { FormatLocale } from '@/lib/format';
import { formatMoney, inReadingOrder } from '@/lib/money';
import type { Currency } from '@/lib/money';
import { CURRENCY_CODES } from '@/lib/money-totals';
import type { AmountsByCurrency } from '@/lib/money-totals';

// The sales view's discounts per promo code: paid orders that redeemed each code, the
// money its discounts took off, and what those orders paid, each per currency (never added together).

export type PromoSalesRow = { code: string; redemptions: number; discount: AmountsByCurrency; revenue: AmountsByCurrency };

/** The currencies the code was paid in (a code used only in taka shows only taka), in the page language's order. */
function currenciesOf(row: PromoSalesRow, locale: FormatLocale): Currency[] {
  const used = CURRENCY_CODES.filter((currency) => row.discount[currency] !== 0 || row.revenue[currency] !== 0);
  return inReadingOrder((used.length > 0 ? used : (['usd'] as Currency[])).map((currency) => ({ currency, minor: 0 })), locale).map((amount) => amount.currency);
}

/** One line per currency of the row, the same lines in both money columns. */
function Amounts({ amounts, currencies, locale }: { amounts: AmountsByCurrency; currencies: Currency[]; locale: FormatLocale }) {
  return (
    <>
      {currencies.map((currency) => (
        <span key={currency} className="block whitespace-nowrap">
          {formatMoney({ currency, minor: amounts[currency] }, locale)}
        </span>
      ))}
    </>
  );
}

/** Counts and serial numbers as the screen always wrote them, without grouping (1234). */
const UNGROUPED = { useGrouping: false } as const;

const headClass = 'px-3 py-3 sm:px-4';
const cellClass = 'px-3 py-3 sm:px-4';

export async function PromoSalesTable({ rows }: { rows: PromoSalesRow[] }) {
  const t = await getTranslations('sales');
  const locale = await getLocale();
  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">{t('noPromoSales')}</p>;
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{t('promoCaption')}</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className={headClass}>{t('promoCode')}</th>
            <th scope="col" className={`${headClass} text-right`}>{t('redemptions')}</th>
            <th scope="col" className={`${headClass} text-right`}>{t('totalDiscount')}</th>
            <th scope="col" className={`${headClass} text-right`}>{t('paidWithCode')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code} className="border-t border-slate-100">
              <td className={`${cellClass} font-mono font-semibold`}>{row.code}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{formatNumber(row.redemptions, locale, UNGROUPED)}</td>
              <td className={`${cellClass} text-right tabular-nums`}>
                <Amounts amounts={row.discount} currencies={currenciesOf(row, locale)} locale={locale} />
              </td>
              <td className={`${cellClass} text-right tabular-nums`}>
                <Amounts amounts={row.revenue} currencies={currenciesOf(row, locale)} locale={locale} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
