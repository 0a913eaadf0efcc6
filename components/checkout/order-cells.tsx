import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { formatNumber } from '@/lib/format';
import { Link } from '@/i18n/navigation';
import { routes } from '@/lib/routes';

// Cells shared by My Order (a client component) and My Collection (a server one): docs/product.md §2 Serial,
// Course Name, Pay, Cancel. Their words are in the `orders` messages.

/** `lastColumn`: My Order's Cancel (the default), or what My Collection shows there instead (the way in to a paid item). */
export function OrdersTableFrame({ caption, lastColumn, children }: { caption: string; lastColumn?: string; children: ReactNode }) {
  const t = useTranslations('orders');
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-2 py-3 sm:px-4">{t('serial')}</th>
            <th scope="col" className="px-2 py-3 sm:px-4">{t('courseName')}</th>
            <th scope="col" className="px-2 py-3 sm:px-4">{t('pay')}</th>
            <th scope="col" className="px-2 py-3 sm:px-4">{lastColumn ?? t('cancel')}</th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = 'px-2 py-3 align-top sm:px-4';

/** The Serial column, in the reader's digits (ungrouped, as it always was). */
export function SerialCell({ serial }: { serial: number }) {
  const locale = useLocale();
  return <td className={cellClass}>{formatNumber(serial, locale, { useGrouping: false })}</td>;
}

/** The `<sr>` tag of the `orders` messages: words for screen readers only. */
export const srOnly = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;

/**
 * The Pay column once paid: Paid (or Free, for an order that cost nothing) and the order's receipt
 * (its payment page). No Cancel follows: a paid order cannot be cancelled.
 */
export function PaidBadge({ orderId, itemName, free }: { orderId: string; itemName: string; free: boolean }) {
  const t = useTranslations('orders');
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="inline-block rounded-md bg-green-100 px-2 py-1 text-sm font-semibold text-green-900 ring-1 ring-green-300 sm:px-3">
        {t.rich(free ? 'freeBadge' : 'paidBadge', { item: itemName, sr: srOnly })}
      </span>
      <ReceiptLink orderId={orderId} itemName={itemName} />
    </span>
  );
}

/** An order's receipt: its payment page, once paid or refunded. */
export function ReceiptLink({ orderId, itemName }: { orderId: string; itemName: string }) {
  const t = useTranslations('orders');
  return (
    <Link href={routes.payment(orderId)} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
      {t.rich('receipt', { item: itemName, sr: srOnly })}
    </Link>
  );
}
