/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROUTER_PAYLOAD_CACHE_CONTROL, keepRouterPayloadsOutOfBrowserCaches } from './router-payloads.mjs';

// The wrapper over real HTTP, in front of a small origin that answers the two ways Next can set a
// cached page's Cache-Control: setHeader before end(), and headers passed to writeHead().

const ISR_CACHE_CONTROL = 's-maxage=300, stale-while-revalidate=31535700';

type Origin = (res: http.ServerResponse) => void;

const viaSetHeader: Origin = (res) => {
  res.setHeader('Cache-Control', ISR_CACHE_CONTROL);
  res.end('payload');
};
const viaWriteHead: Origin = (res) => {
  res.writeHead(200, { 'Cache-Control': ISR_CACHE_CONTROL, 'Content-Type': 'text/x-component' });
  res.end('payload');
};

let origin: Origin = viaSetHeader;
let server: http.Server;
let baseUrl = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    keepRouterPayloadsOutOfBrowserCaches(req, res);
    origin(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/books`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function cacheControlOf(headers: Record<string, string>): Promise<string | null> {
  const response = await fetch(baseUrl, { headers });
  await response.text();
  return response.headers.get('cache-control');
}

it.each([
  ['setHeader', viaSetHeader],
  ['writeHead', viaWriteHead],
])('answers a router payload of a cached page (set with %s) private, no-cache', async (_how, answer) => {
  origin = answer;
  expect(await cacheControlOf({ RSC: '1' })).toBe(ROUTER_PAYLOAD_CACHE_CONTROL);
});

it('leaves the page itself (HTML) with Next’s header for the page cache and CDNs', async () => {
  origin = viaSetHeader;
  expect(await cacheControlOf({})).toBe(ISR_CACHE_CONTROL);
  origin = viaWriteHead;
  expect(await cacheControlOf({ Accept: 'text/html' })).toBe(ISR_CACHE_CONTROL);
});
