'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useRouter } from '@/i18n/navigation';
import { Fragment, useState } from 'react';
import { toast } from 'sonner';
import { useErrorText } from '@/i18n/use-error-text';
import { ItemPrice } from '@/components/catalogue/item-price';
import { formatDate } from '@/lib/format';
import type { FormatLocale } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { routes } from '@/lib/routes';
import type { Money } from '@/lib/money';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { RefundOption } from '@/lib/refunds';
import { OrdersTableFrame, PaidBadge, ReceiptLink, SerialCell, cellClass, srOnly } from './order-cells';
import { RefundOptionLine } from './refund-option';

export type OrderRow = {
  id: string;
  serial: number;
  productName: string;
  itemKind: 'course' | 'book';
  /** What a paid (or refunded) order was paid, in its currency; null while unpaid. */
  paidAmount: Money | null;
  /** An unpaid order's charges: dollars, and taka once its payment page priced it in taka (else null). */
  priceCents: number;
  pricePaisa: number | null;
  paid: boolean;
  refunded: boolean;
  refund: RefundOption;
  /** When the order was placed (ISO). */
  createdAt: string;
};

/** My Order: PAY while unpaid, Paid (or Free) and the receipt afterwards; cancel with a confirmation only while unpaid. */
export function OrdersTable({ rows }: { rows: OrderRow[] }) {
  const t = useTranslations('orders');
  const locale = useLocale() as FormatLocale;
  const errorText = useErrorText();
  const router = useRouter();
  const [toCancel, setToCancel] = useState<OrderRow | null>(null);
  const [busy, setBusy] = useState(false);

  async function cancel(row: OrderRow) {
    setBusy(true);
    try {
      const response = await fetch(`/api/order/${row.id}`, { method: 'DELETE' });
      const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
      if (response.ok) {
        toast.success(t('cancelled'), { description: t('cancelledText', { item: row.productName }) });
        router.refresh();
      } else {
        toast.error(typeof body.message === 'string' ? errorText(body) : t('cancelFailed'));
        router.refresh();
      }
    } catch {
      toast.error(t('networkError'));
    } finally {
      setBusy(false);
      setToCancel(null);
    }
  }

  return (
    <>
      <OrdersTableFrame caption={t('caption')}>
        {rows.map((row) => (
          <Fragment key={row.id}>
            <tr className="border-t border-slate-100">
              <SerialCell serial={row.serial} />
              <td className={cellClass}>
                <span className="font-medium text-slate-900">{row.productName}</span>
                <span className="block text-slate-600">{t('orderedOn', { date: formatDate(row.createdAt, 'long', locale) })}</span>
                <span className="block text-slate-600">
                  {row.paidAmount ? (
                    formatMoney(row.paidAmount, locale)
                  ) : (
                    <ItemPrice priceCents={row.priceCents} pricePaisa={row.pricePaisa ?? undefined} locale={locale} secondClassName="text-slate-500" />
                  )}
                </span>
              </td>
              <td className={cellClass}>
                {row.refunded ? (
                  // Not a button: a refunded order is neither paid nor payable (buying again makes a new order).
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="inline-block rounded-md bg-slate-200 px-2 py-1 text-sm font-semibold text-slate-800 sm:px-3">
                      {t.rich('refunded', { item: row.productName, sr: srOnly })}
                    </span>
                    <ReceiptLink orderId={row.id} itemName={row.productName} />
                  </span>
                ) : row.paid ? (
                  <PaidBadge orderId={row.id} itemName={row.productName} free={row.paidAmount?.minor === 0} />
                ) : (
                  <Link href={routes.payment(row.id)} className="btn-primary px-2 py-1 sm:px-3">
                    {t.rich('payFor', { item: row.productName, sr: srOnly })}
                  </Link>
                )}
              </td>
              <td className={cellClass}>
                {row.paid || row.refunded ? null : (
                  <button
                    type="button"
                    className="btn border border-red-700 px-2 py-1 text-red-700 hover:bg-red-50 sm:px-3"
                    disabled={busy}
                    onClick={() => setToCancel(row)}
                  >
                    {t.rich('cancelOrder', { item: row.productName, sr: srOnly })}
                  </button>
                )}
              </td>
            </tr>
            {row.refund ? (
              // Under the entry, from the Course Name column on: a phone's narrow column would squeeze it.
              <tr>
                <td className="px-2 sm:px-4" />
                <td colSpan={3} className="px-2 pb-3 sm:px-4">
                  <RefundOptionLine orderId={row.id} productName={row.productName} itemKind={row.itemKind} option={row.refund} />
                </td>
              </tr>
            ) : null}
          </Fragment>
        ))}
      </OrdersTableFrame>
      <ConfirmDialog
        open={toCancel !== null}
        title={t('confirmTitle')}
        confirmLabel={t('confirmYes')}
        busy={busy}
        onConfirm={() => {
          if (toCancel) void cancel(toCancel);
        }}
        onCancel={() => setToCancel(null)}
      >
        {toCancel ? t('confirmText', { item: toCancel.productName }) : null}
      </ConfirmDialog>
    </>
  );
}
