import { redirectInLocale } from '@/i18n/server-redirect';
import { notFound } from 'next/navigation';
import { lessonsOf } from '@/lib/curriculum';
import { routes } from '@/lib/routes';
import { objectIdString } from '@/lib/schemas/orders';
import { currentUser } from '@/server/accounts/guards';
import { canTakeCourse, findLearningCourse } from '@/server/learning/learning';
import { readCourseProgress } from '@/server/learning/progress';

type Props = { params: Promise<{ courseId: string }>; searchParams: Promise<{ welcome?: string | string[] }> };

/**
 * A course's way in ("Continue", "Open course"): the lesson the learner touched last, or the next
 * one not yet completed after it (else the first not completed anywhere). Visitors who have not bought it see the sales page.
 * A purchase's confirmation (`welcome`, routes.afterPurchase) goes along to the lesson.
 */
export default async function ResumeCoursePage({ params, searchParams }: Props) {
  const { courseId } = await params;
  const course = await findLearningCourse(courseId);
  if (!course) notFound();
  const learner = await currentUser();
  const lessons = lessonsOf(course.curriculum);
  const takesCourse = await canTakeCourse(learner, course.id);
  if (!course.listed && !takesCourse) notFound();
  const { welcome } = await searchParams;
  const confirmed = objectIdString.safeParse(welcome);
  const confirming = confirmed.success ? `?welcome=${confirmed.data}` : '';
  // A course bought before it has lessons: its confirmation is shown in My Collection.
  if (takesCourse && lessons.length === 0 && confirming) return redirectInLocale(`/myCollection${confirming}`);
  if (lessons.length === 0 || !takesCourse) return redirectInLocale(routes.courseDetail(course.classCourse, course.id));
  const progress = await readCourseProgress(learner, course.id);
  const lastIndex = lessons.findIndex((lesson) => lesson.id === progress.lastLessonId);
  const notDone = (lesson: (typeof lessons)[number]) => !progress.completed.has(lesson.id);
  const resume =
    (lastIndex >= 0 ? lessons.slice(lastIndex).find(notDone) : undefined) ?? lessons.find(notDone) ?? lessons[Math.max(lastIndex, 0)] ?? lessons[0];
  return redirectInLocale(`${routes.learn(course.id, resume?.id)}${confirming}`);
}
