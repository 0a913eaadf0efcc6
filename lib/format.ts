import { DEFAULT_LOCALE, LOCALE_DETAILS } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';

// Formatting shared by the catalogue screens and the server: money, numbers, dates, excerpts,
// search terms. Each takes the reader's language (one of the site's, default English): the Bengali
// site writes Bengali digits and month names (Intl's bn-BD), prices still in dollars (docs/product.md §1).
// Intl's tag for each language is in its row of i18n/routing.ts.

export type FormatLocale = Locale;

/**
 * Number formats made once per language and options: making one costs about 0.1 ms (a tenth of a
 * busy course page's formatting went into `toLocaleString`, which makes a new one every call),
 * using it about a microsecond. The options come from the call sites, so there are a handful.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The format kept under `key`, made by `make` the first time. */
function madeOnce<T>(formats: Map<string, T>, key: string, make: () => T): T {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** A count or other number in the reader's digits: 1234 → "1,234" (bn: "১,২৩৪"). */
export function formatNumber(value: number, locale: FormatLocale = DEFAULT_LOCALE, options?: Intl.NumberFormatOptions): string {
  const key = options ? `${locale} ${JSON.stringify(options)}` : locale;
  return madeOnce(numberFormats, key, () => new Intl.NumberFormat(LOCALE_DETAILS[locale].intl, options)).format(value);
}

const DOLLARS: Intl.NumberFormatOptions = { style: 'currency', currency: 'USD' };

/** Prices are stored as integer cents (docs/architecture.md, decisions) and shown in dollars: 1250 → "$12.50" (bn: "১২.৫০ US$"). */
export function formatPrice(cents: number, locale: FormatLocale = DEFAULT_LOCALE): string {
  return formatNumber(cents / 100, locale, DOLLARS);
}

const DATE_STYLES = {
  /** "14 February 2026" */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "14 Feb 2026" */
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "14 Feb 2026, 09:30" */
  shortTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** "14 Feb 2026, 09:30:15" (the audit log: to the second) */
  mediumTime: { dateStyle: 'medium', timeStyle: 'medium' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Made once per language and style, like the number formats. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment as the day (and time) it is in UTC, the way every date on the site is shown. */
export function formatDate(date: Date | string | number, style: keyof typeof DATE_STYLES = 'long', locale: FormatLocale = DEFAULT_LOCALE): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return String(date);
  return madeOnce(dateFormats, `${locale} ${style}`, () => new Intl.DateTimeFormat(LOCALE_DETAILS[locale].dates, { ...DATE_STYLES[style], timeZone: 'UTC' })).format(value);
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
 * At most `limit` characters of a text (docs/product.md §2: blog cards show the first 255 characters): a
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
 * The form in which titles are indexed and search terms compared (docs/product.md §5: case-insensitive
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
export function formatBlogDate(isoDate: string, locale: FormatLocale = DEFAULT_LOCALE): string {
  const parsed = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return isoDate;
  return formatDate(parsed, 'long', locale);
}
