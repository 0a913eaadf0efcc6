import { formatPrice } from '@/lib/format';
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

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-900">{value}</dd>
    </div>
  );
}

export function SalesTotalsCards({ totals }: { totals: SalesTotals }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
      <Stat label="Revenue (net of refunds)" value={formatPrice(totals.revenueCents)} />
      <Stat label="Paid orders" value={String(totals.paidOrders)} />
      <Stat label="Unpaid orders" value={String(totals.unpaidOrders)} />
      <Stat label="Refunded orders" value={String(totals.refundedOrders)} />
      <Stat label="Refunded amount" value={formatPrice(totals.refundedCents)} />
    </dl>
  );
}

const headClass = 'px-3 py-3 sm:px-4';
const cellClass = 'px-3 py-3 sm:px-4';

export function SalesByItemTable({ rows }: { rows: ItemSalesRow[] }) {
  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">No paid orders yet.</p>;
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Sales by item</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className={headClass}>Item</th>
            <th scope="col" className={headClass}>Type</th>
            <th scope="col" className={`${headClass} text-right`}>Paid orders</th>
            <th scope="col" className={`${headClass} text-right`}>Revenue</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.itemId} className="border-t border-slate-100">
              <td className={cellClass}>{row.productName}</td>
              <td className={`${cellClass} capitalize`}>{row.itemKind}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{row.paidOrders}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{formatPrice(row.revenueCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function statusOf(row: OrderLogRow) {
  return (
    <span className={row.paid ? 'font-semibold text-green-800' : row.refunded ? 'font-semibold text-slate-800' : 'text-slate-700'}>
      {row.paid ? 'Paid' : row.refunded ? 'Refunded' : 'Unpaid'}
    </span>
  );
}

function refundControl(row: OrderLogRow) {
  return row.paid ? <RefundOrderButton orderId={row.id} email={row.email} productName={row.productName} priceCents={row.priceCents} /> : null;
}

export function OrderLogTable({ rows }: { rows: OrderLogRow[] }) {
  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">No orders yet.</p>;
  return (
    <>
      {/* Phones: one card per order; seven columns would squeeze the e-mails to a letter a line. */}
      <ol aria-label="All orders, newest first" className="space-y-3 md:hidden">
        {rows.map((row) => (
          <li key={row.id} className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">
              {row.serial}. {row.productName}
            </p>
            <p className="mt-1 [overflow-wrap:anywhere] text-slate-800">{row.email}</p>
            <p className="mt-1 text-slate-700">
              <span className="tabular-nums">{formatPrice(row.priceCents)}</span> · {statusOf(row)} · {dateFormat.format(new Date(row.createdAt))}
            </p>
            {row.paid ? <div className="mt-3">{refundControl(row)}</div> : null}
          </li>
        ))}
      </ol>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">All orders, newest first</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className={headClass}>Serial</th>
              <th scope="col" className={headClass}>Buyer</th>
              <th scope="col" className={headClass}>Item</th>
              <th scope="col" className={`${headClass} text-right`}>Price</th>
              <th scope="col" className={headClass}>Status</th>
              <th scope="col" className={headClass}>Ordered</th>
              <th scope="col" className={headClass}>Refund</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-100">
                <td className={cellClass}>{row.serial}</td>
                <td className={`${cellClass} break-all`}>{row.email}</td>
                <td className={cellClass}>{row.productName}</td>
                <td className={`${cellClass} text-right tabular-nums`}>{formatPrice(row.priceCents)}</td>
                <td className={cellClass}>{statusOf(row)}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{dateFormat.format(new Date(row.createdAt))}</td>
                <td className={cellClass}>{refundControl(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
