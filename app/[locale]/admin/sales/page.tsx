import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { OrderLogTable, SalesByItemTable, SalesTotalsCards } from '@/components/admin/sales-overview';
import { PromoSalesTable } from '@/components/admin/promo-sales-table';
import { Pager } from '@/components/ui/pager';
import { parsePageNumber, queryPagePath } from '@/lib/pagination';
import { requireAdminPage } from '@/server/guards';
import { listAllOrders, paidAmountsOf, summarizeSales } from '@/server/orders';
import { summarizePromoSales } from '@/server/promo-codes';
import { countPendingRefundRequests } from '@/server/refund-requests';
import { BKASH_REFUND_WINDOW_DAYS, ordersPastProviderRefundWindow, summarizeRefunds } from '@/server/refunds';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('sales');
  return { title: t('metaTitle'), robots: { index: false } };
}

type Props = { searchParams: Promise<{ page?: string }> };

export default async function SalesPage({ searchParams }: Props) {
  const admin = await requireAdminPage('/admin/sales');
  const page = parsePageNumber((await searchParams).page) ?? 1;
  const [summary, orders, refunds, pendingRequests] = await Promise.all([
    summarizeSales(admin),
    listAllOrders(admin, page),
    summarizeRefunds(admin),
    countPendingRefundRequests(admin),
  ]);
  // What the page's orders were paid (their fulfilments), and which a provider no longer refunds: one read each.
  const [promoSales, paidAmounts, windowClosed] = await Promise.all([
    summarizePromoSales(admin),
    paidAmountsOf(orders.items),
    ordersPastProviderRefundWindow(admin, orders.items),
  ]);
  const t = await getTranslations('sales');
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
        {/* Each paid order has a Refund button (a client component). */}
        <WithClientMessages namespaces={['adminRefundActions', 'ui', 'errors']}>
          <OrderLogTable rows={rows} bkashRefundDays={BKASH_REFUND_WINDOW_DAYS} />
        </WithClientMessages>
        <Pager page={orders.page} pageCount={orders.pageCount} href={(target) => queryPagePath('/admin/sales', target)} />
      </section>
    </div>
  );
}
