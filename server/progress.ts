import 'server-only';
import { ObjectId } from 'mongodb';
import type { ProgressInput } from '@/lib/schemas/progress';
import { collection, isDuplicateKey, withDb } from './db';
import type { LessonProgressDocument } from './documents';
import { HttpError } from './http';
import { openLesson } from './learning';
import type { Learner } from './learning';

// Learners' progress, per user and lesson, kept in the database so it follows them across devices
// and app instances. Every write is an upsert on the unique {userId, courseId, lessonId} key, so
// repeating one (a retried request, two tabs) changes nothing more; completion is stamped once.

export type CourseProgress = {
  completed: Set<string>;
  positions: Map<string, number>;
  /** The lesson the learner touched last, to resume there. */
  lastLessonId: string | null;
};

const EMPTY: CourseProgress = { completed: new Set(), positions: new Map(), lastLessonId: null };

type ProgressFields = Pick<LessonProgressDocument, 'courseId' | 'lessonId' | 'positionSeconds' | 'completedAt' | 'updatedAt'>;

function summarize(records: ProgressFields[]): CourseProgress {
  const progress: CourseProgress = { completed: new Set(), positions: new Map(), lastLessonId: null };
  let lastAt = 0;
  for (const record of records) {
    const lessonId = record.lessonId.toHexString();
    if (record.completedAt) progress.completed.add(lessonId);
    if (record.positionSeconds !== undefined) progress.positions.set(lessonId, record.positionSeconds);
    if (record.updatedAt.getTime() > lastAt) {
      lastAt = record.updatedAt.getTime();
      progress.lastLessonId = lessonId;
    }
  }
  return progress;
}

const PROGRESS_FIELDS = { courseId: 1, lessonId: 1, positionSeconds: 1, completedAt: 1, updatedAt: 1 } as const;

/** One learner's progress in several courses at once (My Collection), read with one indexed query. */
export async function readProgressForCourses(userId: string, courseIds: string[]): Promise<Map<string, CourseProgress>> {
  if (courseIds.length === 0) return new Map();
  const records = await withDb(async () =>
    (await collection('lessonProgress'))
      .find({ userId: new ObjectId(userId), courseId: { $in: courseIds.map((id) => new ObjectId(id)) } }, { projection: PROGRESS_FIELDS })
      .toArray(),
  );
  const byCourse = new Map<string, ProgressFields[]>();
  for (const record of records) {
    const key = record.courseId.toHexString();
    byCourse.set(key, [...(byCourse.get(key) ?? []), record]);
  }
  return new Map(courseIds.map((id) => [id, summarize(byCourse.get(id) ?? [])]));
}

export async function readCourseProgress(learner: Learner, courseId: string): Promise<CourseProgress> {
  if (!learner) return EMPTY;
  return (await readProgressForCourses(learner.id, [courseId])).get(courseId) ?? EMPTY;
}

export type SavedProgress = { lessonId: string; completed: boolean; positionSeconds: number | null };

/**
 * Upserts once; two first writes racing on the unique key make one of them retry as an update.
 * No projection: FerretDB 1.24 does not implement one on findAndModify (the records are tiny).
 */
async function upsertProgress(filter: Pick<LessonProgressDocument, 'userId' | 'courseId' | 'lessonId'>, set: Partial<LessonProgressDocument>) {
  const progress = await collection('lessonProgress');
  try {
    return await progress.findOneAndUpdate(filter, { $set: set }, { upsert: true, returnDocument: 'after' });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return progress.findOneAndUpdate(filter, { $set: set }, { returnDocument: 'after' });
  }
}

/**
 * Records where `learner` is in a lesson and/or that they finished it. Only a lesson they may
 * open: a bought course's lessons, or a free preview when signed in. 404 for an unknown course
 * or lesson, 403 for a locked one.
 */
export async function saveLessonProgress(learner: Learner, input: ProgressInput): Promise<SavedProgress> {
  if (!learner) throw new HttpError(401, 'Unauthorized access');
  const opened = await openLesson(learner, input.courseId, input.lessonId);
  if (opened.status === 'not-found') throw new HttpError(404, 'Lesson not found');
  if (opened.status === 'locked') throw new HttpError(403, 'Buy the course to take this lesson.');

  const now = new Date();
  const filter = { userId: new ObjectId(learner.id), courseId: new ObjectId(input.courseId), lessonId: new ObjectId(input.lessonId) };
  const saved = await withDb(async () => {
    const set: Partial<LessonProgressDocument> = { updatedAt: now };
    if (input.positionSeconds !== undefined) set.positionSeconds = Math.round(input.positionSeconds * 10) / 10;
    const record = await upsertProgress(filter, set);
    if (!input.completed || record?.completedAt) return record;
    // Stamped only where it is missing, so the first completion's date stays.
    return (
      (await (await collection('lessonProgress')).findOneAndUpdate(
        { ...filter, completedAt: { $exists: false } },
        { $set: { completedAt: now } },
        { returnDocument: 'after' },
      )) ?? { ...record, completedAt: now }
    );
  });
  return { lessonId: input.lessonId, completed: Boolean(saved?.completedAt), positionSeconds: saved?.positionSeconds ?? null };
}
