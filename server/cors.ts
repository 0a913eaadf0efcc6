import 'server-only';
import { NextResponse } from 'next/server';

// CORS for the legacy API: old clients run on other origins. Only origins listed in
// ALLOWED_ORIGINS get CORS headers (never `*` with credentials). Cross-site writes still need a
// bearer token: cookie-authenticated cross-site writes are refused by the CSRF check.

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, Content-Type';

function allowedOrigins(): Set<string> {
  return new Set(
    (process.env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
  );
}

function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

/** Answers a preflight: the CORS headers for an allowed origin, 403 for any other. */
export function corsPreflight(request: Request): NextResponse {
  const origin = request.headers.get('origin');
  const allowed = origin !== null && allowedOrigins().has(origin);
  return new NextResponse(null, { status: allowed ? 204 : 403, headers: allowed ? corsHeaders(origin) : { Vary: 'Origin' } });
}

/**
 * Adds the CORS headers to an API answer for an allowed origin; other origins get none. Applied by
 * the handlers (server/http.ts `route`), not the proxy: the proxy never sees requests with a body,
 * because Next buffers the body of every request the proxy runs for (see proxy.ts).
 */
export function withCors<Answer extends Response>(request: Request, response: Answer): Answer {
  const origin = request.headers.get('origin');
  if (origin === null || !allowedOrigins().has(origin)) return response;
  for (const [name, value] of Object.entries(corsHeaders(origin))) response.headers.set(name, value);
  return response;
}
