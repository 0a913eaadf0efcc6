import 'server-only';
import { defaultView } from '@/lib/catalogue-view';
import { SEARCH_RESULTS_PER_PAGE, coursesInOrder, matchCourses } from '../catalogue/course-search';
import { toLegacyCourse } from './legacy-shapes';

// GET /api/searchCourse?q= answers whole courses in the old shape, like the unfiltered list, so an
// old client can render the results with the code that rendered its own filtered list. The
// search finds the page of matches in memory; the shown courses are then read whole, by `_id`, in
// one query, or come from memory when an earlier search showed them. It looks at titles only, as
// the contract says (descriptions are the site's search). (Each answer is kept per
// address until the catalogue changes: rememberedPublicRead.)

export type LegacySearchPage = { items: ReturnType<typeof toLegacyCourse>[]; page: number; pageSize: number; total: number };

export async function searchLegacyCourses(term: string, page: number): Promise<LegacySearchPage> {
  const result = await matchCourses(term, page, defaultView('search'), { descriptions: false });
  return {
    // In the search's order; a course deleted between the search and the read is simply not shown.
    items: (await coursesInOrder(result.shown, 'whole')).map(toLegacyCourse),
    page: result.page,
    pageSize: SEARCH_RESULTS_PER_PAGE,
    total: result.total,
  };
}
