import 'server-only';
import { EVERYTHING, tagsOfAddress, touches } from '@/lib/cache-tags';
import { linked } from '@/serving/app-link.mjs';

// The caches of public pages that live in this process outside Next's bundles, reached through the
// app link (serving/app-link.mjs): the shared page cache in front of Next (serving/page-cache.mjs,
// installed by serving/server.mjs) and Next's cache of rendered pages (serving/isr-cache.mjs, our
// `cacheHandler`). Without them (next dev, jest) there is nothing to forget. Both keep their entries
// by address; whether a change touches what an address shows is decided here (lib/cache-tags.ts).

/**
 * Forgets the stored and rendered pages of this process that show what a change touched, and keeps
 * renders under way of such pages from being stored. `staleForMs`: how long the stored copy may
 * still be given out while one request renders the page again.
 */
export function forgetPublicPages(changed: readonly string[], staleForMs = 0): void {
  for (const store of [linked('pageCache'), linked('renderedPages')]) {
    if (!store) continue;
    if (changed.includes(EVERYTHING)) store.clear();
    else store.forget((address) => touches(changed, tagsOfAddress(address)), staleForMs);
  }
}
