import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatMoney } from '@/lib/money';
import { everyPageFont } from '@/scripts/fonts/every-page-font';
import { EVERY_PAGE_FONT_FILES, TAKA_SIGN, endonymLetters, unicodeRange } from './every-page-font';

// The Bengali font is served from public/fonts, copied from the @fontsource npm package: the
// copies must stay the package's files (an upgrade of the package is copied again), and the
// stylesheet must name each of them. Its every-page cut must be the one made from those files for
// exactly the characters pages in every language show, and the stylesheet must draw exactly those
// from it.
const ROOT = path.join(__dirname, '..');
const FILES = ['noto-sans-bengali-bengali-400-normal.woff2', 'noto-sans-bengali-bengali-700-normal.woff2'];
const css = readFileSync(path.join(ROOT, 'app/globals.css'), 'utf8');

/** The unicode-range of each @font-face of `family`, with the file it names. */
function faces(family: string): { file: string; range: string }[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)]
    .map(([, body = '']) => body)
    .filter((body) => body.includes(`font-family: '${family}';`))
    .map((body) => ({ file: /url\('\/fonts\/([^']+)'\)/.exec(body)?.[1] ?? '', range: /unicode-range:\s*([^;]+);/.exec(body)?.[1]?.trim() ?? '' }));
}

it('serves the npm package’s Noto Sans Bengali files unchanged, and the stylesheet uses them', () => {
  for (const file of FILES) {
    const served = readFileSync(path.join(ROOT, 'public/fonts', file));
    const packaged = readFileSync(path.join(ROOT, 'node_modules/@fontsource/noto-sans-bengali/files', file));
    expect({ file, same: served.equals(packaged) }).toEqual({ file, same: true });
    expect(css).toContain(`url('/fonts/${file}')`);
  }
});

it('serves the every-page cut made from those files for the switcher’s Bengali and the taka sign (scripts/fonts/every-page-font.ts)', async () => {
  for (const [weight, file] of Object.entries(EVERY_PAGE_FONT_FILES)) {
    const served = readFileSync(path.join(ROOT, 'public/fonts', file));
    const made = await everyPageFont(Number(weight) as keyof typeof EVERY_PAGE_FONT_FILES);
    expect({ file, same: served.equals(made) }).toEqual({ file, same: true });
    expect(served.length).toBeLessThan(2048);
  }
  expect(endonymLetters()).toEqual(['ং', 'ব', 'ল', 'া']);
  const allFiles = Object.values(EVERY_PAGE_FONT_FILES).sort();
  expect(faces('Noto Sans Bengali KZ Endonyms').map(({ file }) => file)).toEqual([EVERY_PAGE_FONT_FILES[400]]);
  expect(new Set(faces('Noto Sans Bengali KZ Endonyms').map(({ range }) => range))).toEqual(new Set([unicodeRange(endonymLetters())]));
  expect(faces('Noto Sans Bengali KZ Taka').map(({ file }) => file).sort()).toEqual(allFiles);
  expect(new Set(faces('Noto Sans Bengali KZ Taka').map(({ range }) => range))).toEqual(new Set([unicodeRange([TAKA_SIGN])]));
});

it('writes taka prices on English pages with no Bengali-script character but the taka sign the cut holds', () => {
  const price = formatMoney({ currency: 'bdt', minor: 85_000 }, 'en');
  expect(price).toContain(TAKA_SIGN);
  expect([...price].filter((character) => /\p{Script=Bengali}/u.test(character))).toEqual([TAKA_SIGN]);
});
