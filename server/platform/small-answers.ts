import 'server-only';
import { withNoTransform } from './no-transform.mjs';

// Next compresses every answer a route handler gives as a gzip stream flushed after each chunk.
// For a small JSON answer that costs CPU on every request (a zlib stream set up, written, flushed
// and ended) and saves a few dozen bytes on the wire. Such answers are marked `no-transform`, which
// Next's compression (and any proxy in front) honours by sending them as they are; larger ones are
// compressed as before.

/** The size below which an answer is sent uncompressed: the default threshold of Next's compression, which it cannot apply to a streamed answer. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The answer, marked to be sent uncompressed when it is a JSON body under the threshold. An answer
 * that states its Content-Length (one sent from memory) is judged by it, without reading its body.
 */
export async function uncompressedWhenSmall(response: Response): Promise<Response> {
  if (!response.body || !(response.headers.get('content-type') ?? '').includes('json')) return response;
  const declared = response.headers.get('content-length');
  if (declared !== null) {
    if (Number(declared) < COMPRESSION_THRESHOLD_BYTES) response.headers.set('Cache-Control', withNoTransform(response.headers.get('Cache-Control')));
    return response;
  }
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  if (body.byteLength < COMPRESSION_THRESHOLD_BYTES) headers.set('Cache-Control', withNoTransform(headers.get('Cache-Control')));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
