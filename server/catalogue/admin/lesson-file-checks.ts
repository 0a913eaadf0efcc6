import 'server-only';
import type { ErrorCode } from '@/lib/coded-message';
import type { LessonUploadPart } from '@/lib/schemas/curriculum';
import { checkBookFile, sniffBookFileType } from './book-file-checks';

// What a lesson upload really is, judged by its first bytes (never its name or declared type),
// and which kinds each part accepts: a video lesson takes MP4 or WebM, a file lesson a PDF, MP3,
// ZIP-based document or picture, and notes are a PDF. PDFs and MP3s get the book files' deeper
// checks (a PDF must end with its trailer, an MP3 must carry audio frames).

export const LESSON_FILE_HEAD_BYTES = 64;

type Sniffed = 'webm' | 'mp4' | 'pdf' | 'mp3' | 'zip' | 'png' | 'jpeg';

const ACCEPTED: Record<LessonUploadPart, readonly Sniffed[]> = {
  video: ['mp4', 'webm'],
  file: ['pdf', 'mp3', 'zip', 'png', 'jpeg'],
  notes: ['pdf'],
};

export const UNSUPPORTED_LESSON_FILE: Record<LessonUploadPart, ErrorCode> = {
  video: 'onlyMp4OrWebmVideosAreAllowed',
  file: 'onlyPdfMp3ZipIncludingWordExcelAndPowerpointFilesPngOr',
  notes: 'notesMustBeAPdfFile',
};

const ZIP_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};

const CONTENT_TYPES: Record<Exclude<Sniffed, 'zip'>, { type: string; extension: string }> = {
  webm: { type: 'video/webm', extension: 'webm' },
  mp4: { type: 'video/mp4', extension: 'mp4' },
  pdf: { type: 'application/pdf', extension: 'pdf' },
  mp3: { type: 'audio/mpeg', extension: 'mp3' },
  png: { type: 'image/png', extension: 'png' },
  jpeg: { type: 'image/jpeg', extension: 'jpg' },
};

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
}

function sniff(head: Buffer): Sniffed | null {
  // WebM is Matroska with the DocType "webm" in its EBML header.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && head.includes(Buffer.from('webm', 'latin1'))) return 'webm';
  // MP4 (ISO base media) opens with an `ftyp` box.
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  const book = sniffBookFileType(head);
  if (book === 'application/pdf') return 'pdf';
  if (book === 'audio/mpeg') return 'mp3';
  return null;
}

export type LessonFileType = { sniffed: Sniffed; contentType: string; extension: string };

/** The upload's type when `part` accepts it, else null. A ZIP takes its Office type from the name's extension. */
export function lessonFileTypeOf(head: Buffer, part: LessonUploadPart, fileName: string): LessonFileType | null {
  const sniffed = sniff(head);
  if (!sniffed || !ACCEPTED[part].includes(sniffed)) return null;
  if (sniffed === 'zip') {
    const extension = /\.(docx|xlsx|pptx)$/i.exec(fileName)?.[1]?.toLowerCase() ?? 'zip';
    return { sniffed, contentType: ZIP_TYPES[extension] ?? 'application/zip', extension };
  }
  return { sniffed, contentType: CONTENT_TYPES[sniffed].type, extension: CONTENT_TYPES[sniffed].extension };
}

/** Passes the bytes through, with the book files' whole-file checks for PDFs and MP3s. */
export function checkLessonFile(source: AsyncIterable<Uint8Array>, type: LessonFileType): AsyncIterable<Uint8Array> {
  if (type.sniffed === 'pdf') return checkBookFile(source, 'application/pdf');
  if (type.sniffed === 'mp3') return checkBookFile(source, 'audio/mpeg');
  return source;
}

/** A safe download name: no path, no control characters, at most 120 characters, with the file's real extension. */
export function lessonFileName(sent: string | null, fallback: string, extension: string): string {
  let name = '';
  try {
    name = decodeURIComponent(sent ?? '');
  } catch {
    name = '';
  }
  name = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const base = (name || fallback).replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 110).trim() || 'download';
  return `${base}.${extension}`;
}
