// The private headers the app and the production server's page cache (serving/page-cache.mjs)
// talk through, each named once. The app marks its answers (proxy.ts, server/legacy/legacy-api.ts) with
// web Headers; the page cache reads the marks from the lower-cased headers of what Next wrote.
//
//   x-kz-access: public          the route is public (the proxy decided, or an API read's handler):
//                                nothing else may be stored, so a stored answer never skips a guard
//   x-kz-shared-max-age: N       how long the page cache may keep an answer Next does not mark
//                                `s-maxage` (search, rendered per request; the legacy API reads)
//   x-kz-cache-address: <path>   the answer is the same whatever the query: kept once under its path
//   x-kz-plain-page: <page>      one of the proxy's plain pages (`notFound` for a made-up address)
//   x-kz-page-cache: HIT|STALE|MISS  the page cache's own word on each answer it gives

export const ACCESS_HEADER = 'x-kz-access';
export const SHARED_MAX_AGE_HEADER = 'x-kz-shared-max-age';
export const CACHE_ADDRESS_HEADER = 'x-kz-cache-address';
export const PLAIN_PAGE_HEADER = 'x-kz-plain-page';
export const PAGE_CACHE_HEADER = 'x-kz-page-cache';

/** Marks an answer public, and how long the page cache may keep it when Next does not say so itself. */
export function markPublic(headers, { sharedMaxAgeSeconds } = {}) {
  headers.set(ACCESS_HEADER, 'public');
  if (sharedMaxAgeSeconds !== undefined) headers.set(SHARED_MAX_AGE_HEADER, String(sharedMaxAgeSeconds));
}

/** Marks an answer the same whatever the query of `path`, its address. */
export function markCacheAddress(headers, path) {
  headers.set(CACHE_ADDRESS_HEADER, path);
}

/** Marks one of the proxy's plain pages. */
export function markPlainPage(headers, page) {
  headers.set(PLAIN_PAGE_HEADER, page);
}

/** Whether the answer's (lower-cased) headers mark it public. */
export function isMarkedPublic(headers) {
  return headers[ACCESS_HEADER] === 'public';
}

/** The seconds the answer's marks let the page cache keep it, or 0. */
export function markedSharedMaxAgeSeconds(headers) {
  return Number(headers[SHARED_MAX_AGE_HEADER] ?? 0) || 0;
}

/** The path the answer says it is the same for whatever the query, if it says so. */
export function markedCacheAddress(headers) {
  return headers[CACHE_ADDRESS_HEADER];
}

/** Which of the proxy's plain pages the answer is, if it is one. */
export function markedPlainPage(headers) {
  return headers[PLAIN_PAGE_HEADER];
}
