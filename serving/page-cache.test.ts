/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cacheKeyOf, createPageCache, sharedMaxAgeSeconds } from './page-cache.mjs';

// The shared page cache over real HTTP: a small origin stands in for Next and answers with the
// headers Next and the proxy send; the cache sits in front of it exactly as in serving/server.mjs.

type Origin = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

const PUBLIC_ISR = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 's-maxage=300, stale-while-revalidate=31535700', 'x-kz-access': 'public', 'x-nextjs-cache': 'HIT', etag: '"abc"' };

let clock = 1_000_000;
let originCalls = 0;
let origin: Origin = () => {};
let cache: ReturnType<typeof createPageCache>;
let server: http.Server;
let baseUrl = '';

function answerWith(headers: Record<string, string | string[]>, body = '<html>page</html>', status = 200): Origin {
  return (_req, res) => {
    res.statusCode = status;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    // Written in two pieces, as a streamed render would be.
    res.write(body.slice(0, 5));
    res.end(body.slice(5));
  };
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const toOrigin = () => {
      originCalls += 1;
      origin(req, res);
    };
    // As serving/server.mjs: a promise while the check of made-up addresses looks at the address.
    const served = cache.serveOrCapture(req, res);
    if (served === true) return;
    if (served === false) return toOrigin();
    void served.then((answered) => answered || toOrigin());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  clock = 1_000_000;
  originCalls = 0;
  cache = createPageCache({ maxTtlMs: 30_000, maxBytes: 10_000, maxEntryBytes: 4_000, now: () => clock });
});

test('a public ISR page is answered from the cache the second time, bytes and headers intact', async () => {
  origin = answerWith(PUBLIC_ISR);
  const first = await get('/classes/two');
  const second = await get('/classes/two');
  expect(originCalls).toBe(1);
  expect(first.headers['x-kz-page-cache']).toBe('MISS');
  expect(second.headers['x-kz-page-cache']).toBe('HIT');
  expect(second.body).toBe(first.body);
  expect(second.headers['content-type']).toBe(PUBLIC_ISR['content-type']);
  expect(second.headers['cache-control']).toBe(PUBLIC_ISR['cache-control']);
  expect(second.headers['content-length']).toBe(String(Buffer.byteLength(first.body)));
  expect(second.headers['transfer-encoding']).toBeUndefined();
});

test.each([
  ['the proxy did not mark the route public (a guarded page)', { ...PUBLIC_ISR, 'x-kz-access': '' }, 200],
  ['Next did not declare it shareable (a dynamic page)', { ...PUBLIC_ISR, 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' }, 200],
  ['it sets a cookie', { ...PUBLIC_ISR, 'set-cookie': 'a=b' }, 200],
  ['it is not a 200', PUBLIC_ISR, 404],
])('nothing is stored when %s', async (_case, headers, status) => {
  origin = answerWith(headers as Record<string, string>, '<html>x</html>', status);
  await get('/classes/two');
  const second = await get('/classes/two');
  expect(originCalls).toBe(2);
  expect(second.headers['x-kz-page-cache']).toBe('MISS');
});

test('router and server-action requests always reach Next', async () => {
  origin = answerWith(PUBLIC_ISR);
  const routerRequests: Record<string, string>[] = [{ rsc: '1' }, { 'next-router-prefetch': '1' }, { 'next-action': 'abc' }];
  for (const headers of routerRequests) {
    await get('/books', headers);
    await get('/books', headers);
  }
  await get('/books?_rsc=1x');
  await get('/books?_rsc=1x');
  expect(originCalls).toBe(8);
  expect(cacheKeyOf({ method: 'POST', url: '/books', headers: {} })).toBeNull();
  expect(cacheKeyOf({ method: 'HEAD', url: '/books', headers: {} })).toBeNull();
});

const PUBLIC_API_READ = { 'content-type': 'application/json', 'cache-control': 'no-cache', 'x-kz-access': 'public', 'x-kz-shared-max-age': '60', etag: 'W/"t"' };

test('the home page is never answered from the cache to a visitor the proxy sends to the Bengali home, whatever its query', () => {
  for (const url of ['/', '/?utm_source=facebook', '/?fbclid=x&a=1']) {
    expect(cacheKeyOf({ method: 'GET', url, headers: { cookie: 'KZ_LOCALE=bn' } })).toBeNull();
    expect(cacheKeyOf({ method: 'GET', url, headers: { 'accept-language': 'bn-BD,bn;q=0.9' } })).toBeNull();
    expect(cacheKeyOf({ method: 'GET', url, headers: { cookie: 'KZ_LOCALE=en', 'accept-language': 'bn' } })).not.toBeNull();
  }
  expect(cacheKeyOf({ method: 'GET', url: '/courses?x=1', headers: { cookie: 'KZ_LOCALE=bn' } })).not.toBeNull();
});

test('a public API read is kept for callers without credentials, one entry per Origin', async () => {
  origin = answerWith(PUBLIC_API_READ, '[{"_id":"1"}]');
  await get('/api/books');
  const second = await get('/api/books');
  expect(second.headers['x-kz-page-cache']).toBe('HIT');
  expect(second.body).toBe('[{"_id":"1"}]');
  expect((await get('/api/books', { 'if-none-match': 'W/"t"' })).status).toBe(304);
  expect(originCalls).toBe(1);
  // Signed-in callers and bearer tokens get private answers from Next (server/accounts/private-answers.ts).
  await get('/api/books', { cookie: 'KZ_LOCALE=bn; authjs.session-token=abc' });
  await get('/api/books', { cookie: '__Secure-authjs.session-token.0=abc' });
  await get('/api/books', { authorization: 'Bearer kz_x' });
  expect(originCalls).toBe(4);
  // An allowed Origin gets its own CORS headers (server/platform/cors.ts): its own entry.
  await get('/api/books', { origin: 'https://old.example' });
  expect((await get('/api/books', { origin: 'https://old.example' })).headers['x-kz-page-cache']).toBe('HIT');
  expect(originCalls).toBe(5);
});

test('an API answer its handler did not mark public is never kept', async () => {
  origin = answerWith({ ...PUBLIC_API_READ, 'x-kz-access': '' }, '{"me":1}');
  await get('/api/me');
  await get('/api/me');
  origin = answerWith({ ...PUBLIC_API_READ, 'x-kz-shared-max-age': '' }, '{"me":1}');
  await get('/api/users');
  await get('/api/users');
  expect(originCalls).toBe(4);
});

test('each Accept-Encoding value and each query string is its own entry', async () => {
  origin = answerWith(PUBLIC_ISR);
  await get('/books');
  await get('/books', { 'accept-encoding': 'gzip, deflate, br' });
  await get('/books?page=2');
  expect(originCalls).toBe(3);
  expect((await get('/books', { 'accept-encoding': 'gzip,deflate,br' })).headers['x-kz-page-cache']).toBe('HIT');
  expect((await get('/books?page=2')).headers['x-kz-page-cache']).toBe('HIT');
  expect(originCalls).toBe(3);
});

test('entries expire after min(s-maxage, the limit); a STALE answer is kept for one second', async () => {
  origin = answerWith(PUBLIC_ISR);
  await get('/blogs');
  clock += 29_000;
  expect((await get('/blogs')).headers['x-kz-page-cache']).toBe('HIT');
  clock += 2_000;
  expect((await get('/blogs')).headers['x-kz-page-cache']).toBe('MISS');

  origin = answerWith({ ...PUBLIC_ISR, 'x-nextjs-cache': 'STALE' });
  await get('/books');
  clock += 500;
  expect((await get('/books')).headers['x-kz-page-cache']).toBe('HIT');
  clock += 600;
  expect((await get('/books')).headers['x-kz-page-cache']).toBe('MISS');
});

/**
 * /courses stored as "old", then past its time, and one request refreshing it from a Next that
 * answers "new" only when `finishRefresh` is called.
 */
async function coursesPastTheirTimeRefreshingSlowly() {
  origin = answerWith(PUBLIC_ISR, '<html>old</html>');
  await get('/courses');
  clock += 31_000;
  let finishRefresh = () => {};
  origin = (req, res) => {
    finishRefresh = () => answerWith(PUBLIC_ISR, '<html>new</html>')(req, res);
  };
  const refresh = get('/courses');
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { refresh, finishRefresh: () => finishRefresh() };
}

test('past its time, one request refreshes an entry while the others get the old copy (stale-while-revalidate)', async () => {
  // The refresh: Next answers slowly; two requests arriving meanwhile are not sent to it.
  const { refresh, finishRefresh } = await coursesPastTheirTimeRefreshingSlowly();
  const [first, second] = await Promise.all([get('/courses'), get('/courses')]);
  expect([first.headers['x-kz-page-cache'], second.headers['x-kz-page-cache']]).toEqual(['STALE', 'STALE']);
  expect(first.body).toBe('<html>old</html>');
  expect(originCalls).toBe(2);
  finishRefresh();
  expect((await refresh).body).toBe('<html>new</html>');
  const after = await get('/courses');
  expect([after.headers['x-kz-page-cache'], after.body]).toEqual(['HIT', '<html>new</html>']);
  expect(cache.stats().stale).toBe(2);
});

test('an old copy is never served after clear() or long past its time, and a failed refresh is retried', async () => {
  origin = answerWith(PUBLIC_ISR, '<html>old</html>');
  await get('/blogs');
  clock += 31_000;
  // The refresh fails (Next answered an error): the old copy stands in for a while, then another request tries.
  origin = answerWith(PUBLIC_ISR, 'error', 503);
  expect((await get('/blogs')).status).toBe(503);
  expect((await get('/blogs')).headers['x-kz-page-cache']).toBe('STALE');
  clock += 10_000;
  origin = answerWith(PUBLIC_ISR, '<html>new</html>');
  expect((await get('/blogs')).headers['x-kz-page-cache']).toBe('MISS');
  expect((await get('/blogs')).body).toBe('<html>new</html>');

  clock += 31_000;
  expect((await get('/blogs')).headers['x-kz-page-cache']).toBe('MISS'); // the refresh
  cache.clear();
  expect((await get('/blogs')).headers['x-kz-page-cache']).toBe('MISS');

  clock += 61_000; // more than the limit past its time: gone, not stale
  origin = (_req, res) => {
    res.statusCode = 503;
    res.end('error');
  };
  await get('/blogs');
  expect((await get('/blogs')).status).toBe(503);
});

test('the proxy can make a per-request page shareable (search) for its stated time', async () => {
  origin = answerWith({ ...PUBLIC_ISR, 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate', 'x-kz-shared-max-age': '60' });
  await get('/searchCourse/physics');
  clock += 29_000;
  expect((await get('/searchCourse/physics')).headers['x-kz-page-cache']).toBe('HIT');
});

test('clear() empties the cache, and an answer that was being written during clear() is not kept', async () => {
  origin = answerWith(PUBLIC_ISR);
  await get('/instructor');
  cache.clear();
  expect((await get('/instructor')).headers['x-kz-page-cache']).toBe('MISS');

  origin = (req, res) => {
    cache.clear(); // an admin change lands while this page renders
    answerWith(PUBLIC_ISR)(req, res);
  };
  await get('/books');
  origin = answerWith(PUBLIC_ISR);
  expect((await get('/books')).headers['x-kz-page-cache']).toBe('MISS');
});

test('forget() drops only the addresses a change touches, and an answer being written when it is touched is not kept', async () => {
  origin = answerWith(PUBLIC_ISR);
  for (const path of ['/book/1', '/book/2', '/books?sort=rating']) await get(path);
  cache.forget((address: string) => address === '/book/1' || address.startsWith('/books'));
  expect((await get('/book/2')).headers['x-kz-page-cache']).toBe('HIT');
  expect((await get('/book/1')).headers['x-kz-page-cache']).toBe('MISS');
  expect((await get('/books?sort=rating')).headers['x-kz-page-cache']).toBe('MISS');

  origin = (req, res) => {
    // A change to another page lands while this one renders: kept; then one to this page: not kept.
    cache.forget((address: string) => address === '/book/9');
    if (req.url === '/book/3') cache.forget((address: string) => address === '/book/3');
    answerWith(PUBLIC_ISR)(req, res);
  };
  await get('/book/3');
  await get('/book/4');
  origin = answerWith(PUBLIC_ISR);
  expect((await get('/book/3')).headers['x-kz-page-cache']).toBe('MISS');
  expect((await get('/book/4')).headers['x-kz-page-cache']).toBe('HIT');
});

test('forget() with a moment of staleness: one request renders the page again, the others meanwhile get the old copy, for at most that moment', async () => {
  origin = answerWith(PUBLIC_ISR, '<html>rated 4</html>');
  await get('/book/5');
  cache.forget((address: string) => address === '/book/5', 2000);
  let renders = 0;
  origin = (req, res) => {
    renders += 1;
    // While this render is under way, another visitor asks for the page.
    void get('/book/5').then((during) => {
      expect([during.headers['x-kz-page-cache'], during.body]).toEqual(['STALE', '<html>rated 4</html>']);
      answerWith(PUBLIC_ISR, '<html>rated 5</html>')(req, res);
    });
  };
  expect((await get('/book/5')).body).toBe('<html>rated 5</html>');
  expect(renders).toBe(1);
  expect((await get('/book/5')).headers['x-kz-page-cache']).toBe('HIT');

  // Nobody refreshed it within the moment: the old copy is no longer given out.
  cache.forget((address: string) => address === '/book/5', 2000);
  clock += 2_001;
  origin = answerWith(PUBLIC_ISR, '<html>rated 3</html>');
  expect(await get('/book/5')).toMatchObject({ body: '<html>rated 3</html>', headers: { 'x-kz-page-cache': 'MISS' } });
});

test('If-None-Match is answered as Next answers it: 304 without a body for a matching tag, a list, a weak tag or *', async () => {
  origin = answerWith(PUBLIC_ISR);
  await get('/books');
  for (const ifNoneMatch of ['"abc"', '*', '"zzz", "abc"', 'W/"abc"']) {
    const answer = await get('/books', { 'if-none-match': ifNoneMatch });
    expect({ ifNoneMatch, status: answer.status, body: answer.body }).toEqual({ ifNoneMatch, status: 304, body: '' });
  }
  expect((await get('/books', { 'if-none-match': '"zzz"' })).status).toBe(200);
  // A reader who asks for a fresh copy gets the body.
  expect((await get('/books', { 'if-none-match': '*', 'cache-control': 'no-cache' })).status).toBe(200);
  expect(originCalls).toBe(1);
});

test('a read the same whatever its query is kept once under its path: made-up queries neither add entries nor miss', async () => {
  origin = (req, res) => answerWith({ ...PUBLIC_API_READ, 'x-kz-cache-address': (req.url ?? '').split('?')[0] ?? '' }, '{"_id":"c1"}')(req, res);
  await get('/api/course/c1?_=1');
  for (const address of ['/api/course/c1', '/api/course/c1?_=2', '/api/course/c1?utm_source=x&y=1']) {
    const answer = await get(address);
    expect({ address, cache: answer.headers['x-kz-page-cache'], body: answer.body }).toEqual({ address, cache: 'HIT', body: '{"_id":"c1"}' });
  }
  expect(originCalls).toBe(1);
  expect(cache.stats().entries).toBe(1);
  expect((await get('/api/course/c1?z=1', { 'if-none-match': '*' })).status).toBe(304);
});

test('an answer naming another path as its address is kept only under its own', async () => {
  origin = answerWith({ ...PUBLIC_API_READ, 'x-kz-cache-address': '/api/course/victim' }, '{"_id":"forged"}');
  await get('/api/course/other?a=1');
  expect((await get('/api/course/other?a=1')).headers['x-kz-page-cache']).toBe('HIT');
  origin = answerWith(PUBLIC_API_READ, '{"_id":"victim"}');
  expect((await get('/api/course/victim')).body).toBe('{"_id":"victim"}');
  expect((await get('/api/course/victim?b=1')).headers['x-kz-page-cache']).toBe('MISS');
  expect(originCalls).toBe(3);
  // Reads that use their query (lists) say nothing: each query is its own entry.
  await get('/api/books?page=1');
  expect((await get('/api/books?page=2')).headers['x-kz-page-cache']).toBe('MISS');
});

test('size limits: an entry over the per-entry limit is not kept; the total is bounded, oldest out first', async () => {
  origin = answerWith(PUBLIC_ISR, 'x'.repeat(5_000));
  await get('/big');
  expect((await get('/big')).headers['x-kz-page-cache']).toBe('MISS');

  origin = answerWith(PUBLIC_ISR, 'y'.repeat(3_000));
  for (const path of ['/a', '/b', '/c', '/d']) await get(path);
  expect(cache.stats().bytes).toBeLessThanOrEqual(10_000);
  expect((await get('/a')).headers['x-kz-page-cache']).toBe('MISS');
  expect((await get('/d')).headers['x-kz-page-cache']).toBe('HIT');
});

test('s-maxage is read from Cache-Control', () => {
  expect(sharedMaxAgeSeconds('s-maxage=300, stale-while-revalidate=1')).toBe(300);
  expect(sharedMaxAgeSeconds('public, s-maxage=5')).toBe(5);
  expect(sharedMaxAgeSeconds('max-age=60')).toBe(0);
  expect(sharedMaxAgeSeconds(undefined)).toBe(0);
});

describe('made-up addresses', () => {
  const PLAIN_404 = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, no-cache', 'x-kz-plain-page': 'notFound' };
  let asked: string[] = [];
  let failing = false;
  let hanging = false;
  // Stands in for server/catalogue/made-up-addresses.ts: book addresses are candidates, "missing" ones made up.
  const check = {
    candidate: (path: string) => /^(?:\/bn)?\/book\/[^/]+$/.test(path),
    localeOf: async (path: string) => {
      asked.push(path);
      if (failing) throw new Error('database unavailable');
      if (hanging) return new Promise<never>(() => {});
      if (!path.includes('missing')) return null;
      return path.startsWith('/bn/') ? 'bn' : 'en';
    },
  };

  beforeEach(() => {
    asked = [];
    failing = false;
    hanging = false;
    cache = createPageCache({ maxTtlMs: 30_000, maxBytes: 10_000, maxEntryBytes: 4_000, now: () => clock, madeUpAddresses: () => check });
  });

  test("the proxy's plain 404 for one made-up address answers the next ones of its language without Next", async () => {
    origin = answerWith(PLAIN_404, '<p>Not found</p>', 404);
    const first = await get('/book/missing-1');
    const second = await get('/book/missing-2?ref=x');
    expect(originCalls).toBe(1);
    expect(asked).toEqual(['/book/missing-1', '/book/missing-2']);
    expect([first.status, first.headers['x-kz-page-cache']]).toEqual([404, 'MISS']);
    expect([second.status, second.headers['x-kz-page-cache'], second.body]).toEqual([404, 'HIT', first.body]);
    for (const name of ['content-type', 'cache-control', 'x-kz-plain-page']) expect(second.headers[name]).toBe(first.headers[name]);
    // Another language, another encoding: their own answer, asked of Next once each.
    await get('/bn/book/missing-3');
    await get('/book/missing-4', { 'accept-encoding': 'gzip' });
    expect(originCalls).toBe(3);
    expect((await get('/bn/book/missing-5')).headers['x-kz-page-cache']).toBe('HIT');
    expect(originCalls).toBe(3);
  });

  test('a rendered 404 (not the plain one) is never given to other addresses', async () => {
    origin = answerWith({ 'content-type': 'text/html; charset=utf-8' }, '<html>rendered</html>', 404);
    await get('/book/missing-1');
    expect((await get('/book/missing-2')).headers['x-kz-page-cache']).toBe('MISS');
    expect(originCalls).toBe(2);
  });

  test("an existing item's page, a check that fails and a GET with a body go to Next as usual", async () => {
    origin = answerWith(PUBLIC_ISR);
    await get('/book/exists');
    expect((await get('/book/exists')).headers['x-kz-page-cache']).toBe('HIT');
    expect(originCalls).toBe(1);

    origin = answerWith(PLAIN_404, '<p>Not found</p>', 404);
    failing = true;
    await get('/book/missing-1');
    await get('/book/missing-2');
    expect(originCalls).toBe(3);

    failing = false;
    asked = [];
    await get('/book/missing-3', { 'content-length': '0' });
    expect(asked).toEqual([]);
    // Not candidates at all: never asked.
    await get('/classes/two');
    expect(asked).toEqual([]);
  });

  test('a check that does not answer (the database went away under it) holds the request 2 s at most, then leaves it to Next', async () => {
    origin = answerWith(PUBLIC_ISR, '<html>from Next</html>');
    hanging = true;
    const started = performance.now();
    const answer = await get('/book/missing-1');
    const waited = performance.now() - started;
    expect(answer.body).toBe('<html>from Next</html>');
    expect(waited).toBeGreaterThanOrEqual(1_900);
    expect(waited).toBeLessThan(3_000);
  });

  test('clear() forgets the stored 404 too', async () => {
    origin = answerWith(PLAIN_404, '<p>Not found</p>', 404);
    await get('/book/missing-1');
    cache.clear();
    expect((await get('/book/missing-2')).headers['x-kz-page-cache']).toBe('MISS');
    expect(originCalls).toBe(2);
  });
});

describe('what a shared cache in front (nginx) may keep: X-Accel-Expires', () => {
  // The clock stands at 1 000 000 ms: second 1000, so "@1000" is "until the end of this second".
  // This process has just read the change log (server/platform/public-changes.ts), unless a test says otherwise.
  let seenAt: number | undefined;
  const sharedCache = (sharedCacheSeconds: number) =>
    createPageCache({ maxTtlMs: 30_000, maxBytes: 10_000, maxEntryBytes: 4_000, now: () => clock, sharedCacheSeconds, changesSeenAt: () => seenAt ?? clock });

  beforeEach(() => {
    seenAt = undefined;
    cache = sharedCache(1);
  });

  test('a public page the cache stores carries it on its MISS, its HITs and their 304s, as the end of the current second', async () => {
    origin = answerWith({ ...PUBLIC_ISR, vary: 'rsc, next-router-state-tree, Accept-Encoding' });
    const miss = await get('/classes/two');
    expect([miss.headers['x-kz-page-cache'], miss.headers['x-accel-expires']]).toEqual(['MISS', '@1000']);
    clock += 1_500;
    const hit = await get('/classes/two');
    expect([hit.headers['x-kz-page-cache'], hit.headers['x-accel-expires']]).toEqual(['HIT', '@1001']);
    // The page's own Vary is left as it is.
    expect(hit.headers.vary).toBe('rsc, next-router-state-tree, Accept-Encoding');
    const notModified = await get('/classes/two', { 'if-none-match': '"abc"' });
    expect([notModified.status, notModified.headers['x-accel-expires']]).toEqual([304, '@1001']);
    expect(originCalls).toBe(1);

    cache = sharedCache(3);
    await get('/books');
    expect((await get('/books')).headers['x-accel-expires']).toBe('@1003');
  });

  test('a STALE answer carries it, unless a change touched the entry (its old copy stands in only a moment)', async () => {
    const { refresh, finishRefresh } = await coursesPastTheirTimeRefreshingSlowly();
    const stale = await get('/courses');
    expect([stale.headers['x-kz-page-cache'], stale.headers['x-accel-expires']]).toEqual(['STALE', '@1031']);
    finishRefresh();
    expect((await refresh).headers['x-accel-expires']).toBe('@1031');

    origin = answerWith(PUBLIC_ISR, '<html>rated 4</html>');
    await get('/book/5');
    cache.forget((address: string) => address === '/book/5', 2000);
    origin = (req, res) => {
      void get('/book/5').then((during) => {
        expect([during.headers['x-kz-page-cache'], during.headers['x-accel-expires']]).toEqual(['STALE', undefined]);
        answerWith(PUBLIC_ISR, '<html>rated 5</html>')(req, res);
      });
    };
    expect((await get('/book/5')).headers['x-accel-expires']).toBe('@1031');
  });

  test.each([
    ['a guarded page (not marked public)', '/myOrder', { ...PUBLIC_ISR, 'x-kz-access': '' }, 200, {}],
    ['a page Next renders per request', '/learn/c1', { ...PUBLIC_ISR, 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' }, 200, {}],
    ['an answer that sets a cookie', '/login', { ...PUBLIC_ISR, 'set-cookie': 'a=b' }, 200, {}],
    ['an error', '/books', PUBLIC_ISR, 500, {}],
    ['a router payload', '/books', PUBLIC_ISR, 200, { rsc: '1' }],
    ['a public API read (given only to callers without credentials)', '/api/books', PUBLIC_API_READ, 200, {}],
    ['an API answer to a signed-in caller', '/api/books', PUBLIC_API_READ, 200, { cookie: 'authjs.session-token=abc' }],
    ['a page answered while its address was being changed', '/book/7', PUBLIC_ISR, 200, {}],
  ])('never on %s', async (name, path, headers, status, requestHeaders) => {
    origin = (req, res) => {
      if (name.includes('being changed')) cache.forget((address: string) => address === '/book/7');
      answerWith(headers as Record<string, string>, '<html>x</html>', status)(req, res);
    };
    const answers = [await get(path, requestHeaders), await get(path, requestHeaders)];
    for (const answer of answers) expect(answer.headers['x-accel-expires']).toBeUndefined();
  });

  test('never when the setting is 0 (the default): the answers are exactly those without it', async () => {
    cache = sharedCache(0);
    origin = answerWith(PUBLIC_ISR);
    const answers = [await get('/'), await get('/'), await get('/', { 'if-none-match': '"abc"' })];
    expect(answers.map((answer) => answer.headers['x-kz-page-cache'])).toEqual(['MISS', 'HIT', 'HIT']);
    for (const answer of answers) expect([answer.headers['x-accel-expires'], answer.headers.vary]).toEqual([undefined, undefined]);
  });

  test("the home page varies on what decides the visitor's language too, so a shared cache keeps one copy per language cookie and Accept-Language", async () => {
    origin = answerWith({ ...PUBLIC_ISR, vary: 'rsc, Accept-Encoding' });
    for (const url of ['/', '/?utm_source=x']) {
      const miss = await get(url);
      const hit = await get(url);
      for (const answer of [miss, hit]) expect([answer.headers.vary, answer.headers['x-accel-expires']]).toEqual(['rsc, Accept-Encoding, Cookie, Accept-Language', '@1000']);
    }
    // Also when Next wrote its headers with writeHead, and when it sent no Vary at all.
    origin = (_req, res) => {
      res.writeHead(200, { ...PUBLIC_ISR, Vary: 'Accept-Encoding' });
      res.end('<html>home</html>');
    };
    expect((await get('/?a=1')).headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
    origin = answerWith(PUBLIC_ISR);
    expect((await get('/?a=2')).headers.vary).toBe('Cookie, Accept-Language');
    expect((await get('/courses')).headers.vary).toBeUndefined();
    // An answer that varies on everything is not for a shared cache.
    origin = answerWith({ ...PUBLIC_ISR, vary: '*' });
    expect((await get('/?a=3')).headers['x-accel-expires']).toBeUndefined();
  });

  test('only while what this process last learned of changes is recent: a copy kept to the end of the second never hides a change for more than 1.9 s', async () => {
    origin = answerWith(PUBLIC_ISR);
    clock += 500; // half-way through second 1000: kept 0.5 s
    seenAt = clock - 1_400;
    const read1400msAgo = await get('/books');
    expect([read1400msAgo.headers['x-kz-page-cache'], read1400msAgo.headers['x-accel-expires']]).toEqual(['MISS', '@1000']);
    seenAt = clock - 1_401;
    const read1401msAgo = await get('/books');
    expect([read1401msAgo.headers['x-kz-page-cache'], read1401msAgo.headers['x-accel-expires']]).toEqual(['HIT', undefined]);
    clock += 400; // 0.1 s left of the second: a read 1.8 s ago is recent enough
    seenAt = clock - 1_800;
    expect((await get('/books')).headers['x-accel-expires']).toBe('@1000');
    // Before this process has read the change log once (or without it: next dev, tests), nothing is marked.
    cache = createPageCache({ maxTtlMs: 30_000, maxBytes: 10_000, maxEntryBytes: 4_000, now: () => clock, sharedCacheSeconds: 1 });
    expect([(await get('/books')).headers['x-accel-expires'], (await get('/books')).headers['x-accel-expires']]).toEqual([undefined, undefined]);
  });

  test("the proxy's plain 404 of a made-up address carries it as every other stored answer", async () => {
    cache = createPageCache({
      maxTtlMs: 30_000, maxBytes: 10_000, maxEntryBytes: 4_000, now: () => clock, sharedCacheSeconds: 1, changesSeenAt: () => clock,
      madeUpAddresses: () => ({ candidate: (path: string) => path.startsWith('/book/'), localeOf: async () => 'en' as const }),
    });
    origin = answerWith({ 'content-type': 'text/html; charset=utf-8', 'x-kz-plain-page': 'notFound' }, '<p>Not found</p>', 404);
    const first = await get('/book/missing-1');
    const second = await get('/book/missing-2');
    expect([first.status, first.headers['x-accel-expires'], second.headers['x-kz-page-cache'], second.headers['x-accel-expires']]).toEqual([404, '@1000', 'HIT', '@1000']);
  });
});
