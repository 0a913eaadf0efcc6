// GET /api/learn/{courseId}/{lessonId}/captions/{locale}.{vtt|txt} — a lesson video's captions as WebVTT, or its transcript as a text file (buyers and admins; anyone for a free preview)
import { currentUser } from '@/server/guards';
import { route } from '@/server/http';
import { lessonCaptionsResponse } from '@/server/lesson-video/captions';

type Context = { params: Promise<{ courseId: string; lessonId: string; file: string }> };

export const GET = route<Context>(async (request, { params }) => {
  const { courseId, lessonId, file } = await params;
  return lessonCaptionsResponse(await currentUser(), courseId, lessonId, file, request.nextUrl.searchParams.get('v'));
});
