'use client';

import { answerMessage } from '@/i18n/error-text';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { CardFormProps } from './card-form-props';
import { HydratedForm } from '@/components/ui/hydrated-form';

// The card form used when no Stripe keys are set. The card is checked on the server by the sandbox
// gateway with Stripe's test-card rules; nothing here decides whether a payment succeeds.

/** "4242424242424242" → "4242 4242 4242 4242" as the buyer types. */
function groupCardNumber(value: string): string {
  return value.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" → "12 / 30" as the buyer types. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function SandboxCardForm({ clientSecret, onPaid, onFailure }: CardFormProps) {
  const t = useTranslations('payment');
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // docs/product.md §5: the form does nothing until the payment client is ready.
    if (!clientSecret || busy) return;
    setBusy(true);
    try {
      const response = await fetch('/api/payments/sandbox/confirm', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ clientSecret, number, expiry, cvc }),
      });
      const body = (await response.json().catch(() => ({}))) as { transactionId?: unknown };
      if (response.ok && typeof body.transactionId === 'string') await onPaid(body.transactionId);
      else {
        const message = answerMessage(body);
        onFailure(message ? { message } : { key: 'paymentFailed' });
      }
    } catch {
      onFailure({ key: 'networkRetry' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <HydratedForm onSubmit={submit} className="flex flex-col gap-4" aria-describedby={`${id}-note`}>
      <p id={`${id}-note`} className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
        {t('testMode')}
      </p>
      <div>
        <label htmlFor={`${id}-number`} className="mb-1 block text-sm font-semibold text-slate-800">
          {t('cardNumber')}
        </label>
        <input
          id={`${id}-number`}
          className="input-field"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(event) => setNumber(groupCardNumber(event.target.value))}
        />
      </div>
      <div className="grid grid-cols-2 items-end gap-4">
        <div>
          <label htmlFor={`${id}-expiry`} className="mb-1 block text-sm font-semibold text-slate-800">
            {t('expiry')}
          </label>
          <input
            id={`${id}-expiry`}
            className="input-field"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('expiryPlaceholder')}
            value={expiry}
            onChange={(event) => setExpiry(formatExpiry(event.target.value))}
          />
        </div>
        <div>
          <label htmlFor={`${id}-cvc`} className="mb-1 block text-sm font-semibold text-slate-800">
            {t('cvc')}
          </label>
          <input
            id={`${id}-cvc`}
            className="input-field"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={t('cvc')}
            value={cvc}
            onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </div>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={!clientSecret || busy} aria-busy={busy}>
        {busy ? t('processing') : t('confirm')}
      </button>
    </HydratedForm>
  );
}
