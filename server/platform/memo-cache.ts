import 'server-only';
import { touches } from '@/lib/cache-tags';
import { markUsed } from '@/lib/recently-used.mjs';

// A small in-process cache of promised results: identical reads arriving together share one
// database read, entries expire after `ttlMs`, the least recently used make room past `max`, and a
// failed read (database down) is not remembered. Used for catalogue reads that are costly on the
// embedded database. A cache of public reads says what each entry shows (`shows`, cache tags from
// lib/cache-tags.ts): a change to it, on any instance, forgets those entries (server/platform/public-changes.ts).
// Not Next's data cache: that one lives on disk across restarts and would outlast a re-seeded
// database.

export type MemoCache<T> = { get(key: string, load: () => Promise<T>): Promise<T>; clear(): void };

type Entry<T> = { storedAt: number; value: Promise<T>; movedAt?: number };
type Store = { entries: Map<string, Entry<unknown>>; shows?: (key: string) => readonly string[] };

// On globalThis so every route bundle (pages, route handlers, server actions) shares one store.
const stores: Map<string, Store> = ((globalThis as { __kzMemoStores?: Map<string, Store> }).__kzMemoStores ??= new Map());

/** `shows`: the cache tags of what the entry under a key shows; without it, changes never forget entries. */
export function memoCache<T>(name: string, { ttlMs, max, shows }: { ttlMs: number; max: number; shows?: (key: string) => readonly string[] }): MemoCache<T> {
  let store = stores.get(name);
  if (!store) {
    store = { entries: new Map() };
    stores.set(name, store);
  }
  store.shows = shows;
  const entries = store.entries as Map<string, Entry<T>>;
  return {
    get(key, load) {
      const now = Date.now();
      const cached = entries.get(key);
      if (cached && now - cached.storedAt < ttlMs) {
        markUsed(entries, key, cached, now);
        return cached.value;
      }
      entries.delete(key);
      const value = load();
      entries.set(key, { storedAt: now, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

/** Forgets the entries of this process's caches of public reads that show what a change touched. */
export function forgetMemoised(changed: readonly string[]): void {
  for (const { entries, shows } of stores.values()) {
    if (!shows) continue;
    for (const key of entries.keys()) if (touches(changed, shows(key))) entries.delete(key);
  }
}
