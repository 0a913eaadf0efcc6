import { formatPrice } from '@/lib/format';

// The sales view's discounts per promo code (issue 21): paid orders that redeemed each code, the
// money its discounts took off, and what those orders paid.

export type PromoSalesRow = { code: string; redemptions: number; discountCents: number; revenueCents: number };

const headClass = 'px-3 py-3 sm:px-4';
const cellClass = 'px-3 py-3 sm:px-4';

export function PromoSalesTable({ rows }: { rows: PromoSalesRow[] }) {
  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">No promo code has been used in a paid order yet.</p>;
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Discounts given per promo code</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className={headClass}>Promo code</th>
            <th scope="col" className={`${headClass} text-right`}>Redemptions</th>
            <th scope="col" className={`${headClass} text-right`}>Total discount</th>
            <th scope="col" className={`${headClass} text-right`}>Paid with the code</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code} className="border-t border-slate-100">
              <td className={`${cellClass} font-mono font-semibold`}>{row.code}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{row.redemptions}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{formatPrice(row.discountCents)}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{formatPrice(row.revenueCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
