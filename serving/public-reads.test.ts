/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { PublicReads } from './app-link.mjs';
import { acceptsGzip, publicReadOf, writePublicRead } from './public-reads.mjs';

// The door for public API reads over real HTTP, as serving/server.mjs uses it: a small table stands
// in for the app's (app/api/public-reads.ts, tested on the real database in server/) and a small
// origin for Next.

type Answer = { status: number; body: Buffer; headers: http.IncomingHttpHeaders };

let table: PublicReads['answer'] = () => null;
const asked: string[] = [];
let nextCalls = 0;
let server: http.Server;
let baseUrl = '';

const reads: PublicReads = {
  answer(url, headersOf, withCredentials) {
    // As the app's table: only a read on a token in its address is the same with credentials.
    if (withCredentials && !url.startsWith('/api/lesson-stream/')) return null;
    const answer = table(url, headersOf, withCredentials);
    if (answer) asked.push(`${url} ${headersOf().get('if-none-match') ?? ''}`);
    return answer;
  },
};

function get(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const read = publicReadOf(req, reads);
    if (read) {
      void writePublicRead(read, req, res);
      return;
    }
    nextCalls += 1;
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('from next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  table = (url) => (url.startsWith('/api/course/') ? Promise.resolve(Response.json({ title: 'Physics' }, { headers: { 'cache-control': 'no-cache', vary: 'Origin', etag: 'W/"1"' } })) : null);
  asked.length = 0;
  nextCalls = 0;
});

it('hands a plain GET to the table and sends its answer, gzipped for a client that accepts it', async () => {
  const plain = await get('/api/course/1');
  expect(plain.status).toBe(200);
  expect(JSON.parse(plain.body.toString())).toEqual({ title: 'Physics' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers['content-length']).toBe(String(plain.body.length));
  expect(plain.headers['cache-control']).toBe('no-cache');
  expect(plain.headers.etag).toBe('W/"1"');
  expect(plain.headers.vary).toBe('Origin, Accept-Encoding');

  const zipped = await get('/api/course/1?x=1', { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': 'W/"0"' });
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(zlib.gunzipSync(zipped.body).toString())).toEqual({ title: 'Physics' });
  // The table gets the whole request target and the request's headers.
  expect(asked).toEqual(['/api/course/1 ', '/api/course/1?x=1 W/"0"']);
  expect(nextCalls).toBe(0);
});

it('compresses a large answer too, and sends an answer marked no-transform or without a body as it is', async () => {
  const books = Array.from({ length: 3000 }, (_, index) => ({ bookName: `Book ${index}`, text: 'x'.repeat(40) }));
  table = (url) => (url === '/api/books' ? Promise.resolve(Response.json(books)) : Promise.resolve(new Response(null, { status: 304, headers: { etag: 'W/"1"' } })));
  const large = await get('/api/books', { 'accept-encoding': 'gzip' });
  expect(JSON.stringify(books).length).toBeGreaterThan(64 * 1024);
  expect(JSON.parse(zlib.gunzipSync(large.body).toString())).toEqual(books);

  table = (url) => (url === '/api/books' ? Promise.resolve(Response.json(books.slice(0, 2), { headers: { 'cache-control': 'public, s-maxage=60, no-transform' } })) : Promise.resolve(new Response(null, { status: 304, headers: { etag: 'W/"1"' } })));
  const small = await get('/api/books', { 'accept-encoding': 'gzip' });
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(small.body.toString())).toEqual(books.slice(0, 2));

  const unchanged = await get('/api/course/1', { 'accept-encoding': 'gzip', 'if-none-match': 'W/"1"' });
  expect(unchanged.status).toBe(304);
  expect(unchanged.body.length).toBe(0);
  expect(unchanged.headers['content-encoding']).toBeUndefined();
});

it('leaves to Next every request that is not a plain GET without credentials of an address in the table', async () => {
  const toNext = [
    get('/api/course/1', { cookie: 'authjs.session-token=abc' }),
    get('/api/course/1', { cookie: '__Secure-authjs.session-token.0=abc' }),
    get('/api/course/1', { authorization: 'Bearer abc' }),
    get('/api/course/1', {}, 'POST', '{}'),
    get('/api/course/1', {}, 'HEAD'),
    get('/api/course/1', { 'content-type': 'application/json', 'content-length': '2' }, 'GET', '{}'),
    get('/api/users'),
    get('/course/1'),
  ];
  for (const [index, answer] of (await Promise.all(toNext)).entries()) expect([index, answer.status, answer.headers['content-type']]).toEqual([index, 200, 'text/plain']);
  expect(nextCalls).toBe(toNext.length);
  // A cookie that is not the session's does not make a caller private.
  expect((await get('/api/course/1', { cookie: 'theme=dark' })).headers['content-type']).toBe('application/json');
});

it('streams a file marked no-transform as it comes, and hands the table a read that ignores credentials with them', async () => {
  const segment = Buffer.alloc(3 * 1024 * 1024, 7);
  table = (url) =>
    url.startsWith('/api/lesson-stream/')
      ? Promise.resolve(new Response(segment, { headers: { 'content-type': 'video/mp2t', 'content-length': String(segment.length), 'cache-control': 'private, max-age=31536000, immutable, no-transform' } }))
      : null;
  const file = await get('/api/lesson-stream/t/240p/segment000.ts', { cookie: 'authjs.session-token=abc', 'accept-encoding': 'gzip' });
  expect(file.status).toBe(200);
  expect(file.headers['content-encoding']).toBeUndefined();
  expect(file.headers['transfer-encoding']).toBeUndefined();
  expect(file.headers['content-length']).toBe(String(segment.length));
  expect(file.body.equals(segment)).toBe(true);
  expect(nextCalls).toBe(0);

  // A player that gives up on a download half way closes its end; the server goes on serving.
  await new Promise<void>((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/lesson-stream/t/240p/segment001.ts`, { agent: false }, (res) => {
      res.once('data', () => {
        request.destroy();
        resolve();
      });
    });
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
  });
  expect((await get('/api/lesson-stream/t/240p/segment002.ts')).body.length).toBe(segment.length);
});

it('leaves to Next an address the table cannot read', async () => {
  table = () => {
    throw new TypeError('Invalid URL');
  };
  expect((await get('/api/course/1')).body.toString()).toBe('from next');
});

it('reads Accept-Encoding as Next does', () => {
  expect(acceptsGzip('gzip')).toBe(true);
  expect(acceptsGzip('br, GZIP;q=0.5')).toBe(true);
  expect(acceptsGzip('*')).toBe(true);
  expect(acceptsGzip('gzip;q=0, deflate')).toBe(false);
  expect(acceptsGzip('deflate, br')).toBe(false);
  expect(acceptsGzip(undefined)).toBe(false);
});
