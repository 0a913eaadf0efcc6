import 'server-only';
import type { ObjectId } from 'mongodb';
import { findBookFile, streamBookFile } from './book-files';
import { findBookForBuyers } from './catalogue-admin/unlisting';
import { collection, isDuplicateKey, parseObjectId, withDb } from './db';
import { HttpError } from './http';
import { hasPaidOrder } from './orders';
import { rangedFileResponse } from './ranged-response';
import type { User } from './users';

// GET /api/books/{id}/file: a bought book's file, to its buyer only, with HTTP Range so the
// reader can fetch pages, the MP3 player can seek and downloads can resume. The body is streamed
// chunk by chunk. The address is the same for everyone and never expires: what lets a request in
// is its session and the purchase, both checked every time, so a tab left open keeps working.

const EXTENSIONS = { 'application/pdf': 'pdf', 'audio/mpeg': 'mp3' } as const;

export async function bookFileResponse(user: Pick<User, 'id'>, bookId: string, rangeHeader: string | null): Promise<Response> {
  const bookObjectId = parseObjectId(bookId);
  if (!bookObjectId) throw new HttpError(400, 'Invalid id');
  // The catalogue is public, so saying a book does not exist reveals nothing. An unlisted book
  // is still there for its buyers (server/catalogue-admin/unlisting.ts).
  const book = await findBookForBuyers(bookObjectId, { bookName: 1 });
  if (!book) throw new HttpError(404, 'Book not found');
  if (!(await hasPaidOrder(user, bookId))) throw new HttpError(403, 'Forbidden access');
  const file = await findBookFile(bookObjectId);
  if (!file) throw new HttpError(404, 'This book has no file yet');

  const response = rangedFileResponse(
    {
      length: file.length,
      contentType: file.contentType,
      fileName: `${book.bookName}.${EXTENSIONS[file.contentType]}`,
      stream: (start, end) => streamBookFile(file, start, end),
    },
    rangeHeader,
  );
  // Any part of the file counts (a player seeking, a resumed download): a buyer could otherwise
  // fetch it all in ranges and still ask for a refund.
  if (response.status === 200 || response.status === 206) await recordBookDownload(user.id, bookObjectId);
  return response;
}

/** The `_id` of a buyer's download record of a book: `{userId}:{bookId}` (the refund gates read it too). */
export function bookDownloadKey(userId: string, bookId: ObjectId): string {
  return `${userId.toLowerCase()}:${bookId.toHexString()}`;
}

/** Notes, once, that the user got the book's file: such a book can no longer be refunded on request (server/refunds.ts). */
async function recordBookDownload(userId: string, bookId: ObjectId): Promise<void> {
  const userObjectId = parseObjectId(userId);
  if (!userObjectId) return;
  await withDb(async () => {
    const downloads = await collection('bookDownloads');
    const _id = bookDownloadKey(userId, bookId);
    // Read first: a player sends many range requests, and a read by _id costs less than a refused insert.
    if (await downloads.findOne({ _id }, { projection: { _id: 1 } })) return;
    try {
      await downloads.insertOne({ _id, userId: userObjectId, bookId, firstDownloadedAt: new Date() });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  });
}

/** Whether the user ever got the book's file (since downloads were recorded). */
export async function hasDownloadedBook(userId: string, bookId: ObjectId): Promise<boolean> {
  return withDb(async () => (await (await collection('bookDownloads')).findOne({ _id: bookDownloadKey(userId, bookId) }, { projection: { _id: 1 } })) !== null);
}
