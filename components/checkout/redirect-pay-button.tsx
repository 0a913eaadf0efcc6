'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useHydrated } from '@/components/ui/hydrated-form';
import { useErrorText } from '@/i18n/use-error-text';
import { formatMoney } from '@/lib/money';
import type { PaymentMethod } from '@/lib/payment-methods';
import { failureOf } from './checkout-answer';
import type { Failure } from './checkout-answer';

type Props = { orderId: string; method: Exclude<PaymentMethod, 'card'>; amountPaisa: number | null; disabled: boolean };

/**
 * bKash and SSLCommerz: the server fixes the amount from the database and starts the payment with
 * the provider, then the buyer goes to the provider's page; they come back to this page, which
 * says what happened. Nothing here decides whether the order is paid.
 */
export function RedirectPayButton({ orderId, method, amountPaisa, disabled }: Props) {
  const t = useTranslations('payment');
  const locale = useLocale();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  // A click before React has hydrated the page (just back from the provider) would do nothing.
  const hydrated = useHydrated();
  const [error, setError] = useState<Failure | null>(null);
  const name = t(`methods.${method}.short`);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch('/api/payments/start', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ orderId, method, locale }),
      });
      const body: unknown = await response.json().catch(() => ({}));
      const redirectUrl = typeof body === 'object' && body !== null && 'redirectUrl' in body && typeof body.redirectUrl === 'string' ? body.redirectUrl : null;
      if (!response.ok || !redirectUrl) {
        setError(failureOf(body, 'startFailed'));
        setBusy(false);
        return;
      }
      // Busy until the provider's page replaces this one.
      window.location.assign(redirectUrl);
    } catch {
      setError({ key: 'networkRetry' });
      setBusy(false);
    }
  }

  if (amountPaisa === null) return null;
  return (
    <div className="flex flex-col gap-2">
      <button type="button" className="btn-primary w-full" onClick={() => void start()} disabled={disabled || busy || !hydrated} aria-busy={busy}>
        {busy ? t('redirecting', { method: name }) : t('payWithMethod', { amount: formatMoney({ currency: 'bdt', minor: amountPaisa }, locale), method: name })}
      </button>
      <p className="text-sm text-slate-700">{t('redirectNote', { method: name })}</p>
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {'key' in error ? t(error.key) : errorText(error.message)}
        </p>
      ) : null}
    </div>
  );
}
