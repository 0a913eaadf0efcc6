import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RecentRefundsTable, RefundRequestList, RequestStatusTabs } from '@/components/admin/refunds-overview';
import { Pager } from '@/components/ui/pager';
import { parsePageNumber } from '@/lib/pagination';
import type { RefundRequestStatus } from '@/lib/refunds';
import { requireAdminPage } from '@/server/guards';
import { listRefundRequests } from '@/server/refund-requests';
import { listRecentRefunds } from '@/server/refunds';
import type { RefundRecord } from '@/server/refunds';

export const metadata: Metadata = { title: 'Refunds', robots: { index: false } };

type Props = { searchParams: Promise<{ status?: string; page?: string }> };

const STATUSES: readonly RefundRequestStatus[] = ['pending', 'refused', 'approved'];

function howOf(record: RefundRecord): string {
  if (record.source === 'provider') return 'Stripe dashboard';
  const who = record.actorEmail ?? 'An admin';
  return record.source === 'request' ? `${who} (on request)` : who;
}

export default async function RefundsPage({ searchParams }: Props) {
  const admin = await requireAdminPage('/admin/refunds');
  const query = await searchParams;
  const status = STATUSES.find((candidate) => candidate === (query.status ?? 'pending'));
  const page = parsePageNumber(query.page);
  if (!status || page === null) notFound();
  const [requests, refunds] = await Promise.all([listRefundRequests(admin, status, page), listRecentRefunds(admin)]);
  const base = status === 'pending' ? '/admin/refunds' : `/admin/refunds?status=${status}`;

  return (
    <div className="container-page flex flex-col gap-8 py-10">
      <div>
        <h1 className="text-3xl font-bold text-brand-900">Refunds</h1>
        <p className="mt-1 text-slate-700">
          Buyers may ask within 30 days of paying, before completing a third of a course or downloading a book. Approving refunds the whole price
          and ends their access; refusing shows them your reason.
        </p>
      </div>
      <section aria-labelledby="refund-requests" className="flex flex-col gap-4">
        <h2 id="refund-requests" className="text-xl font-bold text-slate-900">
          Refund requests <span className="font-normal text-slate-600">({requests.total})</span>
        </h2>
        <RequestStatusTabs current={status} />
        <RefundRequestList
          status={status}
          cards={requests.items.map((request) => ({
            id: request.id,
            email: request.email,
            productName: request.productName,
            itemKind: request.itemKind,
            priceCents: request.priceCents,
            paidAt: request.paidAt,
            requestedAt: request.requestedAt,
            reason: request.reason,
            status: request.status,
            decidedAt: request.decidedAt,
            decidedByEmail: request.decidedByEmail,
            refusalReason: request.refusalReason,
          }))}
        />
        <Pager page={requests.page} pageCount={requests.pageCount} href={(target) => (target <= 1 ? base : `${base}${base.includes('?') ? '&' : '?'}page=${target}`)} />
      </section>
      <section aria-labelledby="recent-refunds" className="flex flex-col gap-3">
        <h2 id="recent-refunds" className="text-xl font-bold text-slate-900">Newest refunds</h2>
        <p className="text-slate-700">Every refund, from the sales view, an approved request or Stripe&apos;s dashboard. Refund a paid order from the sales view.</p>
        <RecentRefundsTable
          rows={refunds.map((refund) => ({
            orderId: refund.orderId,
            email: refund.email,
            productName: refund.productName,
            amountCents: refund.amountCents,
            how: howOf(refund),
            createdAt: refund.createdAt,
            state: refund.state,
            lastError: refund.lastError,
          }))}
        />
      </section>
    </div>
  );
}
