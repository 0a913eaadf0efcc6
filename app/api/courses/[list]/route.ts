// GET /api/courses/{list} — one course list in the old document shape (public; the whole list unless ?page=&limit=)
import { skipFor } from '@/lib/pagination';
import { courseListParam, legacyListQuery } from '@/lib/schemas/legacy';
import { HttpError, route } from '@/server/platform/http';
import { legacyListResponse, queryOf, rememberedPublicRead } from '@/server/legacy/legacy-api';
import { toLegacyCourse } from '@/server/legacy/legacy-shapes';
import { listCourseDocuments } from '@/server/catalogue/courses';

type Context = { params: Promise<{ list: string }> };

export const GET = route<Context>(async (request, { params }) =>
  rememberedPublicRead(request, async () => {
    const list = courseListParam.safeParse((await params).list);
    if (!list.success) throw new HttpError(404, 'unknownCourseList');
    const { page, limit } = legacyListQuery.parse(queryOf(request.nextUrl.searchParams));
    const { documents, total } = await listCourseDocuments(list.data, skipFor(page, limit), limit);
    return legacyListResponse(documents.map(toLegacyCourse), { page, pageSize: limit, total });
  }),
);
