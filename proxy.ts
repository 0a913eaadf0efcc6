import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { accessFor, loginUrl } from '@/lib/routes';
import { auth } from '@/server/auth';
import { findUserById } from '@/server/users';

// The early guard (spec §2 guard behaviour). It only redirects; pages, actions and handlers
// re-check on the server, so a request that slips past here still meets the same rule.

const SESSION_COOKIES = ['authjs.session-token', '__Secure-authjs.session-token'];

function signOutAndGoToLogin(request: Request): NextResponse {
  const response = NextResponse.redirect(new URL('/login', request.url));
  const cookieHeader = request.headers.get('cookie') ?? '';
  for (const part of cookieHeader.split(';')) {
    const name = part.split('=')[0]?.trim() ?? '';
    if (SESSION_COOKIES.some((cookie) => name === cookie || name.startsWith(`${cookie}.`))) {
      response.cookies.set(name, '', { maxAge: 0, path: '/' });
    }
  }
  return response;
}

// Auth.js is configured lazily (env is read at request time), so auth(handler) is a promise.
const guard = auth(async (request) => {
  const { pathname, search } = request.nextUrl;
  const access = accessFor(pathname);
  if (access === 'public') return NextResponse.next();

  const userId = request.auth?.user?.id;
  if (!userId) return NextResponse.redirect(new URL(loginUrl(pathname + search), request.url));

  if (access === 'admin') {
    // The token's role may be a minute old; the database decides (a just-promoted admin gets in).
    const isAdmin = request.auth?.user?.role === 'admin' || (await findUserById(userId))?.role === 'admin';
    if (!isAdmin) return signOutAndGoToLogin(request);
  }
  return NextResponse.next();
});

export async function proxy(request: NextRequest) {
  const handler = await guard;
  // The wrapper's second argument is a route context; the guard above does not read it.
  return handler(request, { params: Promise.resolve({}) });
}

export const config = {
  // Pages only: API routes answer 401/403 themselves, static files need no session.
  matcher: ['/((?!api/|_next/|demo/|media/|favicon.ico|robots.txt|sitemap.xml|.*\\.(?:png|jpg|jpeg|webp|svg|ico|css|js|txt|xml)$).*)'],
};
