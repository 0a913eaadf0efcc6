import 'server-only';
import { revalidatePath } from 'next/cache';
import { revalidatePage } from './revalidate-page';
import { normalizeSearchTerm } from '@/lib/format';
import { defaultView, viewSegment } from '@/lib/catalogue-view';
import type { CatalogueView } from '@/lib/catalogue-view';
import { searchCourses } from './course-search';
import type { CourseSearchResult } from './course-search';
import { memoCache } from './memo-cache';
import { announcePublicChange } from './public-changes';

// The catalogue pages are rendered once and served from Next's cache (ISR, revalidate = 300).
// After an admin change the affected pages are revalidated here, so the next visitor sees the
// change at once instead of up to five minutes later, and the change is announced to every
// instance, which then forgets its cached pages and catalogue reads (server/public-changes.ts).

export type CatalogueKind = 'course' | 'book' | 'blog' | 'instructor';

/**
 * Sorted and filtered lists (courses and books): the internal route the proxy rewrites
 * `?sort=…` list addresses to (lib/catalogue-view.ts). Every variant of every list goes at once;
 * they are rendered again on their next request.
 */
const LIST_VIEWS_ROUTE = '/catalogue-view/[list]/[view]/[page]';

/** Every page of the course lists and the course detail pages (their address carries the list). */
function revalidateCoursePages(): void {
  for (const pattern of ['/classes', '/courses']) {
    revalidatePage(pattern);
    revalidatePage(`${pattern}/[slug]`, 'page');
    revalidatePage(`${pattern}/page/[page]`, 'page');
    revalidatePage(`${pattern}/[slug]/page/[page]`, 'page');
  }
  revalidatePage(LIST_VIEWS_ROUTE, 'page');
  revalidatePage('/[classCourse]/coursesInfo/[id]', 'page');
}

function revalidateListPages(base: string): void {
  revalidatePage(base);
  revalidatePage(`${base}/page/[page]`, 'page');
}

/**
 * Drops the cached pages that show items of `kind` after an admin created, updated or deleted
 * the items with these ids. Call it from the domain operation that made the change. `itemsChanged:
 * false` when only what is counted about them changed (their rating), not the items themselves.
 */
export async function revalidateCatalogue(kind: CatalogueKind, ids: readonly string[], { itemsChanged = true }: { itemsChanged?: boolean } = {}): Promise<void> {
  switch (kind) {
    case 'course':
      // A course's detail address includes its list, which an update may have changed.
      revalidateCoursePages();
      break;
    case 'book':
      revalidateListPages('/books');
      revalidatePage(LIST_VIEWS_ROUTE, 'page');
      for (const id of ids) revalidatePage(`/book/${id}`);
      // The home page shows the newest books.
      revalidatePage('/');
      break;
    case 'blog':
      revalidateListPages('/blogs');
      for (const id of ids) revalidatePage(`/blog/${id}`);
      break;
    case 'instructor':
      revalidateListPages('/instructor');
      revalidatePage('/instructor/[slug]', 'page');
      revalidatePage('/instructor/[slug]/page/[page]', 'page');
      break;
  }
  revalidatePath('/sitemap.xml');
  await announcePublicChange({ catalogue: itemsChanged });
}

// Search results are kept in this process for a minute; a catalogue change on any instance clears
// them. (The legacy API keeps its whole answers itself: rememberedPublicRead.)
const searchResults = memoCache<CourseSearchResult>('courseSearch', { ttlMs: 60_000, max: 500 });

/** searchCourses through the cache (one entry per term, page and view). */
export function searchCoursesCached(term: string, page: number, view: CatalogueView = defaultView('search')): Promise<CourseSearchResult> {
  return searchResults.get(`${page}\u0000${viewSegment(view)}\u0000${normalizeSearchTerm(term)}`, () => searchCourses(term, page, view));
}
