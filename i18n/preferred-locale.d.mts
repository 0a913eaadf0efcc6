import type { DEFAULT_LOCALE, LOCALES } from './locales.mjs';

export function homeRedirectLocale(path: string, cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): Exclude<(typeof LOCALES)[number], typeof DEFAULT_LOCALE> | null;
export const HOME_REDIRECT_REQUEST_HEADERS: readonly ['Cookie', 'Accept-Language'];
export function homeMayRedirect(path: string): boolean;
