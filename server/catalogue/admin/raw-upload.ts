import 'server-only';
import { HttpError } from '../../platform/http';

// Uploads sent as the raw request body (book files, lesson videos and downloads): the first bytes
// are read to judge the file's type, then the rest streams on to the database. Nothing is held
// whole in memory, and a body that ends before its Content-Length is an error, not a short file.

/** The declared Content-Length, or null when the body is chunked. */
export function declaredLength(header: string | null): number | null {
  if (header === null) return null;
  if (!/^\d+$/.test(header.trim())) throw new HttpError(400, 'invalidContentLength');
  return Number(header);
}

/** Reads until the first `bytes` bytes (or the whole, shorter, body) are in hand. */
export async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>, bytes: number): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  let length = 0;
  while (length < bytes) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(value);
    length += value.byteLength;
  }
  return Buffer.concat(pieces, length);
}

/** The head, then the rest of the body; gives up reading (and tells the sender) when stopped early. */
export async function* bodyAfter(head: Buffer, reader: ReadableStreamDefaultReader<Uint8Array>, expected: number | null): AsyncGenerator<Uint8Array> {
  let length = head.byteLength;
  try {
    yield head;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      yield value;
    }
    if (expected !== null && length !== expected) throw new HttpError(400, 'theUploadWasCutShortPleaseTryAgain');
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
