import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { may } from '@/lib/permissions';
import type { Permission } from '@/lib/permissions';
import { accessFor, loginUrl } from '@/lib/routes';
import { isImpossibleCertificateAddress } from '@/lib/certificates';
import { VIEW_ROUTE_PREFIX, isDefaultView, listAddressOf, viewKindOf, viewRoutePath } from '@/lib/catalogue-view';
import { canonicalViewAddress, hasViewParameters } from '@/lib/schemas/catalogue-view';
import { perRequestPolicy } from '@/lib/content-security-policy';
import { corsPreflight } from '@/server/platform/cors';
import { isHttpsRequest, isSessionCookie, sessionFromCookies } from '@/server/accounts/session-token';
import type { SessionClaims } from '@/server/accounts/session-token';
import { accountOfSession } from '@/server/accounts/sessions';
import { databaseLooksHealthy } from '@/server/platform/db';
import { isMadeUpAddress, offerMadeUpAddressesToPageCache } from '@/server/catalogue/made-up-addresses';
import { siteUrl } from '@/server/platform/env';
import { byLocale, localePath, splitLocale } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';
import { homeRedirectLocale } from '@/i18n/preferred-locale.mjs';
import { markPlainPage, markPublic } from '@/serving/cache-marks.mjs';
import enMessages from '@/messages/en.json';
import bnMessages from '@/messages/bn.json';

// The early guard (docs/product.md §2 guard behaviour). It only redirects; pages, actions and handlers
// re-check on the server, so a request that slips past here still meets the same rule.
// The session cookie is decoded here directly (server/accounts/session-token.ts) rather than through
// Auth.js's wrapper, because the wrapper re-issues the cookie on every response, which would undo
// the admin guard's sign-out.

const SEARCH_SHARED_MAX_AGE_SECONDS = 60;

/** Each language's messages file, imported with the proxy so its own pages need no loading. */
const MESSAGES = { en: enMessages, bn: bnMessages } satisfies Record<Locale, typeof enMessages>;

const PLAIN_PAGE_MESSAGES = byLocale((locale) => ({ ...MESSAGES[locale].plainPages, site: MESSAGES[locale].site.name }));

/**
 * Public pages that are rendered for each request (the rest of the public site is cached).
 * Certificates are among them so a withdrawal shows at once on every instance.
 */
const PUBLIC_PER_REQUEST = /^\/(login|register|reset-password|verify-email|searchCourse|certificates)(\/|$)/;

const CERTIFICATES = /^\/certificates\//;

/** Open to everyone (free previews) but different for each learner: never marked for the shared cache. */
const PERSONAL_OPEN = /^\/learn(\/|$)/;

/**
 * Lets the request through; a page rendered for this request gets a strict Content-Security-Policy
 * with a fresh nonce, which Next reads from the request and puts on every script it writes.
 */
function continueTo(request: NextRequest, { perRequest }: { perRequest: boolean }): NextResponse {
  if (!perRequest) return NextResponse.next();
  const policy = perRequestPolicy(Buffer.from(crypto.randomUUID()).toString('base64'), process.env.NODE_ENV !== 'production');
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', policy);
  return response;
}

async function sessionOf(request: NextRequest): Promise<SessionClaims | null> {
  return sessionFromCookies(request.cookies, { secure: isHttpsRequest(request.headers, request.nextUrl.protocol) });
}

/** A staff page needs a live session of an account that holds its permission now (the database decides). */
async function sessionMay(session: SessionClaims, permission: Permission): Promise<boolean> {
  return may(await accountOfSession(session), permission);
}

/**
 * A redirect to one of our own pages, on the site's own origin (SITE_URL), never built from the
 * request's host (Next reports a loopback host as "localhost"). Next sends it as a relative
 * Location whenever that is the host the request came to.
 */
function redirectOnSite(path: string): NextResponse {
  return NextResponse.redirect(new URL(path, siteUrl()));
}

function signOutAndGoToLogin(request: NextRequest, locale: Locale): NextResponse {
  const response = redirectOnSite(localePath(locale, '/login'));
  for (const cookie of request.cookies.getAll()) {
    if (isSessionCookie(cookie.name)) {
      response.cookies.set(cookie.name, '', { maxAge: 0, path: '/' });
    }
  }
  return response;
}

/**
 * The Bengali font the site serves, first in the list as in app/globals.css (its unicode-range
 * limits it to Bengali, and keeps English pages from fetching it): the system's own fonts here
 * drew Bengali as boxes.
 */
const PLAIN_PAGE_FONTS = [400, 700]
  .map(
    (weight) =>
      `@font-face{font-family:'Noto Sans Bengali KZ';font-weight:${weight};src:url('/fonts/noto-sans-bengali-bengali-${weight}-normal.woff2') format('woff2');unicode-range:U+0951-0952,U+0964-0965,U+0980-09FE,U+1CD0-1CF9,U+200C-200D,U+20B9,U+25CC,U+A8F1}`,
  )
  .join('');

/** A small self-contained page for answers the proxy gives without rendering anything. */
function plainPage(locale: Locale, title: string, head: string, body: string): string {
  const { site } = PLAIN_PAGE_MESSAGES[locale];
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${head}<title>${title} | ${site}</title><style>${PLAIN_PAGE_FONTS}</style></head><body style="font-family:'Noto Sans Bengali KZ',system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a">${body}</body></html>`;
}

/** The proxy's own pages in each language (messages/*.json, `plainPages`). */
function plainPagesIn(locale: Locale) {
  const t = PLAIN_PAGE_MESSAGES[locale];
  const home = `<p><a href="${localePath(locale, '/')}">${t.backHome}</a></p>`;
  return {
    unavailable: plainPage(locale, t.unavailableTitle, '<meta http-equiv="refresh" content="5">', `<h1>${t.unavailableHeading}</h1><p>${t.unavailableText}</p>`),
    notFound: plainPage(locale, t.notFoundTitle, '<meta name="robots" content="noindex">', `<h1>${t.notFoundTitle}</h1><p>${t.notFoundText}</p>${home}`),
    certificateNotFound: plainPage(locale, t.certificateNotFoundTitle, '<meta name="robots" content="noindex">', `<h1>${t.certificateNotFoundTitle}</h1><p>${t.certificateNotFoundText}</p>${home}`),
  };
}

const PLAIN_PAGES = byLocale(plainPagesIn);
type PlainPage = keyof ReturnType<typeof plainPagesIn>;

function serviceUnavailable(locale: Locale): NextResponse {
  return new NextResponse(PLAIN_PAGES[locale].unavailable, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '5', 'Cache-Control': 'no-store' },
  });
}

/**
 * A made-up catalogue or certificate address: a plain 404, with nothing rendered for it. Marked
 * with the page it is, so the production server's page cache can tell it from a rendered 404 (and
 * give it to further addresses its check still calls made up). Browsers ask again each time: a
 * draft course's address answers this until the course is published, and must not stay a 404 in
 * anyone's cache after.
 */
function notFoundWithoutRendering(locale: Locale, page: PlainPage = 'notFound'): NextResponse {
  const response = new NextResponse(PLAIN_PAGES[locale][page], {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, no-cache' },
  });
  markPlainPage(response.headers, page);
  return response;
}

// The production server's page cache answers further made-up catalogue addresses with this
// proxy's plain 404 itself, deciding with the same check (server/catalogue/made-up-addresses.ts).
offerMadeUpAddressesToPageCache();

/**
 * A course list, the Books List or the search results with a sort or filter in the query
 * (`/classes/nine?sort=price-asc&price=free`, lib/catalogue-view.ts). Any other spelling of the
 * view (defaults written out by a form sent without JavaScript, unknown values, another order)
 * is redirected to its one address, so each view is rendered and cached once.
 *
 * Why a rewrite: a list page that read its searchParams would render for every request; the plain
 * lists are ISR pages rendered once per instance. A list's view is rewritten to an ISR route whose
 * path carries the list, the view and the page (app/catalogue-view/[list]/[view]/[page]), so each
 * variant is rendered once, kept like a list page (Next's ISR cache, then the shared page cache
 * under the address the visitor asked for), revalidated with the lists (server/catalogue/catalogue-cache.ts)
 * and forgotten on every instance on each announced change (server/platform/public-changes.ts). Search
 * already renders per request; it reads its view itself.
 */
function catalogueViewAnswer(request: NextRequest, locale: Locale, pathname: string): NextResponse | null {
  const { search, searchParams } = request.nextUrl;
  if (!hasViewParameters(searchParams)) return null;
  const kind = viewKindOf(pathname);
  if (!kind) return null;
  const { href, view } = canonicalViewAddress(kind, pathname, searchParams);
  if (href !== `${pathname}${search}`) return redirectOnSite(localePath(locale, href));
  const list = listAddressOf(pathname);
  if (!list || isDefaultView(kind, view)) return null;
  const response = NextResponse.rewrite(new URL(localePath(locale, viewRoutePath(list.list, view, list.page)), request.url));
  markPublic(response.headers);
  return response;
}

export async function proxy(request: NextRequest) {
  const { search } = request.nextUrl;
  // API handlers check access and add CORS headers themselves; only preflights come here.
  if (request.nextUrl.pathname.startsWith('/api/')) return request.method === 'OPTIONS' ? corsPreflight(request) : NextResponse.next();
  // Every rule below is about the page, whatever its language: `/bn/myOrder` is guarded as `/myOrder`.
  const { locale, path: pathname } = splitLocale(request.nextUrl.pathname);
  const preferred = homeRedirectLocale(request.nextUrl.pathname, request.headers.get('cookie'), request.headers.get('accept-language'));
  // The query goes along: a marketing link's utm_* or fbclid still reaches the page it was for.
  if (preferred) return redirectOnSite(localePath(preferred, '/') + request.nextUrl.search);
  // An impossible catalogue address, or the id of no course, book or blog (server/catalogue/catalogue-item-ids.ts).
  if (await isMadeUpAddress(pathname)) return notFoundWithoutRendering(locale);
  // A certificate id that cannot exist (ids are 128 random bits) is answered before the database is asked.
  if (isImpossibleCertificateAddress(pathname)) return notFoundWithoutRendering(locale, 'certificateNotFound');
  // The sorted-list route is reached only through the rewrite below, which Next serves without
  // running the proxy again: asked directly, it is a 404, so each view has one public address.
  if (pathname.startsWith(VIEW_ROUTE_PREFIX)) return notFoundWithoutRendering(locale);
  const viewAnswer = catalogueViewAnswer(request, locale, pathname);
  if (viewAnswer) return viewAnswer;

  const access = accessFor(pathname);
  // Catalogue pages keep being served from the page cache while the database is down; pages
  // that need it (accounts, sign-in, search, which renders per request) answer a clear 503
  // instead, and access is never granted.
  const needsDatabase =
    access !== 'public' || /^\/(login|register|reset-password)\/?$/.test(pathname) || pathname.startsWith('/searchCourse/') || PERSONAL_OPEN.test(pathname) || CERTIFICATES.test(pathname);
  if (needsDatabase && !(await databaseLooksHealthy())) return serviceUnavailable(locale);
  if (access === 'public' && PERSONAL_OPEN.test(pathname)) return continueTo(request, { perRequest: true });
  if (access === 'public') {
    // Lets the shared page cache in front of Next (serving/page-cache.mjs) keep this answer: it stores
    // only responses of routes marked public here (serving/cache-marks.mjs), so it can never skip a guard.
    const response = continueTo(request, { perRequest: PUBLIC_PER_REQUEST.test(pathname) });
    // Search renders per request (?page=) from results kept for a minute (server/catalogue/catalogue-cache.ts);
    // its page is the same for every visitor, so the shared cache may keep it as long.
    markPublic(response.headers, pathname.startsWith('/searchCourse/') ? { sharedMaxAgeSeconds: SEARCH_SHARED_MAX_AGE_SECONDS } : {});
    return response;
  }

  const session = await sessionOf(request);
  if (!session) return redirectOnSite(localePath(locale, loginUrl(localePath(locale, pathname) + search)));

  if (typeof access === 'object') {
    // The token's role may be old and the session may have ended (signed out, password or role
    // changed, account deleted): the account as stored now decides.
    if (!(await sessionMay(session, access.permission))) return signOutAndGoToLogin(request, locale);
  }
  return continueTo(request, { perRequest: true });
}

export const config = {
  matcher: [
    {
      // Pages; static files need neither a session nor CORS, and API handlers check access
      // themselves (running the proxy for every API read cost each one about a millisecond).
      source: '/((?!_next/|api/|demo/|media/|serwist/|favicon.ico|robots.txt|sitemap.xml|manifest.webmanifest|fonts/|.*\\.(?:png|jpg|jpeg|webp|svg|ico|css|js|txt|xml|woff2)$).*)',
      // Never a request with a body: Next reads the whole body of every request the proxy runs
      // for (to hand it a copy) before any handler's own limit applies, up to 10 MB each and
      // forever for an endless chunked body. Such requests go straight to their handler, whose
      // limit reads only as far as it allows (server actions: Next's 1 MB; the API: readJson).
      missing: [
        { type: 'header', key: 'content-length' },
        { type: 'header', key: 'transfer-encoding' },
      ],
    },
    {
      // CORS preflights of the API: a browser's OPTIONS names the method it asks for.
      source: '/api/:path*',
      has: [{ type: 'header', key: 'access-control-request-method' }],
      missing: [
        { type: 'header', key: 'content-length' },
        { type: 'header', key: 'transfer-encoding' },
      ],
    },
  ],
};
