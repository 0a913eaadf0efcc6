import 'server-only';
import { timingSafeEqual } from 'node:crypto';

/** Whether two secrets (a client secret, a code's hash) are equal, in a time that does not tell how much of them matched. */
export function sameSecret(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
