// POST /api/uploads/lesson-captions?courseId={id}&lessonId={id}&language={locale} — store a video lesson's captions in a language (WebVTT or SRT, at most 1 MB, kept as WebVTT; admin); the body is the raw file, X-File-Name its URI-encoded name
// DELETE /api/uploads/lesson-captions?courseId={id}&lessonId={id}&language={locale} — remove them (admin)
import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { removeLessonCaptions, uploadLessonCaptions } from '@/server/learning/lesson-video/captions';
import type { CaptionsTarget } from '@/server/learning/lesson-video/captions';
import { requirePermission } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';

function targetOf(request: NextRequest): CaptionsTarget {
  const query = request.nextUrl.searchParams;
  return { courseId: query.get('courseId') ?? '', lessonId: query.get('lessonId') ?? '', language: query.get('language') ?? '' };
}

export const POST = route(async (request) => {
  const admin = await requirePermission('manageCatalogue');
  const stored = await uploadLessonCaptions(admin, targetOf(request), request.body, request.headers.get('x-file-name'));
  return NextResponse.json({ ...stored, updatedAt: stored.updatedAt.toISOString() }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

export const DELETE = route(async (request) => {
  const admin = await requirePermission('manageCatalogue');
  const removed = await removeLessonCaptions(admin, targetOf(request));
  return NextResponse.json({ removed }, { headers: { 'Cache-Control': 'no-store' } });
});
