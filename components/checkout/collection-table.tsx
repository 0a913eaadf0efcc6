import { Link } from '@/i18n/navigation';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { ProgressMeter } from '@/components/learning/progress-meter';
import type { ItemAccess } from '@/lib/item-access';
import type { RefundOption } from '@/lib/refunds';
import { OrdersTableFrame, PaidButton, cellClass } from './order-cells';
import { RefundOptionLine } from './refund-option';

export type CollectionRow = { id: string; serial: number; productName: string; itemKind: 'course' | 'book'; access: ItemAccess; refund: RefundOption };

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

/**
 * The main thing the buyer can do with a paid item, in the column My Order uses for Cancel (a paid
 * order can never be cancelled, so a Cancel button there was always disabled): continue learning,
 * or download the book.
 */
function PrimaryAccess({ name, access }: { name: string; access: ItemAccess }) {
  switch (access.kind) {
    case 'course':
      return (
        <Link href={access.continueHref} aria-label={`${access.started ? 'Continue' : 'Start'}: ${name}`} className="btn-primary whitespace-nowrap px-3 py-1">
          {access.started ? 'Continue' : 'Start'}
        </Link>
      );
    case 'pdf':
      return (
        <a href={access.url} download aria-label={`Download PDF: ${name}`} className={`${linkClass} whitespace-nowrap`}>
          Download PDF
        </a>
      );
    case 'audio':
      return (
        <a href={access.url} download aria-label={`Download MP3: ${name}`} className={`${linkClass} whitespace-nowrap`}>
          Download MP3
        </a>
      );
    case 'no-file':
      return <span className="text-slate-600">Not ready yet</span>;
    case 'removed':
      return <span className="text-slate-600">Unavailable</span>;
  }
}

/** The rest, on a full-width line under the entry so an audio player stays usable on a phone. */
function AccessDetails({ name, access }: { name: string; access: ItemAccess }): ReactNode {
  switch (access.kind) {
    case 'course':
      return (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
          <div className="w-full max-w-xs">
            <ProgressMeter percent={access.percent} label={`Progress in ${name}`} />
          </div>
          <Link href={access.openHref} aria-label={`Open course: ${name}`} className={linkClass}>
            Open course
          </Link>
          {access.certificateHref ? (
            <Link href={access.certificateHref} aria-label={`View certificate: ${name}`} className="font-semibold text-emerald-700 underline-offset-2 hover:underline">
              View certificate
            </Link>
          ) : null}
        </div>
      );
    case 'audio':
      return <audio controls preload="none" src={access.url} aria-label={`Listen to ${name}`} className="w-full max-w-md" />;
    case 'no-file':
      return <span className="text-slate-600">The file for this book has not been uploaded yet.</span>;
    case 'removed':
      return <span className="text-slate-600">This course is no longer in the catalogue.</span>;
    case 'pdf':
      return null;
  }
}

/**
 * My Collection: one entry per paid order, with the spec's Serial, Course Name and Pay columns; the
 * last column and the line under the entry show how to get at the item.
 */
export function CollectionTable({ rows }: { rows: CollectionRow[] }) {
  return (
    <OrdersTableFrame caption="Your paid courses and books" lastColumn="Access">
      {rows.map((row) => {
        const details = AccessDetails({ name: row.productName, access: row.access });
        return (
          <Fragment key={row.id}>
            <tr className="border-t border-slate-100">
              <td className={cellClass}>{row.serial}</td>
              <td className={`${cellClass} font-medium text-slate-900`}>{row.productName}</td>
              <td className={cellClass}>
                <PaidButton itemName={row.productName} />
              </td>
              <td className={cellClass}>
                <PrimaryAccess name={row.productName} access={row.access} />
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
