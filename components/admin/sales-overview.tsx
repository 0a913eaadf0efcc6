import { getLocale, getTranslations } from 'next-intl/server';
import { formatDate, formatNumber, formatPrice } from '@/lib/format';
import { RefundOrderButton } from './refund-order-button';

// The admin's sales view: totals, sales by item and every order (issue 4, point 7).

/** Refunded orders are no longer paid, so the revenue of the paid ones is net of refunds. */
export type SalesTotals = { paidOrders: number; unpaidOrders: number; revenueCents: number; refundedOrders: number; refundedCents: number };
export type ItemSalesRow = { itemId: string; itemKind: 'course' | 'book'; productName: string; paidOrders: number; revenueCents: number };
export type OrderLogRow = {
  id: string;
  serial: number;
  email: string;
  productName: string;
  priceCents: number;
  paid: boolean;
  refunded: boolean;
  createdAt: string;
};

/** Counts and serial numbers as the screen always wrote them, without grouping (1234). */
const UNGROUPED = { useGrouping: false } as const;

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-900">{value}</dd>
    </div>
  );
}

export async function SalesTotalsCards({ totals }: { totals: SalesTotals }) {
  const t = await getTranslations('sales');
  const locale = await getLocale();
  return (
    <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
      <Stat label={t('revenueNet')} value={formatPrice(totals.revenueCents, locale)} />
      <Stat label={t('paidOrders')} value={formatNumber(totals.paidOrders, locale, UNGROUPED)} />
      <Stat label={t('unpaidOrders')} value={formatNumber(totals.unpaidOrders, locale, UNGROUPED)} />
      <Stat label={t('refundedOrders')} value={formatNumber(totals.refundedOrders, locale, UNGROUPED)} />
      <Stat label={t('refundedAmount')} value={formatPrice(totals.refundedCents, locale)} />
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
              <td className={cellClass}>{row.productName}</td>
              <td className={`${cellClass} capitalize`}>{kinds(row.itemKind)}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{formatNumber(row.paidOrders, locale, UNGROUPED)}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{formatPrice(row.revenueCents, locale)}</td>
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

function refundControl(row: OrderLogRow) {
  return row.paid ? <RefundOrderButton orderId={row.id} email={row.email} productName={row.productName} priceCents={row.priceCents} /> : null;
}

export async function OrderLogTable({ rows }: { rows: OrderLogRow[] }) {
  const t = await getTranslations('sales');
  const locale = await getLocale();
  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">{t('noOrders')}</p>;
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
              <span className="tabular-nums">{formatPrice(row.priceCents, locale)}</span> · {statusOf(row, t)} · {formatDate(row.createdAt, 'short', locale)}
            </p>
            {row.paid ? <div className="mt-3">{refundControl(row)}</div> : null}
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
                <td className={`${cellClass} text-right tabular-nums`}>{formatPrice(row.priceCents, locale)}</td>
                <td className={cellClass}>{statusOf(row, t)}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatDate(row.createdAt, 'short', locale)}</td>
                <td className={cellClass}>{refundControl(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
