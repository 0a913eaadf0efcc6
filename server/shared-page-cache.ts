import 'server-only';

// The shared page cache lives in the production server (scripts/serve.mjs), outside Next's
// bundles; it hands this process a handle under a global symbol. Without it (next dev, jest)
// there is nothing to empty.
const PAGE_CACHE_SYMBOL = Symbol.for('knowledge-zone.shared-page-cache');

type SharedPageCache = { clear(): void };

/** Drops every stored page; call it with revalidatePath after a change that public pages show. */
export function clearSharedPageCache(): void {
  const cache = (globalThis as { [PAGE_CACHE_SYMBOL]?: SharedPageCache })[PAGE_CACHE_SYMBOL];
  cache?.clear();
}
