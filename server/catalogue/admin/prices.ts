import 'server-only';
import { minorUnitsOf } from '@/lib/schemas/admin-fields';

// A course's or book's two prices as a write stores them: dollars as integer cents (`priceCents`,
// the legacy `price`, the sort and the free filter), taka as integer paisa (`pricePaisa`). What
// may be typed is ruled in lib/schemas/admin-fields.ts; here is what each case stores.

export type TypedPrices = { price: number; priceBdt?: number | undefined };

/**
 * The stored prices of what was typed. A free item is free in taka too (0); a paid one stores the
 * taka price given, or none: a new item from the legacy API has no taka price, and an update
 * without one keeps what is stored (FREE_TAKA_PRICE_IF_PAID says when that is dropped instead).
 */
export function storedPrices({ price, priceBdt }: TypedPrices): { priceCents: number; pricePaisa?: number } {
  const priceCents = minorUnitsOf(price);
  if (priceCents === 0) return { priceCents, pricePaisa: 0 };
  return priceBdt === undefined ? { priceCents } : { priceCents, pricePaisa: minorUnitsOf(priceBdt) };
}

/**
 * The filter of an item an update made paid without a taka price while it kept the ৳0 of a free
 * one: that would read as free in taka, so the update unsets it and the item is priced in dollars
 * only until an admin gives a taka price.
 */
export const FREE_TAKA_PRICE_IF_PAID = { priceCents: { $gt: 0 }, pricePaisa: 0 } as const;
