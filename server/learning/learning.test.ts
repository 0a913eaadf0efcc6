import { ObjectId } from 'mongodb';
import { insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import type { CourseDocument, CurriculumSectionDocument, LessonDocument } from '../platform/documents';

// Curricula and lesson access against the real embedded database: a course's counts come from its
// curriculum when it has lessons (on the course page and in the legacy API alike), and openLesson
// lets buyers and admins take every lesson, anyone open a free preview, and nobody else in.
selectPrivateDatabase('kz_jest_learning');

type Modules = {
  learning: typeof import('./learning');
  courses: typeof import('../catalogue/courses');
  legacy: typeof import('../legacy/legacy-shapes');
  db: typeof import('../platform/db');
};
let m: Modules;

beforeAll(async () => {
  m = {
    learning: await import('./learning'),
    courses: await import('../catalogue/courses'),
    legacy: await import('../legacy/legacy-shapes'),
    db: await import('../platform/db'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['orders', 'courses', 'lessons'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  await m.db.closeDb();
});

/**
 * Two sections: a free video with a transcript (600 s) and a video with notes (1200 s), then an
 * article (300 s) and a file (0 s). The stored counts (10 h, 20 videos, 5 quizzes…) are stale.
 */
function sampleCurriculum(): CurriculumSectionDocument[] {
  return [
    {
      _id: new ObjectId(),
      title: 'Getting started',
      lessons: [
        { _id: new ObjectId(), title: 'Welcome', kind: 'video', durationSeconds: 600, freePreview: true, hasTranscript: true },
        { _id: new ObjectId(), title: 'Forces', kind: 'video', durationSeconds: 1200, freePreview: false, hasNotes: true },
      ],
    },
    {
      _id: new ObjectId(),
      title: 'Going further',
      lessons: [
        { _id: new ObjectId(), title: 'Reading', kind: 'article', durationSeconds: 300, freePreview: false },
        { _id: new ObjectId(), title: 'Worksheet', kind: 'file', durationSeconds: 0, freePreview: false },
      ],
    },
  ];
}

/** The id of lesson `lesson` of section `section`, as the player's addresses carry it. */
function lessonIdAt(curriculum: CurriculumSectionDocument[], section: number, lesson: number): string {
  const outline = curriculum[section]?.lessons[lesson];
  if (!outline) throw new Error(`No lesson ${section}.${lesson} in the curriculum`);
  return outline._id.toHexString();
}

const DERIVED = { hours: 0.6, videos: 2, quizzes: 0, notes: 3, transcripts: 1 };
const STORED = { hours: 10, videos: 20, quizzes: 5, notes: 5, transcripts: 10 };

async function storedCourseDocument(id: ObjectId): Promise<CourseDocument> {
  const document = await (await m.db.collection('courses')).findOne({ _id: id });
  if (!document) throw new Error('course not stored');
  return document;
}

describe('course counts derived from the curriculum', () => {
  it('getCourse counts videos, notes and transcripts and sums the hours from the lessons', async () => {
    const curriculum = sampleCurriculum();
    const course = await insertCourse({ curriculum, ...STORED });

    const found = await m.courses.getCourse(course._id.toHexString());
    expect(found).not.toBeNull();
    expect({ hours: found!.hours, videos: found!.videos, quizzes: found!.quizzes, notes: found!.notes, transcripts: found!.transcripts }).toEqual(DERIVED);

    // The outline comes back in order, as plain objects, with the flags defaulted to false.
    expect(found!.curriculum.map((section) => section.title)).toEqual(['Getting started', 'Going further']);
    expect(found!.curriculum[0]?.id).toBe(curriculum[0]?._id.toHexString());
    expect(found!.curriculum.flatMap((section) => section.lessons.map((lesson) => lesson.id))).toEqual(
      curriculum.flatMap((section) => section.lessons.map((lesson) => lesson._id.toHexString())),
    );
    expect(found!.curriculum[0]?.lessons[0]).toEqual({
      id: lessonIdAt(curriculum, 0, 0),
      title: 'Welcome',
      kind: 'video',
      durationSeconds: 600,
      freePreview: true,
      hasTranscript: true,
      hasNotes: false,
    });
    expect(found!.curriculum[1]?.lessons[0]).toMatchObject({ kind: 'article', freePreview: false, hasTranscript: false, hasNotes: false });
  });

  it('rounds the hours to tenths (40 minutes is 0.7 h, not 0 or 1)', async () => {
    const course = await insertCourse({
      curriculum: [{ _id: new ObjectId(), title: 'Only', lessons: [{ _id: new ObjectId(), title: 'Long', kind: 'video', durationSeconds: 2400, freePreview: false }] }],
    });
    const found = await m.courses.getCourse(course._id.toHexString());
    expect(found!.hours).toBe(0.7);
    expect(found!.videos).toBe(1);
    expect(found!.notes).toBe(0);
  });

  it('keeps the stored numbers of a course without curriculum, or whose sections have no lessons', async () => {
    const without = await insertCourse({ ...STORED });
    const empty = await insertCourse({ ...STORED, curriculum: [{ _id: new ObjectId(), title: 'Soon', lessons: [] }] });

    for (const course of [without, empty]) {
      const found = await m.courses.getCourse(course._id.toHexString());
      expect({ hours: found!.hours, videos: found!.videos, quizzes: found!.quizzes, notes: found!.notes, transcripts: found!.transcripts }).toEqual(STORED);
    }
    expect((await m.courses.getCourse(without._id.toHexString()))!.curriculum).toEqual([]);
  });

  it('answers the same counts through the legacy course shape', async () => {
    const derived = await insertCourse({ curriculum: sampleCurriculum(), ...STORED });
    const legacyDerived = m.legacy.toLegacyCourse(await storedCourseDocument(derived._id));
    expect(legacyDerived).toMatchObject(DERIVED);
    // The legacy shape never had a curriculum.
    expect(legacyDerived).not.toHaveProperty('curriculum');

    const plain = await insertCourse({ ...STORED });
    expect(m.legacy.toLegacyCourse(await storedCourseDocument(plain._id))).toMatchObject(STORED);
  });
});

describe('openLesson', () => {
  /** The sample course, a buyer with a paid order, and the ids of its free and locked lessons. */
  async function courseWithBuyer() {
    const curriculum = sampleCurriculum();
    const course = await insertCourse({ curriculum });
    const buyer = makeBuyer('Student');
    await insertOrder(buyer, course, { itemKind: 'course', paid: true });
    return {
      course,
      courseId: course._id.toHexString(),
      freeLessonId: lessonIdAt(curriculum, 0, 0),
      lockedLessonId: lessonIdAt(curriculum, 1, 0),
      buyer: { id: buyer.id, role: 'user' as const },
    };
  }

  const stranger = () => ({ id: new ObjectId().toHexString(), role: 'user' as const });
  const admin = () => ({ id: new ObjectId().toHexString(), role: 'admin' as const });

  it('opens every lesson in full to a buyer with a paid order', async () => {
    const { course, courseId, freeLessonId, lockedLessonId, buyer } = await courseWithBuyer();
    const locked = await m.learning.openLesson(buyer, courseId, lockedLessonId);
    expect(locked).toMatchObject({ status: 'open', access: 'full', lesson: { id: lockedLessonId, kind: 'article' } });
    expect(locked.status === 'open' && locked.course).toMatchObject({ id: courseId, title: course.title, instructorName: course.instructorName, classCourse: course.classCourse });
    expect(await m.learning.openLesson(buyer, courseId, freeLessonId)).toMatchObject({ status: 'open', access: 'full' });
    expect(await m.learning.canTakeCourse(buyer, courseId)).toBe(true);
  });

  it('opens every lesson in full to an admin without an order', async () => {
    const { courseId, lockedLessonId, freeLessonId } = await courseWithBuyer();
    expect(await m.learning.openLesson(admin(), courseId, lockedLessonId)).toMatchObject({ status: 'open', access: 'full' });
    expect(await m.learning.openLesson(admin(), courseId, freeLessonId)).toMatchObject({ status: 'open', access: 'full' });
  });

  it('opens a free preview to a signed-out visitor and to a signed-in non-buyer', async () => {
    const { courseId, freeLessonId } = await courseWithBuyer();
    expect(await m.learning.openLesson(null, courseId, freeLessonId)).toMatchObject({ status: 'open', access: 'preview', lesson: { id: freeLessonId } });
    expect(await m.learning.openLesson(stranger(), courseId, freeLessonId)).toMatchObject({ status: 'open', access: 'preview' });
  });

  it('locks the other lessons for a signed-out visitor, a non-buyer, an unpaid order and a buyer of another course', async () => {
    const { course, courseId, lockedLessonId } = await courseWithBuyer();
    const unpaid = makeBuyer('Unpaid');
    await insertOrder(unpaid, course, { itemKind: 'course', paid: false });
    const other = await insertCourse({ curriculum: sampleCurriculum() });
    const otherBuyer = makeBuyer('Other');
    await insertOrder(otherBuyer, other, { itemKind: 'course', paid: true });

    for (const learner of [null, stranger(), { id: unpaid.id, role: 'user' as const }, { id: otherBuyer.id, role: 'user' as const }]) {
      const opened = await m.learning.openLesson(learner, courseId, lockedLessonId);
      expect(opened).toMatchObject({ status: 'locked', course: { id: courseId }, lesson: { id: lockedLessonId } });
    }
    expect(await m.learning.canTakeCourse(null, courseId)).toBe(false);
    expect(await m.learning.canTakeCourse({ id: unpaid.id, role: 'user' }, courseId)).toBe(false);
  });

  it('answers not-found for unknown or malformed course and lesson ids, and for a lesson of another course', async () => {
    const { courseId, lockedLessonId, buyer } = await courseWithBuyer();
    const other = await insertCourse({ curriculum: sampleCurriculum() });
    const otherLessonId = lessonIdAt(other.curriculum ?? [], 0, 1);

    const cases: [string, string][] = [
      [new ObjectId().toHexString(), lockedLessonId],
      ['not-an-id', lockedLessonId],
      [`${courseId}00`, lockedLessonId],
      ['', lockedLessonId],
      [courseId, new ObjectId().toHexString()],
      [courseId, 'not-an-id'],
      [courseId, ''],
      [courseId, otherLessonId],
    ];
    for (const [course, lesson] of cases) {
      expect(await m.learning.openLesson(buyer, course, lesson)).toEqual({ status: 'not-found' });
      expect(await m.learning.openLesson(null, course, lesson)).toEqual({ status: 'not-found' });
    }
    expect(await m.learning.findLearningCourse('not-an-id')).toBeNull();
    expect(await m.learning.findLearningCourse(new ObjectId().toHexString())).toBeNull();
  });
});

describe('findLessonContent', () => {
  it("finds a lesson's content only under its own course", async () => {
    const curriculum = sampleCurriculum();
    const course = await insertCourse({ curriculum });
    const lessonId = new ObjectId(lessonIdAt(curriculum, 1, 0));
    const content: LessonDocument = {
      _id: lessonId,
      courseId: course._id,
      kind: 'article',
      article: { markdown: '# Reading', html: '<h1>Reading</h1>', renderer: 2 },
      updatedAt: new Date(),
    };
    await (await m.db.collection('lessons')).insertOne(content);

    const found = await m.learning.findLessonContent(course._id.toHexString(), lessonId.toHexString());
    // Learners get the rendered HTML; the Markdown stays with the editor.
    expect(found).toMatchObject({ kind: 'article', article: { html: '<h1>Reading</h1>' } });
    expect(found?.article).not.toHaveProperty('markdown');
    expect(found!._id.equals(lessonId)).toBe(true);
    expect(await m.learning.findLessonContent(new ObjectId().toHexString(), lessonId.toHexString())).toBeNull();
    expect(await m.learning.findLessonContent(course._id.toHexString(), 'not-an-id')).toBeNull();
    expect(await m.learning.findLessonContent(course._id.toHexString(), lessonIdAt(curriculum, 0, 0))).toBeNull();
  });

  it('renders an article stored under older, looser image rules again before any reader gets it', async () => {
    const curriculum = sampleCurriculum();
    const course = await insertCourse({ curriculum });
    const lessonId = new ObjectId(lessonIdAt(curriculum, 1, 0));
    const markdown = 'Read on.\n\n![x](/media/../api/user)';
    const stored = { markdown, html: '<p>Read on.</p>\n<p><img src="/media/../api/user" alt="x" loading="lazy"></p>\n' };
    await (await m.db.collection('lessons')).insertOne({ _id: lessonId, courseId: course._id, kind: 'article', article: stored, updatedAt: new Date() });

    const found = await m.learning.findLessonContent(course._id.toHexString(), lessonId.toHexString());
    expect(found?.article?.html).toContain('Read on.');
    expect(found?.article?.html).not.toContain('<img');
    expect(found?.article).not.toHaveProperty('markdown');
    const again = await (await m.db.collection('lessons')).findOne({ _id: lessonId });
    expect(again?.article).toMatchObject({ markdown, renderer: 2 });
    expect(again?.article?.html).not.toContain('<img');
  });
});
