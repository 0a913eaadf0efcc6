import { NextRequest } from 'next/server';
import { NextResponse } from 'next/server';
import { corsPreflight, withCors } from './cors';

function request(method: string, origin?: string) {
  return new NextRequest('http://localhost:3000/api/books', { method, headers: origin ? { origin } : {} });
}

/** A fresh copy of the settings module (it keeps what it read), reading ALLOWED_ORIGINS as `value`. */
async function withAllowedOrigins<T>(value: string | undefined, read: (modules: { env: typeof import('./env'); cors: typeof import('./cors') }) => T): Promise<T> {
  const saved = process.env.ALLOWED_ORIGINS;
  if (value === undefined) delete process.env.ALLOWED_ORIGINS;
  else process.env.ALLOWED_ORIGINS = value;
  try {
    let result: T | undefined;
    await jest.isolateModulesAsync(async () => {
      result = read({ env: await import('./env'), cors: await import('./cors') });
    });
    return result as T;
  } finally {
    process.env.ALLOWED_ORIGINS = saved;
  }
}

describe('CORS for the legacy API', () => {
  const saved = process.env.ALLOWED_ORIGINS;
  beforeAll(() => {
    process.env.ALLOWED_ORIGINS = 'https://old-client.example, https://admin.example/';
  });
  afterAll(() => {
    process.env.ALLOWED_ORIGINS = saved;
  });

  it('answers a preflight from an allowed origin, echoing that origin with credentials', () => {
    const response = corsPreflight(request('OPTIONS', 'https://old-client.example'));
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://old-client.example');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('refuses a preflight from any other origin and never answers *', () => {
    const response = corsPreflight(request('OPTIONS', 'https://evil.example'));
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    // An origin matches only as a whole: no prefixes, other schemes or ports.
    for (const origin of ['https://old-client.example.evil.example', 'http://old-client.example', 'https://old-client.example:8443', 'null']) {
      expect(corsPreflight(request('OPTIONS', origin)).status).toBe(403);
    }
  });

  it('adds headers to answers (with or without a body) only for allowed origins', () => {
    const answer = (origin?: string) => withCors(request('POST', origin), NextResponse.json({ ok: true }));
    expect(answer('https://admin.example').headers.get('access-control-allow-origin')).toBe('https://admin.example');
    expect(answer('https://evil.example').headers.get('access-control-allow-origin')).toBeNull();
    expect(answer().headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets allowed origins read the paging and retry headers, and marks every answer as varying by origin', () => {
    const allowed = withCors(request('GET', 'https://old-client.example'), NextResponse.json([], { headers: { 'X-Total-Count': '3' } }));
    expect(allowed.headers.get('access-control-expose-headers')).toBe('X-Total-Count, X-Page, X-Page-Count, Retry-After');
    expect(allowed.headers.get('vary')).toBe('Origin');
    const sameSite = withCors(request('GET'), NextResponse.json([], { headers: { Vary: 'Accept-Encoding' } }));
    expect(sameSite.headers.get('vary')).toBe('Accept-Encoding, Origin');
    expect(sameSite.headers.get('access-control-expose-headers')).toBeNull();
  });
});

describe('ALLOWED_ORIGINS (server/platform/env.ts)', () => {
  it('reads comma-separated origins as browsers send them', async () => {
    const origins = await withAllowedOrigins(' https://Old-Client.example/ ,http://127.0.0.1:3300,https://a.example:443', ({ env }) => [...env.allowedOrigins()]);
    expect(origins).toEqual(['https://old-client.example', 'http://127.0.0.1:3300', 'https://a.example']);
  });

  it('allows no origin when unset or empty, and then leaves every answer untouched', async () => {
    for (const value of [undefined, '', ' , ']) {
      const outcome = await withAllowedOrigins(value, ({ env, cors }) => {
        const answer = cors.withCors(request('GET', 'https://old-client.example'), NextResponse.json({ ok: true }));
        return { size: env.allowedOrigins().size, vary: answer.headers.get('vary'), origin: answer.headers.get('access-control-allow-origin') };
      });
      expect(outcome).toEqual({ size: 0, vary: null, origin: null });
    }
  });

  it.each([['*'], ['old-client.example'], ['https://old-client.example/app'], ['ftp://old-client.example'], ['https://user:pw@old-client.example'], ['https://a.example, null']])(
    'refuses %p, naming the setting',
    async (value) => {
      await expect(withAllowedOrigins(value, ({ env }) => env.allowedOrigins())).rejects.toThrow(/ALLOWED_ORIGINS/);
    },
  );
});
