import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
// Before fontkit: its Indic shaper (Bengali, Devanagari) is a generator compiled for a global
// `regeneratorRuntime`, which Node does not have ("regeneratorRuntime is not defined").
import 'regenerator-runtime';
import * as fontkitModule from '@pdf-lib/fontkit';
import type { Font, GlyphRun } from '@pdf-lib/fontkit';
import {
  PDFArray,
  PDFHexString,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  StandardFonts,
  beginText,
  endText,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  setTextRise,
} from 'pdf-lib';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

// Text in any script on a certificate (names are letters of any script, lib/schemas/auth.ts).
// Text that PDF's standard Helvetica can encode (WinAnsi: Western European) is set in it, with
// nothing embedded. Anything else is set in Noto Sans, shipped by the @fontsource npm packages
// (Latin, Latin Extended, Cyrillic, Greek, Vietnamese, Devanagari, Bengali), subset to the glyphs
// used. A character none of them has (CJK, Arabic…) is drawn as "?" rather than failing.

export type Weight = 'regular' | 'bold';

/** A stretch of text in one font; text in an embedded font carries its shaping (fontkit's layout). */
export type TextRun = { text: string; font: PDFFont; shaped?: { layout: GlyphRun; unitsPerEm: number } };

type Fontkit = { create(buffer: Uint8Array): Font };

// The package's ES build exports only a default; its CommonJS build and its types, named functions.
const fontkit: Fontkit = (fontkitModule as { default?: Fontkit }).default ?? fontkitModule;

const FONTSOURCE = path.join(process.cwd(), 'node_modules', '@fontsource');
const NOTO_SANS_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese', 'devanagari'];

/** The Noto files, in the order they are tried. */
function notoFiles(weight: Weight): string[] {
  const number = weight === 'bold' ? 700 : 400;
  return [
    ...NOTO_SANS_SUBSETS.map((subset) => path.join(FONTSOURCE, 'noto-sans', 'files', `noto-sans-${subset}-${number}-normal.woff`)),
    path.join(FONTSOURCE, 'noto-sans-bengali', 'files', `noto-sans-bengali-bengali-${number}-normal.woff`),
  ];
}

/** Drawn for a character no font has. */
const REPLACEMENT = '?';

type LoadedFace = { bytes: Uint8Array; font: Font; characters: ReadonlySet<number> };

// Each file is read and parsed once per process; embedding is per document.
const loaded = new Map<string, Promise<LoadedFace>>();

function load(file: string): Promise<LoadedFace> {
  let entry = loaded.get(file);
  if (!entry) {
    entry = readFile(file).then((bytes) => {
      const font = fontkit.create(bytes);
      return { bytes, font, characters: new Set(font.characterSet) };
    });
    // A failed read is tried again next time rather than remembered.
    entry.catch(() => loaded.delete(file));
    loaded.set(file, entry);
  }
  return entry;
}

type Face = { face: LoadedFace; embed: () => Promise<PDFFont> };

/** The fonts of one document: the standard ones at once, each Noto file embedded the first time a text needs it. */
export function certificateFonts(document: PDFDocument) {
  document.registerFontkit(fontkit);
  const standard = { regular: document.embedStandardFont(StandardFonts.Helvetica), bold: document.embedStandardFont(StandardFonts.HelveticaBold) };
  const winAnsi = new Set(standard.regular.getCharacterSet());
  const embedded = new Map<string, Promise<PDFFont>>();

  async function faces(weight: Weight): Promise<Face[]> {
    const files = notoFiles(weight);
    const faces = await Promise.all(files.map(load));
    return faces.map((face, index) => ({
      face,
      embed: () => {
        const file = files[index] ?? '';
        let font = embedded.get(file);
        if (!font) {
          // Always a subset: fontkit writes the glyphs used as a TrueType font (the files are WOFF).
          font = document.embedFont(face.bytes, { subset: true });
          embedded.set(file, font);
        }
        return font;
      },
    }));
  }

  return {
    /** `text` as runs of fonts that have its characters. */
    async runsOf(text: string, weight: Weight): Promise<TextRun[]> {
      const normalized = text.normalize('NFC');
      const characters = Array.from(normalized);
      if (characters.every((character) => winAnsi.has(character.codePointAt(0) ?? 0))) return [{ text: normalized, font: standard[weight] }];

      const candidates = await faces(weight);
      const fallback = candidates[0];
      if (!fallback) throw new Error('No Unicode font for certificates');
      const pieces: { text: string; face: Face }[] = [];
      for (const character of characters) {
        const codePoint = character.codePointAt(0) ?? 0;
        const current = pieces.at(-1);
        // Spaces, punctuation and combining marks stay in the font of the text around them.
        if (current?.face.face.characters.has(codePoint)) {
          current.text += character;
          continue;
        }
        const covering = candidates.find((candidate) => candidate.face.characters.has(codePoint));
        const piece = covering ? { text: character, face: covering } : { text: REPLACEMENT, face: fallback };
        if (current && current.face === piece.face) current.text += piece.text;
        else pieces.push(piece);
      }
      return Promise.all(
        pieces.map(async ({ text: pieceText, face }) => ({
          text: pieceText,
          font: await face.embed(),
          shaped: { layout: face.face.font.layout(pieceText), unitsPerEm: face.face.font.unitsPerEm },
        })),
      );
    },
  };
}

export type CertificateFonts = ReturnType<typeof certificateFonts>;

function widthOfRun(run: TextRun, size: number): number {
  if (!run.shaped) return run.font.widthOfTextAtSize(run.text, size);
  const advance = run.shaped.layout.positions.reduce((total, position) => total + position.xAdvance, 0);
  return (advance / run.shaped.unitsPerEm) * size;
}

export function widthOfRuns(runs: TextRun[], size: number): number {
  return runs.reduce((total, run) => total + widthOfRun(run, size), 0);
}

/**
 * A shaped run's glyphs placed where the font's positioning puts them. pdf-lib's drawText would
 * set each glyph at the end of the one before, which scatters the marks and conjunct parts of
 * Bengali; here every glyph is moved by its offsets (TJ adjustments across, text rise up and down).
 */
function shapedTextOperators(page: PDFPage, run: TextRun & { shaped: NonNullable<TextRun['shaped']> }, size: number): PDFOperator[] {
  const { layout, unitsPerEm } = run.shaped;
  // pdf-lib's own encoding adds the glyphs to the embedded subset: four hex digits per glyph, in layout order.
  const codes = run.font.encodeText(run.text).asString().match(/.{4}/g) ?? [];
  const operators: PDFOperator[] = [setFontAndSize(page.node.newFontDictionary(run.font.name, run.font.ref), size)];
  const thousandths = 1000 / unitsPerEm;
  let pen = 0;
  let origin = 0;
  let rise = 0;
  let items = PDFArray.withContext(page.doc.context);
  const flush = () => {
    if (items.size() > 0) operators.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [items]));
    items = PDFArray.withContext(page.doc.context);
  };
  layout.glyphs.forEach((glyph, index) => {
    const position = layout.positions[index];
    const code = codes[index];
    if (!position || !code) return;
    if (position.yOffset !== rise) {
      flush();
      rise = position.yOffset;
      operators.push(setTextRise((rise / unitsPerEm) * size));
    }
    const target = origin + position.xOffset;
    if (target !== pen) items.push(PDFNumber.of(-(target - pen) * thousandths));
    items.push(PDFHexString.of(code));
    pen = target + glyph.advanceWidth;
    origin += position.xAdvance;
  });
  // The pen ends where the layout says the run ends, for the run after it.
  if (origin !== pen) items.push(PDFNumber.of(-(origin - pen) * thousandths));
  flush();
  if (rise !== 0) operators.push(setTextRise(0));
  return operators;
}

/** Draws the runs one after another from (x, y). */
export function drawRuns(page: PDFPage, runs: TextRun[], { x, y, size, color }: { x: number; y: number; size: number; color: Color }): void {
  let left = x;
  for (const run of runs) {
    const { shaped } = run;
    if (shaped) {
      page.pushOperators(pushGraphicsState(), setFillingColor(color), beginText(), setTextMatrix(1, 0, 0, 1, left, y), ...shapedTextOperators(page, { ...run, shaped }, size), endText(), popGraphicsState());
    } else {
      page.drawText(run.text, { x: left, y, size, font: run.font, color });
    }
    left += widthOfRun(run, size);
  }
}
