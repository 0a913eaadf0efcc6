// GET /api/learn/{courseId}/{lessonId}/stream — the lesson video's streaming ladder: a signed master playlist address and the rungs (buyers and admins; anyone for a free preview)
import { NextResponse } from 'next/server';
import { currentUser } from '@/server/accounts/guards';
import { HttpError, route } from '@/server/platform/http';
import { lessonStreamFor } from '@/server/learning/lesson-video/stream-access';

type Context = { params: Promise<{ courseId: string; lessonId: string }> };

export const GET = route<Context>(async (_request, { params }) => {
  const { courseId, lessonId } = await params;
  const stream = await lessonStreamFor(await currentUser(), courseId, lessonId);
  if (!stream) throw new HttpError(404, 'thisLessonHasNoStreamingVideoYet');
  return NextResponse.json(stream, { headers: { 'Cache-Control': 'private, no-store' } });
});
