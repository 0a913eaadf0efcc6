import 'server-only';

// A small in-process cache of promised results: identical reads arriving together share one
// database read, entries expire after `ttlMs`, the least recently used make room past `max`, and a
// failed read (database down) is not remembered. Used for catalogue reads that are costly on the
// embedded database; every change to the catalogue, on any instance, clears them all
// (server/public-changes.ts).
// Not Next's data cache: that one lives on disk across restarts and would outlast a re-seeded
// database.

export type MemoCache<T> = { get(key: string, load: () => Promise<T>): Promise<T>; clear(): void };

type Entry<T> = { storedAt: number; value: Promise<T> };

// On globalThis so every route bundle (pages, route handlers, server actions) shares one store.
const stores: Map<string, Map<string, Entry<unknown>>> = ((globalThis as { __kzMemoStores?: Map<string, Map<string, Entry<unknown>>> }).__kzMemoStores ??= new Map());

export function memoCache<T>(name: string, { ttlMs, max }: { ttlMs: number; max: number }): MemoCache<T> {
  let store = stores.get(name) as Map<string, Entry<T>> | undefined;
  if (!store) {
    store = new Map<string, Entry<T>>();
    stores.set(name, store as Map<string, Entry<unknown>>);
  }
  const entries = store;
  return {
    get(key, load) {
      const now = Date.now();
      const cached = entries.get(key);
      entries.delete(key);
      if (cached && now - cached.storedAt < ttlMs) {
        entries.set(key, cached);
        return cached.value;
      }
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

/** Empties every memo cache of this process. */
export function clearMemoCaches(): void {
  for (const store of stores.values()) store.clear();
}
