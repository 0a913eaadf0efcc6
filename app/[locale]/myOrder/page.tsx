import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { NoOrders } from '@/components/checkout/no-orders';
import { OrdersTable } from '@/components/checkout/orders-table';
import { Pager } from '@/components/ui/pager';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { parsePageNumber, queryPagePath } from '@/lib/pagination';
import { requireUserPage } from '@/server/accounts/guards';
import { listOrders, paidAmountsOf } from '@/server/commerce/orders';
import { orderItemNames } from '@/server/commerce/order-item-names';
import { refundOptionsFor } from '@/server/commerce/refund-requests';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders');
  return { title: t('metaTitle'), robots: { index: false } };
}

type Props = { searchParams: Promise<{ page?: string }> };

export default async function MyOrderPage({ searchParams }: Props) {
  const user = await requireUserPage('/myOrder');
  const page = parsePageNumber((await searchParams).page) ?? 1;
  const orders = await listOrders(user, 'all', page);
  const [refunds, names, paidAmounts] = await Promise.all([refundOptionsFor(user, orders.items), orderItemNames(orders.items, await getLocale()), paidAmountsOf(orders.items)]);
  const rows = orders.items.map((order, index) => ({
    id: order.id,
    serial: (orders.page - 1) * orders.pageSize + index + 1,
    productName: names.get(order.id) ?? order.productName,
    itemKind: order.itemKind,
    // A paid order shows what it was paid, in its currency; an unpaid one its prices.
    paidAmount: paidAmounts.get(order.id) ?? null,
    priceCents: order.priceCents,
    pricePaisa: order.pricePaisa,
    paid: order.paid,
    refunded: order.refundedAt !== null,
    refund: refunds[order.id] ?? null,
    createdAt: order.createdAt,
  }));
  const t = await getTranslations('orders');
  return (
    <div className="container-page py-10">
      <h1 className="mb-6 text-3xl font-bold text-brand-900">{t('title')}</h1>
      {orders.total === 0 ? (
        <NoOrders message={t('empty')} />
      ) : (
        <WithClientMessages namespaces={['orders', 'refunds', 'ui', 'errors']}>
          <OrdersTable rows={rows} />
        </WithClientMessages>
      )}
      <Pager page={orders.page} pageCount={orders.pageCount} href={(target) => queryPagePath('/myOrder', target)} />
    </div>
  );
}
