import 'server-only';
import { PDFDocument, PDFHexString, PDFString, rgb } from 'pdf-lib';
import type { PDFPage, RGB } from 'pdf-lib';
import { localePath } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';
import { formatDate } from '@/lib/format';
import { routes } from '@/lib/routes';
import { certificateFonts, drawRuns, widthOfRuns } from './certificate-fonts';
import type { CertificateFonts, TextRun, Weight } from './certificate-fonts';
import type { Certificate } from './certificates';
import { env } from '../platform/env';
import { durationTextWith } from '@/lib/duration-text';
import { textsIn } from '../platform/messages-in';

// The certificate as a PDF to download and keep: one landscape A4 page in the brand's colours
// with the learner's name, the course, its instructor, the completion date and the address where
// anyone can check it. Made with pdf-lib in memory (tens of milliseconds), nothing stored.

/** A4 landscape, in points. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 90;
const TEXT_WIDTH = PAGE.width - 2 * MARGIN;

function hex(value: string): RGB {
  const channel = (start: number) => Number.parseInt(value.slice(start, start + 2), 16) / 255;
  return rgb(channel(1), channel(3), channel(5));
}

/** The palette of app/globals.css (and slate for body text). */
const COLOURS = {
  brand50: hex('#eef5ff'),
  brand500: hex('#2f6fed'),
  brand600: hex('#1f5ad6'),
  brand700: hex('#1946ab'),
  brand900: hex('#0f2a66'),
  accent500: hex('#f59e0b'),
  slate700: hex('#334155'),
  white: rgb(1, 1, 1),
};

type Line = { runs: TextRun[]; size: number };

/** Runs of `text` at the largest size from `size` down to `minSize` that fits `width`; cut with "…" if none does. */
async function fitted(fonts: CertificateFonts, text: string, weight: Weight, width: number, size: number, minSize: number): Promise<Line> {
  const runs = await fonts.runsOf(text, weight);
  let fittedSize = size;
  while (fittedSize > minSize && widthOfRuns(runs, fittedSize) > width) fittedSize -= 1;
  if (widthOfRuns(runs, fittedSize) <= width) return { runs, size: fittedSize };
  const characters = Array.from(text);
  for (let keep = characters.length - 1; keep > 0; keep -= 1) {
    const cut = await fonts.runsOf(`${characters.slice(0, keep).join('').trimEnd()}…`, weight);
    if (widthOfRuns(cut, fittedSize) <= width) return { runs: cut, size: fittedSize };
  }
  return { runs, size: fittedSize };
}

/** `text` wrapped into at most two lines at one size, the largest from `size` to `minSize` that fits. */
async function wrapped(fonts: CertificateFonts, text: string, weight: Weight, width: number, size: number, minSize: number): Promise<Line[]> {
  const words = text.split(/\s+/).filter(Boolean);
  for (let fittedSize = size; fittedSize >= minSize; fittedSize -= 1) {
    const single = await fonts.runsOf(text, weight);
    if (widthOfRuns(single, fittedSize) <= width) return [{ runs: single, size: fittedSize }];
    for (let split = words.length - 1; split > 0; split -= 1) {
      const first = await fonts.runsOf(words.slice(0, split).join(' '), weight);
      if (widthOfRuns(first, fittedSize) > width) continue;
      const second = await fonts.runsOf(words.slice(split).join(' '), weight);
      if (widthOfRuns(second, fittedSize) <= width) return [{ runs: first, size: fittedSize }, { runs: second, size: fittedSize }];
      break;
    }
  }
  return [await fitted(fonts, text, weight, width, minSize, minSize)];
}

type Align = 'centre' | 'left' | 'right';

function draw(page: PDFPage, { runs, size }: Line, y: number, color: RGB, align: Align = 'centre', anchorX = PAGE.width / 2): void {
  const width = widthOfRuns(runs, size);
  const x = align === 'centre' ? anchorX - width / 2 : align === 'right' ? anchorX - width : anchorX;
  drawRuns(page, runs, { x, y, size, color });
}

/** `text` at `size`, in Helvetica where it can be, in an embedded Noto font otherwise (Bengali). */
async function line(fonts: CertificateFonts, text: string, weight: Weight, size: number): Promise<Line> {
  return { runs: await fonts.runsOf(text, weight), size };
}

/** Document properties: literal strings when they are plain ASCII, so the name is findable in the bytes; UTF-16 otherwise. */
function infoText(text: string): PDFString | PDFHexString {
  return /^[\x20-\x7e]*$/.test(text) ? PDFString.of(text.replace(/[\\()]/g, '\\$&')) : PDFHexString.fromText(text);
}

/** The certificate's public page, in the language the PDF is written in. */
function certificateVerificationUrl(id: string, locale: Locale): string {
  return new URL(localePath(locale, routes.certificate(id)), env().SITE_URL).toString();
}

function setProperties(document: PDFDocument, certificate: Certificate, heading: string, verificationUrl: string): void {
  const { context } = document;
  const info = context.obj({
    Title: infoText(`${heading}: ${certificate.learnerName}`),
    Subject: infoText(`${certificate.learnerName} completed "${certificate.courseTitle}" on Knowledge Zone. Verify at ${verificationUrl}`),
    Author: infoText('Knowledge Zone'),
    Creator: infoText('Knowledge Zone'),
    Producer: infoText('Knowledge Zone with pdf-lib'),
    CreationDate: PDFString.fromDate(certificate.issuedAt),
  });
  context.trailerInfo.Info = context.register(info);
}

const OPEN = '\u0001';
const CLOSE = '\u0002';

/** A message with one tag (`taughtBy`, `checkGenuine`): its text before, inside and after the tag. */
function aroundTag(marked: string): { before: string; inside: string; after: string } {
  const [before = '', rest = ''] = marked.split(OPEN);
  const [inside = '', after = ''] = rest.split(CLOSE);
  return { before, inside, after };
}

/** The certificate's words in `locale` (the `certificate` messages, as on its page). */
function pdfTexts(locale: Locale, certificate: Certificate) {
  const t = textsIn(locale, 'certificate');
  const mark = (chunks: string) => `${OPEN}${chunks}${CLOSE}`;
  return {
    heading: t('heading'),
    certifiesThat: t('certifiesThat'),
    hasCompleted: t('hasCompleted'),
    taughtBy: aroundTag(t.markup('taughtBy', { instructor: certificate.instructorName, strong: mark })),
    courseLength:
      certificate.courseLengthSeconds === null || certificate.courseLengthSeconds === 0
        ? null
        : aroundTag(t.markup('courseLength', { length: durationTextWith(textsIn(locale, 'lesson'), locale)(certificate.courseLengthSeconds), strong: mark })),
    completedOn: t('completedOn'),
    completedDate: formatDate(certificate.completedAt, 'long', locale),
    seal: t('seal'),
    certificateId: t('certificateId'),
    checkGenuine: aroundTag(t.markup('checkGenuine', { url: '', address: mark })).before.trim(),
  };
}

/** The certificate's PDF in `locale`: a withdrawn certificate is refused before this is asked for. */
export async function renderCertificatePdf(certificate: Certificate, locale: Locale = 'en'): Promise<Uint8Array> {
  const texts = pdfTexts(locale, certificate);
  const verificationUrl = certificateVerificationUrl(certificate.id, locale);
  const document = await PDFDocument.create({ updateMetadata: false });
  setProperties(document, certificate, texts.heading, verificationUrl);
  const fonts = certificateFonts(document);
  const page = document.addPage([PAGE.width, PAGE.height]);

  // Frame: a tinted sheet, a dark outer border and a thin brand line inside it.
  page.drawRectangle({ x: 0, y: 0, width: PAGE.width, height: PAGE.height, color: COLOURS.white });
  page.drawRectangle({ x: 18, y: 18, width: PAGE.width - 36, height: PAGE.height - 36, borderColor: COLOURS.brand900, borderWidth: 6, color: COLOURS.brand50 });
  page.drawRectangle({ x: 32, y: 32, width: PAGE.width - 64, height: PAGE.height - 64, borderColor: COLOURS.brand500, borderWidth: 1.2 });

  draw(page, await line(fonts, 'K N O W L E D G E   Z O N E', 'bold', 13), 515, COLOURS.brand700);
  draw(page, await line(fonts, texts.heading, 'bold', 38), 455, COLOURS.brand900);
  page.drawLine({ start: { x: PAGE.width / 2 - 70, y: 440 }, end: { x: PAGE.width / 2 + 70, y: 440 }, thickness: 3, color: COLOURS.accent500 });

  draw(page, await line(fonts, texts.certifiesThat, 'regular', 15), 400, COLOURS.slate700);
  draw(page, await fitted(fonts, certificate.learnerName, 'bold', TEXT_WIDTH, 40, 20), 348, COLOURS.brand900);
  page.drawLine({ start: { x: MARGIN + 60, y: 336 }, end: { x: PAGE.width - MARGIN - 60, y: 336 }, thickness: 0.8, color: COLOURS.brand500 });
  draw(page, await line(fonts, texts.hasCompleted, 'regular', 15), 305, COLOURS.slate700);

  const title = await wrapped(fonts, certificate.courseTitle, 'bold', TEXT_WIDTH, 26, 16);
  let y = title.length === 1 ? 262 : 272;
  for (const line of title) {
    draw(page, line, y, COLOURS.brand700);
    y -= line.size * 1.25;
  }
  const { before, inside, after } = texts.taughtBy;
  const instructor = await fitted(fonts, inside, 'bold', TEXT_WIDTH / 2, 15, 10);
  const taughtBy = [...(await fonts.runsOf(before, 'regular')), ...instructor.runs, ...(await fonts.runsOf(after, 'regular'))];
  draw(page, { runs: taughtBy, size: instructor.size }, y - 14, COLOURS.slate700);
  if (texts.courseLength) {
    const length = texts.courseLength;
    const runs = [...(await fonts.runsOf(length.before, 'regular')), ...(await fonts.runsOf(length.inside, 'bold')), ...(await fonts.runsOf(length.after, 'regular'))];
    draw(page, { runs, size: 13 }, y - 36, COLOURS.slate700);
  }

  // Foot: completion date on the left, a seal in the middle, the certificate id on the right.
  const footY = 120;
  draw(page, await line(fonts, texts.completedOn, 'regular', 11), footY + 20, COLOURS.slate700, 'left', MARGIN);
  draw(page, await line(fonts, texts.completedDate, 'bold', 15), footY, COLOURS.brand900, 'left', MARGIN);
  page.drawLine({ start: { x: MARGIN, y: footY - 8 }, end: { x: MARGIN + 170, y: footY - 8 }, thickness: 0.8, color: COLOURS.brand500 });
  draw(page, await line(fonts, texts.certificateId, 'regular', 11), footY + 20, COLOURS.slate700, 'right', PAGE.width - MARGIN);
  draw(page, await line(fonts, certificate.id, 'bold', 13), footY, COLOURS.brand900, 'right', PAGE.width - MARGIN);
  page.drawLine({ start: { x: PAGE.width - MARGIN - 190, y: footY - 8 }, end: { x: PAGE.width - MARGIN, y: footY - 8 }, thickness: 0.8, color: COLOURS.brand500 });

  page.drawCircle({ x: PAGE.width / 2, y: footY + 10, size: 36, color: COLOURS.brand600, borderColor: COLOURS.accent500, borderWidth: 3 });
  draw(page, await line(fonts, 'KZ', 'bold', 22), footY + 8, COLOURS.white);
  draw(page, await line(fonts, texts.seal, 'bold', 6.5), footY - 6, COLOURS.white);

  draw(page, await line(fonts, texts.checkGenuine, 'regular', 10), 64, COLOURS.slate700);
  draw(page, await line(fonts, verificationUrl, 'bold', 10), 50, COLOURS.brand700);

  // Without object streams the document properties stay readable text (and old readers cope).
  return document.save({ useObjectStreams: false });
}
