// The types of locales.mjs. The tuple repeats the list because TypeScript does not read the
// JavaScript beside it; i18n/locales.test.ts fails when the two differ.
export const LOCALES: readonly ['en', 'bn'];
export const DEFAULT_LOCALE: (typeof LOCALES)[0];
export function localeAlternatives(locales: readonly string[]): string;
