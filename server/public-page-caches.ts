import 'server-only';
import { EVERYTHING, tagsOfAddress, touches } from '@/lib/cache-tags';

// The caches of public pages that live in this process outside Next's bundles, reached through
// global symbols: the shared page cache in front of Next (scripts/serve/page-cache.mjs, set by
// scripts/serve.mjs) and Next's cache of rendered pages (scripts/serve/isr-cache.mjs, our
// `cacheHandler`). Without them (next dev, jest) there is nothing to forget. Both keep their entries
// by address; whether a change touches what an address shows is decided here (lib/cache-tags.ts).
const PAGE_CACHE_SYMBOL = Symbol.for('knowledge-zone.shared-page-cache');
const ISR_CACHE_SYMBOL = Symbol.for('knowledge-zone.isr-cache');

/** The stores' side (scripts/serve/*.mjs): forget the entries whose address `affected` names, or all of them. */
type Forgetting = { forget(affected: (address: string) => boolean, staleForMs: number): void; clear(): void };

function handle(symbol: symbol): Forgetting | undefined {
  return (globalThis as { [key: symbol]: Forgetting | undefined })[symbol];
}

/**
 * Forgets the stored and rendered pages of this process that show what a change touched, and keeps
 * renders under way of such pages from being stored. `staleForMs`: how long the stored copy may
 * still be given out while one request renders the page again.
 */
export function forgetPublicPages(changed: readonly string[], staleForMs = 0): void {
  for (const store of [handle(PAGE_CACHE_SYMBOL), handle(ISR_CACHE_SYMBOL)]) {
    if (!store) continue;
    if (changed.includes(EVERYTHING)) store.clear();
    else store.forget((address) => touches(changed, tagsOfAddress(address)), staleForMs);
  }
}
