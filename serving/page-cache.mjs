// The shared page cache in front of Next (serving/server.mjs): the finished bytes of public
// catalogue pages, kept in this process and written straight to the socket.
//
// Why: a page Next already has in its ISR cache still costs real CPU per request in Next's request
// pipeline (routing, the proxy, cache lookup, compression), which caps how many pages a machine can
// serve far below what writing stored bytes costs. This cache is what a CDN in front of the app would be — it stores only
// answers that are the same for everybody, and it is emptied whenever the data behind them changes.
//
// A response is stored only when all of these hold:
//   - the request is a plain GET (no RSC/router/server-action headers, not /_next/) of a page, or of
//     a public API read made without credentials (the legacy catalogue reads: the app marks them);
//   - the proxy marked the route public (`x-kz-access: public`, serving/cache-marks.mjs), so no guard
//     is ever skipped (an API read: its handler did, server/legacy/legacy-api.ts);
//   - Next declared it shareable (`Cache-Control: s-maxage=N`, which it sends only for ISR/static pages),
//     or the proxy did (`x-kz-shared-max-age: N`, for search, which renders per request), or the handler;
//   - status 200, no Set-Cookie, body within the size limit.
// It is kept for min(s-maxage, maxTtlMs) — 1 s when Next itself answered STALE (Next regenerates the
// page in the background) — and forgotten by forget() when a change, made on any instance, touches
// what its address shows (server/platform/public-changes.ts decides which addresses a change touches).
//
// An answer that is the same whatever the query string (an API read of one item, which says so with
// `x-kz-cache-address: <its path>`) is kept once under its path, and given to that path with any
// query: made-up queries cannot fill the cache with copies of one item.
//
// Made-up catalogue addresses (a course, book or blog id of no item, an impossible list address)
// get the proxy's plain 404, the same for every such address of a language. The app offers its check
// (server/catalogue/made-up-addresses.ts, `madeUpAddresses` in serving/app-link.mjs); with it, that 404 is
// kept once per language (status 404, marked `x-kz-plain-page: notFound` by the proxy, never a
// rendered one) and given to the next made-up addresses the check names, which are not handed to Next.
//
// Past its time an entry is refreshed the way a CDN's stale-while-revalidate does it: the first
// request goes to Next and its answer replaces the entry; the requests arriving meanwhile get the
// old copy (`x-kz-page-cache: STALE`) instead of all going through Next at once — on a busy page,
// every request in flight when its entry expired. Only while a refresh is under way, at most
// maxTtlMs past the entry's time, and never after a change touched it — unless the change allows its
// old copy for a moment (a rating, a count: `staleForMs`), which is then given out only while the
// first request after the change renders the page again, and for at most that long.
//
// A shared cache in front (nginx's microcache, scripts/multi-instance/nginx.conf) keeps only what
// this cache tells it to, for at most `sharedCacheSeconds` (SHARED_CACHE_SECONDS; 0: nothing): every
// answer given from an entry (HIT, STALE) or that will be stored (a MISS, decided by the same rule
// when its head is written: one that then turns out too large to keep, or is touched by a change
// while it is written, has told nginx already) carries `X-Accel-Expires: @<epoch second>`, the end
// of the second after which nginx must ask again. The absolute form, because nginx counts in whole
// seconds of its clock: `X-Accel-Expires: 1` keeps an answer until the end of the next second, up
// to 2 s. nginx cannot be told of changes, and this process learns of those made elsewhere once a
// second (server/platform/public-changes.ts), so a copy kept to that second's end could hide a change for
// (the end of the second) − (the start of the last complete read of the change log): an answer is
// marked only while that is at most SHARED_LAG_MS past the setting, so every change reaches every
// visitor within SHARED_CACHE_SECONDS + 0.9 s (1.9 s). About one answer in two hundred goes out
// unmarked for that (late in a poll, early in a second); nginx then asks again. Never on:
//   - anything this cache does not store (private, signed-in, uncached pages; router payloads);
//   - an entry a change touched (its old copy, given out a moment while it renders again);
//   - API answers: a stored one is given only to callers without credentials, which a cache keyed
//     by address cannot tell apart (nginx keeps no /api/ answer either);
// and the home page, whose answer depends on the visitor's language cookie and Accept-Language
// (homeRedirectLocale), names them in its Vary, so a shared cache keeps one copy per their values.

import { HOME_REDIRECT_REQUEST_HEADERS, homeMayRedirect, homeRedirectLocale } from '../i18n/preferred-locale.mjs';
import { notModified } from '../server/platform/entity-tags.mjs';
import { carriesCredentials } from '../server/accounts/session-cookies.mjs';
import { markUsed } from '../lib/recently-used.mjs';
import { linked } from './app-link.mjs';
import { isMarkedPublic, markedCacheAddress, markedPlainPage, markedSharedMaxAgeSeconds, PAGE_CACHE_HEADER } from './cache-marks.mjs';
import { announcesBody } from './front-door.mjs';

/** The answer header that tells nginx how long it may keep an answer (and that nginx never forwards). */
export const SHARED_CACHE_HEADER = 'x-accel-expires';
const ROUTER_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-action', 'next-url'];
// Hop-by-hop and per-response headers that must not be replayed from a stored answer.
const DROPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
const MAX_URL_LENGTH = 2048;
/**
 * A shared cache's copy may show the pages as they were up to this long (ms) before the end of the
 * time it is kept for, beyond the setting's seconds: with the default 1 s, changes announced more
 * than 1.9 s before any visitor's request are in what the visitor gets.
 */
const SHARED_LAG_MS = 900;
/**
 * Longest the app's check of a made-up address may hold a request: the database's own wait for a
 * server (server/platform/db.ts). A check that has not answered by then (the database went away under it)
 * leaves the request to Next, which answers it or says the database is unavailable.
 */
const MADE_UP_CHECK_MS = 2_000;
/** A refresh that stored nothing within this (Next answered an error, the client left) lets the next request try again. */
const REFRESH_WINDOW_MS = 10_000;

/** The cache key of a request that may be answered from the cache, or null when it must go to Next. */
export function cacheKeyOf(req) {
  if (req.method !== 'GET') return null;
  const url = req.url ?? '';
  if (url.length > MAX_URL_LENGTH || !url.startsWith('/') || url.startsWith('/_next/')) return null;
  // The API answers a caller with credentials privately (server/accounts/private-answers.ts): always Next's answer.
  if (url.startsWith('/api/') && carriesCredentials(req.headers.authorization, req.headers.cookie)) return null;
  if (ROUTER_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
  if (url.includes('_rsc=')) return null;
  // The proxy sends these visitors of the bare home page to their language's home instead.
  if (homeRedirectLocale(url.split('?')[0], req.headers.cookie, req.headers['accept-language'])) return null;
  // Next compresses according to Accept-Encoding, so each distinct header value is its own entry;
  // an API answer carries CORS headers for the caller's Origin (server/platform/cors.ts), so each Origin too.
  const encoding = String(req.headers['accept-encoding'] ?? '').toLowerCase().replace(/\s+/g, '');
  const origin = url.startsWith('/api/') ? String(req.headers.origin ?? '') : '';
  return `${encoding}\n${origin}\n${url}`;
}

/**
 * For a request the cache may answer: the request headers, besides those its answer's Vary already
 * names, that decide whether a stored answer is given to it — or null when a shared cache in front
 * may not keep the answer at all (the API: given only to callers without credentials).
 */
export function sharedCacheVaryOf(url) {
  if (url.startsWith('/api/')) return null;
  return homeMayRedirect(url.split('?')[0]) ? [...HOME_REDIRECT_REQUEST_HEADERS] : [];
}

/** A Vary value naming `names` too, or null for `Vary: *` (nothing may be kept). */
function varyWith(value, names) {
  const current = (Array.isArray(value) ? value.join(',') : String(value ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (current.includes('*')) return null;
  const named = new Set(current.map((name) => name.toLowerCase()));
  for (const name of names) if (!named.has(name.toLowerCase())) current.push(name);
  return current.join(', ');
}

/** Seconds from `s-maxage=N` in a Cache-Control value, or 0. */
export function sharedMaxAgeSeconds(cacheControl) {
  const match = /(?:^|,)\s*s-maxage=(\d+)/i.exec(String(cacheControl ?? ''));
  return match ? Number(match[1]) : 0;
}

/** How long a finished response may be kept, in ms (0: not at all). */
export function storableFor(statusCode, headers, bodyBytes, { maxTtlMs, maxEntryBytes }) {
  if (statusCode !== 200 || bodyBytes > maxEntryBytes) return 0;
  if (headers['set-cookie'] !== undefined) return 0;
  if (!isMarkedPublic(headers)) return 0;
  const maxAge = sharedMaxAgeSeconds(headers['cache-control']) || markedSharedMaxAgeSeconds(headers);
  if (maxAge <= 0) return 0;
  if (String(headers['x-nextjs-cache'] ?? '').toUpperCase() === 'STALE') return Math.min(1000, maxTtlMs);
  return Math.min(maxAge * 1000, maxTtlMs);
}

/** How long the proxy's plain 404 of a made-up address may be kept, in ms (0: it is not that answer). */
function storableMadeUpAnswerFor(statusCode, headers, bodyBytes, { maxTtlMs, maxEntryBytes }) {
  if (statusCode !== 404 || bodyBytes > maxEntryBytes || headers['set-cookie'] !== undefined) return 0;
  return markedPlainPage(headers) === 'notFound' ? maxTtlMs : 0;
}

/** The address (path and query) a key stores, or the made-up addresses' `#…` name. */
function addressOf(key) {
  return key.slice(key.lastIndexOf('\n') + 1);
}

/** `key` (encoding, origin, address) with another address. */
function keyWithAddress(key, address) {
  return `${key.slice(0, key.lastIndexOf('\n') + 1)}${address}`;
}

/** The key under which the made-up addresses of `locale` share their answer, beside the request's own key. */
function madeUpAddressKey(key, locale) {
  return keyWithAddress(key, `#made-up-address ${locale}`);
}

/** The path the answer says it is the same for whatever the query, when that is the request's own path. */
function queryFreeAddress(headers, path) {
  return markedCacheAddress(headers) === path ? path : null;
}

function lowerCaseHeaders(source, target) {
  if (!source) return target;
  if (Array.isArray(source)) {
    // writeHead(status, ['name', 'value', …]) or [[name, value], …]
    const flat = Array.isArray(source[0]) ? source.flat() : source;
    for (let i = 0; i + 1 < flat.length; i += 2) target[String(flat[i]).toLowerCase()] = flat[i + 1];
    return target;
  }
  for (const [name, value] of Object.entries(source)) target[name.toLowerCase()] = value;
  return target;
}

function toBuffer(chunk, encoding) {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? encoding : 'utf8');
}

export function createPageCache({
  maxBytes = 64 * 1024 * 1024,
  maxEntryBytes = 2 * 1024 * 1024,
  maxTtlMs = 30_000,
  now = Date.now,
  madeUpAddresses = () => linked('madeUpAddresses'),
  sharedCacheSeconds = 0,
  changesSeenAt = () => linked('publicChangesSeenAt')?.(),
} = {}) {
  /** key → { statusCode, headers, head (the headers as written), body, expiresAt, staleUntil?, queryFree, shared } in least-recently-used order. */
  const entries = new Map();
  let totalBytes = 0;
  // Answers being written: one a change touches before it is finished is not stored (it may show
  // what the change replaced).
  const underWay = new Set();
  const stats = { hits: 0, stale: 0, stored: 0, cleared: 0, forgotten: 0 };

  function remove(key) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.body.length;
  }

  function store(key, entry) {
    remove(key);
    entries.set(key, entry);
    totalBytes += entry.body.length;
    for (const oldest of entries.keys()) {
      if (totalBytes <= maxBytes) break;
      remove(oldest);
    }
    stats.stored += 1;
  }

  /**
   * X-Accel-Expires for an answer given now: kept until the end of this second (+ the rest of the
   * setting) — or null when this process's last complete read of the change log is too old for that.
   */
  function sharedCacheExpiry() {
    const lastSecond = Math.floor(now() / 1000) + sharedCacheSeconds - 1;
    const seenAt = changesSeenAt();
    if (seenAt === undefined || (lastSecond + 1) * 1000 - seenAt > sharedCacheSeconds * 1000 + SHARED_LAG_MS) return null;
    return `@${lastSecond}`;
  }

  /**
   * How a request may have this entry: 'HIT' while fresh, 'STALE' past its time while another
   * request refreshes it, else null — which makes this request the entry's refresh (the caller
   * hands it to Next).
   */
  function stateOf(key, entry, at) {
    if (entry.expiresAt > at) return 'HIT';
    if (at > (entry.staleUntil ?? entry.expiresAt + maxTtlMs)) {
      remove(key);
      return null;
    }
    if (entry.refreshStartedAt !== undefined && at - entry.refreshStartedAt < REFRESH_WINDOW_MS) return 'STALE';
    entry.refreshStartedAt = at;
    return null;
  }

  /** Answers from the stored entry for `key` when there is a usable one; true when the response was written. */
  function serve(key, req, res) {
    const entry = entries.get(key);
    const at = now();
    const state = entry ? stateOf(key, entry, at) : null;
    if (!state) return false;
    markUsed(entries, key, entry, at);
    if (state === 'HIT') stats.hits += 1;
    else stats.stale += 1;
    // Not the old copy of an entry a change touched: a shared cache would keep it another second.
    const expiry = entry.shared && sharedCacheSeconds > 0 && entry.staleUntil === undefined ? sharedCacheExpiry() : null;
    const etag = entry.headers.etag;
    const notModifiedAnswer = entry.statusCode === 200 && notModified(req.headers['if-none-match'], req.headers['cache-control'], etag);
    // Flat [name, value, …] lists: Node writes them as they are, where an object would be copied and walked.
    const head = notModifiedAnswer ? ['etag', etag, 'cache-control', entry.headers['cache-control']] : entry.head;
    const marks = expiry === null ? [PAGE_CACHE_HEADER, state] : [PAGE_CACHE_HEADER, state, SHARED_CACHE_HEADER, expiry];
    res.writeHead(notModifiedAnswer ? 304 : entry.statusCode, head.concat(marks));
    res.end(notModifiedAnswer ? undefined : entry.body);
    return true;
  }

  /**
   * Records what Next writes for the request and stores it under `key` once finished, if `storable`
   * allows — under the key of its path alone when the answer says the query makes no difference.
   * With `sharedVary` (sharedCacheVaryOf), an answer `storable` allows when its head is written
   * tells a shared cache in front that it may keep it, varying on those request headers too.
   */
  function capture(key, res, storable = storableFor, path = null, sharedVary = null) {
    const writing = { address: addressOf(key), touched: false };
    underWay.add(writing);
    const chunks = [];
    let bytes = 0;
    let overflow = false;
    let headHeaders = {};
    let shared = false;
    const record = (chunk, encoding) => {
      if (overflow) return;
      const buffer = toBuffer(chunk, encoding);
      if (!buffer) return;
      bytes += buffer.length;
      if (bytes > maxEntryBytes) {
        overflow = true;
        chunks.length = 0;
      } else chunks.push(buffer);
    };
    const { writeHead, write, end } = res;
    res.writeHead = function (statusCode, ...rest) {
      const at = rest.findIndex((arg) => arg && typeof arg === 'object');
      headHeaders = lowerCaseHeaders(rest[at], {});
      // Raw header arrays (which Next does not write) are left alone: such an answer is not shared.
      if (sharedVary && !writing.touched && !Array.isArray(rest[at])) {
        const headers = Object.assign(lowerCaseHeaders(this.getHeaders(), {}), headHeaders);
        const vary = varyWith(headers.vary, sharedVary);
        if (vary !== null && storable(statusCode, headers, 0, { maxTtlMs, maxEntryBytes }) > 0) {
          shared = true;
          if (sharedVary.length > 0) {
            if (at >= 0) rest[at] = Object.fromEntries(Object.entries(rest[at]).filter(([name]) => name.toLowerCase() !== 'vary'));
            headHeaders.vary = vary;
            this.setHeader('vary', vary);
          }
          const expiry = sharedCacheExpiry();
          if (expiry !== null) this.setHeader(SHARED_CACHE_HEADER, expiry);
        }
      }
      return writeHead.call(this, statusCode, ...rest);
    };
    res.write = function (chunk, encoding, callback) {
      record(chunk, encoding);
      return write.call(this, chunk, encoding, callback);
    };
    res.end = function (chunk, encoding, callback) {
      record(chunk, encoding);
      return end.call(this, chunk, encoding, callback);
    };
    res.setHeader(PAGE_CACHE_HEADER, 'MISS');
    // Node emits 'close' after 'finish', and also for an answer the client left before it ended.
    res.once('close', () => underWay.delete(writing));
    res.once('finish', () => {
      if (overflow || writing.touched) return;
      const headers = lowerCaseHeaders(res.getHeaders(), {});
      Object.assign(headers, headHeaders);
      const ttl = storable(res.statusCode, headers, bytes, { maxTtlMs, maxEntryBytes });
      if (ttl <= 0) return;
      const queryFree = path === null ? null : queryFreeAddress(headers, path);
      for (const name of Object.keys(headers)) if (DROPPED_HEADERS.has(name) || headers[name] === undefined) delete headers[name];
      delete headers[PAGE_CACHE_HEADER];
      delete headers[SHARED_CACHE_HEADER];
      const body = Buffer.concat(chunks, bytes);
      const head = [...Object.entries(headers).flat(), 'content-length', String(body.length)];
      const entry = { statusCode: res.statusCode, headers, head, body, expiresAt: now() + ttl, queryFree: queryFree !== null, shared };
      store(queryFree === null ? key : keyWithAddress(key, queryFree), entry);
    });
  }

  function clear() {
    for (const writing of underWay) writing.touched = true;
    entries.clear();
    totalBytes = 0;
    stats.cleared += 1;
  }

  /**
   * Forgets the entries whose address `affected` names (the shared 404 of made-up addresses shows
   * nothing that changes: only clear() drops it). With `staleForMs`, a stored page stays for the
   * requests that arrive while the first one after the change renders it again, at most that long.
   */
  function forget(affected, staleForMs = 0) {
    for (const writing of underWay) if (!writing.address.startsWith('#') && affected(writing.address)) writing.touched = true;
    const at = now();
    for (const [key, entry] of entries) {
      const address = addressOf(key);
      if (address.startsWith('#') || !affected(address)) continue;
      stats.forgotten += 1;
      if (staleForMs > 0 && entry.statusCode === 200) {
        entry.expiresAt = Math.min(entry.expiresAt, at);
        entry.staleUntil = Math.min(entry.staleUntil ?? Infinity, at + staleForMs);
        entry.refreshStartedAt = undefined;
      } else remove(key);
    }
  }

  /** Answers a made-up address with its language's stored 404, or captures Next's answer as above. */
  async function serveMadeUpAddress(key, path, check, req, res, sharedVary) {
    let timer;
    const gaveUp = new Promise((resolve) => (timer = setTimeout(() => resolve(null), MADE_UP_CHECK_MS)));
    const locale = await Promise.race([check.localeOf(path).catch(() => null), gaveUp]).finally(() => clearTimeout(timer));
    if (!locale) {
      capture(key, res, storableFor, null, sharedVary);
      return false;
    }
    const sharedKey = madeUpAddressKey(key, locale);
    if (serve(sharedKey, req, res)) return true;
    capture(sharedKey, res, storableMadeUpAnswerFor, null, sharedVary);
    return false;
  }

  /**
   * Answers the request from the cache (true), or prepares `res` so that what Next writes is stored
   * when allowed (false: hand the request to Next). A promise of that for an address the app's
   * check of made-up addresses must look at (it may ask the database).
   */
  function serveOrCapture(req, res) {
    const key = cacheKeyOf(req);
    if (key === null) return false;
    if (serve(key, req, res)) return true;
    const url = req.url ?? '';
    const path = url.split('?')[0];
    const sharedVary = sharedCacheSeconds > 0 ? sharedCacheVaryOf(url) : null;
    if (path !== url) {
      const pathKey = keyWithAddress(key, path);
      if (entries.get(pathKey)?.queryFree && serve(pathKey, req, res)) return true;
    }
    const check = madeUpAddresses();
    // A GET with a body does not reach the proxy, so it gets no plain 404.
    if (check && !announcesBody(req) && check.candidate(path)) return serveMadeUpAddress(key, path, check, req, res, sharedVary);
    capture(key, res, storableFor, path, sharedVary);
    return false;
  }

  return {
    serveOrCapture,
    clear,
    forget,
    stats: () => ({ ...stats, entries: entries.size, bytes: totalBytes }),
  };
}
