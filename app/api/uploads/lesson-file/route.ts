// POST /api/uploads/lesson-file?courseId={id}&lessonId={id}&part={video|file|notes} — store a lesson's video (MP4/WebM, at most 500 MB), download or notes (admin); the body is the raw file, X-File-Name its URI-encoded name
import { NextResponse } from 'next/server';
import { uploadLessonFile } from '@/server/catalogue/admin/lesson-file-upload';
import { requirePermission } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';

export const POST = route(async (request) => {
  const admin = await requirePermission('manageCatalogue');
  const query = request.nextUrl.searchParams;
  const courseId = query.get('courseId') ?? '';
  const stored = await uploadLessonFile(
    admin,
    { courseId, lessonId: query.get('lessonId') ?? '', part: query.get('part') ?? '' },
    request.body,
    { contentLength: request.headers.get('content-length'), fileName: request.headers.get('x-file-name') },
  );
  // The course page counts notes and videos from the curriculum.
  return NextResponse.json(stored, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
