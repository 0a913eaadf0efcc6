'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { formatMoney } from '@/lib/money';
import { amountOffOf } from '@/lib/promo-codes';
import type { CheckoutPromo } from './checkout-answer';

type Props = {
  /** The code the order holds now; null shows the entry field. */
  applied: CheckoutPromo | null;
  /** Nothing can be sent (the page is still starting the payment, or something is being sent). */
  busy: boolean;
  /** A code is being applied or removed right now. */
  applying: boolean;
  /** Why the last try failed (the server's words, in the page's language), shown under the field and announced. */
  error: string;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/**
 * The payment page's promo code: a labelled field and Apply, or the applied code with Remove.
 * Nothing is decided here; the server answers with the discount and the new total.
 */
export function PromoCodeForm({ applied, busy, applying, error, onApply, onRemove }: Props) {
  const t = useTranslations('promoCode');
  const locale = useLocale();
  const id = useId();
  const [code, setCode] = useState('');

  /** The server describes the discount in English ("10% off", "৳100 off") and as data, worded here in the page's language. */
  function discountText({ discount, description }: CheckoutPromo): string {
    if (!discount) return description;
    return discount.kind === 'percent' ? t('percentOff', { percent: discount.percent }) : t('amountOff', { amount: formatMoney(amountOffOf(discount), locale) });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    onApply(code);
  }

  // Always in the page, so a new message is announced when it appears. Under the field it keeps
  // its line, so the form does not jump when a message comes.
  const message = (
    <p id={`${id}-error`} className={applied && !error ? 'sr-only' : 'field-error min-h-5'} role="alert">
      {error}
    </p>
  );

  if (applied) {
    return (
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-green-50 px-3 py-2 ring-1 ring-green-200">
          <p className="text-sm text-green-900">
            {t.rich('applied', {
              code: applied.code,
              discount: discountText(applied),
              mono: (chunks) => <span className="font-mono font-bold">{chunks}</span>,
            })}
          </p>
          <button type="button" className="btn-outline bg-white px-3 py-1" onClick={onRemove} disabled={busy} aria-label={t('removeLabel', { code: applied.code })}>
            {t('remove')}
          </button>
        </div>
        {message}
      </div>
    );
  }

  return (
    <HydratedForm onSubmit={submit} className="flex flex-col gap-1">
      <label htmlFor={`${id}-code`} className="text-sm font-semibold text-slate-800">
        {t('label')}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-code`}
          className="input-field min-w-0 flex-1 font-mono uppercase placeholder:font-sans placeholder:normal-case"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          placeholder={t('placeholder')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-error`}
        />
        <button type="submit" className="btn-outline shrink-0" disabled={busy || code.trim() === ''} aria-busy={applying}>
          {applying ? t('applying') : t('apply')}
        </button>
      </div>
      {message}
    </HydratedForm>
  );
}
