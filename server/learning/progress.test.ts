import { ObjectId } from 'mongodb';
import { percentComplete } from '@/lib/curriculum';
import { MAX_POSITION_SECONDS, progressSchema } from '@/lib/schemas/progress';
import type { ProgressInput } from '@/lib/schemas/progress';
import { insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { expectHttpError, fakeDateAt } from '@/tests/support/expectations';
import type { CourseDocument, CurriculumSectionDocument, LessonOutlineDocument } from '../platform/documents';

// Lesson progress against the real embedded database: one record per learner and lesson however
// often (or however concurrently) it is written, completion stamped once, percent and resume point
// read back per course, and only learners who may open the lesson may write (401/403/404).
selectPrivateDatabase('kz_jest_progress');

type Modules = {
  progress: typeof import('./progress');
  db: typeof import('../platform/db');
  http: typeof import('../platform/http');
  curriculum: typeof import('./curriculum');
};
let m: Modules;

beforeAll(async () => {
  m = {
    progress: await import('./progress'),
    db: await import('../platform/db'),
    http: await import('../platform/http'),
    curriculum: await import('./curriculum'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['orders', 'courses', 'courseProgress', 'lessonProgress', 'migrations'].map((name) => db.collection(name).deleteMany({})));
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

afterAll(async () => {
  await m.db.closeDb();
});


function lesson(title: string, overrides: Partial<LessonOutlineDocument> = {}): LessonOutlineDocument {
  return { _id: new ObjectId(), title, kind: 'video', durationSeconds: 300, freePreview: false, ...overrides };
}

/** A course of four lessons in two sections; the first lesson is a free preview. */
async function learningCourse(): Promise<{ course: CourseDocument; courseId: string; lessonIds: [string, string, string, string] }> {
  const [welcome, motion, work, power] = [lesson('Welcome', { freePreview: true }), lesson('Motion'), lesson('Work', { kind: 'article' }), lesson('Power', { kind: 'file' })];
  const curriculum: CurriculumSectionDocument[] = [
    { _id: new ObjectId(), title: 'Start', lessons: [welcome, motion] },
    { _id: new ObjectId(), title: 'Energy', lessons: [work, power] },
  ];
  const course = await insertCourse({ curriculum });
  const lessonIds: [string, string, string, string] = [welcome._id.toHexString(), motion._id.toHexString(), work._id.toHexString(), power._id.toHexString()];
  return { course, courseId: course._id.toHexString(), lessonIds };
}

/** A signed-in user with a paid order for `course`, as the session would describe them. */
async function buyerOf(course: CourseDocument, paid = true) {
  const buyer = makeBuyer('Learner');
  await insertOrder(buyer, course, { itemKind: 'course', paid });
  return { id: buyer.id, role: 'user' as const };
}

function stranger() {
  return { id: new ObjectId().toHexString(), role: 'user' as const };
}

/** Every stored lesson entry (one per learner and lesson), flattened out of the per-course documents. */
async function progressDocuments(filter: { userId?: string; courseId?: string; lessonId?: string } = {}) {
  const query: Record<string, ObjectId> = {};
  if (filter.userId) query.userId = new ObjectId(filter.userId);
  if (filter.courseId) query.courseId = new ObjectId(filter.courseId);
  const documents = await (await m.db.collection('courseProgress')).find(query).toArray();
  return documents.flatMap((document) =>
    Object.entries(document.lessons)
      .filter(([lessonId]) => !filter.lessonId || lessonId === filter.lessonId)
      .map(([lessonId, entry]) => ({ ...entry, lessonId, document })),
  );
}

/** The one stored record of a learner's lesson; fails unless there is exactly one. */
async function onlyRecord(filter: { userId: string; courseId: string; lessonId: string }) {
  const records = await progressDocuments(filter);
  expect(records).toHaveLength(1);
  return records[0]!;
}


describe('saveLessonProgress and readCourseProgress', () => {
  it("stores a buyer's position, updates it in place and keeps one record per lesson", async () => {
    const { course, courseId, lessonIds } = await learningCourse();
    const learner = await buyerOf(course);
    const lessonId = lessonIds[1];

    const first = await m.progress.saveLessonProgress(learner, { courseId, lessonId, positionSeconds: 42.34 });
    expect(first).toEqual({ lessonId, completed: false, positionSeconds: 42.3, duplicate: false });
    let progress = await m.progress.readCourseProgress(learner, courseId);
    expect(progress.positions.get(lessonId)).toBe(42.3);
    expect(progress.completed.size).toBe(0);
    expect(progress.lastLessonId).toBe(lessonId);

    const second = await m.progress.saveLessonProgress(learner, { courseId, lessonId, positionSeconds: 125 });
    expect(second).toEqual({ lessonId, completed: false, positionSeconds: 125, duplicate: false });
    progress = await m.progress.readCourseProgress(learner, courseId);
    expect(progress.positions.get(lessonId)).toBe(125);
    expect([...progress.positions.keys()]).toEqual([lessonId]);

    const stored = await onlyRecord({ userId: learner.id, courseId, lessonId });
    expect(stored.positionSeconds).toBe(125);
    expect(stored.completedAt).toBeUndefined();
    expect(await progressDocuments()).toHaveLength(1);
    // One document for the learner's course, found by its _id alone.
    expect(stored.document._id).toBe(`${learner.id}:${courseId}`);
  });

  it('reads empty progress for a signed-out visitor', async () => {
    const { courseId } = await learningCourse();
    const progress = await m.progress.readCourseProgress(null, courseId);
    expect(progress.completed.size).toBe(0);
    expect(progress.positions.size).toBe(0);
    expect(progress.lastLessonId).toBeNull();
  });

  it('stays one record under 20 concurrent saves, and completion is stamped only once', async () => {
    const { course, courseId, lessonIds } = await learningCourse();
    const learner = await buyerOf(course);
    const lessonId = lessonIds[1];

    const inputs: ProgressInput[] = Array.from({ length: 20 }, (_, index) =>
      index % 3 === 0 ? { courseId, lessonId, completed: true } : { courseId, lessonId, positionSeconds: index * 10 },
    );
    const results = await Promise.allSettled(inputs.map((input) => m.progress.saveLessonProgress(learner, input)));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    for (const [index, result] of results.entries()) {
      // A call that asked for completion always answers completed.
      if (inputs[index]?.completed && result.status === 'fulfilled') expect(result.value.completed).toBe(true);
    }

    const stored = await onlyRecord({ userId: learner.id, courseId, lessonId });
    expect(stored.completedAt).toBeInstanceOf(Date);
    const completedAt = stored.completedAt?.getTime() ?? Number.NaN;
    expect(inputs.map((input) => input.positionSeconds).filter((value) => value !== undefined)).toContain(stored.positionSeconds);

    // A later completion, a day on, leaves the first completion's date as it was.
    const dayLater = completedAt + 24 * 60 * 60 * 1000;
    fakeDateAt(new Date(dayLater).toISOString());
    const again = await m.progress.saveLessonProgress(learner, { courseId, lessonId, completed: true, positionSeconds: 7 });
    expect(again).toEqual({ lessonId, completed: true, positionSeconds: 7, duplicate: false });
    const after = await onlyRecord({ userId: learner.id, courseId, lessonId });
    expect(after.completedAt?.getTime()).toBe(completedAt);
    expect(after.updatedAt.getTime()).toBe(dayLater);
  });

  it('keeps the first completion date when the lesson is completed again later', async () => {
    const { course, courseId, lessonIds } = await learningCourse();
    const learner = await buyerOf(course);
    const lessonId = lessonIds[2];

    fakeDateAt('2026-03-01T10:00:00.000Z');
    await m.progress.saveLessonProgress(learner, { courseId, lessonId, completed: true });
    jest.setSystemTime(new Date('2026-03-05T10:00:00.000Z'));
    await m.progress.saveLessonProgress(learner, { courseId, lessonId, positionSeconds: 30 });
    jest.setSystemTime(new Date('2026-03-09T10:00:00.000Z'));
    await m.progress.saveLessonProgress(learner, { courseId, lessonId, completed: true });

    const stored = await onlyRecord({ userId: learner.id, courseId, lessonId });
    expect(stored.completedAt?.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(stored.updatedAt.toISOString()).toBe('2026-03-09T10:00:00.000Z');
    expect(stored.positionSeconds).toBe(30);
  });
});

describe('records stored one per lesson before the per-course documents', () => {
  it('are folded into one document per learner and course the first time progress is read', async () => {
    const { course, courseId, lessonIds } = await learningCourse();
    const learner = await buyerOf(course);
    const db = await m.db.getDb();
    const at = (iso: string) => new Date(iso);
    const legacy = { userId: new ObjectId(learner.id), courseId: course._id };
    await db.collection('lessonProgress').insertMany([
      { ...legacy, lessonId: new ObjectId(lessonIds[0]), completedAt: at('2026-02-01T10:00:00Z'), updatedAt: at('2026-02-01T10:00:00Z') },
      { ...legacy, lessonId: new ObjectId(lessonIds[1]), positionSeconds: 95, updatedAt: at('2026-02-02T10:00:00Z') },
    ]);

    // A process that has not checked for old records yet (this one already did, in earlier tests).
    let progress: Awaited<ReturnType<typeof m.progress.readCourseProgress>> | undefined;
    await jest.isolateModulesAsync(async () => {
      progress = await (await import('./progress')).readCourseProgress(learner, courseId);
    });
    if (!progress) throw new Error('no progress read');
    expect([...progress.completed]).toEqual([lessonIds[0]]);
    expect(progress.positions.get(lessonIds[1])).toBe(95);
    expect(progress.lastLessonId).toBe(lessonIds[1]);
    expect(await progressDocuments()).toHaveLength(2);
    expect(await db.listCollections({ name: 'lessonProgress' }).toArray()).toEqual([]);
  });
});

describe('completed lessons, percent and resume point', () => {
  it('counts 2 of 4 completed lessons as 50 % and resumes at the lesson touched last', async () => {
    const { course, courseId, lessonIds } = await learningCourse();
    const learner = await buyerOf(course);

    fakeDateAt('2026-04-01T08:00:00.000Z');
    await m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[0], completed: true });
    jest.setSystemTime(new Date('2026-04-01T08:05:00.000Z'));
    await m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[2], completed: true });
    jest.setSystemTime(new Date('2026-04-01T08:10:00.000Z'));
    await m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[3], positionSeconds: 12 });

    let progress = await m.progress.readCourseProgress(learner, courseId);
    expect([...progress.completed].sort()).toEqual([lessonIds[0], lessonIds[2]].sort());
    expect(percentComplete(m.curriculum.toCurriculum(course.curriculum), progress.completed)).toBe(50);
    expect(progress.lastLessonId).toBe(lessonIds[3]);

    // Going back to the first lesson makes it the one to resume.
    jest.setSystemTime(new Date('2026-04-01T08:15:00.000Z'));
    await m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[0], positionSeconds: 3 });
    progress = await m.progress.readCourseProgress(learner, courseId);
    expect(progress.lastLessonId).toBe(lessonIds[0]);
    expect(progress.completed.size).toBe(2);
    expect(percentComplete(m.curriculum.toCurriculum(course.curriculum), progress.completed)).toBe(50);
  });

  it("reads each course's own progress for several courses at once", async () => {
    const first = await learningCourse();
    const second = await learningCourse();
    const learner = await buyerOf(first.course);
    await insertOrder({ id: learner.id, name: 'Learner', email: 'learner@example.com' }, second.course, { itemKind: 'course', paid: true });
    const other = await buyerOf(first.course);

    fakeDateAt('2026-05-01T09:00:00.000Z');
    await m.progress.saveLessonProgress(learner, { courseId: first.courseId, lessonId: first.lessonIds[1], completed: true });
    jest.setSystemTime(new Date('2026-05-01T09:01:00.000Z'));
    await m.progress.saveLessonProgress(learner, { courseId: second.courseId, lessonId: second.lessonIds[0], completed: true });
    jest.setSystemTime(new Date('2026-05-01T09:02:00.000Z'));
    await m.progress.saveLessonProgress(learner, { courseId: second.courseId, lessonId: second.lessonIds[3], positionSeconds: 90 });
    // Another learner's progress in the first course is not ours.
    jest.setSystemTime(new Date('2026-05-01T09:03:00.000Z'));
    await m.progress.saveLessonProgress(other, { courseId: first.courseId, lessonId: first.lessonIds[2], completed: true });

    const untouched = new ObjectId().toHexString();
    const byCourse = await m.progress.readProgressForCourses(learner.id, [first.courseId, second.courseId, untouched]);
    expect([...byCourse.keys()]).toEqual([first.courseId, second.courseId, untouched]);
    expect([...byCourse.get(first.courseId)!.completed]).toEqual([first.lessonIds[1]]);
    expect(byCourse.get(first.courseId)!.lastLessonId).toBe(first.lessonIds[1]);
    expect([...byCourse.get(second.courseId)!.completed]).toEqual([second.lessonIds[0]]);
    expect(byCourse.get(second.courseId)!.positions.get(second.lessonIds[3])).toBe(90);
    expect(byCourse.get(second.courseId)!.lastLessonId).toBe(second.lessonIds[3]);
    expect(byCourse.get(untouched)!.completed.size).toBe(0);
    expect(byCourse.get(untouched)!.lastLessonId).toBeNull();

    expect(await m.progress.readProgressForCourses(learner.id, [])).toEqual(new Map());
  });
});

describe('progress events sent with their own id (a device syncing what was done offline)', () => {
  it('records an event once, however often and however many at once it is sent', async () => {
    const { course, courseId, lessonIds } = await learningCourse();
    const learner = await buyerOf(course);
    const lessonId = lessonIds[0]!;
    const eventId = 'offline-event-0000000001';

    const sends = await Promise.all(Array.from({ length: 10 }, () => m.progress.saveLessonProgress(learner, { courseId, lessonId, eventId, completed: true })));

    // One send wrote the completion; the others, at the same moment, found the event taken.
    expect(sends.filter((answer) => !answer.duplicate).map((answer) => answer.completed)).toEqual([true]);
    const completedAt = (await onlyRecord({ userId: learner.id, courseId, lessonId })).completedAt;
    // Sent again later (a second sync): nothing is written, the answer says so.
    expect(await m.progress.saveLessonProgress(learner, { courseId, lessonId, eventId, completed: true })).toEqual({ lessonId, completed: true, positionSeconds: null, duplicate: true });
    expect((await onlyRecord({ userId: learner.id, courseId, lessonId })).completedAt).toEqual(completedAt);
    expect(await (await m.db.collection('usedTokens')).countDocuments({ _id: m.progress.progressEventKey(learner.id, eventId) })).toBe(1);
  });

  it("keeps each learner's event ids apart, and a stale repeat of a position does not move it back", async () => {
    const { course, courseId, lessonIds } = await learningCourse();
    const [first, second] = [await buyerOf(course), await buyerOf(course)];
    const lessonId = lessonIds[1]!;
    const eventId = 'same-id-on-two-devices-01';
    await m.progress.saveLessonProgress(first, { courseId, lessonId, eventId, positionSeconds: 30 });
    expect((await m.progress.saveLessonProgress(second, { courseId, lessonId, eventId, positionSeconds: 40 })).duplicate).toBe(false);

    await m.progress.saveLessonProgress(first, { courseId, lessonId, eventId: 'later-position-event-01', positionSeconds: 90 });
    expect((await m.progress.saveLessonProgress(first, { courseId, lessonId, eventId, positionSeconds: 30 })).positionSeconds).toBe(90);
  });

  it('refuses the events of a learner who may no longer open the lesson, and records none', async () => {
    const { courseId, lessonIds } = await learningCourse();
    await expectHttpError(m.progress.saveLessonProgress(stranger(), { courseId, lessonId: lessonIds[2]!, eventId: 'refused-event-000000001', completed: true }), 403);
    expect(await (await m.db.collection('usedTokens')).countDocuments({ _id: { $regex: ':refused-event-000000001$' } })).toBe(0);
  });

  it('refuses a malformed event id', () => {
    expect(progressSchema.safeParse({ courseId: '0'.repeat(24), lessonId: '0'.repeat(24), completed: true, eventId: 'short' }).success).toBe(false);
    expect(progressSchema.safeParse({ courseId: '0'.repeat(24), lessonId: '0'.repeat(24), completed: true, eventId: 'x'.repeat(65) }).success).toBe(false);
    expect(progressSchema.safeParse({ courseId: '0'.repeat(24), lessonId: '0'.repeat(24), completed: true, eventId: '0123456789abcdef' }).success).toBe(true);
  });
});

describe('who may save progress', () => {
  it('refuses a signed-out visitor with 401, even on a free preview', async () => {
    const { courseId, lessonIds } = await learningCourse();
    await expectHttpError(m.progress.saveLessonProgress(null, { courseId, lessonId: lessonIds[0], positionSeconds: 5 }), 401);
    expect(await progressDocuments()).toHaveLength(0);
  });

  it('refuses a signed-in non-buyer a locked lesson with 403 and stores nothing', async () => {
    const { courseId, lessonIds } = await learningCourse();
    const learner = stranger();
    await expectHttpError(m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[1], positionSeconds: 5 }), 403);
    await expectHttpError(m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[3], completed: true }), 403);
    expect(await progressDocuments()).toHaveLength(0);
  });

  it('lets a signed-in non-buyer record progress in a free preview lesson', async () => {
    const { courseId, lessonIds } = await learningCourse();
    const learner = stranger();
    const saved = await m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[0], positionSeconds: 15, completed: true });
    expect(saved).toEqual({ lessonId: lessonIds[0], completed: true, positionSeconds: 15, duplicate: false });
    // A process that has not checked for old records yet (this one already did, in earlier tests).
    let progress: Awaited<ReturnType<typeof m.progress.readCourseProgress>> | undefined;
    await jest.isolateModulesAsync(async () => {
      progress = await (await import('./progress')).readCourseProgress(learner, courseId);
    });
    if (!progress) throw new Error('no progress read');
    expect([...progress.completed]).toEqual([lessonIds[0]]);
    expect(await progressDocuments({ userId: learner.id })).toHaveLength(1);
  });

  it('answers 404 for an unknown course and for a lesson that is not in the course', async () => {
    const { course, courseId, lessonIds } = await learningCourse();
    const other = await learningCourse();
    const learner = await buyerOf(course);
    await expectHttpError(m.progress.saveLessonProgress(learner, { courseId: new ObjectId().toHexString(), lessonId: lessonIds[1], positionSeconds: 1 }), 404);
    await expectHttpError(m.progress.saveLessonProgress(learner, { courseId, lessonId: new ObjectId().toHexString(), positionSeconds: 1 }), 404);
    // A real lesson, but of another course.
    await expectHttpError(m.progress.saveLessonProgress(learner, { courseId, lessonId: other.lessonIds[1], positionSeconds: 1 }), 404);
    expect(await progressDocuments()).toHaveLength(0);
  });

  it('does not let an unpaid order open the course (403)', async () => {
    const { course, courseId, lessonIds } = await learningCourse();
    const learner = await buyerOf(course, false);
    await expectHttpError(m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[1], positionSeconds: 5 }), 403);
    expect(await progressDocuments()).toHaveLength(0);
  });

  it("does not let a paid order for another course open this one (403)", async () => {
    const { courseId, lessonIds } = await learningCourse();
    const other = await learningCourse();
    const learner = await buyerOf(other.course);
    await expectHttpError(m.progress.saveLessonProgress(learner, { courseId, lessonId: lessonIds[1], positionSeconds: 5 }), 403);
    expect(await progressDocuments()).toHaveLength(0);
  });

  it('lets an admin without an order save progress in any lesson', async () => {
    const { courseId, lessonIds } = await learningCourse();
    const admin = { id: new ObjectId().toHexString(), role: 'admin' as const };
    const saved = await m.progress.saveLessonProgress(admin, { courseId, lessonId: lessonIds[3], completed: true });
    expect(saved).toEqual({ lessonId: lessonIds[3], completed: true, positionSeconds: null, duplicate: false });
    expect(await progressDocuments({ userId: admin.id, courseId, lessonId: lessonIds[3] })).toHaveLength(1);
  });
});

describe('progressSchema', () => {
  const courseId = new ObjectId().toHexString();
  const lessonId = new ObjectId().toHexString();

  it('accepts a position, a completion or both', () => {
    expect(progressSchema.safeParse({ courseId, lessonId, positionSeconds: 0 }).success).toBe(true);
    expect(progressSchema.safeParse({ courseId, lessonId, positionSeconds: MAX_POSITION_SECONDS }).success).toBe(true);
    expect(progressSchema.safeParse({ courseId, lessonId, completed: true }).success).toBe(true);
    expect(progressSchema.safeParse({ courseId, lessonId, positionSeconds: 12.5, completed: true }).success).toBe(true);
  });

  it.each([
    ['a negative position', { positionSeconds: -1 }],
    ['a position past a day', { positionSeconds: MAX_POSITION_SECONDS + 1 }],
    ['an infinite position', { positionSeconds: Number.POSITIVE_INFINITY }],
    ['NaN', { positionSeconds: Number.NaN }],
    ['a position as text', { positionSeconds: '12' }],
    ['a position as null', { positionSeconds: null }],
    ['completed: false', { completed: false }],
    ['completed as text', { completed: 'true' }],
    ['an extra field', { positionSeconds: 3, userId: new ObjectId().toHexString() }],
    ['neither a position nor a completion', {}],
  ])('rejects %s', (_label, fields) => {
    expect(progressSchema.safeParse({ courseId, lessonId, ...fields }).success).toBe(false);
  });

  it.each([
    ['a short course id', { courseId: courseId.slice(1) }],
    ['a non-hex lesson id', { lessonId: 'z'.repeat(24) }],
    ['a course id with a suffix', { courseId: `${courseId}0` }],
    ['a numeric lesson id', { lessonId: 12 }],
    ['a missing course id', { courseId: undefined }],
  ])('rejects %s', (_label, ids) => {
    expect(progressSchema.safeParse({ courseId, lessonId, positionSeconds: 1, ...ids }).success).toBe(false);
  });
});

describe('concurrent writes to different lessons of one course', () => {
  it('keeps every one of 12 lessons completed at the same moment', async () => {
    const lessons = Array.from({ length: 12 }, (_, index) => lesson(`Lesson ${index + 1}`, { kind: 'article' }));
    const course = await insertCourse({ curriculum: [{ _id: new ObjectId(), title: 'All', lessons }] });
    const courseId = course._id.toHexString();
    const learner = await buyerOf(course);
    await Promise.all(lessons.map((entry) => m.progress.saveLessonProgress(learner, { courseId, lessonId: entry._id.toHexString(), completed: true })));
    expect((await m.progress.readCourseProgress(learner, courseId)).completed.size).toBe(12);
  });
});
