import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { formatNumber } from '@/lib/format';

// Cells shared by My Order (a client component) and My Collection (a server one): spec §2 Serial,
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

/** The Pay column once paid (spec §4: PAID, disabled). */
export function PaidButton({ itemName }: { itemName: string }) {
  const t = useTranslations('orders');
  return (
    <button type="button" className="btn bg-green-700 px-2 py-1 text-white sm:px-3" disabled>
      {t.rich('paidFor', { item: itemName, sr: srOnly })}
    </button>
  );
}

/** The Cancel column once paid: still shown, never usable. */
export function DisabledCancelButton({ itemName }: { itemName: string }) {
  const t = useTranslations('orders');
  return (
    <button type="button" className="btn border border-slate-300 px-2 py-1 text-slate-600 sm:px-3" disabled title={t('paidCannotCancel')}>
      {t.rich('cancelOrder', { item: itemName, sr: srOnly })}
    </button>
  );
}
