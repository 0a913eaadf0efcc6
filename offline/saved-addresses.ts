// Addresses and cache names the pages and the service worker share for what a learner saved on
// the device (components/offline/saved-store.ts keeps it, offline/service-worker.ts answers it).

/** The cache holding saved lessons and books, under SAVED_MEDIA addresses. */
export const SAVED_CACHE = 'kz-saved';
export const SAVED_MEDIA = '/saved-media';

/** The Saved screen's page and the build files it needs, kept so it opens without a connection. */
export const SAVED_SHELL_CACHE = 'kz-saved-shell';

/** The Saved screen's address in a language: `/saved`, `/bn/saved`. */
export function savedScreenPath(localePrefix: string): string {
  return `${localePrefix ? `/${localePrefix}` : ''}/saved`;
}

/** A lesson player's address (`/learn/{course}/{lesson}`, in any language), as its course and lesson; null for any other. */
export function lessonAddressOf(pathname: string): { localePrefix: string; courseId: string; lessonId: string } | null {
  const match = /^(?:\/([a-z]{2}))?\/learn\/([0-9a-f]{24})\/([0-9a-f]{24})\/?$/.exec(pathname);
  return match ? { localePrefix: match[1] ?? '', courseId: match[2]!, lessonId: match[3]! } : null;
}

/** Whether an address is the Saved screen (in any language). */
export function isSavedScreen(pathname: string): boolean {
  return /^(?:\/[a-z]{2})?\/saved\/?$/.test(pathname);
}
