// The demo catalogue's taka prices, derived from its dollar prices by one rule so every course
// and book has both: about ৳120 to the dollar (what Bangladeshi online courses and e-books cost),
// rounded to a tidy ৳50 as shops price them ($7 → ৳850, $13 → ৳1,550), at least ৳50. Free stays free.

const TAKA_PER_DOLLAR = 120;
const ROUND_TO_TAKA = 50;

/** The taka price, in paisa, of a demo item that costs `priceCents` in dollars. */
export function demoPricePaisa(priceCents: number): number {
  if (priceCents === 0) return 0;
  const taka = Math.max(ROUND_TO_TAKA, Math.round((priceCents / 100) * TAKA_PER_DOLLAR / ROUND_TO_TAKA) * ROUND_TO_TAKA);
  return taka * 100;
}
