import 'server-only';
import { ObjectId } from 'mongodb';
import { findCourseDocument } from './courses';
import { searchCoursesCached } from './catalogue-cache';
import { SEARCH_RESULTS_PER_PAGE } from './course-search';
import { toLegacyCourse } from './legacy-shapes';

// GET /api/searchCourse?q= answers whole courses in the old shape, like the unfiltered list, so an
// old client can render the results with the code that rendered its own filtered list. The
// indexed search finds the page of matches; each shown course is then read by `_id` (the lookup
// FerretDB answers from its index).

export type LegacySearchPage = { items: ReturnType<typeof toLegacyCourse>[]; page: number; pageSize: number; total: number };

export async function searchLegacyCourses(term: string, page: number): Promise<LegacySearchPage> {
  const result = await searchCoursesCached(term, page);
  const documents = await Promise.all(result.items.map((item) => findCourseDocument(new ObjectId(item.id))));
  return {
    // A course deleted between the search and the read is simply not shown.
    items: documents.flatMap((document) => (document ? [toLegacyCourse(document)] : [])),
    page: result.page,
    pageSize: SEARCH_RESULTS_PER_PAGE,
    total: result.total,
  };
}
