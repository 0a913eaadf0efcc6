import 'server-only';
import { Binary, ObjectId } from 'mongodb';
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
 * Bytes `start`..`end` (inclusive) of a stored file as a stream. Each chunk is read by its exact
 * `_id` only when the client has taken the one before: an `_id` equality is the one query
 * FerretDB 1.24 answers without reading the whole collection (an `_id` range read every chunk of
 * every file, seconds per seek on a 200 MB video), and MongoDB answers it from the `_id` index.
 */
export function streamChunks(store: ChunkCollection, file: { fileId: ObjectId; chunkSize: number }, start: number, end: number): ReadableStream<Uint8Array> {
  const { fileId, chunkSize } = file;
  const lastChunk = Math.floor(end / chunkSize);
  let next = Math.floor(start / chunkSize);

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const chunk = await (await collection(store)).findOne({ _id: chunkId(fileId, next) });
          if (!chunk) throw new Error(`File ${fileId.toHexString()} is missing chunk ${next}`);
          const chunkStart = next * chunkSize;
          const data = chunk.data.buffer;
          const from = Math.max(start - chunkStart, 0);
          const to = Math.min(end - chunkStart + 1, data.length);
          controller.enqueue(new Uint8Array(data.subarray(from, to)));
          next += 1;
          if (next > lastChunk) controller.close();
        } catch (error) {
          controller.error(error);
        }
      },
    },
    // Pull one chunk at a time: memory stays at about one chunk per download.
    { highWaterMark: 1 },
  );
}
