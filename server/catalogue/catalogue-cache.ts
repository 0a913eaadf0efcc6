import 'server-only';
import type { ObjectId } from 'mongodb';
import { cacheTags } from '@/lib/cache-tags';
import { isCourseList } from '@/lib/catalogue';
import { normalizeSearchTerm } from '@/lib/format';
import { defaultView, viewSegment } from '@/lib/catalogue-view';
import type { CatalogueView } from '@/lib/catalogue-view';
import { searchBooksAndInstructors } from './catalogue-search';
import type { BookAndInstructorResults } from './catalogue-search';
import { searchCourses } from './course-search';
import type { CourseSearchResult } from './course-search';
import { collection, withDb } from '../platform/db';
import { memoCache } from '../platform/memo-cache';
import { announcePublicChange } from '../platform/public-changes';

// The catalogue pages are rendered once and served from the caches (Next's ISR, revalidate = 300,
// and the page cache in front). After an admin change, the change is announced with what it
// touches (lib/cache-tags.ts), so every instance forgets those pages and reads at once instead of
// up to five minutes later, and keeps every other page.

export type CatalogueKind = 'course' | 'book' | 'blog' | 'instructor';

/** What a change to items of `kind` touches: their pages, the lists that may show them, and where else they appear. */
function catalogueTags(kind: CatalogueKind, ids: readonly string[]): string[] {
  switch (kind) {
    case 'course':
      // A course edited may have moved to another list: every course list.
      return [...ids.map(cacheTags.course), cacheTags.courseLists, cacheTags.search];
    case 'book':
      // The home page shows the newest books; search finds them.
      return [...ids.map(cacheTags.book), cacheTags.books, cacheTags.home, cacheTags.search];
    case 'blog':
      return [...ids.map(cacheTags.blog), cacheTags.blogs];
    case 'instructor':
      return [cacheTags.instructors, cacheTags.search];
  }
}

/**
 * Forgets the cached pages and reads that show items of `kind` after an admin created, updated or
 * deleted the items with these ids. Call it from the domain operation that made the change.
 */
export async function revalidateCatalogue(kind: CatalogueKind, ids: readonly string[]): Promise<void> {
  await announcePublicChange(catalogueTags(kind, ids), { catalogue: true });
}

/**
 * A rating or an enrolment count is shown a moment late rather than every page showing it rendered
 * by every visitor at once: the old copy is given out while one request renders the page again.
 */
const SHOWN_COUNT_STALE_MS = 2_000;

/** The pages whose cards show the course's rating: its own list's (read here), and search's. */
async function courseCardTags(courseId: ObjectId): Promise<string[]> {
  const course = await withDb(async () => (await collection('courses')).findOne({ _id: courseId }, { projection: { classCourse: 1 } }));
  const list = course && isCourseList(course.classCourse) ? cacheTags.courseList(course.classCourse) : cacheTags.courseLists;
  return [cacheTags.course(courseId.toHexString()), list, cacheTags.search];
}

/** An item's rating changed: its pages, and the cards that show the rating (a book's: the Books List, home and search). */
export async function announceRatingChange(kind: 'course' | 'book', itemId: ObjectId): Promise<void> {
  const tags = kind === 'course' ? await courseCardTags(itemId) : [cacheTags.book(itemId.toHexString()), cacheTags.books, cacheTags.home, cacheTags.search];
  await announcePublicChange(tags, { staleForMs: SHOWN_COUNT_STALE_MS });
}

/**
 * A course's enrolment count changed (a sale, a refund): its page shows it. The lists sorted by
 * popularity show the new order when their pages are next rendered (within their five minutes).
 */
export async function announceEnrolmentChange(courseId: ObjectId): Promise<void> {
  await announcePublicChange([cacheTags.course(courseId.toHexString())], { staleForMs: SHOWN_COUNT_STALE_MS });
}

/** The home pages' newest site reviews changed. */
export async function announceHomeReviewsChange(): Promise<void> {
  await announcePublicChange([cacheTags.home], { staleForMs: SHOWN_COUNT_STALE_MS });
}

/** Course and book pages show the promo codes that apply to them: a change to the codes touches them all. */
export async function revalidatePromoCodePages(): Promise<void> {
  await announcePublicChange([cacheTags.itemPages]);
}

// Search results are kept in this process for a minute; a change to the courses, books or
// instructors on any instance forgets them. (The legacy API keeps its whole answers itself: rememberedPublicRead.)
const searchResults = memoCache<CourseSearchResult>('courseSearch', { ttlMs: 60_000, max: 500, shows: () => [cacheTags.search] });

/** searchCourses through the cache (one entry per term, page and view). */
export function searchCoursesCached(term: string, page: number, view: CatalogueView = defaultView('search')): Promise<CourseSearchResult> {
  return searchResults.get(`${page}\u0000${viewSegment(view)}\u0000${normalizeSearchTerm(term)}`, () => searchCourses(term, page, view));
}

const bookAndInstructorResults = memoCache<BookAndInstructorResults>('bookAndInstructorSearch', { ttlMs: 60_000, max: 500, shows: () => [cacheTags.search] });

/** searchBooksAndInstructors through the cache (one entry per term). */
export function searchBooksAndInstructorsCached(term: string): Promise<BookAndInstructorResults> {
  const normalized = normalizeSearchTerm(term);
  return bookAndInstructorResults.get(normalized, () => searchBooksAndInstructors(normalized));
}
