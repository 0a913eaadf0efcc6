import { Fragment } from 'react';
import type { FormatLocale } from '@/lib/format';
import { formatMoney, inReadingOrder, itemPrices } from '@/lib/money';

type ItemPriceProps = {
  priceCents: number;
  /** The taka price in paisa; absent: the item is priced in dollars only. */
  pricePaisa?: number;
  locale: FormatLocale;
  /** Shown alone, without a currency, when the item costs nothing (a free course). */
  free?: string;
  /** The second currency's look: smaller and lighter than the first, which takes the parent's. */
  secondClassName: string;
};

/**
 * A course's or book's price in each currency it has, the page language's first ("$7.00 · ৳850",
 * bn "৮৫০৳ · ৭.০০ US$"). Each amount keeps together; on a narrow card the second moves under the
 * first whole rather than breaking inside.
 */
export function ItemPrice({ priceCents, pricePaisa, locale, free, secondClassName }: ItemPriceProps) {
  if (free !== undefined && priceCents === 0) return <>{free}</>;
  const [first, ...others] = inReadingOrder(itemPrices(priceCents, pricePaisa), locale);
  return (
    <>
      {first ? <span className="whitespace-nowrap">{formatMoney(first, locale)}</span> : null}
      {others.map((amount) => (
        <Fragment key={amount.currency}>
          {' '}
          <span className={`whitespace-nowrap ${secondClassName}`}>
            <span aria-hidden="true">· </span>
            {formatMoney(amount, locale)}
          </span>
        </Fragment>
      ))}
    </>
  );
}
