'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatPrice } from '@/lib/format';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DisabledCancelButton, OrdersTableFrame, PaidButton, cellClass } from './order-cells';

export type OrderRow = { id: string; serial: number; productName: string; priceCents: number; paid: boolean };

/** My Order: PAY while unpaid, PAID (disabled) afterwards; cancel with a confirmation only while unpaid. */
export function OrdersTable({ rows }: { rows: OrderRow[] }) {
  const router = useRouter();
  const [toCancel, setToCancel] = useState<OrderRow | null>(null);
  const [busy, setBusy] = useState(false);

  async function cancel(row: OrderRow) {
    setBusy(true);
    try {
      const response = await fetch(`/api/order/${row.id}`, { method: 'DELETE' });
      const body = (await response.json().catch(() => ({}))) as { message?: unknown };
      if (response.ok) {
        toast.success('Cancelled!', { description: `Your order for ${row.productName} has been cancelled.` });
        router.refresh();
      } else {
        toast.error(typeof body.message === 'string' ? body.message : 'The order could not be cancelled.');
        router.refresh();
      }
    } catch {
      toast.error('Network error. Check your connection and try again.');
    } finally {
      setBusy(false);
      setToCancel(null);
    }
  }

  return (
    <>
      <OrdersTableFrame caption="Your orders">
        {rows.map((row) => (
          <tr key={row.id} className="border-t border-slate-100">
            <td className={cellClass}>{row.serial}</td>
            <td className={cellClass}>
              <span className="font-medium text-slate-900">{row.productName}</span>
              <span className="block text-slate-600">{formatPrice(row.priceCents)}</span>
            </td>
            <td className={cellClass}>
              {row.paid ? (
                <PaidButton itemName={row.productName} />
              ) : (
                <Link href={`/payment/${row.id}`} className="btn-primary px-2 py-1 sm:px-3">
                  PAY<span className="sr-only"> for {row.productName}</span>
                </Link>
              )}
            </td>
            <td className={cellClass}>
              {row.paid ? (
                <DisabledCancelButton itemName={row.productName} />
              ) : (
                <button
                  type="button"
                  className="btn border border-red-700 px-2 py-1 text-red-700 hover:bg-red-50 sm:px-3"
                  disabled={busy}
                  onClick={() => setToCancel(row)}
                >
                  Cancel<span className="sr-only"> the order for {row.productName}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </OrdersTableFrame>
      <ConfirmDialog
        open={toCancel !== null}
        title="Are you sure?"
        confirmLabel="Yes, cancel it!"
        busy={busy}
        onConfirm={() => {
          if (toCancel) void cancel(toCancel);
        }}
        onCancel={() => setToCancel(null)}
      >
        {toCancel ? `Your order for ${toCancel.productName} will be cancelled. You won't be able to revert this!` : null}
      </ConfirmDialog>
    </>
  );
}
