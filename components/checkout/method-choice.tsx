'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/money';
import type { Currency } from '@/lib/money';
import { METHOD_CURRENCY } from '@/lib/payment-methods';
import type { PaymentMethod } from '@/lib/payment-methods';

type Props = {
  methods: PaymentMethod[];
  chosen: PaymentMethod;
  onChoose: (method: PaymentMethod) => void;
  /** What the buyer pays in each currency now (taka null: the item has no taka price, so bKash and SSLCommerz cannot take it). */
  prices: Record<Currency, number | null>;
};

/** "Pay with": one radio per method this server offers, each with what it charges in its own currency. */
export function MethodChoice({ methods, chosen, onChoose, prices }: Props) {
  const t = useTranslations('payment');
  const locale = useLocale();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold text-slate-900">{t('payWith')}</legend>
      {methods.map((method) => {
        const currency = METHOD_CURRENCY[method];
        const amount = prices[currency];
        const unavailable = amount === null;
        return (
          <label
            key={method}
            className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-3 ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
              chosen === method ? 'bg-brand-50 ring-brand-600' : 'bg-white ring-slate-300'
            } ${unavailable ? 'cursor-not-allowed opacity-60' : ''}`}
          >
            <input
              type="radio"
              name="payment-method"
              value={method}
              checked={chosen === method}
              disabled={unavailable}
              onChange={() => onChoose(method)}
              className="h-4 w-4 accent-brand-700"
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="font-semibold text-slate-900">{t(`methods.${method}.name`)}</span>
              <span className="text-sm text-slate-700">{unavailable ? t('noTakaPrice') : t(`methods.${method}.hint`)}</span>
            </span>
            {amount !== null ? <span className="whitespace-nowrap font-semibold tabular-nums text-slate-900">{formatMoney({ currency, minor: amount }, locale)}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}
