// PUT|DELETE /api/curriculum/{courseId}/lessons/{lessonId} — save a lesson (title, duration in minutes, freePreview, markdown, youtubeUrl, transcript, translations); delete it with its files (admin)
import { NextResponse } from 'next/server';
import { CURRICULUM_LIMITS } from '@/lib/schemas/curriculum';
import { TRANSLATION_LOCALES } from '@/lib/translated-content';
import { deleteLesson, updateLesson } from '@/server/catalogue/admin/curriculum';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, readJson, route } from '@/server/platform/http';

type Context = { params: Promise<{ courseId: string; lessonId: string }> };

async function target(params: Context['params']) {
  const { courseId, lessonId } = await params;
  return { courseId: objectIdFrom(courseId), lessonId: objectIdFrom(lessonId).toHexString() };
}

export const PUT = route<Context>(async (request, { params }) => {
  const admin = await requirePermission('manageCatalogue');
  const { courseId, lessonId } = await target(params);
  // Room for the longest article and transcript in every language, in UTF-8, plus the other fields.
  const languages = 1 + TRANSLATION_LOCALES.length;
  const body = await readJson(request, languages * 4 * (CURRICULUM_LIMITS.markdown + CURRICULUM_LIMITS.transcript) + 16 * 1024);
  await updateLesson(admin, courseId, lessonId, body);
  return NextResponse.json({ updated: true }, { headers: { 'Cache-Control': 'no-store' } });
});

export const DELETE = route<Context>(async (_request, { params }) => {
  const admin = await requirePermission('manageCatalogue');
  const { courseId, lessonId } = await target(params);
  await deleteLesson(admin, courseId, lessonId);
  return NextResponse.json({ deleted: true }, { headers: { 'Cache-Control': 'no-store' } });
});
