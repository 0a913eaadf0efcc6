import { Link } from '@/i18n/navigation';
import { formatPrice } from '@/lib/format';
import type { RefundRequestStatus } from '@/lib/refunds';
import { RefundOrderButton } from './refund-order-button';
import { RefuseRefundButton } from './refuse-refund-button';

// The admin's refunds view (issue 21): buyers' requests by status, approved (which refunds) or
// refused with a reason, and the newest refunds however they were made.

export type RefundRequestCard = {
  id: string;
  email: string;
  productName: string;
  itemKind: 'course' | 'book';
  priceCents: number;
  paidAt: string;
  requestedAt: string;
  reason: string | null;
  status: RefundRequestStatus;
  decidedAt: string | null;
  decidedByEmail: string | null;
  refusalReason: string | null;
};

export type RefundRow = {
  orderId: string;
  email: string;
  productName: string;
  amountCents: number;
  how: string;
  createdAt: string;
  state: 'refunded' | 'in-progress' | 'failed';
  lastError: string | null;
};

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const date = (iso: string) => dateFormat.format(new Date(iso));

const TABS: { status: RefundRequestStatus; label: string }[] = [
  { status: 'pending', label: 'Waiting' },
  { status: 'refused', label: 'Refused' },
  { status: 'approved', label: 'Approved' },
];

export function RequestStatusTabs({ current }: { current: RefundRequestStatus }) {
  return (
    <nav aria-label="Refund requests by status" className="flex flex-wrap gap-2">
      {TABS.map((tab) => (
        <Link
          key={tab.status}
          href={tab.status === 'pending' ? '/admin/refunds' : `/admin/refunds?status=${tab.status}`}
          aria-current={tab.status === current ? 'page' : undefined}
          className={tab.status === current ? 'btn-primary px-3 py-1' : 'btn-outline px-3 py-1'}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

const EMPTY: Record<RefundRequestStatus, string> = {
  pending: 'No refund requests are waiting for an answer.',
  refused: 'No refund request has been refused.',
  approved: 'No refund request has been approved yet.',
};

export function RefundRequestList({ status, cards }: { status: RefundRequestStatus; cards: RefundRequestCard[] }) {
  if (cards.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">{EMPTY[status]}</p>;
  return (
    <ul aria-label="Refund requests" className="grid gap-4 lg:grid-cols-2">
      {cards.map((card) => (
        <li key={card.id} className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <div>
            <p className="font-semibold text-slate-900">
              {card.productName} <span className="font-normal capitalize text-slate-600">({card.itemKind})</span>
            </p>
            <p className="text-lg font-bold text-brand-900">{formatPrice(card.priceCents)}</p>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-slate-600">Buyer</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">{card.email}</dd>
            <dt className="font-semibold text-slate-600">Paid</dt>
            <dd className="text-slate-900">{date(card.paidAt)}</dd>
            <dt className="font-semibold text-slate-600">Asked</dt>
            <dd className="text-slate-900">{date(card.requestedAt)}</dd>
            {card.decidedAt ? (
              <>
                <dt className="font-semibold text-slate-600">{card.status === 'refused' ? 'Refused' : 'Refunded'}</dt>
                <dd className="[overflow-wrap:anywhere] text-slate-900">
                  {date(card.decidedAt)}
                  {card.decidedByEmail ? ` by ${card.decidedByEmail}` : ''}
                </dd>
              </>
            ) : null}
          </dl>
          <blockquote className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200">
            <span className="sr-only">The buyer&apos;s reason: </span>
            {card.reason ?? <span className="italic text-slate-600">No reason given.</span>}
          </blockquote>
          {card.refusalReason ? (
            <p className="text-sm text-red-800">
              <span className="font-semibold">Refused:</span> {card.refusalReason}
            </p>
          ) : null}
          {card.status === 'pending' ? (
            <div className="flex flex-wrap gap-3">
              <RefundOrderButton kind="approve" orderId={card.id} email={card.email} productName={card.productName} priceCents={card.priceCents} />
              <RefuseRefundButton requestId={card.id} email={card.email} productName={card.productName} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const STATE_LABELS: Record<RefundRow['state'], string> = { refunded: 'Refunded', 'in-progress': 'In progress', failed: 'Failed' };

function RefundState({ row }: { row: RefundRow }) {
  return (
    <>
      <span className={row.state === 'failed' ? 'font-semibold text-red-800' : row.state === 'refunded' ? 'font-semibold text-slate-900' : 'text-amber-900'}>
        {STATE_LABELS[row.state]}
      </span>
      {row.lastError ? <span className="block text-slate-700">{row.lastError}</span> : null}
    </>
  );
}

export function RecentRefundsTable({ rows }: { rows: RefundRow[] }) {
  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">No refunds yet.</p>;
  return (
    <>
      {/* Phones: one card per refund; six columns would squeeze the e-mails to a letter a line. */}
      <ol aria-label="The newest refunds" className="space-y-3 md:hidden">
        {rows.map((row) => (
          <li key={row.orderId} className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">
              {row.productName} · <span className="tabular-nums">{formatPrice(row.amountCents)}</span>
            </p>
            <p className="mt-1 [overflow-wrap:anywhere] text-slate-800">To {row.email}</p>
            <p className="mt-1 [overflow-wrap:anywhere] text-slate-700">
              {date(row.createdAt)} by {row.how}
            </p>
            <p className="mt-1">
              <RefundState row={row} />
            </p>
          </li>
        ))}
      </ol>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">The newest refunds</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-3 sm:px-4">Date</th>
              <th scope="col" className="px-3 py-3 sm:px-4">Buyer</th>
              <th scope="col" className="px-3 py-3 sm:px-4">Item</th>
              <th scope="col" className="px-3 py-3 text-right sm:px-4">Amount</th>
              <th scope="col" className="px-3 py-3 sm:px-4">By</th>
              <th scope="col" className="px-3 py-3 sm:px-4">State</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.orderId} className="border-t border-slate-100 align-top">
                <td className="whitespace-nowrap px-3 py-3 sm:px-4">{date(row.createdAt)}</td>
                <td className="break-all px-3 py-3 sm:px-4">{row.email}</td>
                <td className="px-3 py-3 sm:px-4">{row.productName}</td>
                <td className="px-3 py-3 text-right tabular-nums sm:px-4">{formatPrice(row.amountCents)}</td>
                <td className="break-all px-3 py-3 sm:px-4">{row.how}</td>
                <td className="px-3 py-3 sm:px-4">
                  <RefundState row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
