import 'server-only';
import { parseRange } from '@/lib/http-range';
import { checkBookFileToken } from './book-links';
import { findBookFile, streamBookFile } from './book-files';
import { getBook } from './books';
import { parseObjectId } from './db';
import { HttpError } from './http';
import { hasPaidOrder } from './orders';
import type { User } from './users';

// GET /api/books/{id}/file: a bought book's file, to its buyer only, with HTTP Range so the
// MP3 player can seek and downloads can resume. The body is streamed chunk by chunk.

const EXTENSIONS = { 'application/pdf': 'pdf', 'audio/mpeg': 'mp3' } as const;

/** A Content-Disposition that survives any book name: an ASCII fallback plus the UTF-8 original. */
function dispositionFor(bookName: string, extension: string): string {
  const fileName = `${bookName}.${extension}`;
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export async function bookFileResponse(user: Pick<User, 'id'>, bookId: string, token: string | null, rangeHeader: string | null): Promise<Response> {
  const bookObjectId = parseObjectId(bookId);
  if (!bookObjectId) throw new HttpError(400, 'Invalid id');
  // The catalogue is public, so saying a book does not exist reveals nothing.
  const book = await getBook(bookId);
  if (!book) throw new HttpError(404, 'Book not found');
  const check = token ? checkBookFileToken(token, user.id, bookId) : 'invalid';
  if (check === 'expired') throw new HttpError(403, 'This link has expired. Open My Collection for a new one.');
  if (check !== 'valid') throw new HttpError(403, 'Forbidden access');
  if (!(await hasPaidOrder(user, bookId))) throw new HttpError(403, 'Forbidden access');
  const file = await findBookFile(bookObjectId);
  if (!file) throw new HttpError(404, 'This book has no file yet');

  const headers = new Headers({
    'Content-Type': file.contentType,
    'Accept-Ranges': 'bytes',
    'Content-Disposition': dispositionFor(book.bookName, EXTENSIONS[file.contentType]),
    // The link is personal and short-lived: never stored by shared caches.
    'Cache-Control': 'private, no-store',
  });
  const range = parseRange(rangeHeader, file.length);
  if (range.kind === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${file.length}`);
    return new Response(null, { status: 416, headers });
  }
  if (file.length === 0) {
    headers.set('Content-Length', '0');
    return new Response(null, { status: 200, headers });
  }
  const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, file.length - 1];
  headers.set('Content-Length', String(end - start + 1));
  if (range.kind === 'partial') headers.set('Content-Range', `bytes ${start}-${end}/${file.length}`);
  return new Response(streamBookFile(file, start, end), { status: range.kind === 'partial' ? 206 : 200, headers });
}
