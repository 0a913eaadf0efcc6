// The site's languages: the one list of them. i18n/routing.ts builds the routing, its types and
// each language's details from it; plain JavaScript that runs outside Next's bundles reads it here
// (the bare home page's redirect in preferred-locale.mjs, which the page cache in front of Next
// asks too, and next.config.ts). A new language is a row here and in locales.d.mts; TypeScript then
// names every per-language table that needs a row too (its details, its messages).

/** The first is the language content is written in first, and the one whose addresses carry no prefix. */
export const LOCALES = /** @type {const} */ (['en', 'bn']);

export const DEFAULT_LOCALE = LOCALES[0];

/**
 * `locales` as the alternatives of a regular expression (`en|bn`), each matched as written.
 * Takes the list rather than reading LOCALES so a caller's list is the one matched.
 * @param {readonly string[]} locales
 */
export function localeAlternatives(locales) {
  return locales.map((locale) => locale.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
}
