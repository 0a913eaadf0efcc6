// POST /api/quiz-attempts — start (or resume) an attempt at a quiz lesson ({courseId, lessonId, locale?}); the questions come without answers, in `locale` where translated (signed in)
import { NextResponse } from 'next/server';
import { attemptStartSchema } from '@/lib/schemas/quiz';
import { requireUser } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { startQuizAttempt } from '@/server/learning/quizzes';

export const POST = route(async (request) => {
  const user = await requireUser();
  const { courseId, lessonId, locale } = attemptStartSchema.parse(await readJson(request, 1024));
  return NextResponse.json(await startQuizAttempt(user, courseId, lessonId, locale), { headers: { 'Cache-Control': 'no-store' } });
});
