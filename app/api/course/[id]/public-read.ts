// GET /api/course/{id}, apart from the route's DELETE: the production server also hands requests to
// this handler itself, through a module graph that must not load the admin guards
// (app/api/public-reads.ts). Both wrap it in route().
import type { NextRequest } from 'next/server';
import { objectIdFrom } from '@/server/platform/http';
import { legacyItemResponse, rememberedPublicRead } from '@/server/legacy/legacy-api';
import { toLegacyCourse } from '@/server/legacy/legacy-shapes';
import { findCourseDocument } from '@/server/catalogue/courses';

type Context = { params: Promise<{ id: string }> };

export async function readCourse(request: NextRequest, { params }: Context): Promise<Response> {
  return rememberedPublicRead(request, async () => {
    const document = await findCourseDocument(objectIdFrom((await params).id));
    return legacyItemResponse(document && toLegacyCourse(document), 'courseNotFound');
  }, { query: 'ignored' });
}
