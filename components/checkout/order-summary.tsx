import { useLocale, useTranslations } from 'next-intl';
import { formatPrice } from '@/lib/format';
import type { CheckoutPromo } from './checkout-answer';

/** Price, the promo code's discount and the total the card is charged, as the server computed them. */
export function OrderSummary({ listPriceCents, promo, totalCents }: { listPriceCents: number; promo: CheckoutPromo | null; totalCents: number }) {
  const t = useTranslations('payment');
  const locale = useLocale();
  const row = 'flex items-baseline justify-between gap-4 px-3 py-2';
  return (
    <dl aria-label={t('summary')} className="divide-y divide-slate-200 rounded-lg bg-slate-50 text-sm ring-1 ring-slate-200">
      <div className={row}>
        <dt className="text-slate-700">{t('summaryPrice')}</dt>
        <dd className="tabular-nums text-slate-900">{formatPrice(listPriceCents, locale)}</dd>
      </div>
      {promo ? (
        <div className={row}>
          <dt className="text-green-800">
            {t.rich('discount', { code: promo.code, mono: (chunks) => <span className="font-mono">{chunks}</span> })}
          </dt>
          <dd className="tabular-nums font-semibold text-green-800">
            <span aria-hidden>−</span>
            <span className="sr-only">{t('minus')} </span>
            {formatPrice(promo.discountCents, locale)}
          </dd>
        </div>
      ) : null}
      <div className={`${row} text-base`}>
        <dt className="font-bold text-slate-900">{t('total')}</dt>
        <dd className="tabular-nums font-bold text-brand-900">{formatPrice(totalCents, locale)}</dd>
      </div>
    </dl>
  );
}
