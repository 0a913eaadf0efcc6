'use client';

import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js only when loadStripe is called, not as a side effect of importing.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { useTranslations } from 'next-intl';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { CardFormProps } from './card-form-props';

// The card form with Stripe Elements: the card never touches our server; Stripe confirms the
// PaymentIntent (3-D Secure included) and our server then checks the result with Stripe itself.

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** Stripe.js is loaded once per key, not on every render. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

function StripeCardFields({ clientSecret, onPaid, onFailure }: CardFormProps) {
  const t = useTranslations('payment');
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const ready = Boolean(stripe && elements && clientSecret);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // docs/product.md §5: nothing happens until the payment client and the card element are ready.
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || busy) return;
    setBusy(true);
    try {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      // Stripe's words are shown through the `errors` messages, as the sandbox's (the same words) are.
      if (error) onFailure(error.message ? { message: error.message } : { key: 'paymentFailed' });
      else if (paymentIntent.status === 'succeeded') await onPaid(paymentIntent.id);
      else onFailure({ key: 'stillProcessing' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <HydratedForm onSubmit={submit} className="flex flex-col gap-4">
      <div className="rounded-md border border-slate-400 bg-white px-3 py-3">
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px', color: '#0f172a' } } }} />
      </div>
      <button type="submit" className="btn-primary w-full" disabled={!ready || busy} aria-busy={busy}>
        {busy ? t('processing') : t('confirm')}
      </button>
    </HydratedForm>
  );
}

export function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
