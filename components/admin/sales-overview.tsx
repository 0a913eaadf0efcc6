import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { formatDate, formatNumber } from '@/lib/format';
import type { FormatLocale } from '@/lib/format';
import { formatMoney, inReadingOrder, itemPrices } from '@/lib/money';
import type { Money } from '@/lib/money';
import { amountsToShow } from '@/lib/money-totals';
import type { AmountsByCurrency } from '@/lib/money-totals';
import { Link } from '@/i18n/navigation';
import { RefundOrderButton } from './refund-order-button';

// The admin's sales view: totals, sales by item and every order. Money is kept
// per currency: dollars (card) and taka (bKash, SSLCommerz) are shown apart, never added together.

/** Refunded orders are no longer paid, so the revenue of the paid ones is net of refunds. */
export type SalesTotals = { paidOrders: number; unpaidOrders: number; revenue: AmountsByCurrency; refundedOrders: number; refunded: AmountsByCurrency };
export type ItemSalesRow = { itemId: string; itemKind: 'course' | 'book'; productName: string; paidOrders: number; revenue: AmountsByCurrency };
export type OrderLogRow = {
  id: string;
  serial: number;
  email: string;
  productName: string;
  /** What a paid (or refunded) order was paid, in its currency; null while unpaid (its prices are shown). */
  paidAmount: Money | null;
  priceCents: number;
  pricePaisa: number | null;
  paid: boolean;
  refunded: boolean;
  /** Paid through a provider that no longer refunds it (bKash, past its window): a note instead of the Refund button. */
  refundWindowClosed: boolean;
  createdAt: string;
};

/** Amounts one under the other (a total in each currency), or a dash for none. */
function Amounts({ amounts, locale }: { amounts: Money[]; locale: FormatLocale }) {
  if (amounts.length === 0) return <>—</>;
  return (
    <>
      {amounts.map((amount) => (
        <span key={amount.currency} className="block whitespace-nowrap">
          {formatMoney(amount, locale)}
        </span>
      ))}
    </>
  );
}

/** What the order's row says it costs: what it was paid, or, unpaid, its prices in the page language's order. */
function OrderAmounts({ row, locale }: { row: OrderLogRow; locale: FormatLocale }) {
  if (row.paidAmount) return <span className="whitespace-nowrap">{formatMoney(row.paidAmount, locale)}</span>;
  const [first, ...others] = inReadingOrder(itemPrices(row.priceCents, row.pricePaisa), locale);
  return (
    <>
      {first ? <span className="whitespace-nowrap">{formatMoney(first, locale)}</span> : null}
      {others.map((amount) => (
        <span key={amount.currency} className="whitespace-nowrap text-slate-600">
          {' '}
          <span aria-hidden="true">· </span>
          {formatMoney(amount, locale)}
        </span>
      ))}
    </>
  );
}

/** Counts and serial numbers as the screen always wrote them, without grouping (1234). */
const UNGROUPED = { useGrouping: false } as const;

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-900">{children}</dd>
    </div>
  );
}

export async function SalesTotalsCards({ totals }: { totals: SalesTotals }) {
  const t = await getTranslations('sales');
  const locale = await getLocale();
  // Every currency's total, nothing included: "$0.00" says no dollar sales, not a missing figure.
  return (
    <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
      <Stat label={t('revenueNet')}>
        <Amounts amounts={amountsToShow(totals.revenue, locale, true)} locale={locale} />
      </Stat>
      <Stat label={t('paidOrders')}>{formatNumber(totals.paidOrders, locale, UNGROUPED)}</Stat>
      <Stat label={t('unpaidOrders')}>{formatNumber(totals.unpaidOrders, locale, UNGROUPED)}</Stat>
      <Stat label={t('refundedOrders')}>{formatNumber(totals.refundedOrders, locale, UNGROUPED)}</Stat>
      <Stat label={t('refundedAmount')}>
        <Amounts amounts={amountsToShow(totals.refunded, locale, true)} locale={locale} />
      </Stat>
    </dl>
  );
}

const headClass = 'px-3 py-3 sm:px-4';
const cellClass = 'px-3 py-3 sm:px-4';

export async function SalesByItemTable({ rows }: { rows: ItemSalesRow[] }) {
  const t = await getTranslations('sales');
  const kinds = await getTranslations('adminItemKinds');
  const locale = await getLocale();
  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">{t('noPaidOrders')}</p>;
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{t('salesByItem')}</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className={headClass}>{t('item')}</th>
            <th scope="col" className={headClass}>{t('type')}</th>
            <th scope="col" className={`${headClass} text-right`}>{t('paidOrders')}</th>
            <th scope="col" className={`${headClass} text-right`}>{t('revenue')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.itemId} className="border-t border-slate-100">
              <td className={cellClass}>
                <Link href={`/admin/sales?item=${row.itemId}#all-orders`} aria-label={t('ordersOf', { item: row.productName })} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {row.productName}
                </Link>
              </td>
              <td className={`${cellClass} capitalize`}>{kinds(row.itemKind)}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{formatNumber(row.paidOrders, locale, UNGROUPED)}</td>
              <td className={`${cellClass} text-right tabular-nums`}>
                <Amounts amounts={amountsToShow(row.revenue, locale)} locale={locale} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type SalesTranslator = Awaited<ReturnType<typeof getTranslations<'sales'>>>;

function statusOf(row: OrderLogRow, t: SalesTranslator) {
  return (
    <span className={row.paid ? 'font-semibold text-green-800' : row.refunded ? 'font-semibold text-slate-800' : 'text-slate-700'}>
      {row.paid ? t('paid') : row.refunded ? t('refunded') : t('unpaid')}
    </span>
  );
}

/** A paid order's Refund button; for one its provider no longer refunds, what to do instead. */
function refundControl(row: OrderLogRow, t: SalesTranslator, bkashRefundDays: number) {
  if (!row.paid) return null;
  if (row.refundWindowClosed) return <p className="max-w-xs text-xs text-slate-700">{t('bkashRefundWindowClosed', { days: bkashRefundDays })}</p>;
  return row.paidAmount ? <RefundOrderButton orderId={row.id} email={row.email} productName={row.productName} amount={row.paidAmount} /> : null;
}

/** `bkashRefundDays`: how long after a payment bKash refunds it (the note of an order past that). */
/** `filtered`: the rows are those a filter kept (an empty list then says no order matched). */
export async function OrderLogTable({ rows, bkashRefundDays, filtered = false }: { rows: OrderLogRow[]; bkashRefundDays: number; filtered?: boolean }) {
  const t = await getTranslations('sales');
  const locale = await getLocale();
  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">{t(filtered ? 'noMatchingOrders' : 'noOrders')}</p>;
  return (
    <>
      {/* Phones: one card per order; seven columns would squeeze the e-mails to a letter a line. */}
      <ol aria-label={t('ordersNewestFirst')} className="space-y-3 md:hidden">
        {rows.map((row) => (
          <li key={row.id} className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">
              {formatNumber(row.serial, locale, UNGROUPED)}. {row.productName}
            </p>
            <p className="mt-1 [overflow-wrap:anywhere] text-slate-800">{row.email}</p>
            <p className="mt-1 text-slate-700">
              <span className="tabular-nums">
                <OrderAmounts row={row} locale={locale} />
              </span>{' '}
              · {statusOf(row, t)} · {formatDate(row.createdAt, 'short', locale)}
            </p>
            {row.paid ? <div className="mt-3">{refundControl(row, t, bkashRefundDays)}</div> : null}
          </li>
        ))}
      </ol>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{t('ordersNewestFirst')}</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className={headClass}>{t('serial')}</th>
              <th scope="col" className={headClass}>{t('buyer')}</th>
              <th scope="col" className={headClass}>{t('item')}</th>
              <th scope="col" className={`${headClass} text-right`}>{t('price')}</th>
              <th scope="col" className={headClass}>{t('status')}</th>
              <th scope="col" className={headClass}>{t('ordered')}</th>
              <th scope="col" className={headClass}>{t('refund')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-100">
                <td className={cellClass}>{formatNumber(row.serial, locale, UNGROUPED)}</td>
                <td className={`${cellClass} break-all`}>{row.email}</td>
                <td className={cellClass}>{row.productName}</td>
                <td className={`${cellClass} text-right tabular-nums`}>
                  <OrderAmounts row={row} locale={locale} />
                </td>
                <td className={cellClass}>{statusOf(row, t)}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatDate(row.createdAt, 'short', locale)}</td>
                <td className={cellClass}>{refundControl(row, t, bkashRefundDays)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
