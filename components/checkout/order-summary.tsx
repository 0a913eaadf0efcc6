import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/money';
import type { Currency } from '@/lib/money';

/** Price, the promo code's discount and the total the buyer is charged, in the chosen method's currency, as the server computed them. */
export function OrderSummary({
  currency,
  listPrice,
  promo,
  total,
}: {
  currency: Currency;
  listPrice: number;
  promo: { code: string; discount: number } | null;
  total: number;
}) {
  const t = useTranslations('payment');
  const locale = useLocale();
  const money = (minor: number) => formatMoney({ currency, minor }, locale);
  const row = 'flex items-baseline justify-between gap-4 px-3 py-2';
  return (
    <dl aria-label={t('summary')} className="divide-y divide-slate-200 rounded-lg bg-slate-50 text-sm ring-1 ring-slate-200">
      <div className={row}>
        <dt className="text-slate-700">{t('summaryPrice')}</dt>
        <dd className="tabular-nums text-slate-900">{money(listPrice)}</dd>
      </div>
      {promo ? (
        <div className={row}>
          <dt className="text-green-800">
            {t.rich('discount', { code: promo.code, mono: (chunks) => <span className="font-mono">{chunks}</span> })}
          </dt>
          <dd className="tabular-nums font-semibold text-green-800">
            <span aria-hidden>−</span>
            <span className="sr-only">{t('minus')} </span>
            {money(promo.discount)}
          </dd>
        </div>
      ) : null}
      <div className={`${row} text-base`}>
        <dt className="font-bold text-slate-900">{t('total')}</dt>
        <dd className="tabular-nums font-bold text-brand-900">{money(total)}</dd>
      </div>
    </dl>
  );
}
