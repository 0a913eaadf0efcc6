import { loadPurchasableItem } from '@/server/commerce/purchasable-items';
import { translated } from '@/lib/translated-content';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { notFound } from 'next/navigation';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { PaymentPanel } from '@/components/checkout/payment-panel';
import { getErrorText } from '@/i18n/server-error-text';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { formatDate, formatPrice } from '@/lib/format';
import { formatMoney, inReadingOrder, itemPrices } from '@/lib/money';
import { defaultMethod } from '@/lib/payment-methods';
import { routes } from '@/lib/routes';
import { redirectInLocale } from '@/i18n/server-redirect';
import { AttemptResult } from '@/components/checkout/attempt-result';
import { NO_LONGER_ON_SALE, ORDER_REFUNDED, reviewOrderPrice, settleStartedPayment } from '@/server/commerce/checkout';
import { attemptForOwner } from '@/server/commerce/payment-attempts';
import { acceptedPaymentOf } from '@/server/commerce/fulfilment';
import { ObjectId } from 'mongodb';
import { offeredMethods } from '@/server/commerce/payments/methods';
import { requireUserPage } from '@/server/accounts/guards';
import { promoOnPaymentPage } from '@/server/commerce/promo-codes';
import { PAYMENTS_NOT_CONFIGURED, checkoutMode } from '@/server/commerce/payments/mode';

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
  // Back from a payment that went through: straight into what was bought, which confirms it.
  const destination = routes.afterPurchase(order);
  if (order.paid && (attempt?.status === 'paid' || returnedIntent)) return redirectInLocale(destination);
  // The price is the catalogue's now, not the one the order was made at (the payment charges it too).
  const price = order.paid || order.refundedAt ? null : await reviewOrderPrice(order);
  const priceCents = price?.onSale ? price.priceCents : order.priceCents;
  // A paid order shows what its payment charged, in that payment's currency; an unpaid one what each method would.
  const accepted = order.paid ? await acceptedPaymentOf(new ObjectId(order.id)) : null;
  // A promo code the buyer applied shows at once (the panel refreshes the page when it changes).
  const promo = price?.onSale ? await promoOnPaymentPage(order, price.priceCents, price.pricePaisa) : null;
  const listPricePaisa = price?.onSale ? price.pricePaisa : null;
  // The order says the charge of its last payment start: the list price, or with a promo code the
  // price after it. Only a figure that is neither is a change of price since it was ordered.
  const priceChangedFrom = price?.onSale && price.previousPriceCents !== null && price.previousPriceCents !== priceCents - (promo?.discountCents ?? 0) ? price.previousPriceCents : null;
  const listPrices = inReadingOrder(itemPrices(priceCents, listPricePaisa), locale);
  const shownPrices = accepted
    ? [accepted.paid]
    : promo
      ? inReadingOrder(itemPrices(priceCents - promo.discountCents, listPricePaisa === null ? null : listPricePaisa - (promo.discountPaisa ?? 0)), locale)
      : listPrices;
  const t = await getTranslations('payment');
  // The refusals below are the API's English messages, shown in the page's language.
  const errorText = await getErrorText();
  // The order keeps the name it was bought under; another language's site shows the item's name in it.
  const item = await loadPurchasableItem(order.itemId, order.itemKind);
  const productName = translated(order.productName, item?.translations, 'title', locale);

  const formatList = (amounts: typeof shownPrices) => amounts.map((amount) => formatMoney(amount, locale)).join(' · ');
  const receipt = order.paid || order.refundedAt !== null;

  return (
    <div className="container-page py-6 sm:py-10">
      <h1 className="mb-4 text-2xl font-bold text-brand-900 sm:mb-6 sm:text-3xl">{receipt ? t('receiptTitle') : t('title')}</h1>
      <div className="grid gap-4 sm:gap-8 lg:grid-cols-2">
        {/* On a phone the cover is a thumbnail beside the name, so the payment form is in view at once. */}
        <section aria-labelledby="payment-item" className="flex items-start gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 lg:block">
          <OptimizedImage
            src={order.img}
            alt={productName}
            width={640}
            height={400}
            sizes="(min-width: 1024px) 40vw, 96px"
            className="aspect-[16/10] h-auto w-24 shrink-0 rounded-md object-cover sm:w-40 lg:w-full lg:rounded-lg"
            priority
          />
          <div className="min-w-0 lg:mt-4">
            <h2 id="payment-item" className="text-lg font-bold text-slate-900 sm:text-xl">
              {productName}
            </h2>
            <p className="mt-1 text-slate-800 sm:text-lg">
              {t.rich(accepted ? 'amountPaid' : 'price', {
                amount: formatList(shownPrices),
                price: formatList(shownPrices),
                strong: (chunks) => <span className="font-semibold">{chunks}</span>,
              })}
              {promo && !accepted ? (
                <>
                  {' '}
                  <s className="text-slate-500">{formatList(listPrices)}</s>
                </>
              ) : null}
            </p>
            {receipt && order.paidAt ? <p className="mt-1 text-sm text-slate-700">{t('paidOn', { date: formatDate(order.paidAt, 'long', locale) })}</p> : null}
            {priceChangedFrom !== null ? (
              <p role="status" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-amber-950 ring-1 ring-amber-300">
                {t('priceChanged', { previous: formatPrice(priceChangedFrom, locale), current: formatPrice(priceCents, locale) })}
              </p>
            ) : null}
          </div>
        </section>
        <section aria-labelledby="payment-card" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
          <h2 id="payment-card" className="mb-4 text-xl font-bold text-slate-900">
            {receipt ? t('title') : t('checkout')}
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
                item={{ id: order.itemId, kind: order.itemKind }}
              />
            </WithClientMessages>
          )}
        </section>
      </div>
    </div>
  );
}
