import 'server-only';
import type { CodedMessage } from '@/lib/coded-message';
import type { BookFileContentType } from '../book-files';

// What a book file really is, judged by its bytes (never its name or declared type). A file must
// look right at its start and keep looking right: a PDF ends with its %%EOF trailer, an MP3 has an
// MPEG audio frame where its ID3 tag ends. That rejects the usual disguises: HTML or a script
// renamed .pdf, and "polyglots" that put a PDF or ID3 header in front of something else.

export class BookFileRejectedError extends Error {
  constructor(readonly coded: CodedMessage) {
    super(coded);
    this.name = 'BookFileRejectedError';
  }
}

export const UNSUPPORTED_BOOK_FILE = 'onlyPdfOrMp3FilesAreAllowed';

/** Bytes needed to recognise a file: an ID3 header is 10 bytes, a PDF header 5, an MPEG frame header 4. */
export const BOOK_FILE_HEAD_BYTES = 16;
/** How far past an ID3 tag the first audio frame may start (some encoders pad). */
const FRAME_SEARCH_BYTES = 4096;
/** A PDF's %%EOF marker sits in its last bytes (a few trailing newlines are allowed). */
const PDF_TAIL_BYTES = 1024;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ID3_MAGIC = [0x49, 0x44, 0x33]; // ID3
const PDF_EOF = Buffer.from('%%EOF', 'latin1');

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

/** An MPEG audio frame header at `offset`: sync bits set and no reserved version, layer, bitrate or rate. */
export function isMpegFrameHeader(bytes: Uint8Array, offset = 0): boolean {
  if (offset + 4 > bytes.length) return false;
  const [b0, b1, b2, b3] = [bytes[offset] ?? 0, bytes[offset + 1] ?? 0, bytes[offset + 2] ?? 0, bytes[offset + 3] ?? 0];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  const bitrate = (b2 >> 4) & 0x0f;
  const sampleRate = (b2 >> 2) & 0x03;
  const emphasis = b3 & 0x03;
  return version !== 0x01 && layer !== 0x00 && bitrate !== 0x0f && sampleRate !== 0x03 && emphasis !== 0x02;
}

/** The length of a leading ID3v2 tag (header, body and footer), or null when there is none or it is malformed. */
export function id3TagLength(head: Uint8Array): number | null {
  if (!startsWith(head, ID3_MAGIC) || head.length < 10) return null;
  const major = head[3] ?? 0;
  const flags = head[5] ?? 0;
  const size = [head[6], head[7], head[8], head[9]].map((byte) => byte ?? 0xff);
  if (major < 2 || major > 4 || (head[4] ?? 0) === 0xff || size.some((byte) => byte >= 0x80)) return null;
  const body = size.reduce((total, byte) => total * 128 + byte, 0);
  return 10 + body + (flags & 0x10 ? 10 : 0);
}

/** The type the first bytes claim (PDF, or MP3 by ID3 tag or frame header); null for anything else. */
export function sniffBookFileType(head: Uint8Array): BookFileContentType | null {
  if (startsWith(head, PDF_MAGIC)) return 'application/pdf';
  if (id3TagLength(head) !== null || isMpegFrameHeader(head)) return 'audio/mpeg';
  return null;
}

/**
 * Passes `source` through unchanged while checking the rest of the file against its claimed
 * type; throws BookFileRejectedError at the point the file stops making sense. The store that
 * consumes this deletes what it wrote when it throws.
 */
export async function* checkBookFile(source: AsyncIterable<Uint8Array>, type: BookFileContentType): AsyncGenerator<Uint8Array> {
  let offset = 0;
  let tail = Buffer.alloc(0);
  // MP3 with an ID3 tag: collect the bytes where the first audio frame must be.
  let frameWindow: { start: number; end: number; bytes: Buffer } | null = null;
  let frameFound = type !== 'audio/mpeg';

  for await (const piece of source) {
    if (offset === 0 && type === 'audio/mpeg') {
      const tagLength = id3TagLength(piece);
      if (tagLength === null) frameFound = isMpegFrameHeader(piece);
      else frameWindow = { start: tagLength, end: tagLength + FRAME_SEARCH_BYTES + 4, bytes: Buffer.alloc(0) };
    }
    if (frameWindow && !frameFound) {
      const from = Math.max(frameWindow.start - offset, 0);
      const to = Math.min(frameWindow.end - offset, piece.byteLength);
      if (from < to) frameWindow.bytes = Buffer.concat([frameWindow.bytes, piece.subarray(from, to)]);
      frameFound = hasFrameHeader(frameWindow.bytes);
      if (!frameFound && offset + piece.byteLength >= frameWindow.end) throw new BookFileRejectedError(UNSUPPORTED_BOOK_FILE);
    }
    if (type === 'application/pdf') tail = Buffer.concat([tail, piece]).subarray(-PDF_TAIL_BYTES);
    offset += piece.byteLength;
    yield piece;
  }

  if (!frameFound) throw new BookFileRejectedError(UNSUPPORTED_BOOK_FILE);
  if (type === 'application/pdf' && !tail.includes(PDF_EOF)) throw new BookFileRejectedError(UNSUPPORTED_BOOK_FILE);
}

function hasFrameHeader(bytes: Buffer): boolean {
  for (let index = 0; index + 4 <= bytes.length; index += 1) if (isMpegFrameHeader(bytes, index)) return true;
  return false;
}
