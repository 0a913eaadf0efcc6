import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { accessFor, loginUrl } from '@/lib/routes';
import { handleApiCors } from '@/server/cors';
import { isHttpsRequest, isSessionCookie, sessionFromCookies } from '@/server/session-token';
import type { SessionClaims } from '@/server/session-token';
import { accountOfSession } from '@/server/sessions';
import { databaseLooksHealthy } from '@/server/db';

// The early guard (spec §2 guard behaviour). It only redirects; pages, actions and handlers
// re-check on the server, so a request that slips past here still meets the same rule.
// The session cookie is decoded here directly (server/session-token.ts) rather than through
// Auth.js's wrapper, because the wrapper re-issues the cookie on every response, which would undo
// the admin guard's sign-out.

const SEARCH_SHARED_MAX_AGE_SECONDS = 60;

function sessionOf(request: NextRequest): SessionClaims | null {
  return sessionFromCookies(request.cookies, { secure: isHttpsRequest(request.headers, request.nextUrl.protocol) });
}

/** An admin page needs a live session of an account that is an admin now (the database decides). */
async function isLiveAdminSession(session: SessionClaims): Promise<boolean> {
  return (await accountOfSession(session))?.role === 'admin';
}

function signOutAndGoToLogin(request: NextRequest): NextResponse {
  const response = NextResponse.redirect(new URL('/login', request.url));
  for (const cookie of request.cookies.getAll()) {
    if (isSessionCookie(cookie.name)) {
      response.cookies.set(cookie.name, '', { maxAge: 0, path: '/' });
    }
  }
  return response;
}

const UNAVAILABLE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Temporarily unavailable | Knowledge Zone</title><meta http-equiv="refresh" content="5"></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><h1>Knowledge Zone is temporarily unavailable</h1><p>We cannot reach our database right now. This page will try again in a few seconds.</p></body></html>`;

function serviceUnavailable(): NextResponse {
  return new NextResponse(UNAVAILABLE_PAGE, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '5', 'Cache-Control': 'no-store' },
  });
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // API handlers check access themselves; here they only get CORS for allowed origins.
  if (pathname.startsWith('/api/')) return handleApiCors(request);

  const access = accessFor(pathname);
  // Catalogue pages keep being served from the page cache while the database is down; pages
  // that need it (accounts, sign-in, search, which renders per request) answer a clear 503
  // instead, and access is never granted.
  const needsDatabase = access !== 'public' || /^\/(login|register)\/?$/.test(pathname) || pathname.startsWith('/searchCourse/');
  if (needsDatabase && !(await databaseLooksHealthy())) return serviceUnavailable();
  if (access === 'public') {
    // Lets the shared page cache in front of Next (scripts/serve.mjs) keep this answer: it stores
    // only responses of routes marked public here, so it can never skip a guard.
    const response = NextResponse.next();
    response.headers.set('x-kz-access', 'public');
    // Search renders per request (?page=) from results kept for a minute (server/catalogue-cache.ts);
    // its page is the same for every visitor, so the shared cache may keep it as long.
    if (pathname.startsWith('/searchCourse/')) response.headers.set('x-kz-shared-max-age', String(SEARCH_SHARED_MAX_AGE_SECONDS));
    return response;
  }

  const session = sessionOf(request);
  if (!session) return NextResponse.redirect(new URL(loginUrl(pathname + search), request.url));

  if (access === 'admin') {
    // The token's role may be old and the session may have ended (signed out, password or role
    // changed, account deleted): the account as stored now decides.
    if (!(await isLiveAdminSession(session))) return signOutAndGoToLogin(request);
  }
  return NextResponse.next();
}

export const config = {
  // Pages and the API (for CORS); static files need neither a session nor CORS. Book file
  // uploads (up to 200 MB, admin only, same-origin) bypass the proxy: Next buffers a proxied
  // request body and cuts it at 10 MB, where the handler streams it into the database.
  matcher: ['/((?!_next/|demo/|media/|api/uploads/book-file|favicon.ico|robots.txt|sitemap.xml|.*\\.(?:png|jpg|jpeg|webp|svg|ico|css|js|txt|xml)$).*)'],
};
