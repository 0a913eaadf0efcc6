import { routing } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';

/**
 * Remembers the visitor's language: a cookie for their next visit to the home page
 * (i18n/preferred-locale.mjs) and, when signed in, the account's choice, which its e-mails use.
 * keepalive: the request outlives the page the visitor is leaving.
 */
export function rememberLocale(locale: Locale, signedIn: boolean): void {
  const { name, maxAge } = routing.localeCookie as { name: string; maxAge: number };
  document.cookie = `${name}=${locale}; path=/; max-age=${maxAge}; samesite=lax`;
  if (signedIn) {
    void fetch('/api/account/locale', { method: 'PUT', keepalive: true, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ locale }) }).catch(() => undefined);
  }
}
