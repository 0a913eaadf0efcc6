import 'server-only';
import { may } from '@/lib/permissions';
import { streamChunks } from '../platform/chunked-files';
import { HttpError, objectIdFrom } from '../platform/http';
import { findLessonContent, openLesson } from './learning';
import type { Learner, OpenedLesson } from './learning';
import { recordLessonMediaFetch } from './progress';
import { rangedFileResponse } from '../platform/ranged-response';

// GET /api/learn/{courseId}/{lessonId}/{part}: a lesson's uploaded video, downloadable file or
// notes, to whoever may open the lesson (its course's buyers and admins; anyone for a free
// preview), with Range so the player can seek and resume. A buyer's first fetch of a lesson's
// media counts toward the refund rule (server/commerce/refund-requests.ts).

export const LESSON_MEDIA_PARTS = ['video', 'file', 'notes'] as const;
export type LessonMediaPart = (typeof LESSON_MEDIA_PARTS)[number];

export function isLessonMediaPart(value: string): value is LessonMediaPart {
  return (LESSON_MEDIA_PARTS as readonly string[]).includes(value);
}

export async function lessonMediaResponse(learner: Learner, courseId: string, lessonId: string, part: string, rangeHeader: string | null): Promise<Response> {
  objectIdFrom(courseId);
  objectIdFrom(lessonId);
  if (!isLessonMediaPart(part)) throw new HttpError(404, 'notFound');
  const opened = await openLesson(learner, courseId, lessonId);
  if (opened.status === 'not-found') throw new HttpError(404, 'lessonNotFound');
  if (opened.status === 'locked') throw new HttpError(learner ? 403 : 401, 'buyTheCourseToTakeThisLesson');
  const content = await findLessonContent(courseId, lessonId);
  const file = content?.[part];
  if (!file) throw new HttpError(404, 'thisLessonHasNoSuchFile');
  const response = rangedFileResponse(
    { length: file.length, contentType: file.contentType, fileName: file.name, stream: (start, end) => streamChunks('lessonFileChunks', file, start, end) },
    rangeHeader,
    part === 'video' ? 'inline' : 'attachment',
  );
  if (learner && countsTowardRefund(learner, opened) && (response.status === 200 || response.status === 206)) await recordLessonMediaFetch(learner.id, opened.course.id, opened.lesson.id);
  return response;
}

/**
 * Whether `learner` fetching the lesson's media counts toward the refund rule. Any part counts (a
 * buyer could otherwise fetch it all in ranges and still ask for a refund), but only a buyer's:
 * full access without being an admin is a paid order. A free preview is open to anyone without
 * paying, so fetching it takes nothing the refund would give back.
 */
export function countsTowardRefund(learner: NonNullable<Learner>, opened: Extract<OpenedLesson, { status: 'open' }>): boolean {
  return !may(learner, 'manageCatalogue') && opened.access === 'full' && !opened.lesson.freePreview;
}
