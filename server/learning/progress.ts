import 'server-only';
import { ObjectId } from 'mongodb';
import type { ProgressInput } from '@/lib/schemas/progress';
import { claimOnce, releaseClaim } from '../accounts/account-tokens';
import { issueCertificateIfComplete } from './certificates';
import { collection, isDuplicateKey, withDb } from '../platform/db';
import type { CourseProgressDocument, LessonProgressEntry } from '../platform/documents';
import { HttpError } from '../platform/http';
import { openLesson } from './learning';
import { memoCache } from '../platform/memo-cache';
import type { Learner, LearningCourse } from './learning';
import { courseProgressKey } from './progress-document';
import { migrateLessonProgress } from './progress-migration';

// Learners' progress, kept in the database so it follows them across devices and app instances:
// one document per learner and course, keyed `{userId}:{courseId}`, with an entry per lesson. Every
// read and write goes by `_id`, which every database answers from the _id index (see the
// workarounds named in server/platform/db.ts), and every write is one
// atomic update: repeating it (a retried request, two tabs, two instances) changes nothing more,
// and `$min` keeps the first completion's date.

export type CourseProgress = {
  completed: Set<string>;
  positions: Map<string, number>;
  /** The lesson the learner touched last, to resume there. */
  lastLessonId: string | null;
  /** The certificate of completion, once every lesson is complete (server/learning/certificates.ts). */
  certificateId: string | null;
  /** Attempts started per quiz lesson (server/learning/quizzes.ts). */
  quizAttempts: Map<string, number>;
  /** Lessons whose video, file or notes the buyer fetched (recordLessonMediaFetch): the refund rule counts them. */
  mediaFetched: Set<string>;
};

const EMPTY: CourseProgress = { completed: new Set(), positions: new Map(), lastLessonId: null, certificateId: null, quizAttempts: new Map(), mediaFetched: new Set() };

function summarize(document: CourseProgressDocument | null): CourseProgress {
  if (!document) return EMPTY;
  const progress: CourseProgress = {
    completed: new Set(),
    positions: new Map(),
    lastLessonId: document.lastLessonId ?? null,
    certificateId: document.certificateId ?? null,
    quizAttempts: new Map(),
    mediaFetched: new Set(),
  };
  for (const [lessonId, entry] of Object.entries(document.lessons ?? {})) {
    if (entry.completedAt) progress.completed.add(lessonId);
    if (entry.mediaFetchedAt) progress.mediaFetched.add(lessonId);
    if (entry.positionSeconds !== undefined) progress.positions.set(lessonId, entry.positionSeconds);
    if (entry.attempts !== undefined) progress.quizAttempts.set(lessonId, entry.attempts);
  }
  return progress;
}

/** One learner's progress in several courses at once (My Collection). */
export async function readProgressForCourses(userId: string, courseIds: string[]): Promise<Map<string, CourseProgress>> {
  const byKey = await readProgressOf(courseIds.map((courseId) => ({ userId, courseId })));
  return new Map(courseIds.map((courseId) => [courseId, byKey.get(courseProgressKey(userId, courseId)) ?? EMPTY]));
}

/** Several learners' progress in several courses, in one read by _id; by courseProgressKey. */
export async function readProgressOf(pairs: { userId: string; courseId: string }[]): Promise<Map<string, CourseProgress>> {
  if (pairs.length === 0) return new Map();
  await migrateLessonProgress();
  const keys = [...new Set(pairs.map((pair) => courseProgressKey(pair.userId, pair.courseId)))];
  const documents = await withDb(async () => (await collection('courseProgress')).find({ _id: { $in: keys } }).toArray());
  const byKey = new Map(documents.map((document) => [document._id, document]));
  return new Map(keys.map((key) => [key, summarize(byKey.get(key) ?? null)]));
}

export async function readCourseProgress(learner: Learner, courseId: string): Promise<CourseProgress> {
  if (!learner) return EMPTY;
  return (await readProgressForCourses(learner.id, [courseId])).get(courseId) ?? EMPTY;
}

/** `duplicate`: the event's id was recorded before, so nothing was written this time. */
export type SavedProgress = { lessonId: string; completed: boolean; positionSeconds: number | null; duplicate: boolean };

/**
 * Records where `learner` is in a lesson and/or that they finished it. Only a lesson they may
 * open: a bought course's lessons, or a free preview when signed in. 404 for an unknown course
 * or lesson, 403 for a locked one.
 */
export async function saveLessonProgress(learner: Learner, input: ProgressInput): Promise<SavedProgress> {
  if (!learner) throw new HttpError(401, 'unauthorizedAccess');
  const opened = await openLesson(learner, input.courseId, input.lessonId);
  if (opened.status === 'not-found') throw new HttpError(404, 'lessonNotFound');
  if (opened.status === 'locked') throw new HttpError(403, 'buyTheCourseToTakeThisLesson');
  // Otherwise anyone could skip a quiz (and earn its course's certificate) by saying it was done.
  if (input.completed && opened.lesson.kind === 'quiz') throw new HttpError(409, 'aQuizIsCompletedByPassingIt');
  const eventKey = input.eventId === undefined ? null : progressEventKey(learner.id, input.eventId);
  // An event sent again (a device's sync retried after its answer was lost) was recorded already.
  if (eventKey && !(await claimOnce(eventKey))) return { ...(await savedLessonProgress(learner.id, opened.course.id, opened.lesson.id)), duplicate: true };
  let saved: CourseProgressDocument | null;
  try {
    saved = await writeLessonEntry(learner.id, opened.course, opened.lesson.id, {
      ...(input.positionSeconds === undefined ? {} : { set: { positionSeconds: Math.round(input.positionSeconds * 10) / 10 } }),
      completed: input.completed === true,
    });
  } catch (error) {
    // Not written: the device's next try must count.
    if (eventKey) await releaseClaim(eventKey).catch(() => undefined);
    throw error;
  }
  return { ...lessonProgressIn(saved, opened.lesson.id), duplicate: false };
}

/** The claim that records a device's progress event once (server/accounts/account-tokens.ts: kept a month). */
export function progressEventKey(userId: string, eventId: string): string {
  return `progress-event:${userId}:${eventId}`;
}

function lessonProgressIn(saved: CourseProgressDocument | null, lessonId: string): Omit<SavedProgress, 'duplicate'> {
  const lesson = saved?.lessons?.[lessonId];
  return { lessonId, completed: Boolean(lesson?.completedAt), positionSeconds: lesson?.positionSeconds ?? null };
}

async function savedLessonProgress(userId: string, courseId: string, lessonId: string): Promise<Omit<SavedProgress, 'duplicate'>> {
  const saved = await withDb(async () => (await collection('courseProgress')).findOne({ _id: courseProgressKey(userId, courseId) }));
  return lessonProgressIn(saved, lessonId);
}

export type LessonEntryChange = {
  set?: Pick<LessonProgressEntry, 'positionSeconds'>;
  /** Raised only, never lowered: a quiz's attempts started and best score. */
  max?: Pick<LessonProgressEntry, 'attempts' | 'bestPercent'>;
  /** Completes the lesson; the first completion's date stays. */
  completed?: boolean;
};

/**
 * One atomic upsert of a learner's course document: the lesson's entry changed, the lesson
 * remembered as the one touched last. Completing a lesson may complete the course: its
 * certificate is issued then, once, whichever door (the progress API, a passed quiz) completed it.
 * Answers the document after the change. The caller has checked that the learner may open the lesson.
 */
export async function writeLessonEntry(userId: string, course: LearningCourse, lessonId: string, change: LessonEntryChange): Promise<CourseProgressDocument | null> {
  await migrateLessonProgress();
  const now = new Date();
  const entry = `lessons.${lessonId}`;
  const prefixed = (fields: object) => Object.fromEntries(Object.entries(fields).map(([name, value]) => [`${entry}.${name}`, value]));
  const update = {
    $setOnInsert: { userId: new ObjectId(userId), courseId: new ObjectId(course.id) },
    $set: { lastLessonId: lessonId, updatedAt: now, [`${entry}.updatedAt`]: now, ...prefixed(change.set ?? {}) },
    ...(change.max ? { $max: prefixed(change.max) } : {}),
    ...(change.completed ? { $min: { [`${entry}.completedAt`]: now } } : {}),
  };
  const key = courseProgressKey(userId, course.id);
  const saved = await withDb(async () => {
    const progress = await collection('courseProgress');
    const write = () => progress.findOneAndUpdate({ _id: key }, update, { upsert: true, returnDocument: 'after' });
    try {
      return await write();
    } catch (error) {
      // Two first writes raced to insert the document: the loser's repeat is an update.
      if (!isDuplicateKey(error)) throw error;
      return write();
    }
  });
  if (change.completed && saved) await issueCertificateIfComplete(userId, course, saved);
  return saved;
}

/**
 * The lessons whose fetch this process has seen recorded: the note is never taken back, so a
 * player's further Range requests skip the database, and requests arriving together share one
 * read. Only a shortcut past a no-op: the database decides, on any instance.
 */
const recordedFetches = memoCache<void>('lessonMediaFetches', { ttlMs: 60 * 60_000, max: 10_000 });

/**
 * Notes, once per lesson, that its buyer fetched the lesson's video, file or notes: whole or a
 * single range, it counts toward the refund rule like a completion (server/commerce/refund-requests.ts).
 * The document is read first (by _id) and written only the first time; `$min` keeps the first date
 * when two requests (or instances) race. It changes neither the completion, the resume point nor
 * the certificate. The caller has checked that `userId` bought the course.
 */
export function recordLessonMediaFetch(userId: string, courseId: string, lessonId: string): Promise<void> {
  const key = courseProgressKey(userId, courseId);
  return recordedFetches.get(`${key}:${lessonId}`, async () => {
    await migrateLessonProgress();
    const field = `lessons.${lessonId}.mediaFetchedAt`;
    await withDb(async () => {
      const progress = await collection('courseProgress');
      const known = await progress.findOne({ _id: key }, { projection: { [field]: 1 } });
      if (known?.lessons?.[lessonId]?.mediaFetchedAt) return;
      const now = new Date();
      const write = () =>
        progress.updateOne(
          { _id: key },
          { $setOnInsert: { userId: new ObjectId(userId), courseId: new ObjectId(courseId), updatedAt: now }, $set: { [`lessons.${lessonId}.updatedAt`]: now }, $min: { [field]: now } },
          { upsert: true },
        );
      try {
        await write();
      } catch (error) {
        // Two first fetches raced to insert the document: the loser's repeat is an update.
        if (!isDuplicateKey(error)) throw error;
        await write();
      }
    });
  });
}
