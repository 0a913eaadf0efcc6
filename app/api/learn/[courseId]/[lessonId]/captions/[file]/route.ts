// GET /api/learn/{courseId}/{lessonId}/captions/{locale}.{vtt|txt} — a lesson video's captions as WebVTT, or its transcript as a text file (buyers and admins; anyone for a free preview)
import { currentUser } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { lessonCaptionsResponse } from '@/server/learning/lesson-video/captions';

type Context = { params: Promise<{ courseId: string; lessonId: string; file: string }> };

export const GET = route<Context>(async (request, { params }) => {
  const { courseId, lessonId, file } = await params;
  return lessonCaptionsResponse(await currentUser(), courseId, lessonId, file, request.nextUrl.searchParams.get('v'));
});
