import { LOCALE_DETAILS } from './routing';

// The few Bengali-script characters that pages in every language show: the language switcher's
// "বাংলা" and the taka sign of prices. Pages in other scripts get them from a cut of Noto Sans
// Bengali with only these glyphs (about 1 kB a weight, made by scripts/fonts/every-page-font.ts),
// so they never fetch the whole font (44 kB) for them.

/** The taka sign, as prices are written in every language ("৳850"). */
export const TAKA_SIGN = '\u09F3';

/** The Bengali-script letters of the languages' names as the switcher writes them, each once. */
export function endonymLetters(): string[] {
  const bengali = Object.values(LOCALE_DETAILS).filter((details) => details.script === 'Beng');
  return [...new Set(bengali.flatMap((details) => [...details.endonym]))].sort();
}

/** Every character the cut holds. */
export function everyPageCharacters(): string[] {
  return [...new Set([...endonymLetters(), TAKA_SIGN])].sort();
}

/** A CSS unicode-range naming exactly these characters: "U+0982, U+09AC". */
export function unicodeRange(characters: string[]): string {
  return characters.map((character) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(', ');
}

/** The weights the site sets text in (app/globals.css), and the served file of each. */
export const EVERY_PAGE_FONT_FILES = {
  400: 'noto-sans-bengali-every-page-400.woff2',
  700: 'noto-sans-bengali-every-page-700.woff2',
} as const;
