// GET /api/course/{id}, apart from the route's DELETE: the production server also hands it to this
// handler itself, through a module graph that must not load the admin guards (app/api/public-reads.ts).
import { objectIdFrom, route } from '@/server/http';
import { legacyItemResponse, rememberedPublicRead } from '@/server/legacy-api';
import { toLegacyCourse } from '@/server/legacy-shapes';
import { findCourseDocument } from '@/server/courses';

type Context = { params: Promise<{ id: string }> };

export const readCourse = route<Context>(async (request, { params }) =>
  rememberedPublicRead(request, async () => {
    const document = await findCourseDocument(objectIdFrom((await params).id));
    return legacyItemResponse(document && toLegacyCourse(document), 'Course not found');
  }),
);
