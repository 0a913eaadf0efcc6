import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { RecentRefundsTable, RefundRequestList, RequestStatusTabs } from '@/components/admin/refunds-overview';
import { Pager } from '@/components/ui/pager';
import { formatNumber } from '@/lib/format';
import { parsePageNumber } from '@/lib/pagination';
import type { RefundRequestStatus } from '@/lib/refunds';
import { requirePermissionPage } from '@/server/accounts/guards';
import { listRefundRequests } from '@/server/commerce/refund-requests';
import { BKASH_REFUND_WINDOW_DAYS, listRecentRefunds } from '@/server/commerce/refunds';
import type { RefundRecord } from '@/server/commerce/refunds';

/** Counts and serial numbers as the screen always wrote them, without grouping (1234). */
const UNGROUPED = { useGrouping: false } as const;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('adminRefunds');
  return { title: t('metaTitle'), robots: { index: false } };
}

type Props = { searchParams: Promise<{ status?: string; page?: string }> };

const STATUSES: readonly RefundRequestStatus[] = ['pending', 'refused', 'approved'];

type RefundsTranslator = Awaited<ReturnType<typeof getTranslations<'adminRefunds'>>>;

function howOf(record: RefundRecord, t: RefundsTranslator): string {
  if (record.source === 'provider') return t('stripeDashboard');
  const who = record.actorEmail ?? t('anAdmin');
  return record.source === 'request' ? t('onRequest', { who }) : who;
}

export default async function RefundsPage({ searchParams }: Props) {
  const admin = await requirePermissionPage('refundOrders', '/admin/refunds');
  const query = await searchParams;
  const status = STATUSES.find((candidate) => candidate === (query.status ?? 'pending'));
  const page = parsePageNumber(query.page);
  if (!status || page === null) notFound();
  const [requests, refunds] = await Promise.all([listRefundRequests(admin, status, page), listRecentRefunds(admin)]);
  const t = await getTranslations('adminRefunds');
  const locale = await getLocale();
  const base = status === 'pending' ? '/admin/refunds' : `/admin/refunds?status=${status}`;

  return (
    <div className="container-page flex flex-col gap-8 py-10">
      <div>
        <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
        <p className="mt-1 text-slate-700">{t('intro')}</p>
      </div>
      <section aria-labelledby="refund-requests" className="flex flex-col gap-4">
        <h2 id="refund-requests" className="text-xl font-bold text-slate-900">
          {t('requests')} <span className="font-normal text-slate-600">({formatNumber(requests.total, locale, UNGROUPED)})</span>
        </h2>
        <RequestStatusTabs current={status} />
        {/* Pending requests have Approve and Refuse buttons (client components). */}
        <WithClientMessages namespaces={['adminRefundActions', 'ui', 'errors']}>
          <RefundRequestList
            status={status}
            bkashRefundDays={BKASH_REFUND_WINDOW_DAYS}
            cards={requests.items.map((request) => ({
              id: request.id,
              email: request.email,
              productName: request.productName,
              itemKind: request.itemKind,
              paid: request.paid,
              providerWindowClosed: request.providerWindowClosed,
              paidAt: request.paidAt,
              requestedAt: request.requestedAt,
              reason: request.reason,
              status: request.status,
              decidedAt: request.decidedAt,
              decidedByEmail: request.decidedByEmail,
              refusalReason: request.refusalReason,
              usage: request.usage,
            }))}
          />
        </WithClientMessages>
        <Pager page={requests.page} pageCount={requests.pageCount} href={(target) => (target <= 1 ? base : `${base}${base.includes('?') ? '&' : '?'}page=${target}`)} />
      </section>
      <section aria-labelledby="recent-refunds" className="flex flex-col gap-3">
        <h2 id="recent-refunds" className="text-xl font-bold text-slate-900">{t('newest')}</h2>
        <p className="text-slate-700">{t('newestIntro')}</p>
        <RecentRefundsTable
          rows={refunds.map((refund) => ({
            orderId: refund.orderId,
            email: refund.email,
            productName: refund.productName,
            amount: { currency: refund.currency, minor: refund.amountCents },
            how: howOf(refund, t),
            createdAt: refund.createdAt,
            state: refund.state,
            lastError: refund.lastError,
          }))}
        />
      </section>
    </div>
  );
}
