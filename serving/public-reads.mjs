// The API's public reads answered by their route handlers without Next's router (serving/server.mjs).
//
// Why: Next spends more CPU routing any request before its handler runs than a legacy read by id or
// a search answered from memory costs itself, so routing, not the read, would set how many such
// reads a machine can answer. The app offers a table of its public reads
// (app/api/public-reads.ts, `publicReads` in serving/app-link.mjs): the routes' own GET
// handlers, so the answer is the one Next would give, with the headers Next adds to every answer.
// This file only hands over a plain GET made without credentials and without a body (or with them,
// for an address whose answer does not depend on them: the table decides), and compresses the answer
// as Next does (gzip, for a client that accepts it, unless the answer says no-transform: that one
// streams out as it comes). Anything else — another method, a session cookie or bearer token
// (answered privately), an address not in the table — goes to Next.
//
// The page cache in front keeps these answers as it keeps Next's (the handlers mark them public),
// so only a first read of an address comes here.

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { saysNoTransform } from '../server/platform/no-transform.mjs';
import { carriesCredentials } from '../server/accounts/session-cookies.mjs';
import { linked } from './app-link.mjs';
import { announcesBody } from './front-door.mjs';

const gzip = promisify(zlib.gzip);
/** Smaller answers are compressed at once; larger ones (whole lists) on libuv's threads, off the event loop. */
const COMPRESS_INLINE_BYTES = 64 * 1024;

/** The request's headers as web Headers; throws on one that is not a valid header. */
function headersOf(req) {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  return headers;
}

/** Whether an Accept-Encoding value accepts gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(acceptEncoding) {
  return String(acceptEncoding ?? '')
    .split(',')
    .some((part) => {
      const [name, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
      if (name !== 'gzip' && name !== '*') return false;
      const q = parameters.find((parameter) => parameter.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
}

/**
 * The app's answer to `req` when it is a public read (a promise of a web Response), else null: the
 * request goes to Next.
 */
export function publicReadOf(req, reads = linked('publicReads')) {
  if (!reads || req.method !== 'GET') return null;
  const url = req.url ?? '';
  if (!url.startsWith('/api/')) return null;
  if (announcesBody(req)) return null;
  try {
    // The headers are copied only for an address in the table.
    return reads.answer(url, () => headersOf(req), carriesCredentials(req.headers.authorization, req.headers.cookie));
  } catch {
    return null; // Next answers what the table could not take (an invalid header, an address it cannot parse).
  }
}

/** Writes the app's answer to `res`, compressed when the client accepts it. */
export async function writePublicRead(answer, req, res) {
  const response = await answer;
  const headers = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // An answer marked no-transform (the app marks small answers and video so) goes out as it is, as Next
  // sends it; a file (it says its length: a video segment) streams out without being held whole.
  const asItIs = saysNoTransform(headers['cache-control']);
  if (response.body && asItIs && headers['content-length']) {
    res.writeHead(response.status, headers);
    await pipeline(Readable.fromWeb(response.body), res).catch((error) => {
      // A player that stops a download (it seeks, or changes quality) closes its end: nothing failed.
      if (!res.destroyed) throw error;
    });
    return;
  }
  let body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  if (body && !asItIs && acceptsGzip(req.headers['accept-encoding'])) {
    body = body.length <= COMPRESS_INLINE_BYTES ? zlib.gzipSync(body) : await gzip(body);
    headers['content-encoding'] = 'gzip';
  }
  if (body) headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body ?? undefined);
}
