import 'server-only';
import { revalidatePath } from 'next/cache';
import { normalizeSearchTerm } from '@/lib/format';
import { searchCourses } from './course-search';
import type { CourseSearchResult } from './course-search';

// The catalogue pages are rendered once and served from Next's cache (ISR, revalidate = 300).
// After an admin change the affected pages are dropped from the cache here, so the next visitor
// sees the change at once instead of up to five minutes later.

export type CatalogueKind = 'course' | 'book' | 'blog' | 'instructor';

/** Every page of the course lists and the course detail pages (their address carries the list). */
function revalidateCoursePages(): void {
  for (const pattern of ['/classes', '/courses']) {
    revalidatePath(pattern);
    revalidatePath(`${pattern}/[slug]`, 'page');
    revalidatePath(`${pattern}/page/[page]`, 'page');
    revalidatePath(`${pattern}/[slug]/page/[page]`, 'page');
  }
  revalidatePath('/[classCourse]/coursesInfo/[id]', 'page');
  searchResults.clear();
}

function revalidateListPages(base: string): void {
  revalidatePath(base);
  revalidatePath(`${base}/page/[page]`, 'page');
}

/**
 * Drops the cached pages that show items of `kind` after an admin created, updated or deleted
 * the items with these ids. Call it from the server action or route handler that made the change.
 */
export function revalidateCatalogue(kind: CatalogueKind, ids: readonly string[]): void {
  switch (kind) {
    case 'course':
      // A course's detail address includes its list, which an update may have changed.
      revalidateCoursePages();
      break;
    case 'book':
      revalidateListPages('/books');
      for (const id of ids) revalidatePath(`/book/${id}`);
      // The home page shows the newest books.
      revalidatePath('/');
      break;
    case 'blog':
      revalidateListPages('/blogs');
      for (const id of ids) revalidatePath(`/blog/${id}`);
      break;
    case 'instructor':
      revalidateListPages('/instructor');
      revalidatePath('/instructor/[slug]', 'page');
      revalidatePath('/instructor/[slug]/page/[page]', 'page');
      break;
  }
  revalidatePath('/sitemap.xml');
}

// Search results are kept in this process for a minute. Not in Next's data cache: that one lives
// on disk across restarts, so results would outlast a re-seeded database; here a restart or an
// admin change (revalidateCatalogue) starts afresh, and other writers are seen within a minute.
const SEARCH_TTL_MS = 60_000;
const SEARCH_ENTRIES_MAX = 500;

type CachedSearch = { storedAt: number; result: Promise<CourseSearchResult> };
// On globalThis so every route bundle (pages, route handlers, server actions) shares one cache.
const searchResults: Map<string, CachedSearch> = ((globalThis as { __kzSearchResults?: Map<string, CachedSearch> }).__kzSearchResults ??= new Map());

/**
 * searchCourses through the cache. Identical searches arriving together share one database
 * read, and the least recently used entries make room for new ones.
 */
export function searchCoursesCached(term: string, page: number): Promise<CourseSearchResult> {
  const key = `${page}\u0000${normalizeSearchTerm(term)}`;
  const now = Date.now();
  const cached = searchResults.get(key);
  searchResults.delete(key);
  if (cached && now - cached.storedAt < SEARCH_TTL_MS) {
    searchResults.set(key, cached);
    return cached.result;
  }
  const result = searchCourses(term, page);
  searchResults.set(key, { storedAt: now, result });
  // A failed read (database down) is not remembered.
  result.catch(() => {
    if (searchResults.get(key)?.result === result) searchResults.delete(key);
  });
  while (searchResults.size > SEARCH_ENTRIES_MAX) {
    const oldest = searchResults.keys().next().value;
    if (oldest === undefined) break;
    searchResults.delete(oldest);
  }
  return result;
}
