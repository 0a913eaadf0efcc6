'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { SuccessPopup } from '@/components/ui/success-popup';
import { formatPrice } from '@/lib/format';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe Elements are only downloaded when Stripe is the gateway.
const StripeCardForm = dynamic(() => import('./stripe-card-form').then((module) => module.StripeCardForm), { ssr: false });

/** `priceCents`: the price the page showed; the intent is made at the catalogue's price of that moment. */
type Props = { orderId: string; priceCents: number; stripePublishableKey: string | null };

type IntentAnswer = { clientSecret?: unknown; priceCents?: unknown; message?: unknown };

/**
 * Spec §4 Payment: get the intent's client secret (Confirm Payment stays disabled until then),
 * confirm the card, then have the server verify the payment with the provider and fulfil.
 */
export function PaymentPanel({ orderId, priceCents, stripePublishableKey }: Props) {
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [changedPriceCents, setChangedPriceCents] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [transactionId, setTransactionId] = useState<string | null>(null);
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
        const body = (await response.json().catch(() => ({}))) as IntentAnswer;
        if (response.ok && typeof body.clientSecret === 'string') {
          // The price changed between the page and the intent: the buyer sees the new one before paying.
          if (typeof body.priceCents === 'number' && body.priceCents !== priceCents) setChangedPriceCents(body.priceCents);
          setClientSecret(body.clientSecret);
        } else setError(typeof body.message === 'string' ? body.message : 'The payment could not be started. Please reload the page.');
      })
      .catch(() => {
        if (!controller.signal.aborted) setError('Network error. Check your connection and reload the page.');
      });
    return () => controller.abort();
  }, [orderId, priceCents]);

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
          const body = (await response.json().catch(() => ({}))) as { message?: unknown };
          setError(typeof body.message === 'string' ? body.message : 'The payment could not be verified.');
          return;
        }
        setTransactionId(paymentIntentId);
        setPopupOpen(true);
      } catch {
        setError('Network error. Your payment may have gone through: check My Order before paying again.');
      }
    },
    [orderId],
  );

  const fail = useCallback((message: string) => setError(message), []);

  if (transactionId) {
    return (
      <div className="flex flex-col gap-3">
        <div role="status" className="rounded-lg bg-green-50 p-4 ring-1 ring-green-200">
          <p className="text-lg font-semibold text-green-800">congrats! your payment is completed!</p>
          <p className="mt-1 break-all text-slate-800">
            Your transaction id: <span className="font-mono font-semibold">{transactionId}</span>
          </p>
        </div>
        <Link href="/myCollection" className="btn-primary self-start">
          Go to My Collection
        </Link>
        {popupOpen ? <SuccessPopup message="Payment Successful !!" onDone={closePopup} /> : null}
      </div>
    );
  }

  const formProps = { clientSecret, onPaid: recordPayment, onFailure: fail };
  return (
    <div className="flex flex-col gap-4">
      {changedPriceCents !== null ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-amber-950 ring-1 ring-amber-300">
          The price of this item changed to {formatPrice(changedPriceCents)} while this page was open. That is the amount you will pay.
        </p>
      ) : null}
      {stripePublishableKey ? <StripeCardForm publishableKey={stripePublishableKey} {...formProps} /> : <SandboxCardForm {...formProps} />}
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
