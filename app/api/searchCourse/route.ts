// GET /api/searchCourse — every course in the old shape (public); ?q= searches titles on the server, 12 a page
import { skipFor } from '@/lib/pagination';
import { courseSearchQuery } from '@/lib/schemas/legacy';
import { route } from '@/server/platform/http';
import { legacyListResponse, queryOf, rememberedPublicRead } from '@/server/legacy/legacy-api';
import { searchLegacyCourses } from '@/server/legacy/legacy-course-search';
import { toLegacyCourse } from '@/server/legacy/legacy-shapes';
import { listCourseDocuments } from '@/server/catalogue/courses';

export const GET = route(async (request) =>
  rememberedPublicRead(request, async () => {
    const { q, page, limit } = courseSearchQuery.parse(queryOf(request.nextUrl.searchParams));
    const term = q?.trim() ?? '';
    // Old clients fetched everything and filtered by title themselves; a blank term filters nothing.
    if (term === '') {
      const { documents, total } = await listCourseDocuments(null, skipFor(page, limit), limit);
      return legacyListResponse(documents.map(toLegacyCourse), { page, pageSize: limit, total });
    }
    const found = await searchLegacyCourses(term, page);
    return legacyListResponse(found.items, found);
  }),
);
