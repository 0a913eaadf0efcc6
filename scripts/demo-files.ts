// Real files generated for the demo data and the tests: PDFs of text and silent MP3s. Nothing
// here touches the database, so browser journeys can make the same files.

/** PDF literal strings escape \, ( and ); the standard Helvetica font covers Latin-1 only. */
function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').replace(/([\\()])/g, '\\$1');
}

const PDF_LINE_CHARS = 86;
const PDF_LINES_PER_PAGE = 48;

/** Words wrapped into lines of at most PDF_LINE_CHARS characters (Helvetica 11 on A4 with margins). */
function wrapText(paragraph: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > PDF_LINE_CHARS) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A valid PDF 1.4: the title on the first page, then the paragraphs wrapped onto as many A4 pages
 * as they need; byte offsets are computed for the xref table.
 */
export function createTextPdf(title: string, paragraphs: string[]): Buffer {
  const lines = paragraphs.flatMap((paragraph, index) => [...(index > 0 ? [''] : []), ...wrapText(paragraph)]);
  const pages: string[][] = [];
  for (let start = 0; start === 0 || start < lines.length; start += PDF_LINES_PER_PAGE) pages.push(lines.slice(start, start + PDF_LINES_PER_PAGE));
  const contentOf = (pageLines: string[], first: boolean) =>
    [
      'BT',
      ...(first ? ['/F1 20 Tf', '72 770 Td', `(${pdfText(title)}) Tj`, '/F1 11 Tf', '0 -32 Td'] : ['/F1 11 Tf', '72 770 Td']),
      ...pageLines.flatMap((line) => [`(${pdfText(line)}) Tj`, '0 -15 Td']),
      'ET',
    ].join('\n');
  // Objects 1-4 are fixed; each page adds a page object and its content stream.
  const pageIds = pages.map((_, index) => 5 + index * 2);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Title (${pdfText(title)}) /Producer (Knowledge Zone seed) >>`,
    ...pages.flatMap((pageLines, index) => {
      const content = contentOf(pageLines, index === 0);
      return [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${6 + index * 2} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
        `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
      ];
    }),
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>`,
    'startxref',
    String(xrefOffset),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.from(body + xref, 'latin1');
}

/** A three-page PDF: "Sample of <title>", a line saying what it is, and numbered lines to turn pages by. */
export function createSamplePdf(title: string): Buffer {
  const lines = Array.from({ length: 59 }, (_, index) => `Sample line ${index + 2}: the full text of the book would go on here.`);
  return createTextPdf(`Sample of ${title}`, ['A demo file from the Knowledge Zone catalogue.', ...lines]);
}

/** An ID3v2.4 tag with the title (UTF-8), so players show the book's name. */
function id3Tag(title: string): Buffer {
  const syncsafe = (size: number) => Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  const text = Buffer.concat([Buffer.from([0x03]), Buffer.from(title, 'utf8')]);
  const frame = Buffer.concat([Buffer.from('TIT2'), syncsafe(text.length), Buffer.from([0, 0]), text]);
  return Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0]), syncsafe(frame.length), frame]);
}

// MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, mono, no CRC: 417-byte frames of 1152 samples. An
// all-zero side info and body decodes as silence.
const MP3_FRAME_HEADER = [0xff, 0xfb, 0x90, 0xc0];
const MP3_FRAME_BYTES = Math.floor((144 * 128_000) / 44_100);
const MP3_FRAME_SECONDS = 1152 / 44_100;

/** A valid silent MP3 of about `seconds` seconds. */
export function createSilentMp3(title: string, seconds: number): Buffer {
  const frame = Buffer.alloc(MP3_FRAME_BYTES);
  Buffer.from(MP3_FRAME_HEADER).copy(frame);
  const frameCount = Math.max(1, Math.round(seconds / MP3_FRAME_SECONDS));
  return Buffer.concat([id3Tag(title), ...Array.from({ length: frameCount }, () => frame)]);
}
