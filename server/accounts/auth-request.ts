import 'server-only';
import { NextRequest } from 'next/server';

// Auth.js remembers where to return after an OAuth sign-in in a callback-url cookie and refuses
// the whole request (500, "InvalidCallbackUrl") when that cookie is not an http(s) address: a
// client could break its own sign-in, and the site answered 5xx for bad input. Such a cookie is
// left out before Auth.js sees the request; the redirect callback (server/accounts/auth.ts) still decides
// where a usable one may lead.

const CALLBACK_COOKIE = /^(?:__Secure-)?authjs\.callback-url$/;

function isHttpAddress(raw: string, base: string): boolean {
  let value = raw;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return false;
  }
  try {
    return /^https?:$/.test(new URL(value, value.startsWith('/') ? base : undefined).protocol);
  } catch {
    return false;
  }
}

/** The request as Auth.js may read it: without a callback-url cookie that is not an address. */
export function withoutUnusableCallbackCookie(request: NextRequest): NextRequest {
  const header = request.headers.get('cookie');
  if (!header) return request;
  const pairs = header.split(';');
  const kept = pairs.filter((pair) => {
    const [name = '', ...rest] = pair.split('=');
    return !CALLBACK_COOKIE.test(name.trim()) || isHttpAddress(rest.join('=').trim(), request.nextUrl.origin);
  });
  if (kept.length === pairs.length) return request;
  const headers = new Headers(request.headers);
  headers.set('cookie', kept.join(';'));
  return new NextRequest(request.url, { method: request.method, headers });
}

/**
 * Auth.js builds some redirects (its error and sign-in pages, e.g. after a failed Google sign-in)
 * on the request's origin as Next reports it, which turns a loopback host into "localhost": the
 * browser would land on another host than the one it opened. Such a redirect is moved onto the
 * site's own origin (`siteOrigin`, from SITE_URL); one to anywhere else (Google) is left alone.
 */
export function redirectOnSiteOrigin(response: Response, requestOrigin: string, siteOrigin: string): Response {
  const location = response.headers.get('location');
  if (!location || requestOrigin === siteOrigin) return response;
  let target: URL;
  try {
    target = new URL(location, requestOrigin);
  } catch {
    return response;
  }
  if (target.origin !== requestOrigin) return response;
  const moved = new Response(response.body, response);
  moved.headers.set('location', `${siteOrigin}${target.pathname}${target.search}${target.hash}`);
  return moved;
}
