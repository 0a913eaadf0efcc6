// bKash and SSLCommerz take and answer amounts as decimal strings of taka ("850.00", also "850" or
// "850.5"); inside the app they are integers in paisa. Converted with string and integer arithmetic
// only, so no floating point rounding ever changes an amount.

/** The largest amount converted: 13 digits of taka keep every paisa count a safe integer. */
export const MAX_PAISA = 999_999_999_999_999;

const AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** "850.00" → 85000, "850.5" → 85050, "15" → 1500; null for anything else ("850.001", "-1", "850.", "1e3", " 850"). */
export function amountToPaisa(amount: string): number | null {
  const match = AMOUNT.exec(amount);
  if (!match) return null;
  const [, taka = '', fraction = ''] = match;
  return Number(taka) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 85000 → "850.00"; throws a RangeError for anything but a whole number of paisa from 0 to MAX_PAISA. */
export function paisaToAmount(paisa: number): string {
  if (!Number.isSafeInteger(paisa) || paisa < 0 || paisa > MAX_PAISA) throw new RangeError(`Not an amount in paisa: ${paisa}`);
  const rest = paisa % 100;
  // (paisa - rest) / 100 is exact; Math.floor(paisa / 100) could round up near the top of the range.
  return `${(paisa - rest) / 100}.${String(rest).padStart(2, '0')}`;
}
