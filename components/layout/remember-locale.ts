import { routing } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';

/** Remembers the visitor's language for their next visit to the home page (i18n/preferred-locale.ts). */
export function rememberLocale(locale: Locale): void {
  const { name, maxAge } = routing.localeCookie as { name: string; maxAge: number };
  document.cookie = `${name}=${locale}; path=/; max-age=${maxAge}; samesite=lax`;
}
