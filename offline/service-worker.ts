/// <reference lib="webworker" />
// The service worker (built by app/serwist/[path]/route.ts with Serwist): the site's shell for poor
// connections, and a page that says so when there is none.
//
// It keeps only what is the same for everyone: the build's hashed scripts and styles and the
// site's fonts (once fetched, never again until a new build names new files), and the offline page
// in each language. Pages themselves always come from the network: a page can carry a signed-in
// learner's details, and the phone may be shared, so no page is ever kept. Without a connection a
// page is answered by the offline page of its language.
import { CacheFirst, ExpirationPlugin, NetworkOnly, Serwist } from 'serwist';
import type { PrecacheEntry, SerwistGlobalConfig } from 'serwist';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    /** The precache list the build writes in (the offline pages). */
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

/** Each language's offline page, by the first segment of the address (the default language has none). */
const OFFLINE_PAGES = { bn: '/bn/offline', default: '/offline' } as const;

function offlinePageFor(url: URL): string {
  return url.pathname === '/bn' || url.pathname.startsWith('/bn/') ? OFFLINE_PAGES.bn : OFFLINE_PAGES.default;
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  runtimeCaching: [
    {
      // Named by their content's hash: a file under a name never changes.
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_next/static/'),
      handler: new CacheFirst({ cacheName: 'build-files', plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })] }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/fonts/'),
      handler: new CacheFirst({ cacheName: 'fonts', plugins: [new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 365 * 24 * 60 * 60, purgeOnQuotaError: true })] }),
    },
    {
      // Pages: from the network only, never kept; the offline page when there is no network.
      matcher: ({ request }) => request.mode === 'navigate',
      handler: new NetworkOnly(),
    },
  ],
  fallbacks: {
    entries: [
      { url: OFFLINE_PAGES.bn, matcher: ({ request }) => request.mode === 'navigate' && offlinePageFor(new URL(request.url)) === OFFLINE_PAGES.bn },
      { url: OFFLINE_PAGES.default, matcher: ({ request }) => request.mode === 'navigate' },
    ],
  },
});

serwist.addEventListeners();
