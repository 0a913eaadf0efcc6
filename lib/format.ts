// Formatting shared by the catalogue screens and the server: money, excerpts, search terms.

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Prices are stored as integer cents (DESIGN.md); the spec shows them in dollars: 1250 → "$12.50". */
export function formatPrice(cents: number): string {
  return dollars.format(cents / 100);
}

/** A course card's price: "Free" only when it costs nothing, so a card never promises less than checkout charges. */
export function coursePriceLabel(course: { priceCents: number }): string {
  return course.priceCents === 0 ? 'Free' : formatPrice(course.priceCents);
}

/** Cents as the legacy API's dollar number (1250 → 12.5), for answers that keep the old `price` field. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

const ELLIPSIS = '…';
const SPACE = /\s/u;
/** Left at the end of a cut text before the ellipsis: "word,…" and "word -…" read as mistakes. */
const TRAILING_PUNCTUATION = /[\s,;:.\-–—]+$/u;

/**
 * At most `limit` characters of a text (spec §2: blog cards show the first 255 characters): a
 * longer text is cut after the last whole word that fits and ends with an ellipsis, which counts
 * towards the limit. A single word longer than that is cut inside. Counted in code points so an
 * emoji or a combining Bengali sign is never cut in half.
 */
export function excerpt(text: string, limit: number): string {
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  const room = Math.max(0, limit - ELLIPSIS.length);
  let end = room;
  // Unless the text breaks right after the room, go back to the last break inside it.
  if (!SPACE.test(characters[room] ?? '')) {
    const lastBreak = characters.slice(0, room).findLastIndex((character) => SPACE.test(character));
    if (lastBreak > 0) end = lastBreak;
  }
  const kept = characters.slice(0, end).join('').replace(TRAILING_PUNCTUATION, '');
  return `${kept || characters.slice(0, room).join('')}${ELLIPSIS}`;
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
