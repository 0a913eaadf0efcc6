import 'server-only';
import { ObjectId } from 'mongodb';
import { deleteChunks, streamChunks, writeChunks } from '../platform/chunked-files';
import { collection, withDb } from '../platform/db';
import type { BookFileMetaDocument } from '../platform/documents';

// Book files (PDF or MP3) live in the database as chunks (`bookFiles`, server/platform/chunked-files.ts)
// plus one metadata document per book (`bookFileMeta`).

export type BookFileContentType = BookFileMetaDocument['contentType'];

export type BookFileInfo = { bookId: string; fileId: string; contentType: BookFileContentType; length: number; chunkSize: number; pages?: number };

function toInfo(document: BookFileMetaDocument): BookFileInfo {
  return {
    bookId: document._id.toHexString(),
    fileId: document.fileId.toHexString(),
    contentType: document.contentType,
    length: document.length,
    chunkSize: document.chunkSize,
    ...(document.pages ? { pages: document.pages } : {}),
  };
}

type StoreOptions = { maxBytes?: number };

/** Stores `source` as the book's file, replacing any earlier one only once the new one is whole. */
export async function storeBookFile(
  bookId: ObjectId,
  source: AsyncIterable<Uint8Array>,
  contentType: BookFileContentType,
  { maxBytes = Number.POSITIVE_INFINITY }: StoreOptions = {},
): Promise<BookFileInfo> {
  const { fileId, length, chunkSize } = await writeChunks('bookFiles', source, maxBytes);
  return withDb(async () => {
    const meta = await collection('bookFileMeta');
    const previous = await meta.findOne({ _id: bookId });
    const document: BookFileMetaDocument = { _id: bookId, fileId, contentType, length, chunkSize, updatedAt: new Date() };
    await meta.replaceOne({ _id: bookId }, document, { upsert: true });
    if (previous) await deleteChunks('bookFiles', previous.fileId);
    return toInfo(document);
  });
}

export async function findBookFile(bookId: ObjectId): Promise<BookFileInfo | null> {
  const document = await withDb(async () => (await collection('bookFileMeta')).findOne({ _id: bookId }));
  return document ? toInfo(document) : null;
}

/** Records the pages counted in the book's stored PDF, unless another file has replaced it meanwhile; whether it did. */
export async function recordBookFilePages(file: BookFileInfo, pages: number): Promise<boolean> {
  const bookId = new ObjectId(file.bookId);
  const recorded = await withDb(async () => (await collection('bookFileMeta')).updateOne({ _id: bookId, fileId: new ObjectId(file.fileId) }, { $set: { pages } }));
  return recorded.matchedCount === 1;
}

/** Bytes `start`..`end` (inclusive) of a book's stored file as a stream. */
export function streamBookFile(file: BookFileInfo, start: number, end: number): ReadableStream<Uint8Array> {
  return streamChunks('bookFiles', { fileId: new ObjectId(file.fileId), chunkSize: file.chunkSize }, start, end);
}

/** Removes a book's stored file and its chunks (called when the book itself is deleted). */
export async function deleteBookFile(bookId: ObjectId): Promise<void> {
  await withDb(async () => {
    const meta = await collection('bookFileMeta');
    const document = await meta.findOne({ _id: bookId });
    if (!document) return;
    await meta.deleteOne({ _id: bookId });
    await deleteChunks('bookFiles', document.fileId);
  });
}
