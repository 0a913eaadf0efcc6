import 'server-only';
import type { ObjectId } from 'mongodb';
import { collection, withDb } from '../../platform/db';
import type { LessonOutlineDocument } from '../../platform/documents';
import { HttpError } from '../../platform/http';

/** A lesson an admin changes the content of, with its course's title (for the audit log); 404 when either is gone. */
export async function courseLessonOrNotFound(courseId: ObjectId, lessonId: ObjectId): Promise<{ courseTitle: string; lesson: LessonOutlineDocument }> {
  const course = await withDb(async () => (await collection('courses')).findOne({ _id: courseId }, { projection: { title: 1, curriculum: 1 } }));
  const lesson = course?.curriculum?.flatMap((section) => section.lessons).find((candidate) => candidate._id.equals(lessonId));
  if (!course || !lesson) throw new HttpError(404, 'thisLessonNoLongerExists');
  return { courseTitle: course.title, lesson };
}
