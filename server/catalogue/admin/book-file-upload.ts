import 'server-only';
import { coded } from '@/lib/coded-message';
import { BOOK_FILE_MAX_BYTES, formatFileSize } from '@/lib/book-file-upload';
import { recordAudit } from '../../platform/audit';
import { recordBookFilePages, storeBookFile } from '../book-files';
import { countPdfPages } from '../pdf-pages';
import { FileTooLargeError } from '../../platform/chunked-files';
import type { BookFileContentType, BookFileInfo } from '../book-files';
import { collection, withDb } from '../../platform/db';
import { HttpError, objectIdFrom } from '../../platform/http';
import { revalidateCatalogue } from '../catalogue-cache';
import { authorize } from '../../accounts/permissions';
import type { Actor } from '../../accounts/permissions';
import { takeAdminWriteAllowance } from '../../platform/write-limits';
import { bodyAfter, declaredLength, readHead } from './raw-upload';
import { BOOK_FILE_HEAD_BYTES, BookFileRejectedError, UNSUPPORTED_BOOK_FILE, checkBookFile, sniffBookFileType } from './book-file-checks';

// A book's PDF or MP3, sent as the raw request body and streamed into the database chunk by
// chunk: an oversized or endless upload is refused (413) without ever being held in memory, and
// the file's type comes from its bytes and must match the book's format.

const TOO_LARGE = coded('theFileMustBeAtMost', { size: `${BOOK_FILE_MAX_BYTES / (1024 * 1024)} MB` });
const FORMAT_OF: Record<BookFileContentType, 'PDF' | 'MP3'> = { 'application/pdf': 'PDF', 'audio/mpeg': 'MP3' };

/** `pages`: a PDF's pages as counted from the file (null for an MP3, or a PDF pdf.js cannot read). */
export type UploadedBookFile = { bookId: string; contentType: BookFileContentType; length: number; filesize: string; pages: number | null };

type UploadOptions = { maxBytes?: number };

/** Stores `body` as the file of book `bookIdText`, replacing any earlier file once the new one is whole. */
export async function uploadBookFile(
  actor: Actor,
  bookIdText: string,
  body: ReadableStream<Uint8Array> | null,
  contentLength: string | null,
  { maxBytes = BOOK_FILE_MAX_BYTES }: UploadOptions = {},
): Promise<UploadedBookFile> {
  authorize(actor, 'manageCatalogue');
  const bookId = objectIdFrom(bookIdText);
  const expected = declaredLength(contentLength);
  // Refused on the header alone, before a byte of the body is read.
  if (expected !== null && expected > maxBytes) throw new HttpError(413, TOO_LARGE);
  const book = await withDb(async () => (await collection('books')).findOne({ _id: bookId }, { projection: { formate: 1, bookName: 1 } }));
  if (!book) throw new HttpError(404, 'bookNotFound');
  if (!body || expected === 0) throw new HttpError(400, 'chooseAFileToUpload');
  await takeAdminWriteAllowance(actor);

  const reader = body.getReader();
  let stored: BookFileInfo;
  try {
    const head = await readHead(reader, BOOK_FILE_HEAD_BYTES);
    if (head.byteLength === 0) throw new HttpError(400, 'chooseAFileToUpload');
    const type = sniffBookFileType(head);
    if (!type) throw new HttpError(415, UNSUPPORTED_BOOK_FILE);
    if (FORMAT_OF[type] !== book.formate) throw new HttpError(415, coded('theBookSFormatIsSoTheFileMustBeToo', { format: book.formate }));
    stored = await storeBookFile(bookId, checkBookFile(bodyAfter(head, reader, expected), type), type, { maxBytes });
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    if (error instanceof FileTooLargeError) throw new HttpError(413, TOO_LARGE);
    if (error instanceof BookFileRejectedError) throw new HttpError(415, error.coded);
    throw error;
  }

  // The book page shows the real size of what buyers will download and, for a PDF, its real pages.
  const filesize = formatFileSize(stored.length);
  const pages = stored.contentType === 'application/pdf' ? await countPdfPages(stored) : null;
  const counted = pages !== null && (await recordBookFilePages(stored, pages));
  await withDb(async () => (await collection('books')).updateOne({ _id: bookId }, { $set: { filesize, ...(counted ? { page: pages } : {}) } }));
  await recordAudit({
    actor,
    action: 'upload-file',
    entity: 'book',
    entityId: stored.bookId,
    summary: `Uploaded the ${FORMAT_OF[stored.contentType]} file of “${book.bookName}” (${filesize}${counted ? `, ${pages} pages` : ''})`,
  });
  // The book page shows the size, and the book is on sale only with a file.
  await revalidateCatalogue('book', [stored.bookId]);
  return { bookId: stored.bookId, contentType: stored.contentType, length: stored.length, filesize, pages: counted ? pages : null };
}
