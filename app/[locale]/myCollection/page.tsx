import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { CollectionCards } from '@/components/checkout/collection-cards';
import { PurchaseConfirmation } from '@/components/checkout/purchase-confirmation';
import { NoOrders } from '@/components/checkout/no-orders';
import { Pager } from '@/components/ui/pager';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { parsePageNumber, queryPagePath } from '@/lib/pagination';
import { listCollection } from '@/server/commerce/collection';
import { requireUserPage } from '@/server/accounts/guards';
import { orderItemNames } from '@/server/commerce/order-item-names';
import { paidAmountsOf } from '@/server/commerce/orders';
import { refundOptionsFor } from '@/server/commerce/refund-requests';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('collection');
  return { title: t('metaTitle'), robots: { index: false } };
}

type Props = { searchParams: Promise<{ page?: string; welcome?: string | string[] }> };

export default async function MyCollectionPage({ searchParams }: Props) {
  const user = await requireUserPage('/myCollection');
  const query = await searchParams;
  const page = parsePageNumber(query.page) ?? 1;
  const locale = await getLocale();
  const collection = await listCollection(user, page, locale);
  const ordered = collection.items.map(({ order }) => order);
  const [refunds, names, paidAmounts] = await Promise.all([refundOptionsFor(user, ordered), orderItemNames(ordered, locale), paidAmountsOf(ordered)]);
  const entries = collection.items.map(({ order, cover, access }) => ({
    id: order.id,
    itemId: order.itemId,
    productName: names.get(order.id) ?? order.productName,
    itemKind: order.itemKind,
    cover,
    access,
    refund: refunds[order.id] ?? null,
    free: paidAmounts.get(order.id)?.minor === 0,
  }));
  const t = await getTranslations('collection');
  return (
    <div className="container-page py-10">
      <h1 className="mb-2 text-3xl font-bold text-brand-900">{t('title')}</h1>
      <p className="mb-6 text-slate-700">{t('intro')}</p>
      <PurchaseConfirmation buyer={user} orderId={query.welcome} shownAt="collection" />
      {collection.total === 0 ? (
        <NoOrders message={t('empty')} />
      ) : (
        // The cards render on the server; only their refund lines and dialog and what is saved on the device (client components) need messages in the browser.
        <WithClientMessages namespaces={['refunds', 'saved', 'ui', 'errors']}>
          <CollectionCards entries={entries} />
        </WithClientMessages>
      )}
      <Pager page={collection.page} pageCount={collection.pageCount} href={(target) => queryPagePath('/myCollection', target)} />
    </div>
  );
}
