// Which language the bare home page ("/", whatever its query: marketing links carry utm_* or
// fbclid) sends a visitor to: the language they chose before (the KZ_LOCALE cookie the language
// switcher sets), or on a first visit the first language their browser asks for. Every other
// address, and the home page for anyone asking for English or nothing in particular (crawlers), is
// served as addressed. Plain JavaScript: the page cache in front of Next
// (serving/page-cache.mjs) asks it too, with the same path, so a stored English home is never
// given to a visitor the proxy would have redirected. The languages are the site's
// (locales.mjs): this runs outside Next's bundles, where i18n/routing.ts cannot be loaded.

import { DEFAULT_LOCALE, LOCALES, localeAlternatives } from './locales.mjs';

const COOKIE = new RegExp(`(?:^|;\\s*)KZ_LOCALE=(${localeAlternatives(LOCALES)})(?:;|$)`);

/**
 * A remembered choice wins, even of English over a browser asking for another language first.
 * @param {string} path the address's path, without its query
 * @param {string | null | undefined} cookieHeader
 * @param {string | null | undefined} acceptLanguage
 * @returns {string | null} the language to redirect the address to, or null to serve it as addressed
 */
export function homeRedirectLocale(path, cookieHeader, acceptLanguage) {
  if (!homeMayRedirect(path)) return null;
  const chosen = COOKIE.exec(String(cookieHeader ?? ''));
  const wanted = chosen ? chosen[1] : firstAcceptedLanguage(acceptLanguage);
  return wanted && wanted !== DEFAULT_LOCALE && LOCALES.includes(wanted) ? wanted : null;
}

/**
 * The request headers homeRedirectLocale reads. A cache in front of the page cache that keeps the
 * home page must keep one copy per their values (the page cache adds them to its Vary): a visitor
 * the proxy would send to another language's home never gets the English home from it.
 */
export const HOME_REDIRECT_REQUEST_HEADERS = /** @type {const} */ (['Cookie', 'Accept-Language']);

/**
 * Whether homeRedirectLocale may send a visitor of this path elsewhere (its answer depends on them).
 * @param {string} path the address's path, without its query
 */
export function homeMayRedirect(path) {
  return path === '/';
}

/** The primary subtag of the highest-weighted language in an Accept-Language header. */
function firstAcceptedLanguage(header) {
  let best = null;
  let bestWeight = 0;
  for (const part of String(header ?? '').split(',').slice(0, 20)) {
    const [tag = '', ...parameters] = part.trim().split(';');
    const q = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (tag && weight > bestWeight) {
      best = tag.toLowerCase().split('-')[0];
      bestWeight = weight;
    }
  }
  return best;
}
