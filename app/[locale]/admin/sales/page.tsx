import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { OrderLogTable, SalesByItemTable, SalesTotalsCards } from '@/components/admin/sales-overview';
import { PromoSalesTable } from '@/components/admin/promo-sales-table';
import { Pager } from '@/components/ui/pager';
import { parsePageNumber } from '@/lib/pagination';
import { NO_SALES_FILTER, isFiltered, salesFilterSchema, salesPagePath } from '@/lib/schemas/sales';
import type { SalesFilter } from '@/lib/schemas/sales';
import { SalesFilterForm } from '@/components/admin/sales-filter-form';
import { getErrorText } from '@/i18n/server-error-text';
import { requirePermissionPage } from '@/server/accounts/guards';
import { listAllOrders, paidAmountsOf, summarizeSales } from '@/server/commerce/orders';
import { summarizePromoSales } from '@/server/commerce/promo-codes';
import { countPendingRefundRequests } from '@/server/commerce/refund-requests';
import { BKASH_REFUND_WINDOW_DAYS, ordersPastProviderRefundWindow, summarizeRefunds } from '@/server/commerce/refunds';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('sales');
  return { title: t('metaTitle'), robots: { index: false } };
}

type Query = { page?: string; buyer?: string; item?: string; state?: string; from?: string; to?: string };
type Props = { searchParams: Promise<Query> };

/** The filter the address asks for, or none with the messages of what to fix. */
function filterFrom(query: Query): { filter: SalesFilter; errors: string[] } {
  const parsed = salesFilterSchema.safeParse(query);
  if (parsed.success) return { filter: parsed.data, errors: [] };
  return { filter: NO_SALES_FILTER, errors: [...new Set(parsed.error.issues.map((issue) => issue.message))] };
}

export default async function SalesPage({ searchParams }: Props) {
  const admin = await requirePermissionPage('viewBusinessRecords', '/admin/sales');
  const query = await searchParams;
  const page = parsePageNumber(query.page) ?? 1;
  const { filter, errors } = filterFrom(query);
  const filtered = isFiltered(filter);
  const [summary, orders, refunds, pendingRequests] = await Promise.all([
    summarizeSales(admin),
    listAllOrders(admin, page, filter),
    summarizeRefunds(admin),
    countPendingRefundRequests(admin),
  ]);
  // What the page's orders were paid (their fulfilments), and which a provider no longer refunds: one read each.
  const [promoSales, paidAmounts, windowClosed] = await Promise.all([
    summarizePromoSales(admin),
    paidAmountsOf(orders.items),
    ordersPastProviderRefundWindow(admin, orders.items),
  ]);
  const [t, errorText] = await Promise.all([getTranslations('sales'), getErrorText()]);
  const rows = orders.items.map((order, index) => ({
    id: order.id,
    serial: (orders.page - 1) * orders.pageSize + index + 1,
    email: order.email,
    productName: order.productName,
    paidAmount: paidAmounts.get(order.id) ?? null,
    priceCents: order.priceCents,
    pricePaisa: order.pricePaisa,
    paid: order.paid,
    refunded: order.refundedAt !== null,
    refundWindowClosed: windowClosed.has(order.id),
    createdAt: order.createdAt,
  }));
  return (
    <div className="container-page flex flex-col gap-8 py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
      <SalesTotalsCards totals={{ ...summary, ...refunds }} />
      {pendingRequests > 0 ? (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-amber-950 ring-1 ring-amber-300">
          {t('pendingRequests', { count: pendingRequests })}{' '}
          <Link href="/admin/refunds" className="font-semibold underline underline-offset-2">
            {t('answerRequests')}
          </Link>
        </p>
      ) : null}
      <section aria-labelledby="sales-by-item" className="flex flex-col gap-3">
        <h2 id="sales-by-item" className="text-xl font-bold text-slate-900">{t('salesByItem')}</h2>
        <SalesByItemTable rows={summary.byItem} />
      </section>
      <section aria-labelledby="sales-by-promo-code" className="flex flex-col gap-3">
        <h2 id="sales-by-promo-code" className="text-xl font-bold text-slate-900">{t('discountsByPromoCode')}</h2>
        <PromoSalesTable rows={promoSales} />
      </section>
      <section aria-labelledby="all-orders" className="flex flex-col gap-3">
        <h2 id="all-orders" className="text-xl font-bold text-slate-900">{t('allOrders')}</h2>
        {/* Keyed by the filter: following a link to another filter starts the form afresh with its values. */}
        <SalesFilterForm key={salesPagePath(filter, 1)} values={query} items={summary.byItem} errors={errors.map(errorText)} filtered={filtered} />
        {filtered ? (
          <p role="status" className="text-sm font-medium text-slate-700">
            {t('matchingOrders', { count: orders.total })}
          </p>
        ) : null}
        {/* Each paid order has a Refund button (a client component). */}
        <WithClientMessages namespaces={['adminRefundActions', 'ui', 'errors']}>
          <OrderLogTable rows={rows} bkashRefundDays={BKASH_REFUND_WINDOW_DAYS} filtered={filtered} />
        </WithClientMessages>
        <Pager page={orders.page} pageCount={orders.pageCount} href={(target) => salesPagePath(filter, target)} />
      </section>
    </div>
  );
}
