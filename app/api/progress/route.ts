// POST /api/progress — record where the caller is in a lesson ({courseId, lessonId, positionSeconds?, completed?}) (signed in)
import { NextResponse } from 'next/server';
import { progressSchema } from '@/lib/schemas/progress';
import { requireUser } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { saveLessonProgress } from '@/server/learning/progress';

export const POST = route(async (request) => {
  const user = await requireUser();
  const saved = await saveLessonProgress(user, progressSchema.parse(await readJson(request, 1024)));
  return NextResponse.json(saved, { headers: { 'Cache-Control': 'no-store' } });
});
