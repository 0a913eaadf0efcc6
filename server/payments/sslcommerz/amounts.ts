// SSLCommerz writes amounts as decimal strings ("850.00"); our code keeps integers in paisa. The
// conversion is exact both ways: no floating point ever decides whether an amount matches.

const DECIMAL = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** "850.00" → 85000, "850.5" → 85050; null for anything else (a third decimal, a sign, text). */
export function paisaOf(text: string): number | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 85000 → "850.00". */
export function decimalOf(paisa: number): string {
  if (!Number.isSafeInteger(paisa) || paisa < 0) throw new RangeError(`Not an amount in paisa: ${paisa}`);
  return `${Math.floor(paisa / 100)}.${String(paisa % 100).padStart(2, '0')}`;
}
