import { readFileSync } from 'node:fs';
import path from 'node:path';

// The Bengali font is served from public/fonts, copied from the @fontsource npm package: the
// copies must stay the package's files (an upgrade of the package is copied again), and the
// stylesheet must name each of them.
const ROOT = path.join(__dirname, '..');
const FILES = ['noto-sans-bengali-bengali-400-normal.woff2', 'noto-sans-bengali-bengali-700-normal.woff2'];

it('serves the npm package’s Noto Sans Bengali files unchanged, and the stylesheet uses them', () => {
  const css = readFileSync(path.join(ROOT, 'app/globals.css'), 'utf8');
  for (const file of FILES) {
    const served = readFileSync(path.join(ROOT, 'public/fonts', file));
    const packaged = readFileSync(path.join(ROOT, 'node_modules/@fontsource/noto-sans-bengali/files', file));
    expect({ file, same: served.equals(packaged) }).toEqual({ file, same: true });
    expect(css).toContain(`url('/fonts/${file}')`);
  }
});
