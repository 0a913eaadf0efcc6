import 'server-only';
import { parseRange } from '@/lib/http-range';

// A stored file as an HTTP answer with Range support (RFC 9110 §14): players seek and downloads
// resume by asking for byte ranges. The body streams from the database chunk by chunk.

export type RangedFile = {
  length: number;
  contentType: string;
  /** The name a browser saves it under. */
  fileName: string;
  stream: (start: number, end: number) => ReadableStream<Uint8Array>;
};

/** A Content-Disposition that survives any name: an ASCII fallback plus the UTF-8 original. */
export function dispositionFor(fileName: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Personal: only for a buyer (or this visitor's preview), never kept by shared caches. */
const PERSONAL = 'private, no-store';

export function rangedFileResponse(file: RangedFile, rangeHeader: string | null, disposition: 'inline' | 'attachment' = 'inline', cacheControl = PERSONAL): Response {
  const headers = new Headers({
    'Content-Type': file.contentType,
    'Accept-Ranges': 'bytes',
    'Content-Disposition': dispositionFor(file.fileName, disposition),
    'Cache-Control': cacheControl,
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
  return new Response(file.stream(start, end), { status: range.kind === 'partial' ? 206 : 200, headers });
}
