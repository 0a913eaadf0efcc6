import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { ProgressMeter } from '@/components/learning/progress-meter';
import type { ItemAccess } from '@/lib/item-access';
import type { RefundOption } from '@/lib/refunds';
import { OrdersTableFrame, PaidBadge, SerialCell, cellClass } from './order-cells';
import { RefundOptionLine } from './refund-option';

/** `free`: the order cost nothing (labelled Free, not Paid). */
export type CollectionRow = { id: string; serial: number; productName: string; itemKind: 'course' | 'book'; access: ItemAccess; refund: RefundOption; free: boolean };

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

/** The `collection` messages, handed to the parts below (AccessDetails is called as a function, not rendered). */
type Translate = ReturnType<typeof useTranslations<'collection'>>;

/**
 * The main thing the buyer can do with a paid item, in the column My Order uses for Cancel (a paid
 * order can never be cancelled, so a Cancel button there was always disabled): continue learning,
 * or download the book.
 */
function PrimaryAccess({ name, access, t }: { name: string; access: ItemAccess; t: Translate }) {
  switch (access.kind) {
    case 'course':
      return (
        <Link
          href={access.continueHref}
          aria-label={access.started ? t('continueLabel', { name }) : t('startLabel', { name })}
          className="btn-primary whitespace-nowrap px-3 py-1"
        >
          {access.started ? t('continue') : t('start')}
        </Link>
      );
    case 'pdf':
      return (
        <a href={access.url} download aria-label={t('downloadPdfLabel', { name })} className={`${linkClass} whitespace-nowrap`}>
          {t('downloadPdf')}
        </a>
      );
    case 'audio':
      return (
        <a href={access.url} download aria-label={t('downloadMp3Label', { name })} className={`${linkClass} whitespace-nowrap`}>
          {t('downloadMp3')}
        </a>
      );
    case 'no-file':
      return <span className="text-slate-600">{t('notReady')}</span>;
    case 'removed':
      return <span className="text-slate-600">{t('unavailable')}</span>;
  }
}

/** The rest, on a full-width line under the entry so an audio player stays usable on a phone. */
function AccessDetails({ name, access, t }: { name: string; access: ItemAccess; t: Translate }): ReactNode {
  switch (access.kind) {
    case 'course':
      return (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
          <div className="w-full max-w-xs">
            <ProgressMeter percent={access.percent} label={t('progressIn', { name })} />
          </div>
          <Link href={access.openHref} aria-label={t('openCourseLabel', { name })} className={linkClass}>
            {t('openCourse')}
          </Link>
          {access.certificateHref ? (
            <Link href={access.certificateHref} aria-label={t('viewCertificateLabel', { name })} className="font-semibold text-emerald-700 underline-offset-2 hover:underline">
              {t('viewCertificate')}
            </Link>
          ) : null}
        </div>
      );
    case 'audio':
      return <audio controls preload="none" src={access.url} aria-label={t('listenTo', { name })} className="w-full max-w-md" />;
    case 'no-file':
      return <span className="text-slate-600">{t('noFile')}</span>;
    case 'removed':
      return <span className="text-slate-600">{t('removed')}</span>;
    case 'pdf':
      return null;
  }
}

/**
 * My Collection: one entry per paid order, with the spec's Serial, Course Name and Pay columns; the
 * last column and the line under the entry show how to get at the item.
 */
export function CollectionTable({ rows }: { rows: CollectionRow[] }) {
  const t = useTranslations('collection');
  return (
    <OrdersTableFrame caption={t('caption')} lastColumn={t('access')}>
      {rows.map((row) => {
        const details = AccessDetails({ name: row.productName, access: row.access, t });
        return (
          <Fragment key={row.id}>
            <tr className="border-t border-slate-100">
              <SerialCell serial={row.serial} />
              <td className={`${cellClass} font-medium text-slate-900`}>{row.productName}</td>
              <td className={cellClass}>
                <PaidBadge orderId={row.id} itemName={row.productName} free={row.free} />
              </td>
              <td className={cellClass}>
                <PrimaryAccess name={row.productName} access={row.access} t={t} />
              </td>
            </tr>
            {details || row.refund ? (
              <tr>
                <td colSpan={4} className="px-2 pb-4 sm:px-4">
                  {details}
                  {row.refund ? (
                    <div className={details ? 'mt-3' : undefined}>
                      <RefundOptionLine orderId={row.id} productName={row.productName} itemKind={row.itemKind} option={row.refund} />
                    </div>
                  ) : null}
                </td>
              </tr>
            ) : null}
          </Fragment>
        );
      })}
    </OrdersTableFrame>
  );
}
