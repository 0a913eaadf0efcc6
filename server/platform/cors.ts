import 'server-only';
import { NextResponse } from 'next/server';
import { allowedOrigins } from './env';

// CORS for the legacy API: old clients run on other origins. Only origins listed in
// ALLOWED_ORIGINS (server/platform/env.ts) get CORS headers (never `*` with credentials). Cross-site writes
// still need a bearer token: cookie-authenticated cross-site writes are refused by the CSRF check.

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, Content-Type';
/** Headers a cross-origin script may read beyond the safelisted ones: the legacy lists' paging and when to retry. */
const EXPOSED_HEADERS = 'X-Total-Count, X-Page, X-Page-Count, Retry-After';

function isAllowed(origin: string | null): origin is string {
  return origin !== null && allowedOrigins().has(origin);
}

function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
  };
}

/**
 * The answer depends on the caller's Origin once any origin is allowed, so caches in between must
 * keep one copy per origin (an answer stored for a same-origin call has no CORS headers).
 */
function varyOnOrigin(headers: Headers): void {
  const vary = (headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());
  if (!vary.includes('origin') && !vary.includes('*')) headers.append('Vary', 'Origin');
}

/** Answers a preflight: the CORS headers for an allowed origin, 403 for any other. */
export function corsPreflight(request: Request): NextResponse {
  const origin = request.headers.get('origin');
  const response = new NextResponse(null, { status: isAllowed(origin) ? 204 : 403 });
  if (isAllowed(origin)) for (const [name, value] of Object.entries(corsHeaders(origin))) response.headers.set(name, value);
  varyOnOrigin(response.headers);
  return response;
}

/**
 * Adds the CORS headers to an API answer for an allowed origin; other origins get none. Applied by
 * the handlers (server/platform/http.ts `route`), not the proxy: the proxy never sees requests with a body,
 * because Next buffers the body of every request the proxy runs for (see proxy.ts).
 */
export function withCors<Answer extends Response>(request: Request, response: Answer): Answer {
  if (allowedOrigins().size === 0) return response;
  varyOnOrigin(response.headers);
  const origin = request.headers.get('origin');
  if (!isAllowed(origin)) return response;
  for (const [name, value] of Object.entries(corsHeaders(origin))) response.headers.set(name, value);
  response.headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  return response;
}
