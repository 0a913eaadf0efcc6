// Request bodies for upload tests: streams that hand out pieces only when read, counting what the
// code under test pulled (so a test can prove a refusal came before the body was read).

/** A body that serves `data` in pieces. */
export function bodyOf(data: Buffer, pieceSize = 64 * 1024) {
  const stats = { pulled: 0 };
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= data.length) return controller.close();
        const piece = data.subarray(offset, offset + pieceSize);
        offset += piece.length;
        stats.pulled += piece.length;
        controller.enqueue(new Uint8Array(piece));
      },
    },
    // Pull only when read, so `pulled` counts what the server asked for.
    { highWaterMark: 0 },
  );
  return { stream, stats };
}

/** A chunked body that never ends (no Content-Length). */
export function endlessBody(first: Buffer, pieceSize = 64 * 1024) {
  const stats = { pulled: 0 };
  let sentFirst = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const piece = sentFirst ? Buffer.alloc(pieceSize, 0x20) : first;
        sentFirst = true;
        stats.pulled += piece.length;
        controller.enqueue(new Uint8Array(piece));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, stats };
}

/** The status and message of the HttpError `promise` was refused with; fails when it was not refused. */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error && 'status' in error && typeof error.status === 'number') return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}
