import 'server-only';
import { coded } from '@/lib/coded-message';
import type { CodedMessage } from '@/lib/coded-message';
import { createHash } from 'node:crypto';
import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { pageCountOf } from '@/lib/pagination';
import { markCacheAddress, markPublic } from '@/serving/cache-marks.mjs';
import { notModified } from '../platform/entity-tags.mjs';
import { HttpError } from '../platform/http';
import { memoCache } from '../platform/memo-cache';
import { tagsOfAddress } from '@/lib/cache-tags';

// Helpers shared by the legacy read endpoints: strict query parsing and the old answer shapes.

/** Catalogue reads change when an admin edits; clients must revalidate (the update forms prefill from them). */
export const PUBLIC_READ_HEADERS = { 'Cache-Control': 'no-cache' } as const;

/**
 * The query string as a plain object for a strict zod schema. A repeated parameter would be an
 * array where a string belongs, so it is refused rather than silently picking one value.
 */
export function queryOf(searchParams: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of searchParams) {
    if (Object.hasOwn(query, key)) throw new HttpError(400, coded('repeatedQueryParameter', { name: key.slice(0, 40) }));
    query[key] = value;
  }
  return query;
}

/** An old-style array answer; the paging totals travel in headers so the body keeps the old shape. */
export function legacyListResponse<Item>(items: Item[], paging: { page: number; pageSize: number; total: number }): NextResponse {
  return NextResponse.json(items, {
    headers: {
      ...PUBLIC_READ_HEADERS,
      'X-Total-Count': String(paging.total),
      'X-Page': String(paging.page),
      'X-Page-Count': String(pageCountOf(paging.total, paging.pageSize)),
    },
  });
}

/** One old-style document, or 404 with a message when there is none. */
export function legacyItemResponse<Item>(item: Item | null, notFoundMessage: CodedMessage): NextResponse {
  if (item === null) throw new HttpError(404, notFoundMessage);
  return NextResponse.json(item, { headers: PUBLIC_READ_HEADERS });
}

/** An answer as sent: its bytes and the tag a reader who has it sends back. */
type StoredAnswer = { status: number; headers: [string, string][]; body: Buffer; etag: string };

// Whole lists are large (2,000 books are about 1 MB of JSON): reading and serializing them for every
// reader cost far more than sending them. They are kept here as sent until what they show changes
// (on any instance: server/platform/public-changes.ts, by their address's cache tags). The minute is a
// bound for what no announcement covers.
const storedAnswers = memoCache<StoredAnswer>('legacyReads', { ttlMs: 60_000, max: 500, shows: tagsOfAddress });

async function storeAnswer(response: Response): Promise<StoredAnswer> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers.entries()].filter(([name]) => name !== 'content-length');
  return { status: response.status, headers, body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * A public read is the same for every reader: the production server's page cache
 * (serving/page-cache.mjs) may keep the finished, compressed answer this many seconds for a reader
 * without credentials, and send it without asking Next, until what it shows changes (both forget
 * it together: server/platform/public-changes.ts).
 */
const SHARED_MAX_AGE_SECONDS = 60;

/**
 * A public read answered from this instance's memory: `load` runs once per address and catalogue
 * change (readers arriving together share it), its answer is kept serialized, and it carries an
 * ETag so a reader who already has it gets 304 with no body. Errors are not kept. (Next compresses
 * the answer; it drops a Content-Encoding a route handler sets, so it cannot be kept compressed
 * here: the page cache in front keeps Next's compressed bytes instead.)
 *
 * A read of one item (`query: 'ignored'`) answers the same whatever query string it is sent with,
 * so it is kept once per path: made-up queries (`?x=1`, `?x=2`, …) cannot fill this cache or the
 * page cache, which keeps it under the path it names (`x-kz-cache-address`).
 */
export async function rememberedPublicRead(request: NextRequest, load: () => Promise<Response>, { query = 'used' }: { query?: 'used' | 'ignored' } = {}): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  const address = query === 'ignored' ? pathname : `${pathname}${search}`;
  const stored = await storedAnswers.get(address, async () => storeAnswer(await load()));
  const headers = new Headers(stored.headers);
  headers.set('ETag', stored.etag);
  if (stored.status === 200) {
    markPublic(headers, { sharedMaxAgeSeconds: SHARED_MAX_AGE_SECONDS });
    if (query === 'ignored') markCacheAddress(headers, pathname);
  }
  if (notModified(request.headers.get('if-none-match'), request.headers.get('cache-control'), stored.etag)) return new Response(null, { status: 304, headers });
  // Its length is known: route() judges it by that, without reading the body again.
  headers.set('Content-Length', String(stored.body.length));
  return new Response(new Uint8Array(stored.body), { status: stored.status, headers });
}
