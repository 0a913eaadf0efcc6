import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { NextRequest, NextResponse } from 'next/server';
import { route } from '../platform/http';

// Personal answers (GET /api/user, /api/user/{email} and /api/admin/{email}: phone, location, the
// user list) must never be kept by a shared cache. Every route handler goes through route(), which
// makes any answer to a signed-in caller (session cookie or bearer token) `private, no-store`.

const personal = { email: 'student@knowledgezone.test', phone: '+8801700000000', location: 'Dhaka' };

function get(headers: Record<string, string>, answer: () => NextResponse = () => NextResponse.json(personal)) {
  const handler = route(async () => answer());
  return handler(new NextRequest('http://127.0.0.1:3000/api/user/student%40knowledgezone.test', { headers: { host: '127.0.0.1:3000', ...headers } }), undefined);
}

describe('route(): answers to signed-in callers', () => {
  it.each([
    ['a session cookie', { cookie: 'theme=dark; authjs.session-token=abc.def' }],
    ['the https session cookie, chunked', { cookie: '__Secure-authjs.session-token.0=abc; __Secure-authjs.session-token.1=def' }],
    ['a bearer token', { authorization: 'Bearer eyJhbGciOi' }],
  ])('are private, no-store with %s', async (_name, headers) => {
    const response = await get(headers);
    // Small answers also say no-transform (server/platform/small-answers.ts).
    expect(response.headers.get('cache-control')).toBe('private, no-store, no-transform');
    expect(await response.json()).toEqual(personal);
  });

  it('are private, no-store even where the handler chose a shared cache or only no-store', async () => {
    const cookie = { cookie: 'authjs.session-token=abc' };
    expect((await get(cookie, () => NextResponse.json(personal, { headers: { 'Cache-Control': 'public, max-age=300' } }))).headers.get('cache-control')).toBe('private, no-store, no-transform');
    expect((await get(cookie, () => NextResponse.json(personal, { headers: { 'Cache-Control': 'no-store' } }))).headers.get('cache-control')).toBe('private, no-store, no-transform');
  });

  it('keep an answer its handler made private: a file only the caller’s browser may keep', async () => {
    const cookie = { cookie: 'authjs.session-token=abc' };
    const segment = () => new NextResponse(new Uint8Array(4096), { headers: { 'Content-Type': 'video/mp2t', 'Cache-Control': 'private, max-age=31536000, immutable, no-transform' } });
    expect((await get(cookie, segment)).headers.get('cache-control')).toBe('private, max-age=31536000, immutable, no-transform');
    // A directive that only mentions privacy elsewhere is not the handler's choice of it.
    expect((await get(cookie, () => NextResponse.json(personal, { headers: { 'Cache-Control': 'max-age=60, private' } }))).headers.get('cache-control')).toBe('private, no-store, no-transform');
  });

  it('leave anonymous answers as their handler made them', async () => {
    expect((await get({})).headers.get('cache-control')).toBe('no-transform');
    const publicAnswer = () => NextResponse.json({ title: 'Physics' }, { headers: { 'Cache-Control': 'public, max-age=300' } });
    // Cookies that are not a session (Auth.js's CSRF cookie, a preference) do not make a caller signed in.
    expect((await get({ cookie: 'authjs.csrf-token=x; theme=dark' }, publicAnswer)).headers.get('cache-control')).toBe('public, max-age=300, no-transform');
  });
});

describe('every route handler', () => {
  // Not through route(), and why no personal data can leak from them without it.
  const EXCEPTIONS: Record<string, string> = {
    'auth/[...nextauth]/route.ts': 'Auth.js answers its session endpoint with private, no-cache, no-store itself',
    'stripe/webhook/route.ts': 'answers Stripe only, with no-store, and carries no personal data',
    'payments/sslcommerz/ipn/route.ts': 'answers SSLCommerz only (received or refused), with no-store, and carries no personal data',
    'payments/bkash/webhook/route.ts': 'answers Amazon SNS only (received or refused), with no-store, and carries no personal data',
    // The buyer's browser comes back through these without its cookies (a cross-site POST), or
    // with them on a GET; either way the answer is a no-store 303 to the payment page, with no body.
    'payments/sslcommerz/return/[outcome]/route.ts': "a no-store 303 to the order's payment page, with no personal data",
    'payments/bkash/callback/route.ts': "a no-store 303 to the order's payment page, with no personal data",
    'openapi.json/route.ts': 'the public API description',
  };

  it('goes through route(), so answers to signed-in callers are private, no-store', () => {
    const apiDir = path.join(__dirname, '..', '..', 'app', 'api');
    const files = readdirSync(apiDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('route.ts'));
    expect(files.length).toBeGreaterThan(40);
    const unwrapped = files
      .filter((file) => !(file.split(path.sep).join('/') in EXCEPTIONS))
      .flatMap((file) => {
        const source = readFileSync(path.join(apiDir, file), 'utf8');
        const handlers = source.match(/^export\s+(?:async\s+)?(?:const|function)\s+[^\n]*/gm) ?? [];
        return handlers.filter((line) => !/^export const (?:GET|POST|PUT|PATCH|DELETE) = route[<(]/.test(line)).map((line) => `${file}: ${line}`);
      });
    expect(unwrapped).toEqual([]);
  });
});
