// Whether a GET's If-None-Match lets it have 304 Not Modified, by the rule Next applies to the pages
// it answers (the `fresh` package it ships): `*` matches any stored answer, a list matches when one of
// its tags does, weak or strong alike (W/"x" and "x"), and a request sent with Cache-Control: no-cache
// always gets the body. Plain JavaScript: the page cache in front of Next (serving/page-cache.mjs)
// and the API's remembered reads (server/legacy/legacy-api.ts) both ask it, so a conditional request gets
// the same answer whichever of them answers it.

const NO_CACHE = /(?:^|,)\s*no-cache\s*(?:,|$)/i;

/** The opaque part of a tag, without its weak prefix. */
function opaque(tag) {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * @param {string | string[] | null | undefined} ifNoneMatch the request's If-None-Match
 * @param {string | string[] | null | undefined} cacheControl the request's Cache-Control
 * @param {string | undefined} etag the stored answer's ETag
 * @returns {boolean} whether to answer 304 without a body
 */
export function notModified(ifNoneMatch, cacheControl, etag) {
  if (!ifNoneMatch || !etag) return false;
  if (NO_CACHE.test(String(cacheControl ?? ''))) return false;
  const tags = String(ifNoneMatch)
    .split(',')
    .map((tag) => tag.trim());
  return tags.some((tag) => tag === '*' || opaque(tag) === opaque(etag));
}
