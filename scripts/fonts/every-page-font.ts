// npx tsx scripts/fonts/every-page-font.ts — makes public/fonts/noto-sans-bengali-every-page-*.woff2,
// the cut of Noto Sans Bengali (from the @fontsource npm package the site serves whole) holding
// only the Bengali-script characters pages in every language show (i18n/every-page-font.ts). Run
// it after changing a language's name or upgrading the font package; i18n/bengali-font.test.ts
// fails until then.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { EVERY_PAGE_FONT_FILES, everyPageCharacters } from '../../i18n/every-page-font';

const ROOT = path.join(__dirname, '../..');

/** The cut for one weight, as a WOFF2 file: the same bytes for the same package and characters. */
export async function everyPageFont(weight: keyof typeof EVERY_PAGE_FONT_FILES): Promise<Buffer> {
  const whole = readFileSync(path.join(ROOT, `node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff2`));
  return subsetFont(whole, everyPageCharacters().join(''), { targetFormat: 'woff2' });
}

async function main(): Promise<void> {
  for (const [weight, file] of Object.entries(EVERY_PAGE_FONT_FILES)) {
    const font = await everyPageFont(Number(weight) as keyof typeof EVERY_PAGE_FONT_FILES);
    writeFileSync(path.join(ROOT, 'public/fonts', file), font);
    console.log(`public/fonts/${file}: ${font.length} bytes`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
