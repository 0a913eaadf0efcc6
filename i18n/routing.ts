import { defineRouting } from 'next-intl/routing';

/**
 * The site's languages and their addresses: English keeps the addresses the site always had
 * (`/courses`), Bengali lives under `/bn` (`/bn/courses`). An address always gets the language it
 * names; no page is redirected by the visitor's language, so search engines and shared links get
 * what they asked for (only the bare home page follows a remembered choice, see preferred-locale.ts).
 *
 * How a request reaches `app/[locale]`: Bengali addresses match the segment directly; every other
 * page address is rewritten to `/en/...` by next.config.ts, and a typed-in `/en/...` is redirected
 * to its unprefixed address so each page has one English address.
 */
/** The language content is written in first: the one its untranslated fields hold. */
export const DEFAULT_LOCALE = 'en';

export const routing = defineRouting({
  locales: ['en', 'bn'],
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: { name: 'KZ_LOCALE', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
});

export type Locale = (typeof routing.locales)[number];

/** BCP 47 tags for Intl: Bengali as written in Bangladesh (Bengali digits and month names). */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', bn: 'bn-BD' };

/** Each language's name in English, for messages that name a language ("Bengali title is required"). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', bn: 'Bengali' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (routing.locales as readonly string[]).includes(value);
}

/**
 * Splits a request path into its language and the path the page has in English:
 * `/bn/courses` → bn, `/courses`; `/courses` → en, `/courses`. `/en/...` is only ever an internal
 * rewrite target (next.config.ts redirects it from outside).
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = /^\/(en|bn)(?=\/|$)/.exec(pathname);
  if (!match) return { locale: 'en', path: pathname };
  return { locale: match[1] as Locale, path: pathname.slice(match[0].length) || '/' };
}

/** The address of `path` (an English, unprefixed site path) in `locale`. */
export function localePath(locale: Locale, path: string): string {
  if (locale === routing.defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}
