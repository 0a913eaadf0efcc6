import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { formatMoney } from '@/lib/money';
import type { FormatLocale } from '@/lib/format';
import { routes } from '@/lib/routes';
import { orderItemNames } from '@/server/commerce/order-item-names';
import { findOwnOrder, paidAmountsOf } from '@/server/commerce/orders';
import type { User } from '@/server/accounts/users';

type Props = {
  buyer: Pick<User, 'id'> | null;
  /** The `welcome` query of the page a purchase led to (routes.afterPurchase); anything else shows nothing. */
  orderId: string | string[] | undefined;
  /** Where it is shown: a lesson (the course's first or next one) or My Collection. */
  shownAt: 'lesson' | 'collection';
};

/**
 * The confirmation at the top of the page a purchase leads to: what was bought, what it cost, the
 * transaction id and the receipt. Only for the visitor's own paid order: a made-up, someone else's
 * or unpaid order's id shows nothing.
 */
export async function PurchaseConfirmation({ buyer, orderId, shownAt }: Props) {
  if (!buyer || typeof orderId !== 'string') return null;
  const order = await findOwnOrder(buyer, orderId);
  if (!order?.paid) return null;
  const locale = (await getLocale()) as FormatLocale;
  const [t, names, amounts] = await Promise.all([getTranslations('purchase'), orderItemNames([order], locale), paidAmountsOf([order])]);
  const item = names.get(order.id) ?? order.productName;
  const paid = amounts.get(order.id);
  const free = !paid || paid.minor === 0;
  return (
    <section role="status" aria-labelledby="purchase-confirmation" className="mb-6 rounded-xl bg-green-50 px-4 py-3 text-slate-900 ring-1 ring-green-200">
      <h2 id="purchase-confirmation" className="text-lg font-bold text-green-900">
        {free ? t('freeTitle') : t('paidTitle', { amount: formatMoney(paid, locale) })}
      </h2>
      <p className="mt-1">{t(shownAt === 'lesson' ? 'startBelow' : 'findBelow', { item })}</p>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        {order.transactionId ? (
          <span className="break-all">{t.rich('transaction', { id: order.transactionId, mono: (chunks) => <span className="font-mono">{chunks}</span> })}</span>
        ) : null}
        <Link href={routes.payment(order.id)} className="font-semibold text-brand-700 underline">
          {t('receipt')}
        </Link>
      </p>
    </section>
  );
}
