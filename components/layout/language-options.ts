import { localePath, routing } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';

/** A language the switcher offers, and the address of the page being read in it. */
export type LanguageOption = { locale: Locale; href: string };

/**
 * What the language switcher offers on the page at `path` (its English address) read in `current`:
 * every other site language, in the list's order, each at the same page's address.
 */
export function languageOptions(current: string, path: string): LanguageOption[] {
  return routing.locales.filter((locale) => locale !== current).map((locale) => ({ locale, href: localePath(locale, path) }));
}
