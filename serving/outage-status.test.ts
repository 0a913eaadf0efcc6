/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
// The compression middleware Next's router server runs on every response (next/dist/server/lib/router-server.js).
// @ts-expect-error Next ships its compiled copy without types.
import compression from 'next/dist/compiled/compression';
import { linked, replace } from './app-link.mjs';
import { answerOutagesWith503, databaseRecentlyUnavailable } from './outage-status.mjs';

// The wrapper over real HTTP, in front of a small origin that answers the ways Next does.

type Origin = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type Answer = { status: number; body: Buffer; headers: http.IncomingHttpHeaders };

const ERROR_PAGE = `<!DOCTYPE html><html><body>${'We could not load this page. '.repeat(100)}</body></html>`;

let databaseDown = false;
let origin: Origin = () => {};
let server: http.Server;
let baseUrl = '';
const compress: (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void = compression();

/** How Next sends a page it rendered (next/dist/server/send-payload.js): statusCode, headers, end(payload). */
const nextErrorPage: Origin = (req, res) => {
  compress(req, res, () => {});
  res.statusCode = 500;
  res.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(ERROR_PAGE);
};

function get(headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(baseUrl, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    answerOutagesWith503(res, () => databaseDown);
    origin(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/book/1`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  databaseDown = false;
});

describe('a 500 while the database is down', () => {
  it('goes out as 503 with Retry-After and the same error page, the way Next writes it (implicit head, compressed)', async () => {
    databaseDown = true;
    origin = nextErrorPage;
    const answer = await get({ 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toContain('no-store');
    expect(gunzipSync(answer.body).toString()).toBe(ERROR_PAGE);
  });

  it('goes out as 503 when the head is explicit or implied by a streamed first chunk', async () => {
    databaseDown = true;
    origin = (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('failed');
    };
    expect((await get()).status).toBe(503);
    origin = (_req, res) => {
      res.statusCode = 500;
      res.write('fai');
      res.end('led');
    };
    const streamed = await get();
    expect([streamed.status, streamed.headers['retry-after'], streamed.body.toString()]).toEqual([503, '5', 'failed']);
  });

  it('stays a 500 while the database is healthy', async () => {
    origin = nextErrorPage;
    const answer = await get();
    expect(answer.status).toBe(500);
    expect(answer.headers['retry-after']).toBeUndefined();
    expect(answer.body.toString()).toBe(ERROR_PAGE);
  });
});

it('leaves every other status alone during an outage', async () => {
  databaseDown = true;
  for (const status of [200, 404, 502]) {
    origin = (_req, res) => {
      res.statusCode = status;
      res.end('page');
    };
    const answer = await get();
    expect([answer.status, answer.headers['retry-after']]).toEqual([status, undefined]);
  }
});

describe("the app's database check", () => {
  afterEach(() => {
    replace('databaseRecentlyUnavailable', undefined);
  });

  it('is read through the app link, and counts as healthy before the app has provided it', () => {
    expect(databaseRecentlyUnavailable()).toBe(false);
    replace('databaseRecentlyUnavailable', () => true);
    expect(databaseRecentlyUnavailable()).toBe(true);
  });

  it('is provided by server/platform/db.ts', async () => {
    const db = await import('@/server/platform/db');
    expect(linked('databaseRecentlyUnavailable')).toBe(db.databaseRecentlyUnavailable);
  });
});
