import { formatPrice } from '@/lib/format';

// The admin's sales view: totals, sales by item and every order (issue 4, point 7).

export type SalesTotals = { paidOrders: number; unpaidOrders: number; revenueCents: number };
export type ItemSalesRow = { itemId: string; itemKind: 'course' | 'book'; productName: string; paidOrders: number; revenueCents: number };
export type OrderLogRow = {
  id: string;
  serial: number;
  email: string;
  productName: string;
  priceCents: number;
  paid: boolean;
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
    <dl className="grid gap-4 sm:grid-cols-3">
      <Stat label="Revenue" value={formatPrice(totals.revenueCents)} />
      <Stat label="Paid orders" value={String(totals.paidOrders)} />
      <Stat label="Unpaid orders" value={String(totals.unpaidOrders)} />
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

export function OrderLogTable({ rows }: { rows: OrderLogRow[] }) {
  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">No orders yet.</p>;
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
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
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-100">
              <td className={cellClass}>{row.serial}</td>
              <td className={`${cellClass} break-all`}>{row.email}</td>
              <td className={cellClass}>{row.productName}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{formatPrice(row.priceCents)}</td>
              <td className={cellClass}>
                <span className={row.paid ? 'font-semibold text-green-800' : 'text-slate-700'}>{row.paid ? 'Paid' : 'Unpaid'}</span>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{dateFormat.format(new Date(row.createdAt))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
