// GET /api/learn/{courseId}/{lessonId}/{video|file|notes} — a lesson's video or download, with Range (buyers and admins; anyone for a free preview)
import { currentUser } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { lessonMediaResponse } from '@/server/learning/lesson-media';

type Context = { params: Promise<{ courseId: string; lessonId: string; part: string }> };

export const GET = route<Context>(async (request, { params }) => {
  const { courseId, lessonId, part } = await params;
  return lessonMediaResponse(await currentUser(), courseId, lessonId, part, request.headers.get('range'));
});
