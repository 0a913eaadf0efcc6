import 'server-only';

// The caches of public pages that live in this process outside Next's bundles, reached through
// global symbols: the shared page cache in front of Next (scripts/serve/page-cache.mjs, set by
// scripts/serve.mjs) and Next's cache of rendered pages (scripts/serve/isr-cache.mjs, our
// `cacheHandler`). Without them (next dev, jest) there is nothing to empty.
const PAGE_CACHE_SYMBOL = Symbol.for('knowledge-zone.shared-page-cache');
const ISR_CACHE_SYMBOL = Symbol.for('knowledge-zone.isr-cache');

type Clearable = { clear(): void };

function handle(symbol: symbol): Clearable | undefined {
  return (globalThis as { [key: symbol]: Clearable | undefined })[symbol];
}

/** Drops every stored page and rendered page of this process, and any render still under way. */
export function forgetPublicPages(): void {
  handle(PAGE_CACHE_SYMBOL)?.clear();
  handle(ISR_CACHE_SYMBOL)?.clear();
}
