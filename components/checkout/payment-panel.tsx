'use client';

import dynamic from 'next/dynamic';
import { Link } from '@/i18n/navigation';
import { useCallback, useEffect, useState } from 'react';
import { SuccessPopup } from '@/components/ui/success-popup';
import { formatPrice } from '@/lib/format';
import { readCheckoutAnswer, refusalMessage } from './checkout-answer';
import type { CheckoutAnswer, CheckoutPromo } from './checkout-answer';
import { OrderSummary } from './order-summary';
import { PromoCodeForm } from './promo-code-form';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe Elements are only downloaded when Stripe is the gateway.
const StripeCardForm = dynamic(() => import('./stripe-card-form').then((module) => module.StripeCardForm), { ssr: false });

/**
 * `priceCents`: the catalogue price the page showed; `promo`: the code the order held when the
 * page was rendered. The intent is made at the price the server computes at that moment.
 */
type Props = { orderId: string; priceCents: number; promo: CheckoutPromo | null; stripePublishableKey: string | null };

type PromoMessage = { tone: 'success' | 'notice'; text: string };

type Completed = { transactionId: string; free: boolean };

/**
 * Spec §4 Payment: get the intent's client secret (Confirm Payment stays disabled until then),
 * confirm the card, then have the server verify the payment with the provider and fulfil. A promo
 * code is applied or removed on the server, which answers the discount, the new total and the
 * same intent at the new amount; a code that covers the whole price completes the order without a card.
 */
export function PaymentPanel({ orderId, priceCents, promo: initialPromo, stripePublishableKey }: Props) {
  const [checkout, setCheckout] = useState<CheckoutAnswer | null>(null);
  const [changedPriceCents, setChangedPriceCents] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [promoError, setPromoError] = useState('');
  const [promoMessage, setPromoMessage] = useState<PromoMessage | null>(null);
  const [promoBusy, setPromoBusy] = useState(false);
  const [freeBusy, setFreeBusy] = useState(false);
  const [completed, setCompleted] = useState<Completed | null>(null);
  const [popupOpen, setPopupOpen] = useState(false);
  const closePopup = useCallback(() => setPopupOpen(false), []);

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/create-payment-intent', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ orderId }),
      signal: controller.signal,
    })
      .then(async (response) => {
        const body: unknown = await response.json().catch(() => ({}));
        const answer = response.ok ? readCheckoutAnswer(body) : null;
        if (!answer) {
          setError(refusalMessage(body, 'The payment could not be started. Please reload the page.'));
          return;
        }
        // The price changed between the page and the intent: the buyer sees the new one before paying.
        if (answer.listPriceCents !== priceCents) setChangedPriceCents(answer.listPriceCents);
        // A code applied earlier that no longer applies: the buyer is told why the total went up.
        if (answer.promoNotice) setPromoMessage({ tone: 'notice', text: answer.promoNotice });
        setCheckout(answer);
      })
      .catch(() => {
        if (!controller.signal.aborted) setError('Network error. Check your connection and reload the page.');
      });
    return () => controller.abort();
  }, [orderId, priceCents]);

  const changePromo = useCallback(
    async (code: string | null) => {
      setPromoBusy(true);
      setPromoError('');
      setPromoMessage(null);
      setError('');
      try {
        const response = await fetch(`/api/order/${orderId}/promo`, {
          method: code === null ? 'DELETE' : 'POST',
          headers: { 'Content-Type': 'application/json' },
          ...(code === null ? {} : { body: JSON.stringify({ code }) }),
        });
        const body: unknown = await response.json().catch(() => ({}));
        const answer = response.ok ? readCheckoutAnswer(body) : null;
        if (!answer) {
          setPromoError(refusalMessage(body, 'The promo code could not be applied. Please try again.'));
          return;
        }
        setCheckout(answer);
        setPromoMessage(
          answer.promo
            ? { tone: 'success', text: `Promo code ${answer.promo.code} applied: you save ${formatPrice(answer.promo.discountCents)}. New total: ${formatPrice(answer.priceCents)}.` }
            : { tone: 'success', text: `Promo code removed. Total: ${formatPrice(answer.priceCents)}.` },
        );
      } catch {
        setPromoError('Network error. Check your connection and try again.');
      } finally {
        setPromoBusy(false);
      }
    },
    [orderId],
  );

  /** The provider says the card was charged; the server checks that with the provider before anything is marked paid. */
  const recordPayment = useCallback(
    async (paymentIntentId: string) => {
      setError('');
      try {
        const response = await fetch(`/api/enrollCourse/${orderId}`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ transactionId: paymentIntentId }),
        });
        if (!response.ok) {
          setError(refusalMessage(await response.json().catch(() => ({})), 'The payment could not be verified.'));
          return;
        }
        setCompleted({ transactionId: paymentIntentId, free: false });
        setPopupOpen(true);
      } catch {
        setError('Network error. Your payment may have gone through: check My Order before paying again.');
      }
    },
    [orderId],
  );

  /** A code took the whole price: the server checks that again and completes the order without a card. */
  const completeFree = useCallback(async () => {
    setError('');
    setFreeBusy(true);
    try {
      const response = await fetch(`/api/order/${orderId}/complete-free`, { method: 'POST' });
      const body: unknown = await response.json().catch(() => ({}));
      const transactionId = typeof body === 'object' && body !== null && 'transactionId' in body ? body.transactionId : null;
      if (!response.ok || typeof transactionId !== 'string') {
        setError(refusalMessage(body, 'The order could not be completed. Please reload the page.'));
        return;
      }
      setCompleted({ transactionId, free: true });
      setPopupOpen(true);
    } catch {
      setError('Network error. Check My Order before trying again.');
    } finally {
      setFreeBusy(false);
    }
  }, [orderId]);

  const fail = useCallback((message: string) => setError(message), []);

  if (completed) {
    return (
      <div className="flex flex-col gap-3">
        <div role="status" className="rounded-lg bg-green-50 p-4 ring-1 ring-green-200">
          <p className="text-lg font-semibold text-green-800">{completed.free ? 'congrats! your order is completed!' : 'congrats! your payment is completed!'}</p>
          {completed.free ? <p className="mt-1 text-slate-800">Your promo code covered the whole price, so no payment was needed.</p> : null}
          <p className="mt-1 break-all text-slate-800">
            Your transaction id: <span className="font-mono font-semibold">{completed.transactionId}</span>
          </p>
        </div>
        <Link href="/myCollection" className="btn-primary self-start">
          Go to My Collection
        </Link>
        {popupOpen ? <SuccessPopup message={completed.free ? 'Order Successful !!' : 'Payment Successful !!'} onDone={closePopup} /> : null}
      </div>
    );
  }

  // Until the server's first answer: what the page was rendered with.
  const promo = checkout ? checkout.promo : initialPromo;
  const listPriceCents = checkout?.listPriceCents ?? priceCents;
  const totalCents = checkout?.priceCents ?? listPriceCents - (initialPromo?.discountCents ?? 0);
  // No card is confirmed while the amount is being changed.
  const formProps = { clientSecret: promoBusy ? null : (checkout?.clientSecret ?? null), onPaid: recordPayment, onFailure: fail };

  return (
    <div className="flex flex-col gap-4">
      {changedPriceCents !== null ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-amber-950 ring-1 ring-amber-300">
          The price of this item changed to {formatPrice(changedPriceCents)} while this page was open. That is the amount you will pay.
        </p>
      ) : null}
      <PromoCodeForm
        applied={promo}
        busy={promoBusy || freeBusy || checkout === null}
        applying={promoBusy}
        error={promoError}
        onApply={(code) => void changePromo(code)}
        onRemove={() => void changePromo(null)}
      />
      {/* Always in the page, so what the server answered is announced. A code applied or removed
          shows in the field and the summary already; a code that no longer applies is shown too. */}
      <p role="status" className={promoMessage?.tone === 'notice' ? 'rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300' : 'sr-only'}>
        {promoMessage?.text}
      </p>
      <OrderSummary listPriceCents={listPriceCents} promo={promo} totalCents={totalCents} />
      {checkout?.free ? (
        <div className="flex flex-col gap-3">
          <p className="text-slate-800">Your promo code covers the whole price: no card is needed.</p>
          <button type="button" className="btn-primary w-full" onClick={() => void completeFree()} disabled={freeBusy || promoBusy} aria-busy={freeBusy}>
            {freeBusy ? 'Completing…' : 'Complete Free Order'}
          </button>
        </div>
      ) : stripePublishableKey ? (
        <StripeCardForm publishableKey={stripePublishableKey} {...formProps} />
      ) : (
        <SandboxCardForm {...formProps} />
      )}
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
