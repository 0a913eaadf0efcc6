// GET /api/instructors/{Subject} — one subject's instructors in the old document shape (public; all unless ?page=&limit=)
import { skipFor } from '@/lib/pagination';
import { legacyListQuery, subjectParam } from '@/lib/schemas/legacy';
import { HttpError, route } from '@/server/platform/http';
import { listInstructorDocuments } from '@/server/catalogue/instructors';
import { legacyListResponse, queryOf, rememberedPublicRead } from '@/server/legacy/legacy-api';
import { toLegacyInstructor } from '@/server/legacy/legacy-shapes';

type Context = { params: Promise<{ Subject: string }> };

export const GET = route<Context>(async (request, { params }) =>
  rememberedPublicRead(request, async () => {
    const subject = subjectParam.safeParse((await params).Subject);
    if (!subject.success) throw new HttpError(404, 'unknownSubject');
    const { page, limit } = legacyListQuery.parse(queryOf(request.nextUrl.searchParams));
    const { documents, total } = await listInstructorDocuments(subject.data, skipFor(page, limit), limit);
    return legacyListResponse(documents.map(toLegacyInstructor), { page, pageSize: limit, total });
  }),
);
