import type { Metadata } from 'next';
import { Link } from '@/i18n/navigation';
import { notFound } from 'next/navigation';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { PaymentPanel } from '@/components/checkout/payment-panel';
import { formatPrice } from '@/lib/format';
import { NO_LONGER_ON_SALE, ORDER_REFUNDED, reviewOrderPrice, settleStartedPayment } from '@/server/checkout';
import { requireUserPage } from '@/server/guards';
import { promoOnPaymentPage } from '@/server/promo-codes';
import { PAYMENTS_NOT_CONFIGURED, checkoutMode } from '@/server/payments/mode';

export const metadata: Metadata = { title: 'Payment', robots: { index: false } };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ payment_intent?: string }> };

export default async function PaymentPage({ params, searchParams }: Props) {
  const { id } = await params;
  const user = await requireUserPage(`/payment/${id}`);
  // Stripe's return_url adds ?payment_intent=pi_…; anything else in that slot is ignored.
  const returned = (await searchParams).payment_intent;
  const returnedIntent = typeof returned === 'string' && /^pi_[A-Za-z0-9_]{1,250}$/.test(returned) ? returned : undefined;
  const order = await settleStartedPayment(user, id, returnedIntent);
  // Someone else's order is answered like an unknown one: its existence is not revealed.
  if (!order) notFound();
  const mode = checkoutMode();
  const publishableKey = mode.kind === 'stripe' ? mode.publishableKey : null;
  const canPay = mode.kind === 'sandbox' || publishableKey !== null;
  // The price is the catalogue's now, not the one the order was made at (the payment charges it too).
  const price = order.paid || order.refundedAt ? null : await reviewOrderPrice(order);
  const priceCents = price?.onSale ? price.priceCents : order.priceCents;
  // A promo code the buyer applied before a reload shows at once; the panel then asks the server again.
  const promo = price?.onSale ? await promoOnPaymentPage(order, price.priceCents) : null;

  return (
    <div className="container-page py-10">
      <h1 className="mb-6 text-3xl font-bold text-brand-900">Payment</h1>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="payment-item" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <OptimizedImage
            src={order.img}
            alt={order.productName}
            width={640}
            height={400}
            sizes="(min-width: 1024px) 40vw, 100vw"
            className="aspect-[16/10] h-auto w-full rounded-lg object-cover"
            priority
          />
          <h2 id="payment-item" className="mt-4 text-xl font-bold text-slate-900">
            {order.productName}
          </h2>
          <p className="mt-1 text-lg text-slate-800">
            Price: <span className="font-semibold">{formatPrice(priceCents)}</span>
          </p>
          {price?.onSale && price.previousPriceCents !== null ? (
            <p role="status" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-amber-950 ring-1 ring-amber-300">
              The price changed from {formatPrice(price.previousPriceCents)} to {formatPrice(price.priceCents)} since you ordered. You will pay the
              new price.
            </p>
          ) : null}
        </section>
        <section aria-labelledby="payment-card" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="payment-card" className="mb-4 text-xl font-bold text-slate-900">
            Checkout
          </h2>
          {order.refundedAt ? (
            <p role="alert" className="font-medium text-slate-800">
              {ORDER_REFUNDED}
            </p>
          ) : order.paid ? (
            <div className="flex flex-col gap-3">
              <p className="font-semibold text-green-800">This order is paid.</p>
              <p className="break-all text-slate-800">
                Your transaction id: <span className="font-mono font-semibold">{order.transactionId}</span>
              </p>
              <Link href="/myCollection" className="btn-primary self-start">
                Go to My Collection
              </Link>
            </div>
          ) : !canPay ? (
            <p role="alert" className="font-medium text-red-700">
              {PAYMENTS_NOT_CONFIGURED}
            </p>
          ) : !price?.onSale ? (
            <p role="alert" className="font-medium text-red-700">
              {NO_LONGER_ON_SALE}
            </p>
          ) : (
            <PaymentPanel orderId={order.id} priceCents={price.priceCents} promo={promo} stripePublishableKey={publishableKey} />
          )}
        </section>
      </div>
    </div>
  );
}
