import { localePath } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';
import { safeReturnPath } from '@/lib/schemas/auth';

/**
 * Where signing in leads: `returnTo` when it is a page of ours (its address keeps its language,
 * `/bn/myOrder`), else the home page in the language of the form (`/bn` on the Bengali one).
 */
export function signedInPath(returnTo: string, locale: Locale, siteOrigin?: string): string {
  const path = safeReturnPath(returnTo, siteOrigin);
  return path === '/' ? localePath(locale, '/') : path;
}

/**
 * A full load of the return address after signing in (replacing the form in history), so the page
 * starts with the new session. Checked again here and made absolute on this origin: whatever the
 * address says, the browser stays on this site.
 */
export function replaceWithReturnPath(returnTo: string, locale: Locale): void {
  const origin = window.location.origin;
  window.location.replace(new URL(signedInPath(returnTo, locale, origin), origin).href);
}
