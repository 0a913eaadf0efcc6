// Next's cache of rendered pages (ISR), as a custom cache handler (next.config.ts `cacheHandler`,
// the interface Next documents for it): kept in this process's memory, bounded in bytes (the least
// recently used entry goes first), never written to disk, and a 404 is never kept.
//
// Why not Next's default: it writes every rendered page to `.next/server/route-cache`, a 404 for a
// made-up id included (300 requests for /book/x<random> added 17.5 MB and 2,100 files in 7 s,
// without bound). Here a 404 renders each time it is asked for (the proxy answers impossible ids
// before rendering), and the catalogue's pages take at most ISR_CACHE_MAX_MB.
//
// Entries are dropped when a tag they carry is revalidated (revalidatePath/revalidateTag in this
// process), and when a change made on any instance touches what their page shows (`forget()`, called
// by server/platform/public-changes.ts through `renderedPages` in serving/app-link.mjs with the test of which
// addresses it touches); process memory is only a cache, so a new process simply renders again.

import { markUsed } from '../lib/recently-used.mjs';
import { linked, provide } from './app-link.mjs';

const CACHE_TAGS_HEADER = 'x-next-cache-tags';
/** Revalidation times of tags, for tags an entry only learns at read time (Next's soft tags). */
const MAX_REMEMBERED_TAGS = 10_000;
/** Keys read and not yet written back (renders under way), remembered with whether a change touched them since. */
const MAX_PENDING_READS = 10_000;
/**
 * Longer than any render takes: a render that began this long after the last read of its page made
 * before a change cannot have read the old data. Until then no render of that page is kept (the
 * shared page cache in front still keeps what they answer), since which render hands back which
 * result is not known: a later render's read must not vouch for an earlier one still under way.
 */
const RENDER_WINDOW_MS = 20_000;

function megabytes(raw, fallback) {
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Next's key of a rendered page: `/route-cache/<kind>/<hash of its route>/$<its page path>`. */
const ROUTE_CACHE_KEY = /^\/route-cache\/[A-Z_]+\/[0-9a-f]+\/\$(\/.*)$/;

/**
 * The address a cache key stands for (its path, with the locale segment): Next names the home page
 * `/index` in the key, and prefixes a path that itself begins with /index with another. Any other
 * key (a fetch's) is returned as it is, which no address test takes for a page.
 */
export function addressOfKey(key) {
  const pagePath = ROUTE_CACHE_KEY.exec(key)?.[1];
  if (pagePath === undefined) return key;
  if (pagePath === '/index') return '/';
  return pagePath.startsWith('/index/') ? pagePath.slice('/index'.length) : pagePath;
}

function createStore(maxBytes) {
  const store = { entries: new Map(), bytes: 0, maxBytes, revalidatedAt: new Map(), readIn: new Map() };
  // Forgets the rendered pages whose address `affected` names; a render of such a page that began
  // before is not stored when it finishes (it may have read what was just changed).
  // Next renders a forgotten page again on its next request, once for all the requests that meet.
  store.forget = (affected) => {
    for (const key of store.entries.keys()) if (affected(addressOfKey(key))) remove(store, key);
    for (const [key, read] of store.readIn) if (affected(addressOfKey(key))) read.beforeChange = true;
  };
  store.clear = () => store.forget(() => true);
  return store;
}

/**
 * Several IncrementalCache instances (and module copies) in one process share one store: the first
 * one provides it as the app link's `renderedPages`, where the app forgets from it.
 */
function sharedStore() {
  return linked('renderedPages') ?? provide('renderedPages', createStore(megabytes(process.env.ISR_CACHE_MAX_MB, 128) * 1024 * 1024));
}

function byteLength(part) {
  if (typeof part === 'string') return Buffer.byteLength(part);
  if (part instanceof Uint8Array) return part.byteLength;
  if (part instanceof Map) return [...part.values()].reduce((sum, value) => sum + byteLength(value), 0);
  return 0;
}

/** The size of a cached value: its page, payload, segments or body (headers are small). */
export function sizeOf(value) {
  if (!value) return 0;
  const fetched = value.kind === 'FETCH' ? byteLength(value.data?.body) : 0;
  return 512 + fetched + byteLength(value.html) + byteLength(value.rscData) + byteLength(value.segmentData) + byteLength(value.body);
}

/** A rendered "not found": never kept, so made-up addresses cannot fill the cache. */
export function isNotFound(value) {
  return value?.status === 404;
}

function tagsOf(value, ctx) {
  const header = value?.headers?.[CACHE_TAGS_HEADER];
  return [...(ctx?.tags ?? []), ...(typeof header === 'string' ? header.split(',') : [])];
}

function remove(store, key) {
  const entry = store.entries.get(key);
  if (!entry) return;
  store.entries.delete(key);
  store.bytes -= entry.size;
}

export default class IsrCache {
  constructor() {
    this.store = sharedStore();
  }

  async get(key, ctx) {
    const { store } = this;
    // Next reads a key before it renders it (on a miss, and for a stale entry in the background).
    // A read from before the last change is kept until its renders must be done: overwriting it
    // with this one would let such a render's old result be stored.
    const now = Date.now();
    const pending = store.readIn.get(key);
    const olderStillRunning = pending?.beforeChange && now - pending.at <= RENDER_WINDOW_MS;
    store.readIn.delete(key);
    store.readIn.set(key, olderStillRunning ? pending : { beforeChange: false, at: now });
    for (const oldest of store.readIn.keys()) {
      if (store.readIn.size <= MAX_PENDING_READS) break;
      store.readIn.delete(oldest);
    }
    const entry = store.entries.get(key);
    if (!entry) return null;
    const tags = [...entry.tags, ...(ctx?.softTags ?? [])];
    if (tags.some((tag) => (store.revalidatedAt.get(tag) ?? 0) >= entry.lastModified)) {
      remove(store, key);
      return null;
    }
    // Least recently used first out: a read moves the entry to the end.
    markUsed(store.entries, key, entry, now);
    return { value: entry.value, lastModified: entry.lastModified, cacheControl: entry.cacheControl };
  }

  async set(key, value, ctx) {
    const { store } = this;
    const pending = store.readIn.get(key);
    remove(store, key);
    // Kept (not deleted) after a refusal: other renders from before the change may still finish.
    const beganBeforeChange = pending?.beforeChange === true && Date.now() - pending.at <= RENDER_WINDOW_MS;
    if (!value || isNotFound(value) || beganBeforeChange) return;
    const size = sizeOf(value);
    if (size > store.maxBytes / 4) return;
    store.entries.set(key, { value, size, tags: tagsOf(value, ctx), lastModified: Date.now(), cacheControl: ctx?.cacheControl });
    store.bytes += size;
    for (const oldest of store.entries.keys()) {
      if (store.bytes <= store.maxBytes) break;
      remove(store, oldest);
    }
  }

  async revalidateTag(tags) {
    const { store } = this;
    const list = typeof tags === 'string' ? [tags] : tags;
    const now = Date.now();
    for (const tag of list) {
      store.revalidatedAt.delete(tag);
      store.revalidatedAt.set(tag, now);
    }
    for (const tag of store.revalidatedAt.keys()) {
      if (store.revalidatedAt.size <= MAX_REMEMBERED_TAGS) break;
      store.revalidatedAt.delete(tag);
    }
    for (const [key, entry] of store.entries) if (entry.tags.some((tag) => list.includes(tag))) remove(store, key);
  }

  resetRequestCache() {}
}
