import { formatPrice } from '@/lib/format';
import type { CheckoutPromo } from './checkout-answer';

/** Price, the promo code's discount and the total the card is charged, as the server computed them. */
export function OrderSummary({ listPriceCents, promo, totalCents }: { listPriceCents: number; promo: CheckoutPromo | null; totalCents: number }) {
  const row = 'flex items-baseline justify-between gap-4 px-3 py-2';
  return (
    <dl aria-label="Order summary" className="divide-y divide-slate-200 rounded-lg bg-slate-50 text-sm ring-1 ring-slate-200">
      <div className={row}>
        <dt className="text-slate-700">Price</dt>
        <dd className="tabular-nums text-slate-900">{formatPrice(listPriceCents)}</dd>
      </div>
      {promo ? (
        <div className={row}>
          <dt className="text-green-800">
            Discount (<span className="font-mono">{promo.code}</span>)
          </dt>
          <dd className="tabular-nums font-semibold text-green-800">
            <span aria-hidden>−</span>
            <span className="sr-only">minus </span>
            {formatPrice(promo.discountCents)}
          </dd>
        </div>
      ) : null}
      <div className={`${row} text-base`}>
        <dt className="font-bold text-slate-900">Total</dt>
        <dd className="tabular-nums font-bold text-brand-900">{formatPrice(totalCents)}</dd>
      </div>
    </dl>
  );
}
