import 'server-only';
import type { ObjectId } from 'mongodb';
import { findBookFile, streamBookFile } from './book-files';
import { findBookForBuyers } from './admin/unlisting';
import { collection, isDuplicateKey, parseObjectId, withDb } from '../platform/db';
import { HttpError } from '../platform/http';
import { hasPaidOrder } from '../commerce/orders';
import { rangedFileResponse } from '../platform/ranged-response';
import type { User } from '../accounts/users';

// GET /api/books/{id}/file: a bought book's file, to its buyer only, with HTTP Range so the
// reader can fetch pages, the MP3 player can seek and downloads can resume. The body is streamed
// chunk by chunk. The address is the same for everyone and never expires: what lets a request in
// is its session and the purchase, both checked every time, so a tab left open keeps working.

const EXTENSIONS = { 'application/pdf': 'pdf', 'audio/mpeg': 'mp3' } as const;

export async function bookFileResponse(user: Pick<User, 'id'>, bookId: string, rangeHeader: string | null): Promise<Response> {
  const bookObjectId = parseObjectId(bookId);
  if (!bookObjectId) throw new HttpError(400, 'invalidId');
  // The catalogue is public, so saying a book does not exist reveals nothing. An unlisted book
  // is still there for its buyers (server/catalogue/admin/unlisting.ts).
  const book = await findBookForBuyers(bookObjectId, { bookName: 1 });
  if (!book) throw new HttpError(404, 'bookNotFound');
  if (!(await hasPaidOrder(user, bookId))) throw new HttpError(403, 'forbiddenAccess');
  const file = await findBookFile(bookObjectId);
  if (!file) throw new HttpError(404, 'thisBookHasNoFileYet');

  return rangedFileResponse(
    {
      length: file.length,
      contentType: file.contentType,
      fileName: `${book.bookName}.${EXTENSIONS[file.contentType]}`,
      // What the buyer fetched counts towards the refund rule, whatever the way (the reader's
      // ranges, the player's, a download): a book could otherwise be taken in pieces and refunded.
      stream: (start, end) => countingDelivered(streamBookFile(file, start, end), (bytes) => recordBookDelivery(user.id, bookObjectId, bytes)),
    },
    rangeHeader,
  );
}

/**
 * The stream, counting the bytes it hands on; `record` gets the count once, when the stream ends
 * or the client stops reading (a player that buffered enough, a cancelled download), before the
 * answer is complete. A count that cannot be recorded fails the answer rather than give bytes away
 * uncounted.
 */
function countingDelivered(source: ReadableStream<Uint8Array>, record: (bytes: number) => Promise<void>): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let delivered = 0;
  let recorded = false;
  const finish = async () => {
    if (recorded || delivered === 0) return;
    recorded = true;
    await record(delivered);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          await finish();
          controller.close();
          return;
        }
        delivered += value.byteLength;
        controller.enqueue(value);
      },
      async cancel(reason) {
        await Promise.all([finish(), reader.cancel(reason)]);
      },
    },
    // Read from the database only as fast as the client takes it, so the count is what was sent.
    { highWaterMark: 0 },
  );
}

/** The `_id` of a buyer's download record of a book: `{userId}:{bookId}` (the refund gates read it too). */
export function bookDownloadKey(userId: string, bookId: ObjectId): string {
  return `${userId.toLowerCase()}:${bookId.toHexString()}`;
}

/**
 * Adds `bytes` to what the user was sent of the book's file (server/commerce/refund-requests.ts reads it).
 * A record from before the count (no `bytesDelivered`) meant "got the file" and is left as it is.
 */
async function recordBookDelivery(userId: string, bookId: ObjectId, bytes: number): Promise<void> {
  const userObjectId = parseObjectId(userId);
  if (!userObjectId) return;
  await withDb(async () => {
    const downloads = await collection('bookDownloads');
    const _id = bookDownloadKey(userId, bookId);
    const add = () => downloads.updateOne({ _id, bytesDelivered: { $exists: true } }, { $inc: { bytesDelivered: bytes } });
    if ((await add()).matchedCount === 1) return;
    try {
      await downloads.insertOne({ _id, userId: userObjectId, bookId, firstDownloadedAt: new Date(), bytesDelivered: bytes });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Another answer of the same file wrote the record first.
      await add();
    }
  });
}
