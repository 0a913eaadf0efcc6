import 'server-only';
import { Binary, ObjectId } from 'mongodb';
import type { FindCursor } from 'mongodb';
import { collection, withDb } from './db';
import type { FileChunkDocument } from './documents';

// Files kept in the database as 255 KB chunks, one document per chunk keyed {fileId, n} (book
// files in `bookFiles`, lesson videos and downloads in `lessonFileChunks`). Writing and reading
// both hold one chunk at a time, so a 500 MB video costs the server the memory of a small file.

export const FILE_CHUNK_SIZE = 255 * 1024;

export type ChunkCollection = 'bookFiles' | 'lessonFileChunks';

export type WrittenFile = { fileId: ObjectId; length: number; chunkSize: number };

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

function chunkId(fileId: ObjectId, n: number): FileChunkDocument['_id'] {
  // Field order matters: _id documents compare field by field, fileId first.
  return { fileId, n };
}

export async function deleteChunks(store: ChunkCollection, fileId: ObjectId): Promise<void> {
  await withDb(async () => {
    const chunks = await collection(store);
    await chunks.deleteMany({ _id: { $gte: chunkId(fileId, 0), $lte: chunkId(fileId, Number.MAX_SAFE_INTEGER) } });
  });
}

/**
 * Writes `source` as a new file, chunk by chunk as they fill, so the upload is never held in
 * memory. Whatever was written is removed again when the source fails or grows past `maxBytes`.
 */
export async function writeChunks(store: ChunkCollection, source: AsyncIterable<Uint8Array>, maxBytes = Number.POSITIVE_INFINITY): Promise<WrittenFile> {
  return withDb(async () => {
    const chunks = await collection(store);
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
        if (length > maxBytes) throw new FileTooLargeError(maxBytes);
        pending = Buffer.concat([pending, piece]);
        while (pending.length >= FILE_CHUNK_SIZE) {
          await flush(pending.subarray(0, FILE_CHUNK_SIZE));
          pending = pending.subarray(FILE_CHUNK_SIZE);
        }
      }
      if (pending.length > 0) await flush(pending);
    } catch (error) {
      await deleteChunks(store, fileId);
      throw error;
    }
    return { fileId, length, chunkSize: FILE_CHUNK_SIZE };
  });
}

/**
 * Bytes `start`..`end` (inclusive) of a stored file as a stream. One sorted _id-range cursor
 * reads the chunks; the next chunk is fetched only when the client has taken the last one.
 * MongoDB answers the range from the `_id` index; where only a scalar `_id` equality is (the
 * FerretDB workaround named in server/platform/db.ts), each stream (each seek) reads through the
 * collection once, where a findOne per chunk would do that per chunk and make a large file crawl.
 */
export function streamChunks(store: ChunkCollection, file: { fileId: ObjectId; chunkSize: number }, start: number, end: number): ReadableStream<Uint8Array> {
  const { fileId, chunkSize } = file;
  const firstChunk = Math.floor(start / chunkSize);
  const lastChunk = Math.floor(end / chunkSize);
  let cursor: FindCursor<FileChunkDocument> | null = null;
  let expected = firstChunk;

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          cursor ??= (await collection(store))
            .find({ _id: { $gte: chunkId(fileId, firstChunk), $lte: chunkId(fileId, lastChunk) } })
            .sort({ _id: 1 })
            .batchSize(2);
          const chunk = await cursor.next();
          if (!chunk || chunk._id.n !== expected) {
            throw new Error(`File ${fileId.toHexString()} is missing chunk ${expected}`);
          }
          const chunkStart = chunk._id.n * chunkSize;
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
