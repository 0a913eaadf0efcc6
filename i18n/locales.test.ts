import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES, localeAlternatives } from './locales.mjs';

// TypeScript reads the languages from locales.d.mts, everything at run time from locales.mjs: a
// language added to one and not the other would type-check and then miss its routes or rows.

it('declares the languages the module lists, in its order', () => {
  const declaration = readFileSync(path.join(__dirname, 'locales.d.mts'), 'utf8');
  const tuple = /export const LOCALES: readonly \[([^\]]*)\];/.exec(declaration)?.[1] ?? '';
  expect([...tuple.matchAll(/'([^']+)'/g)].map((match) => match[1])).toEqual([...LOCALES]);
  expect(DEFAULT_LOCALE).toBe(LOCALES[0]);
});

it('matches each language as written in a pattern', () => {
  expect(localeAlternatives(['en', 'bn'])).toBe('en|bn');
  const pattern = new RegExp(`^(?:${localeAlternatives(['zh-Hant', 'x.y'])})$`);
  expect(pattern.test('zh-Hant')).toBe(true);
  expect(pattern.test('x.y')).toBe(true);
  expect(pattern.test('xzy')).toBe(false);
});
