// GET|PUT /api/curriculum/{courseId}/lessons/{lessonId}/quiz — how a quiz's questions were answered; save its settings and questions with their answers (admin)
import { NextResponse } from 'next/server';
import { TRANSLATION_LOCALES } from '@/lib/translated-content';
import { quizStatistics, saveQuiz } from '@/server/catalogue/admin/curriculum';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, readJson, route } from '@/server/platform/http';

type Context = { params: Promise<{ courseId: string; lessonId: string }> };

// A hundred questions with long prompts, options and explanations, in UTF-8, in every language.
const MAX_BODY_BYTES = (1 + TRANSLATION_LOCALES.length) * 2 * 1024 * 1024;

async function target(params: Context['params']) {
  const { courseId, lessonId } = await params;
  return { courseId: objectIdFrom(courseId), lessonId: objectIdFrom(lessonId).toHexString() };
}

export const GET = route<Context>(async (_request, { params }) => {
  const admin = await requirePermission('manageCatalogue');
  const { courseId, lessonId } = await target(params);
  return NextResponse.json(await quizStatistics(admin, courseId, lessonId), { headers: { 'Cache-Control': 'no-store' } });
});

export const PUT = route<Context>(async (request, { params }) => {
  const admin = await requirePermission('manageCatalogue');
  const { courseId, lessonId } = await target(params);
  await saveQuiz(admin, courseId, lessonId, await readJson(request, MAX_BODY_BYTES));
  return NextResponse.json({ updated: true }, { headers: { 'Cache-Control': 'no-store' } });
});
