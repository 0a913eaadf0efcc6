import { defineRouting } from 'next-intl/routing';
import { DEFAULT_LOCALE, LOCALES, localeAlternatives } from './locales.mjs';

/**
 * The site's languages (the list is i18n/locales.mjs) and their addresses: English keeps the
 * addresses the site always had (`/courses`), every other language lives under its own prefix
 * (`/bn/courses`). An address always gets the language it names; no page is redirected by the
 * visitor's language, so search engines and shared links get what they asked for (only the bare
 * home page follows a remembered choice, see preferred-locale.mjs).
 *
 * How a request reaches `app/[locale]`: prefixed addresses match the segment directly; every other
 * page address is rewritten to `/en/...` by next.config.ts, and a typed-in `/en/...` is redirected
 * to its unprefixed address so each page has one English address.
 */
/** The language content is written in first: the one its untranslated fields hold. */
export { DEFAULT_LOCALE };

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: { name: 'KZ_LOCALE', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
});

export type Locale = (typeof routing.locales)[number];

/** What the site needs to know of each language besides its code. */
type LocaleDetails = {
  /** BCP 47 tag for Intl's numbers: Bengali as written in Bangladesh (Bengali digits). */
  intl: string;
  /** BCP 47 tag for Intl's dates: English dates read "14 February 2026", as the site always wrote them. */
  dates: string;
  /** The language's name in English, for messages that name a language ("Bengali title is required"). */
  name: string;
  /** The language's name in itself: the language switcher's link to it, the same on every page. */
  endonym: string;
  /** OpenGraph's `og:locale`. */
  openGraph: string;
  /** ISO 15924 script: a page in a script the system fonts may lack preloads the font the site serves for it. */
  script: 'Latn' | 'Beng';
};

/** One row per language: a language added to the list without its row is a type error here. */
export const LOCALE_DETAILS: Record<Locale, LocaleDetails> = {
  en: { intl: 'en-US', dates: 'en-GB', name: 'English', endonym: 'English', openGraph: 'en_US', script: 'Latn' },
  bn: { intl: 'bn-BD', dates: 'bn-BD', name: 'Bengali', endonym: 'বাংলা', openGraph: 'bn_BD', script: 'Beng' },
};

/** `make(locale)` for every language, keyed by it. */
export function byLocale<T>(make: (locale: Locale) => T): Record<Locale, T> {
  return Object.fromEntries(routing.locales.map((locale) => [locale, make(locale)])) as Record<Locale, T>;
}

/** Each language's name in English, for messages that name a language ("Bengali title is required"). */
export const LANGUAGE_NAMES = Object.fromEntries(Object.entries(LOCALE_DETAILS).map(([locale, { name }]) => [locale, name])) as Record<Locale, string>;

/** The languages as the alternatives of a regular expression (`en|bn`), for patterns that take any of them. */
export const LOCALE_ALTERNATIVES = localeAlternatives(routing.locales);

const LOCALE_PREFIX = new RegExp(`^/(${LOCALE_ALTERNATIVES})(?=/|$)`);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (routing.locales as readonly string[]).includes(value);
}

/**
 * Splits a request path into its language and the path the page has in English:
 * `/bn/courses` → bn, `/courses`; `/courses` → en, `/courses`. `/en/...` is only ever an internal
 * rewrite target (next.config.ts redirects it from outside).
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = LOCALE_PREFIX.exec(pathname);
  if (!match) return { locale: routing.defaultLocale, path: pathname };
  return { locale: match[1] as Locale, path: pathname.slice(match[0].length) || '/' };
}

/** The address of `path` (an English, unprefixed site path) in `locale`. */
export function localePath(locale: Locale, path: string): string {
  if (locale === routing.defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}
