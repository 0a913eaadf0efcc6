// The production server: Next's own request handler (the same router, proxy, compression and
// caches `next start` uses) behind the shared page cache (serving/page-cache.mjs).
//
//   serving/start [-H host] [-p port]   (defaults: $HOST or 127.0.0.1, $PORT or 3000; the script
//                                        gives Node the settings every launcher shares)
//
// Besides the cache it differs from `next start` in one setting: a listen backlog of 4096 instead
// of Node's 511, so a burst of a thousand new visitors waits to be accepted instead of being dropped.
//
// What the page cache stores, a shared cache in front (nginx's microcache) may keep for
// SHARED_CACHE_SECONDS (default 1, 0: nothing), and nothing else: the page cache marks those answers
// with X-Accel-Expires (serving/page-cache.mjs, scripts/multi-instance/nginx.conf).
//
// It answers the router's payloads of cached pages so that browsers never reuse them stale
// (serving/router-payloads.mjs).
//
// The API's public reads (legacy catalogue reads, search) go to their route handlers without Next's
// router, which costs more than most of them (serving/public-reads.mjs).
//
// It also answers a page that failed while the database was down as 503 instead of 500
// (serving/outage-status.mjs), and stops gracefully on SIGTERM or SIGINT, so several
// instances behind a load balancer can be restarted one by one without a failed request
// (serving/graceful-shutdown.mjs): new connections are refused, the requests under way get
// up to SHUTDOWN_DRAIN_MS (default 10000) to finish, then Next is closed and the process exits 0.
//
// The app (Next's bundled server code, a separate module graph in this process) and this server
// reach each other only through serving/app-link.mjs (the caches, the app's checks and tables) and
// the private headers of serving/cache-marks.mjs.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nextEnv from '@next/env';
import next from 'next';
import { replace } from './app-link.mjs';
import { malformedRequestRefusal, settleForwardedHeaders, trustedProxyHops } from './front-door.mjs';
import { exitGracefullyOnSignals } from './graceful-shutdown.mjs';
import { answerOutagesWith503 } from './outage-status.mjs';
import { createPageCache } from './page-cache.mjs';
import { publicReadOf, writePublicRead } from './public-reads.mjs';
import { keepRouterPayloadsOutOfBrowserCaches } from './router-payloads.mjs';
import { productionSiteUrl } from './site-url.mjs';

function option(flags, fallback) {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length - 1; i += 1) if (flags.includes(args[i])) return args[i + 1];
  return fallback;
}

const hostname = option(['-H', '--hostname'], process.env.HOST || '127.0.0.1');
const port = Number(option(['-p', '--port'], process.env.PORT || '3000'));
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`serve: not a port number: ${port}`);
  process.exit(2);
}
process.env.NODE_ENV = 'production';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The .env files as Next reads them (variables already set win), so their SITE_URL counts.
nextEnv.loadEnvConfig(dir, false);
const site = productionSiteUrl(process.env);
if ('error' in site) {
  console.error(`serve: ${site.error}`);
  process.exit(2);
}
// No `hostname` for Next: its router would take the listening address as the request's origin
// while the proxy is handed `localhost` addresses, so every rewrite the proxy makes (a sorted list)
// looked like one to another site and was fetched over HTTP from this very server.
const app = next({ dev: false, dir, port });
const handle = app.getRequestHandler();
await app.prepare();

/** A positive number from the environment (loaded from .env files by prepare()), else the default. */
function positiveSetting(name, fallback) {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A whole number of 0 or more from the environment (0 turns something off), else the default. */
function wholeSetting(name, fallback) {
  const raw = String(process.env[name] ?? '').trim();
  const value = Number(raw);
  return raw !== '' && Number.isInteger(value) && value >= 0 ? value : fallback;
}

const pageCache = createPageCache({
  maxTtlMs: positiveSetting('PAGE_CACHE_TTL_MS', 30_000),
  maxBytes: positiveSetting('PAGE_CACHE_MAX_MB', 64) * 1024 * 1024,
  // How long nginx in front may keep what the page cache stores (X-Accel-Expires; 0: nothing).
  sharedCacheSeconds: wholeSetting('SHARED_CACHE_SECONDS', 1),
});
// The app forgets from the cache after data changes through the app link (server/platform/public-page-caches.ts).
replace('pageCache', pageCache);
const cacheEnabled = process.env.PAGE_CACHE !== 'off';
const proxyHops = trustedProxyHops(process.env.TRUSTED_PROXY_HOPS);

/** Browsers that reached the site over https keep using https for two years. */
const HSTS = 'max-age=63072000; includeSubDomains';

function refuse(req, res, { status, message }) {
  const json = (req.url ?? '').startsWith('/api/');
  res.writeHead(status, { 'content-type': json ? 'application/json' : 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(json ? JSON.stringify({ message }) : message);
}

function failed(res, error) {
  console.error('serve: request failed', error);
  if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Internal Server Error');
}

/** Hands the request to Next. */
function toNext(req, res) {
  // Stored answers never come from a failed render: only what Next renders can fail on the database.
  answerOutagesWith503(res);
  keepRouterPayloadsOutOfBrowserCaches(req, res);
  handle(req, res).catch((error) => failed(res, error));
}

/** A public API read goes straight to its route handler (serving/public-reads.mjs); the rest to Next. */
function answer(req, res) {
  const read = publicReadOf(req);
  if (!read) return toNext(req, res);
  writePublicRead(read, req, res).catch((error) => failed(res, error));
}

const server = http.createServer((req, res) => {
  if (settleForwardedHeaders(req, proxyHops)) res.setHeader('strict-transport-security', HSTS);
  const refusal = malformedRequestRefusal(req);
  if (refusal) return refuse(req, res, refusal);
  const served = cacheEnabled ? pageCache.serveOrCapture(req, res) : false;
  if (served === true) return;
  if (served === false) return answer(req, res);
  // A made-up address the app's check looks at first (serving/page-cache.mjs).
  served.then((answered) => answered || answer(req, res)).catch((error) => failed(res, error));
});
// A kept-alive connection stays open longer than the idle timeout of the proxies and clients in
// front (a load balancer's 60 s): with Node's 5 s, a client sending on a connection the server is
// just closing gets ECONNRESET. Headers must still arrive within a second more than that.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
exitGracefullyOnSignals(server, { drainMs: positiveSetting('SHUTDOWN_DRAIN_MS', 10_000), cleanup: () => app.close() });
server.listen({ host: hostname, port, backlog: 4096 }, () => {
  console.log(`▲ Knowledge Zone ready on http://${hostname}:${port} (page cache ${cacheEnabled ? 'on' : 'off'})`);
});
