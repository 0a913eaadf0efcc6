import Link from 'next/link';
import { Fragment } from 'react';
import { ProgressMeter } from '@/components/learning/progress-meter';
import type { ItemAccess } from '@/lib/item-access';
import { DisabledCancelButton, OrdersTableFrame, PaidButton, cellClass } from './order-cells';

export type CollectionRow = { id: string; serial: number; productName: string; access: ItemAccess };

/** How the buyer gets at a paid item: the lesson player with progress, a PDF download or an MP3 player. */
function ItemAccessControl({ name, access }: { name: string; access: ItemAccess }) {
  switch (access.kind) {
    case 'course':
      return (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
          <div className="w-full max-w-xs">
            <ProgressMeter percent={access.percent} label={`Progress in ${name}`} />
          </div>
          <Link href={access.continueHref} aria-label={`${access.started ? 'Continue' : 'Start'}: ${name}`} className="btn-primary">
            {access.started ? 'Continue' : 'Start'}
          </Link>
          <Link href={access.openHref} aria-label={`Open course: ${name}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Open course
          </Link>
          {access.certificateHref ? (
            <Link href={access.certificateHref} aria-label={`View certificate: ${name}`} className="font-semibold text-emerald-700 underline-offset-2 hover:underline">
              View certificate
            </Link>
          ) : null}
        </div>
      );
    case 'pdf':
      return (
        <a href={access.url} download aria-label={`Download PDF: ${name}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Download PDF
        </a>
      );
    case 'audio':
      return (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <audio controls preload="none" src={access.url} aria-label={`Listen to ${name}`} className="w-full max-w-md" />
          <a href={access.url} download aria-label={`Download MP3: ${name}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Download MP3
          </a>
        </div>
      );
    case 'no-file':
      return <span className="text-slate-600">The file for this book has not been uploaded yet.</span>;
    case 'removed':
      return <span className="text-slate-600">This course is no longer in the catalogue.</span>;
  }
}

/**
 * My Collection: one entry per paid order. The way in (player, download, course link) sits on its
 * own full-width line under the entry, so an audio player stays usable on a phone.
 */
export function CollectionTable({ rows }: { rows: CollectionRow[] }) {
  return (
    <OrdersTableFrame caption="Your paid courses and books">
      {rows.map((row) => (
        <Fragment key={row.id}>
          <tr className="border-t border-slate-100">
            <td className={cellClass}>{row.serial}</td>
            <td className={`${cellClass} font-medium text-slate-900`}>{row.productName}</td>
            <td className={cellClass}>
              <PaidButton itemName={row.productName} />
            </td>
            <td className={cellClass}>
              <DisabledCancelButton itemName={row.productName} />
            </td>
          </tr>
          <tr>
            <td colSpan={4} className="px-2 pb-4 sm:px-4">
              <ItemAccessControl name={row.productName} access={row.access} />
            </td>
          </tr>
        </Fragment>
      ))}
    </OrdersTableFrame>
  );
}
