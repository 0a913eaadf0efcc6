// GET /api/lesson-stream/{token}/{path} — one playlist or segment of a lesson video's streaming ladder, with Range (whoever holds a valid token)
import { route } from '@/server/platform/http';
import { lessonStreamFileResponse } from '@/server/learning/lesson-video/stream-access';

type Context = { params: Promise<{ token: string; path: string[] }> };

export const GET = route<Context>(async (request, { params }) => {
  const { token, path } = await params;
  return lessonStreamFileResponse(token, path.join('/'), request.headers.get('range'));
});
