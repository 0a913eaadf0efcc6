/// <reference lib="webworker" />
// The service worker (built by app/serwist/[path]/route.ts with Serwist): the site's shell for poor
// connections, and a page that says so when there is none.
//
// It keeps only what is the same for everyone: the build's hashed scripts and styles and the
// site's fonts (once fetched, never again until a new build names new files), and the offline page
// in each language. Pages themselves always come from the network: a page can carry a signed-in
// learner's details, and the phone may be shared, so no page is ever kept. Without a connection a
// page is answered by the offline page of its language.
//
// Two exceptions, both the same for everyone: the Saved screen's page (it shows what this device
// saved, read in the browser), kept with the build files it needs once a learner saves something;
// and the saved lessons and books themselves, answered from the device (components/offline).
// Without a connection, a lesson's page leads to the Saved screen, which opens it if it is saved.
import { CacheFirst, ExpirationPlugin, NetworkOnly, Serwist, createPartialResponse } from 'serwist';
import type { PrecacheEntry, RouteHandlerCallbackOptions, SerwistGlobalConfig } from 'serwist';
import { SAVED_CACHE, SAVED_MEDIA, SAVED_SHELL_CACHE, isSavedScreen, lessonAddressOf, savedScreenPath } from './saved-addresses';

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

const buildFiles = new CacheFirst({ cacheName: 'build-files', plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })] });

/** The page from the network (the navigation preload's answer when there is one); throws without a connection. */
async function fromNetwork({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
  return preloaded ?? fetch(request);
}

async function offlinePage(url: URL): Promise<Response> {
  return (await serwist.matchPrecache(offlinePageFor(url))) ?? Response.error();
}

/** A saved file, from the device only, with Range: saved video and audio seek without a connection. */
async function savedFile({ request, url }: RouteHandlerCallbackOptions): Promise<Response> {
  const kept = await caches.match(url.pathname, { cacheName: SAVED_CACHE });
  if (!kept) return new Response('Not saved on this device', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  return request.headers.has('range') ? createPartialResponse(request, kept) : kept;
}

/**
 * The Saved screen: from the network; without one, the copy the pages keep with the build files it
 * names (components/offline/saved-shell.ts keeps the two together, so a copy never names files
 * that are not there).
 */
async function savedScreen(options: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    return await fromNetwork(options);
  } catch {
    return (await caches.match(options.url.pathname, { cacheName: SAVED_SHELL_CACHE })) ?? offlinePage(options.url);
  }
}

/** A lesson's page: from the network; without one, the Saved screen opening that lesson. */
async function lessonPage(options: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    return await fromNetwork(options);
  } catch {
    const lesson = lessonAddressOf(options.url.pathname)!;
    return Response.redirect(`${savedScreenPath(lesson.localePrefix)}?lesson=${lesson.courseId}/${lesson.lessonId}`, 302);
  }
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  runtimeCaching: [
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(`${SAVED_MEDIA}/`),
      handler: savedFile,
    },
    {
      // Named by their content's hash: a file under a name never changes. The Saved screen's own
      // are kept apart, out of reach of the build files' limit.
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_next/static/'),
      handler: async (options) => (await caches.match(options.request, { cacheName: SAVED_SHELL_CACHE })) ?? buildFiles.handle(options),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/fonts/'),
      handler: new CacheFirst({ cacheName: 'fonts', plugins: [new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 365 * 24 * 60 * 60, purgeOnQuotaError: true })] }),
    },
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && isSavedScreen(url.pathname),
      handler: savedScreen,
    },
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && lessonAddressOf(url.pathname) !== null,
      handler: lessonPage,
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
