// GET /api/offline/courses/{courseId}/lessons/{lessonId}?locale= — a bought lesson's words and the addresses of its parts, to keep on the device (buyers and admins)
import { NextResponse } from 'next/server';
import { savedLocaleQuery } from '@/lib/schemas/offline';
import { requireUser } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { savableLesson } from '@/server/offline/saved-content';

type Context = { params: Promise<{ courseId: string; lessonId: string }> };

export const GET = route<Context>(async (request, { params }) => {
  const user = await requireUser();
  const { courseId, lessonId } = await params;
  const { locale } = savedLocaleQuery.parse(Object.fromEntries(request.nextUrl.searchParams));
  return NextResponse.json(await savableLesson(user, courseId, lessonId, locale), { headers: { 'Cache-Control': 'private, no-store' } });
});
