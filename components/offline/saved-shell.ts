// Keeps the Saved screen (its page and the build files it loads) on the device once the learner
// has something saved, so it opens without a connection: the service worker answers it from this
// cache when the network fails (offline/service-worker.ts). The page is the same for everyone: what
// it lists is read in the browser.

import { SAVED_SHELL_CACHE, savedScreenPath } from '@/offline/saved-addresses';

/** The build files a page loads: its scripts and styles (hashed names under /_next/static/). */
export function buildFilesOf(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(/\/_next\/static\/[^"'\s)\\]+?\.(?:js|css)/g), (match) => match[0]))];
}

/**
 * Fetches the Saved screen in `localePrefix`'s language (`''` for the default one) and what it
 * loads, keeping only what is not kept yet; the files of older builds go.
 */
export async function keepSavedShell(localePrefix: string): Promise<void> {
  if (!('caches' in window)) return;
  const path = savedScreenPath(localePrefix);
  const answer = await fetch(path, { cache: 'no-store', credentials: 'omit' });
  if (!answer.ok) return;
  const html = await answer.text();
  const files = buildFilesOf(html);
  const cache = await caches.open(SAVED_SHELL_CACHE);
  const kept = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  await cache.addAll(files.filter((file) => !kept.has(file)));
  await cache.put(path, new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
  // Files no page of this build names any more (the Saved screens of every language share most of them).
  const needed = new Set(files);
  const otherPages = [...kept].filter((key) => !key.startsWith('/_next/') && key !== path);
  for (const page of otherPages) {
    const other = await cache.match(page);
    if (other) for (const file of buildFilesOf(await other.text())) needed.add(file);
  }
  await Promise.all([...kept].filter((key) => key.startsWith('/_next/') && !needed.has(key)).map((key) => cache.delete(key)));
}
