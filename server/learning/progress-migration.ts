import 'server-only';
import type { AnyBulkWriteOperation, ObjectId } from 'mongodb';
import { bulkWriteInBatches, getDb } from '../platform/db';
import type { CourseProgressDocument, LessonProgressEntry } from '../platform/documents';
import { courseProgressKey } from './progress-document';

// Progress was first stored as one `lessonProgress` record per learner and lesson; FerretDB read
// that whole collection for every course a learner opened. This folds those records into the
// per-course documents of server/learning/progress.ts, once per database, before progress is first read
// or written. Running it twice (two instances starting together) inserts nothing twice: a
// course document that already exists is left as it is.

type LegacyRecord = { userId: ObjectId; courseId: ObjectId; lessonId: ObjectId } & LessonProgressEntry;

const MARKER = 'courseProgress:v1';

async function foldLegacyRecords(): Promise<void> {
  const db = await getDb();
  const migrations = db.collection<{ _id: string; at: Date }>('migrations');
  if (await migrations.findOne({ _id: MARKER })) return;
  const legacy = db.collection<LegacyRecord>('lessonProgress');
  const byCourse = new Map<string, CourseProgressDocument>();
  for await (const record of legacy.find({})) {
    const _id = courseProgressKey(record.userId, record.courseId);
    const course = byCourse.get(_id) ?? { _id, userId: record.userId, courseId: record.courseId, lessons: {}, updatedAt: record.updatedAt };
    const lessonId = record.lessonId.toHexString();
    course.lessons[lessonId] = { updatedAt: record.updatedAt, positionSeconds: record.positionSeconds, completedAt: record.completedAt };
    if (!course.lastLessonId || record.updatedAt >= course.updatedAt) Object.assign(course, { lastLessonId: lessonId, updatedAt: record.updatedAt });
    byCourse.set(_id, course);
  }
  const documents = [...byCourse.values()];
  const progress = db.collection<CourseProgressDocument>('courseProgress');
  await bulkWriteInBatches(
    progress,
    documents.map(({ _id, ...fields }): AnyBulkWriteOperation<CourseProgressDocument> => ({ updateOne: { filter: { _id }, update: { $setOnInsert: fields }, upsert: true } })),
  );
  await migrations.updateOne({ _id: MARKER }, { $set: { at: new Date() } }, { upsert: true });
  await legacy.drop().catch(() => undefined); // Already gone: another instance got there first.
}

let migrated: Promise<void> | null = null;

/** Resolves once the legacy records are folded in; checked once per process. */
export function migrateLessonProgress(): Promise<void> {
  migrated ??= foldLegacyRecords().catch((error: unknown) => {
    migrated = null;
    throw error;
  });
  return migrated;
}
