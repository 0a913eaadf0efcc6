import 'server-only';
import { NextRequest } from 'next/server';
import { securityHeaders } from '@/lib/security-headers';
import { siteUrl } from '@/server/platform/env';
import { route } from '@/server/platform/http';
import { provide } from '@/serving/app-link.mjs';
import { readNewestReviews } from './addreview/public-read';
import { GET as blog } from './blog/[id]/route';
import { GET as blogForUpdate } from './blogs/[id]/route';
import { GET as blogs } from './blogs/route';
import { GET as book } from './book/[id]/route';
import { GET as bookForUpdate } from './books/[id]/route';
import { GET as books } from './books/route';
import { readCourse } from './course/[id]/public-read';
import { GET as courseList } from './courses/[list]/route';
import { GET as instructors } from './instructors/[Subject]/route';
import { GET as suggestions } from './search/suggestions/route';
import { GET as lessonStreamFile } from './lesson-stream/[token]/[...path]/route';
import { GET as legacySearch } from './searchCourse/route';

// The public reads of the API — the same answer for every caller without credentials — which the
// production server (serving/public-reads.mjs) may hand straight to their route handlers,
// past Next's router: routing a request through Next costs more CPU before any handler runs than
// most of these reads cost themselves. The handlers are the routes'
// own GET functions, so the answer is the one Next would give; this table only names their
// addresses. A segment is matched only in the form Next hands over unchanged (no escapes), and
// everything else (other methods, credentials, a body, another spelling) goes through Next.
//
// A lesson video's playlists and segments are read on the token in their address alone, so the
// caller's cookies change nothing: they come this way signed in too (a learner asks for one every
// few seconds).

type Read = (request: NextRequest, segments: string[]) => Promise<Response>;

// The two GETs kept apart from their routes' other methods, wrapped as their routes wrap them.
const course = route(readCourse);
const newestReviews = route(readNewestReviews);

const SEGMENT = '([A-Za-z0-9_-]+)';
const TOKEN = '([A-Za-z0-9_.-]+)';
const LADDER_FILE = '((?:[0-9a-z]{1,12}/)?[0-9a-z]{1,16}\\.(?:m3u8|ts))';
const at = (path: string) => new RegExp(`^/api/${path}$`);

const READS: { address: RegExp; read: Read; credentialsIgnored?: true }[] = [
  { address: at(`course/${SEGMENT}`), read: (request, [id = '']) => course(request, { params: Promise.resolve({ id }) }) },
  { address: at(`book/${SEGMENT}`), read: (request, [id = '']) => book(request, { params: Promise.resolve({ id }) }) },
  { address: at(`books/${SEGMENT}`), read: (request, [id = '']) => bookForUpdate(request, { params: Promise.resolve({ id }) }) },
  { address: at(`blog/${SEGMENT}`), read: (request, [id = '']) => blog(request, { params: Promise.resolve({ id }) }) },
  { address: at(`blogs/${SEGMENT}`), read: (request, [id = '']) => blogForUpdate(request, { params: Promise.resolve({ id }) }) },
  { address: at(`courses/${SEGMENT}`), read: (request, [list = '']) => courseList(request, { params: Promise.resolve({ list }) }) },
  { address: at(`instructors/${SEGMENT}`), read: (request, [Subject = '']) => instructors(request, { params: Promise.resolve({ Subject }) }) },
  { address: at('books'), read: (request) => books(request, undefined) },
  { address: at('blogs'), read: (request) => blogs(request, undefined) },
  { address: at('addreview'), read: (request) => newestReviews(request, undefined) },
  { address: at('searchCourse'), read: (request) => legacySearch(request, undefined) },
  { address: at('search/suggestions'), read: (request) => suggestions(request, undefined) },
  {
    address: at(`lesson-stream/${TOKEN}/${LADDER_FILE}`),
    read: (request, [token = '', file = '']) => lessonStreamFile(request, { params: Promise.resolve({ token, path: file.split('/') }) }),
    credentialsIgnored: true,
  },
];

const SECURITY_HEADERS = securityHeaders(process.env.NODE_ENV !== 'production');

/**
 * The answer of the public read at `url` (a request target: path and query), with the headers Next
 * adds to every answer; null when `url` is no such read, or one that depends on the credentials the
 * caller carries (`withCredentials`). The request's headers are asked for only then.
 */
export function answerPublicRead(url: string, headersOf: () => Headers, withCredentials = false): Promise<Response> | null {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  for (const { address, read, credentialsIgnored } of READS) {
    const match = address.exec(path);
    if (!match || (withCredentials && !credentialsIgnored)) continue;
    return read(new NextRequest(new URL(url, siteUrl()), { headers: headersOf() }), match.slice(1)).then((response) => {
      for (const { key, value } of SECURITY_HEADERS) response.headers.set(key, value);
      return response;
    });
  }
  return null;
}

/** Offers the table to the production server, which finds it as `publicReads` in the app link (a separate module graph in the same process). */
export function offerPublicReadsToServer(): void {
  provide('publicReads', { answer: answerPublicRead });
}
