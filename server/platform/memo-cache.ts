import 'server-only';
import { touches } from '@/lib/cache-tags';
import { markUsed } from '@/lib/recently-used.mjs';

// A small in-process cache of promised results: identical reads arriving together share one
// database read, entries expire after `ttlMs`, the least recently used make room past `max` entries
// (or past `maxBytes`, for a cache that says how large each value is), and a failed read (database
// down) is not remembered. Used for catalogue reads that are costly on the
// embedded database. A cache of public reads says what each entry shows (`shows`, cache tags from
// lib/cache-tags.ts): a change to it, on any instance, forgets those entries (server/platform/public-changes.ts).
// Not Next's data cache: that one lives on disk across restarts and would outlast a re-seeded
// database.

export type MemoCache<T> = { get(key: string, load: () => Promise<T>): Promise<T>; clear(): void };

type Entry<T> = { storedAt: number; value: Promise<T>; movedAt?: number; bytes?: number };
type Store = { entries: Map<string, Entry<unknown>>; bytes: number; shows?: (key: string) => readonly string[] };

type Limits<T> = {
  ttlMs: number;
  max: number;
  /** With `bytesOf`: the most the values may weigh together; the least recently used go first. */
  maxBytes?: number;
  bytesOf?: (value: T) => number;
  /** The cache tags of what the entry under a key shows; without it, changes never forget entries. */
  shows?: (key: string) => readonly string[];
};

// On globalThis so every route bundle (pages, route handlers, server actions) shares one store.
const stores: Map<string, Store> = ((globalThis as { __kzMemoStores?: Map<string, Store> }).__kzMemoStores ??= new Map());

function forget(store: Store, key: string): void {
  store.bytes -= store.entries.get(key)?.bytes ?? 0;
  store.entries.delete(key);
}

/** Forgets the least recently used entries while `tooMany` says so. */
function makeRoom(store: Store, tooMany: () => boolean): void {
  while (tooMany()) {
    const oldest = store.entries.keys().next().value;
    if (oldest === undefined) break;
    forget(store, oldest);
  }
}

export function memoCache<T>(name: string, { ttlMs, max, maxBytes = Number.POSITIVE_INFINITY, bytesOf, shows }: Limits<T>): MemoCache<T> {
  let store = stores.get(name);
  if (!store) {
    store = { entries: new Map(), bytes: 0 };
    stores.set(name, store);
  }
  store.shows = shows;
  const own = store;
  const entries = own.entries as Map<string, Entry<T>>;
  return {
    get(key, load) {
      const now = Date.now();
      const cached = entries.get(key);
      if (cached && now - cached.storedAt < ttlMs) {
        markUsed(entries, key, cached, now);
        return cached.value;
      }
      forget(own, key);
      const value = load();
      const entry: Entry<T> = { storedAt: now, value };
      entries.set(key, entry);
      value.then(
        (loaded) => {
          if (!bytesOf || entries.get(key) !== entry) return;
          entry.bytes = bytesOf(loaded);
          own.bytes += entry.bytes;
          makeRoom(own, () => own.bytes > maxBytes);
        },
        () => {
          if (entries.get(key) === entry) forget(own, key);
        },
      );
      makeRoom(own, () => entries.size > max);
      return value;
    },
    clear() {
      entries.clear();
      own.bytes = 0;
    },
  };
}

/** Forgets the entries of this process's caches of public reads that show what a change touched. */
export function forgetMemoised(changed: readonly string[]): void {
  for (const store of stores.values()) {
    if (!store.shows) continue;
    for (const key of store.entries.keys()) if (touches(changed, store.shows(key))) forget(store, key);
  }
}
