// POST /api/quiz-attempts — start (or resume) an attempt at a quiz lesson ({courseId, lessonId}); the questions come without answers (signed in)
import { NextResponse } from 'next/server';
import { attemptStartSchema } from '@/lib/schemas/quiz';
import { requireUser } from '@/server/guards';
import { readJson, route } from '@/server/http';
import { startQuizAttempt } from '@/server/quizzes';

export const POST = route(async (request) => {
  const user = await requireUser();
  const { courseId, lessonId } = attemptStartSchema.parse(await readJson(request, 1024));
  return NextResponse.json(await startQuizAttempt(user, courseId, lessonId), { headers: { 'Cache-Control': 'no-store' } });
});
