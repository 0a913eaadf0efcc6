import 'server-only';
import { Binary, ObjectId } from 'mongodb';
import { collection, withDb } from './db';
import type { BookFileChunkDocument, BookFileMetaDocument } from './documents';

// Book files (PDF or MP3) live in the database as 255 KB chunks (`bookFiles`) plus one metadata
// document per book (`bookFileMeta`). Writing and reading both hold one chunk at a time, so a
// 50 MB audiobook costs the server the same memory as a 50 KB one.

export const BOOK_FILE_CHUNK_SIZE = 255 * 1024;

export type BookFileContentType = BookFileMetaDocument['contentType'];

export type BookFileInfo = { bookId: string; fileId: string; contentType: BookFileContentType; length: number; chunkSize: number };

export class BookFileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'BookFileTooLargeError';
  }
}

function toInfo(document: BookFileMetaDocument): BookFileInfo {
  return {
    bookId: document._id.toHexString(),
    fileId: document.fileId.toHexString(),
    contentType: document.contentType,
    length: document.length,
    chunkSize: document.chunkSize,
  };
}

function chunkId(fileId: ObjectId, n: number): BookFileChunkDocument['_id'] {
  // Field order matters: _id documents compare field by field, fileId first.
  return { fileId, n };
}

async function deleteChunks(fileId: ObjectId): Promise<void> {
  const chunks = await collection('bookFiles');
  await chunks.deleteMany({ _id: { $gte: chunkId(fileId, 0), $lte: chunkId(fileId, Number.MAX_SAFE_INTEGER) } });
}

type StoreOptions = { maxBytes?: number };

/**
 * Stores `source` as the book's file, replacing any earlier one only once the new one is whole.
 * Chunks are written as they fill, so the upload is never held in memory.
 */
export async function storeBookFile(
  bookId: ObjectId,
  source: AsyncIterable<Uint8Array>,
  contentType: BookFileContentType,
  { maxBytes = Number.POSITIVE_INFINITY }: StoreOptions = {},
): Promise<BookFileInfo> {
  return withDb(async () => {
    const chunks = await collection('bookFiles');
    const fileId = new ObjectId();
    let pending = Buffer.alloc(0);
    let length = 0;
    let n = 0;
    const flush = async (data: Buffer) => {
      await chunks.insertOne({ _id: chunkId(fileId, n), data: new Binary(data) });
      n += 1;
    };
    try {
      for await (const piece of source) {
        length += piece.byteLength;
        if (length > maxBytes) throw new BookFileTooLargeError(maxBytes);
        pending = Buffer.concat([pending, piece]);
        while (pending.length >= BOOK_FILE_CHUNK_SIZE) {
          await flush(pending.subarray(0, BOOK_FILE_CHUNK_SIZE));
          pending = pending.subarray(BOOK_FILE_CHUNK_SIZE);
        }
      }
      if (pending.length > 0) await flush(pending);
    } catch (error) {
      await deleteChunks(fileId);
      throw error;
    }
    const meta = await collection('bookFileMeta');
    const previous = await meta.findOne({ _id: bookId });
    const document: BookFileMetaDocument = { _id: bookId, fileId, contentType, length, chunkSize: BOOK_FILE_CHUNK_SIZE, updatedAt: new Date() };
    await meta.replaceOne({ _id: bookId }, document, { upsert: true });
    if (previous) await deleteChunks(previous.fileId);
    return toInfo(document);
  });
}

export async function findBookFile(bookId: ObjectId): Promise<BookFileInfo | null> {
  const document = await withDb(async () => (await collection('bookFileMeta')).findOne({ _id: bookId }));
  return document ? toInfo(document) : null;
}

/**
 * Bytes `start`..`end` (inclusive) of a stored file as a stream. One sorted _id-range cursor
 * reads the chunks; the next chunk is fetched only when the client has taken the last one.
 */
export function streamBookFile(file: BookFileInfo, start: number, end: number): ReadableStream<Uint8Array> {
  const fileId = new ObjectId(file.fileId);
  const firstChunk = Math.floor(start / file.chunkSize);
  const lastChunk = Math.floor(end / file.chunkSize);
  let cursor: import('mongodb').FindCursor<BookFileChunkDocument> | null = null;
  let expected = firstChunk;

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          cursor ??= (await collection('bookFiles'))
            .find({ _id: { $gte: chunkId(fileId, firstChunk), $lte: chunkId(fileId, lastChunk) } })
            .sort({ _id: 1 })
            .batchSize(2);
          const chunk = await cursor.next();
          if (!chunk || chunk._id.n !== expected) {
            throw new Error(`Book file ${file.fileId} is missing chunk ${expected}`);
          }
          const chunkStart = chunk._id.n * file.chunkSize;
          const data = chunk.data.buffer;
          const from = Math.max(start - chunkStart, 0);
          const to = Math.min(end - chunkStart + 1, data.length);
          controller.enqueue(new Uint8Array(data.subarray(from, to)));
          expected += 1;
          if (expected > lastChunk) {
            controller.close();
            await cursor.close();
          }
        } catch (error) {
          await cursor?.close().catch(() => undefined);
          controller.error(error);
        }
      },
      async cancel() {
        await cursor?.close();
      },
    },
    // Pull one chunk at a time: memory stays at about one chunk per download.
    { highWaterMark: 1 },
  );
}

/** Removes a book's stored file and its chunks (called when the book itself is deleted). */
export async function deleteBookFile(bookId: ObjectId): Promise<void> {
  await withDb(async () => {
    const meta = await collection('bookFileMeta');
    const document = await meta.findOne({ _id: bookId });
    if (!document) return;
    await meta.deleteOne({ _id: bookId });
    await deleteChunks(document.fileId);
  });
}
