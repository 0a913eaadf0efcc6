// Formatting shared by the catalogue screens and the server: money, excerpts, search terms.

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Prices are stored as integer cents (DESIGN.md); the spec shows them in dollars: 1250 → "$12.50". */
export function formatPrice(cents: number): string {
  return dollars.format(cents / 100);
}

/** Cents as the legacy API's dollar number (1250 → 12.5), for answers that keep the old `price` field. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * The first `limit` characters of a text (spec §2: blog cards show the first 255 characters).
 * Counted in code points so an emoji or a combining Bengali sign is never cut in half.
 */
export function excerpt(text: string, limit: number): string {
  const characters = Array.from(text);
  return characters.length <= limit ? text : characters.slice(0, limit).join('');
}

/** Whether `excerpt(text, limit)` dropped anything; the blog card shows Read More ... only then. */
export function isLongerThan(text: string, limit: number): boolean {
  return Array.from(text).length > limit;
}

/**
 * The form in which titles are indexed and search terms compared (spec §5: case-insensitive
 * substring match): Unicode-normalized, lower-cased, runs of whitespace collapsed to one space.
 */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** A search term as typed in the header box or the URL; at most 100 characters are kept. */
export const SEARCH_TERM_MAX = 100;

export function normalizeSearchTerm(raw: string): string {
  return Array.from(normalizeSearchText(raw)).slice(0, SEARCH_TERM_MAX).join('').trim();
}

/** Blog dates are stored as yyyy-mm-dd; shown as "14 February 2026" whatever the server's time zone. */
export function formatBlogDate(isoDate: string): string {
  const parsed = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return isoDate;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(parsed);
}
