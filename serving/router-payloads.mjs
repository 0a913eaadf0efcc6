// The router's payloads kept out of browsers' caches.
//
// A client navigation fetches the page's RSC payload (a request with the `RSC: 1` header). For a
// cached page Next sends it with the page's `Cache-Control: s-maxage=N, stale-while-revalidate=M`.
// A browser's cache ignores s-maxage, so the payload is stale at once, and stale-while-revalidate
// then lets the browser answer the next navigation to that page from its own copy, however old,
// while it asks the server in the background: a buyer who had just posted a review went back to
// the course and saw the page without it. Payloads are answered `private, no-cache` instead: the
// browser asks every time, and shared caches, which may not honour the payload's Vary, keep none.
// Pages themselves (HTML) keep Next's header: the page cache and CDNs rely on it, and browsers do
// not serve navigations stale.

export const ROUTER_PAYLOAD_CACHE_CONTROL = 'private, no-cache';

export function isRouterPayloadRequest(req) {
  return req.headers.rsc === '1';
}

/** Wraps this one response's writeHead (as answerOutagesWith503 does) to set the payload's Cache-Control last. */
export function keepRouterPayloadsOutOfBrowserCaches(req, res) {
  if (!isRouterPayloadRequest(req)) return;
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    const headers = rest.find((value) => value !== null && typeof value === 'object' && !Array.isArray(value));
    if (headers) for (const name of Object.keys(headers)) if (name.toLowerCase() === 'cache-control') delete headers[name];
    this.setHeader('cache-control', ROUTER_PAYLOAD_CACHE_CONTROL);
    return writeHead.call(this, statusCode, ...rest);
  };
}
