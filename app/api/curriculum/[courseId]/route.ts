// GET /api/curriculum/{courseId} — a course's curriculum outline: sections, lessons (type, duration, free preview) and totals (public; a deleted course's buyers only)
import { NextResponse } from 'next/server';
import { routing } from '@/i18n/routing';
import { curriculumIn, curriculumTotals } from '@/lib/curriculum';
import { HttpError, objectIdFrom, route } from '@/server/platform/http';
import { currentUser } from '@/server/accounts/guards';
import { canTakeCourse, findLearningCourse } from '@/server/learning/learning';

type Context = { params: Promise<{ courseId: string }> };

export const GET = route<Context>(async (_request, { params }) => {
  const id = objectIdFrom((await params).courseId);
  const course = await findLearningCourse(id.toHexString());
  // A course deleted after a sale is there for its buyers' apps only.
  if (!course || (!course.listed && !(await canTakeCourse(await currentUser(), course.id)))) throw new HttpError(404, 'courseNotFound');
  // The API's outline stays as it always was: the default language's titles, no translations.
  return NextResponse.json({ courseId: course.id, title: course.title, totals: curriculumTotals(course.curriculum), sections: curriculumIn(course.curriculum, routing.defaultLocale) });
});
