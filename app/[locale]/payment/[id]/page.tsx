import { loadPurchasableItem } from '@/server/purchasable-items';
import { inLocale } from '@/lib/bengali-content';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { notFound } from 'next/navigation';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { PaymentPanel } from '@/components/checkout/payment-panel';
import { getErrorText } from '@/i18n/server-error-text';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { formatPrice } from '@/lib/format';
import { formatMoney, inReadingOrder, itemPrices } from '@/lib/money';
import { defaultMethod } from '@/lib/payment-methods';
import { routes } from '@/lib/routes';
import { AttemptResult } from '@/components/checkout/attempt-result';
import { NO_LONGER_ON_SALE, ORDER_REFUNDED, reviewOrderPrice, settleStartedPayment } from '@/server/checkout';
import { attemptForOwner } from '@/server/payment-attempts';
import { acceptedPaymentOf } from '@/server/fulfilment';
import { ObjectId } from 'mongodb';
import { offeredMethods } from '@/server/payments/methods';
import { requireUserPage } from '@/server/guards';
import { promoOnPaymentPage } from '@/server/promo-codes';
import { PAYMENTS_NOT_CONFIGURED, checkoutMode } from '@/server/payments/mode';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('payment');
  return { title: t('metaTitle'), robots: { index: false } };
}

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ payment_intent?: string; attempt?: string; returned?: string }> };

const RETURNS = new Set(['success', 'failure', 'cancel']);

export default async function PaymentPage({ params, searchParams }: Props) {
  const { id } = await params;
  const user = await requireUserPage(`/payment/${id}`);
  // Stripe's return_url adds ?payment_intent=pi_…; anything else in that slot is ignored.
  const query = await searchParams;
  const returned = query.payment_intent;
  const returnedIntent = typeof returned === 'string' && /^pi_[A-Za-z0-9_]{1,250}$/.test(returned) ? returned : undefined;
  const order = await settleStartedPayment(user, id, returnedIntent);
  // Someone else's order is answered like an unknown one: its existence is not revealed.
  if (!order) notFound();
  const locale = await getLocale();
  const mode = checkoutMode();
  const publishableKey = mode.kind === 'stripe' ? mode.publishableKey : null;
  // The card form needs Stripe's publishable key (or the sandbox); bKash and SSLCommerz need their settings only.
  const methods = offeredMethods().filter((method) => method !== 'card' || mode.kind === 'sandbox' || publishableKey !== null);
  const canPay = methods.length > 0;
  // Back from bKash's or SSLCommerz's page: what became of that payment (only the buyer's own).
  const attempt = typeof query.attempt === 'string' ? await attemptForOwner(user, order.id, query.attempt) : null;
  const returnedAs = typeof query.returned === 'string' && RETURNS.has(query.returned) ? (query.returned as 'success' | 'failure' | 'cancel') : null;
  // The price is the catalogue's now, not the one the order was made at (the payment charges it too).
  const price = order.paid || order.refundedAt ? null : await reviewOrderPrice(order);
  const priceCents = price?.onSale ? price.priceCents : order.priceCents;
  // A paid order shows what its payment charged, in that payment's currency; an unpaid one what each method would.
  const accepted = order.paid ? await acceptedPaymentOf(new ObjectId(order.id)) : null;
  const shownPrices = accepted ? [accepted.paid] : inReadingOrder(itemPrices(priceCents, price?.onSale ? price.pricePaisa : null), locale);
  // A promo code the buyer applied before a reload shows at once; the panel then asks the server again.
  const promo = price?.onSale ? await promoOnPaymentPage(order, price.priceCents, price.pricePaisa) : null;
  const t = await getTranslations('payment');
  // The refusals below are the API's English messages, shown in the page's language.
  const errorText = await getErrorText();
  // The order keeps the name it was bought under; the Bengali site shows the item's Bengali one.
  const item = await loadPurchasableItem(order.itemId, order.itemKind);
  const productName = inLocale(order.productName, item?.bn?.title, locale);

  return (
    <div className="container-page py-10">
      <h1 className="mb-6 text-3xl font-bold text-brand-900">{t('title')}</h1>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="payment-item" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <OptimizedImage
            src={order.img}
            alt={productName}
            width={640}
            height={400}
            sizes="(min-width: 1024px) 40vw, 100vw"
            className="aspect-[16/10] h-auto w-full rounded-lg object-cover"
            priority
          />
          <h2 id="payment-item" className="mt-4 text-xl font-bold text-slate-900">
            {productName}
          </h2>
          <p className="mt-1 text-lg text-slate-800">
            {t.rich('price', {
              price: shownPrices.map((amount) => formatMoney(amount, locale)).join(' · '),
              strong: (chunks) => <span className="font-semibold">{chunks}</span>,
            })}
          </p>
          {price?.onSale && price.previousPriceCents !== null ? (
            <p role="status" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-amber-950 ring-1 ring-amber-300">
              {t('priceChanged', { previous: formatPrice(price.previousPriceCents, locale), current: formatPrice(price.priceCents, locale) })}
            </p>
          ) : null}
        </section>
        <section aria-labelledby="payment-card" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="payment-card" className="mb-4 text-xl font-bold text-slate-900">
            {t('checkout')}
          </h2>
          {attempt ? <AttemptResult attempt={attempt} returned={returnedAs} orderPaid={order.paid} /> : null}
          {order.refundedAt ? (
            <p role="alert" className="font-medium text-slate-800">
              {errorText(ORDER_REFUNDED)}
            </p>
          ) : order.paid ? (
            <div className="flex flex-col gap-3">
              <p className="font-semibold text-green-800">{t('paid')}</p>
              <p className="break-all text-slate-800">
                {t.rich('transactionId', { id: order.transactionId ?? '', mono: (chunks) => <span className="font-mono font-semibold">{chunks}</span> })}
              </p>
              <div className="flex flex-wrap gap-3">
                {/* Straight into the course (where the learner left off); a book is on its shelf in My Collection. */}
                {order.itemKind === 'course' ? (
                  <Link href={routes.learn(order.itemId)} className="btn-primary">
                    {t('startLearning')}
                  </Link>
                ) : null}
                <Link href="/myCollection" className={order.itemKind === 'course' ? 'btn-outline' : 'btn-primary'}>
                  {t('goToCollection')}
                </Link>
              </div>
            </div>
          ) : !canPay ? (
            <p role="alert" className="font-medium text-red-700">
              {errorText(PAYMENTS_NOT_CONFIGURED)}
            </p>
          ) : !price?.onSale ? (
            <p role="alert" className="font-medium text-red-700">
              {errorText(NO_LONGER_ON_SALE)}
            </p>
          ) : (
            <WithClientMessages namespaces={['payment', 'promoCode', 'errors']}>
              <PaymentPanel
                orderId={order.id}
                priceCents={price.priceCents}
                pricePaisa={price.pricePaisa}
                promo={promo}
                stripePublishableKey={publishableKey}
                methods={methods}
                initialMethod={defaultMethod(methods, locale) ?? 'card'}
              />
            </WithClientMessages>
          )}
        </section>
      </div>
    </div>
  );
}
