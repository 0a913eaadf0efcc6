// Book file (PDF or MP3) upload limits shared by the book forms (checked in the browser first)
// and the upload endpoint.

import { formatNumber } from './format';
import type { FormatLocale } from './format';

/** The largest book file accepted by `POST /api/uploads/book-file`. */
export const BOOK_FILE_MAX_BYTES = 200 * 1024 * 1024;

export const BOOK_FILE_UPLOAD_URL = '/api/uploads/book-file';

/** What the file picker offers; the server decides by the file's first bytes, never by its name. */
export const BOOK_FILE_ACCEPT = {
  PDF: 'application/pdf,.pdf',
  MP3: 'audio/mpeg,.mp3',
} as const;

/**
 * "12.4 MB": the file size text shown on the book page (stored in English) and in the upload
 * fields, where the Bengali site writes its digits ("১২.৪ MB").
 */
export function formatFileSize(bytes: number, locale: FormatLocale = 'en'): string {
  const digits = (value: number, fraction: number) =>
    locale === 'en' ? value.toFixed(fraction) : formatNumber(value, locale, { minimumFractionDigits: fraction, maximumFractionDigits: fraction, useGrouping: false });
  if (bytes < 1024) return `${digits(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${digits(bytes / 1024, 1)} KB`;
  return `${digits(bytes / (1024 * 1024), 1)} MB`;
}
