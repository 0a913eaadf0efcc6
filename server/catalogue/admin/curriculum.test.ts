import { ObjectId } from 'mongodb';
import { CURRICULUM_LIMITS } from '@/lib/schemas/curriculum';
import type { LessonUpdateInput } from '@/lib/schemas/curriculum';
import { insertCourse } from '@/tests/support/commerce-fixtures';
import { answerToRefusal } from '@/tests/support/expectations';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import type { CourseDocument, CurriculumSectionDocument, LessonDocument, StoredFileRef } from '../../platform/documents';
import type { Actor } from '../../accounts/permissions';
import { refusal } from '@/tests/support/request-bodies';

// The domain operations refresh cached pages; outside a request there is no page cache to refresh.
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

/** An admin reading the business records (permissions are checked by the operations). */
const READER = { id: '65f0a1b2c3d4e5f6a7b8c9d0', email: 'reader@example.com', role: 'admin' as const };

// The curriculum editor's domain operations against the real embedded database: sections and
// lessons are added, renamed, moved and deleted in the course outline (read back through the
// course page's reader and the editor's list), lesson content is saved (Markdown rendered safely,
// transcripts, durations), deleting removes lesson documents and their stored chunks, a course on
// sale keeps a lesson, only admins may edit, limits hold, and concurrent edits never lose one
// another (compare-and-set on curriculumVersion): each call either lands or answers 409.
selectPrivateDatabase('kz_jest_curriculum');

type Modules = {
  curriculum: typeof import('./curriculum');
  courses: typeof import('../courses');
  chunks: typeof import('../../platform/chunked-files');
  audit: typeof import('../../platform/audit');
  http: typeof import('../../platform/http');
  db: typeof import('../../platform/db');
};
let m: Modules;

// A fresh admin per test, so the per-admin write allowance (300 per 15 minutes) never runs out.
let admin: Actor;
const user: Actor = { id: new ObjectId().toHexString(), email: 'learner@example.com', role: 'user' };

beforeAll(async () => {
  m = {
    curriculum: await import('./curriculum'),
    courses: await import('../courses'),
    chunks: await import('../../platform/chunked-files'),
    audit: await import('../../platform/audit'),
    http: await import('../../platform/http'),
    db: await import('../../platform/db'),
  };
});

beforeEach(async () => {
  admin = { id: new ObjectId().toHexString(), email: 'admin@example.com', role: 'admin' };
  const db = await m.db.getDb();
  await Promise.all(['courses', 'lessons', 'lessonFileChunks', 'auditLog'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  await m.db.closeDb();
});

async function courseDocument(id: ObjectId): Promise<CourseDocument> {
  const document = await (await m.db.collection('courses')).findOne({ _id: id });
  if (!document) throw new Error('course is gone');
  return document;
}

/** The outline as the course page reads it: "Section: lesson, lesson" per section. */
async function outlineTitles(id: ObjectId): Promise<string[]> {
  const course = await m.courses.getCourse(id.toHexString());
  return (course?.curriculum ?? []).map((section) => `${section.title}: ${section.lessons.map((lesson) => lesson.title).join(', ')}`);
}

async function lessonDocument(id: string): Promise<LessonDocument | null> {
  return (await m.db.collection('lessons')).findOne({ _id: new ObjectId(id) });
}

async function chunkCount(fileId?: ObjectId): Promise<number> {
  const chunks = (await m.db.getDb()).collection('lessonFileChunks');
  if (!fileId) return chunks.countDocuments({});
  return chunks.countDocuments({ '_id.fileId': fileId });
}

async function auditSummaries(): Promise<string[]> {
  return (await m.audit.listAuditLog(READER, 1)).items.map((entry) => `${entry.action} ${entry.entity} ${entry.entityId}: ${entry.summary}`);
}

/** Stores `length` bytes as a lesson file (over two chunks when large) and answers its reference. */
async function storeFile(length: number, name: string): Promise<StoredFileRef> {
  const data = Buffer.alloc(length, 7);
  const written = await m.chunks.writeChunks('lessonFileChunks', (async function* () { yield data; })());
  return { ...written, name, contentType: 'application/pdf' };
}

/** A lesson's form values as sent: updateLesson parses them itself. */
const values = (input: LessonUpdateInput) => input;

/** A course on sale with two sections: "One" (a1 video, a2 article) and "Two" (b1 file, b2 video). */
async function twoSectionCourse(overrides: Partial<CourseDocument> = {}) {
  const course = await insertCourse(overrides);
  const one = await m.curriculum.addSection(admin, course._id, { title: 'One' });
  const two = await m.curriculum.addSection(admin, course._id, { title: 'Two' });
  const a1 = await m.curriculum.addLesson(admin, course._id, { sectionId: one, title: 'a1', kind: 'video' });
  const a2 = await m.curriculum.addLesson(admin, course._id, { sectionId: one, title: 'a2', kind: 'article' });
  const b1 = await m.curriculum.addLesson(admin, course._id, { sectionId: two, title: 'b1', kind: 'file' });
  const b2 = await m.curriculum.addLesson(admin, course._id, { sectionId: two, title: 'b2', kind: 'video' });
  return { courseId: course._id, title: course.title, one, two, a1, a2, b1, b2 };
}

describe('adding sections and lessons', () => {
  it('adds sections and lessons in order, shows them on the course page and in the editor, and audits each change', async () => {
    const course = await insertCourse({ title: 'Mechanics' });
    const c = m.curriculum;

    const basics = await c.addSection(admin, course._id, { title: 'Basics' });
    const advanced = await c.addSection(admin, course._id, { title: 'Advanced' });
    const intro = await c.addLesson(admin, course._id, { sectionId: basics, title: 'Intro', kind: 'video' });
    const reading = await c.addLesson(admin, course._id, { sectionId: basics, title: 'Reading', kind: 'article' });
    const sheet = await c.addLesson(admin, course._id, { sectionId: advanced, title: 'Worksheet', kind: 'file' });

    const shown = await m.courses.getCourse(course._id.toHexString());
    const lesson = { freePreview: false, hasTranscript: false, hasNotes: false };
    expect(shown?.curriculum).toEqual([
      { id: basics, title: 'Basics', lessons: [{ id: intro, title: 'Intro', kind: 'video', ...lesson }, { id: reading, title: 'Reading', kind: 'article', ...lesson }] },
      { id: advanced, title: 'Advanced', lessons: [{ id: sheet, title: 'Worksheet', kind: 'file', ...lesson }] },
    ]);
    // Once the course has lessons, its counts come from the curriculum (one video; an article and a file are notes).
    expect(shown).toMatchObject({ videos: 1, notes: 2, quizzes: 0 });
    expect((await courseDocument(course._id)).curriculumVersion).toBe(5);

    const contents = await c.listLessonContents(course._id);
    expect(contents.map((content) => content.id).sort()).toEqual([intro, reading, sheet].sort());
    expect(contents.every((content) => Object.keys(content).join() === 'id')).toBe(true);
    expect(await lessonDocument(reading)).toMatchObject({ courseId: course._id, kind: 'article' });

    const id = course._id.toHexString();
    expect(await auditSummaries()).toEqual([
      `update course ${id}: Curriculum of “Mechanics”: added the file lesson “Worksheet” to “Advanced”`,
      `update course ${id}: Curriculum of “Mechanics”: added the article lesson “Reading” to “Basics”`,
      `update course ${id}: Curriculum of “Mechanics”: added the video lesson “Intro” to “Basics”`,
      `update course ${id}: Curriculum of “Mechanics”: added the section “Advanced”`,
      `update course ${id}: Curriculum of “Mechanics”: added the section “Basics”`,
    ]);
    expect((await m.audit.listAuditLog(READER, 1)).items[0]?.actorEmail).toBe('admin@example.com');
  });

  it('lists only the course’s own lesson contents', async () => {
    const first = await twoSectionCourse();
    const other = await twoSectionCourse();
    const listed = (await m.curriculum.listLessonContents(first.courseId)).map((content) => content.id).sort();
    expect(listed).toEqual([first.a1, first.a2, first.b1, first.b2].sort());
    expect(listed).not.toContain(other.a1);
  });
});

describe('renaming and moving', () => {
  it('renames a section and audits the old and new title', async () => {
    const { courseId, one } = await twoSectionCourse({ title: 'Optics' });
    await m.curriculum.renameSection(admin, courseId, one, { title: 'Foundations' });
    expect(await outlineTitles(courseId)).toEqual(['Foundations: a1, a2', 'Two: b1, b2']);
    expect((await auditSummaries())[0]).toContain('Curriculum of “Optics”: renamed the section “One” to “Foundations”');
  });

  it('moves sections up and down; the first stays first and the last stays last', async () => {
    const { courseId, one, two } = await twoSectionCourse();
    const three = await m.curriculum.addSection(admin, courseId, { title: 'Three' });
    const order = async () => (await outlineTitles(courseId)).map((line) => line.split(':')[0]);

    await m.curriculum.moveSection(admin, courseId, two, 'up');
    expect(await order()).toEqual(['Two', 'One', 'Three']);
    await m.curriculum.moveSection(admin, courseId, two, 'up');
    expect(await order()).toEqual(['Two', 'One', 'Three']);
    await m.curriculum.moveSection(admin, courseId, three, 'down');
    expect(await order()).toEqual(['Two', 'One', 'Three']);
    await m.curriculum.moveSection(admin, courseId, one, 'down');
    expect(await order()).toEqual(['Two', 'Three', 'One']);
    // Lessons travel with their section.
    expect(await outlineTitles(courseId)).toEqual(['Two: b1, b2', 'Three: ', 'One: a1, a2']);
  });

  it('moves a lesson within its section and across the section boundary', async () => {
    const { courseId, a1, a2, b1, b2 } = await twoSectionCourse();
    const c = m.curriculum;

    // The ends of the course: the first lesson cannot go up, the last cannot go down; their sections keep their order.
    await c.moveLesson(admin, courseId, a1, 'up');
    await c.moveLesson(admin, courseId, b2, 'down');
    expect(await outlineTitles(courseId)).toEqual(['One: a1, a2', 'Two: b1, b2']);

    await c.moveLesson(admin, courseId, a2, 'up');
    expect(await outlineTitles(courseId)).toEqual(['One: a2, a1', 'Two: b1, b2']);
    await c.moveLesson(admin, courseId, a2, 'down');
    expect(await outlineTitles(courseId)).toEqual(['One: a1, a2', 'Two: b1, b2']);

    // The first lesson of section 2 moved up becomes the last of section 1, and back down the first of section 2.
    await c.moveLesson(admin, courseId, b1, 'up');
    expect(await outlineTitles(courseId)).toEqual(['One: a1, a2, b1', 'Two: b2']);
    await c.moveLesson(admin, courseId, b1, 'down');
    expect(await outlineTitles(courseId)).toEqual(['One: a1, a2', 'Two: b1, b2']);
    await c.moveLesson(admin, courseId, a2, 'down');
    expect(await outlineTitles(courseId)).toEqual(['One: a1', 'Two: a2, b1, b2']);

    // Still so once lessons have changed sections.
    await c.moveLesson(admin, courseId, b2, 'down');
    await c.moveLesson(admin, courseId, a1, 'up');
    expect(await outlineTitles(courseId)).toEqual(['One: a1', 'Two: a2, b1, b2']);
  });

  it('moves the last lesson of a section down into an empty next section', async () => {
    const course = await insertCourse();
    const one = await m.curriculum.addSection(admin, course._id, { title: 'One' });
    await m.curriculum.addSection(admin, course._id, { title: 'Empty' });
    const only = await m.curriculum.addLesson(admin, course._id, { sectionId: one, title: 'Only', kind: 'video' });
    await m.curriculum.moveLesson(admin, course._id, only, 'down');
    expect(await outlineTitles(course._id)).toEqual(['One: ', 'Empty: Only']);
  });
});

describe('updateLesson', () => {
  it('stores an article’s Markdown with safe rendered HTML, its duration in seconds and the free-preview flag', async () => {
    const { courseId, a2 } = await twoSectionCourse();
    const markdown = '## Hi\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))';

    await m.curriculum.updateLesson(admin, courseId, a2, values({ title: 'Reading list', duration: '12.5', freePreview: true, markdown }));

    const stored = await lessonDocument(a2);
    expect(stored?.article?.markdown).toBe(markdown);
    expect(stored?.article?.html).toContain('<h2>Hi</h2>');
    expect(stored?.article?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(stored?.article?.html).not.toMatch(/<script|href="javascript:/i);
    const lesson = (await m.courses.getCourse(courseId.toHexString()))?.curriculum[0]?.lessons[1];
    expect(lesson).toEqual({ id: a2, title: 'Reading list', kind: 'article', durationSeconds: 750, freePreview: true, hasTranscript: false, hasNotes: false });
    // The editor gets the Markdown back, never the HTML.
    expect((await m.curriculum.listLessonContents(courseId)).find((content) => content.id === a2)).toEqual({ id: a2, markdown });

    // Blank duration and text clear them.
    await m.curriculum.updateLesson(admin, courseId, a2, values({ title: 'Reading list', duration: '', freePreview: false, markdown: '  ' }));
    expect(await lessonDocument(a2)).not.toHaveProperty('article');
    const cleared = (await courseDocument(courseId)).curriculum?.[0]?.lessons[1];
    expect(cleared).not.toHaveProperty('durationSeconds');
    expect(cleared?.freePreview).toBe(false);
  });

  it('stores a video lesson’s YouTube address and transcript (hasTranscript), and clearing the transcript removes it', async () => {
    const { courseId, a1 } = await twoSectionCourse();
    const youtubeUrl = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

    await m.curriculum.updateLesson(admin, courseId, a1, values({ title: 'a1', duration: 3, freePreview: false, youtubeUrl, transcript: 'Hello, class.' }));

    expect(await lessonDocument(a1)).toMatchObject({ kind: 'video', youtubeUrl, transcript: 'Hello, class.' });
    const course = await m.courses.getCourse(courseId.toHexString());
    expect(course?.curriculum[0]?.lessons[0]).toMatchObject({ hasTranscript: true, durationSeconds: 180 });
    expect(course?.transcripts).toBe(1);
    expect((await m.curriculum.listLessonContents(courseId)).find((content) => content.id === a1)).toEqual({ id: a1, youtubeUrl, transcript: 'Hello, class.' });

    await m.curriculum.updateLesson(admin, courseId, a1, values({ title: 'a1', freePreview: false, youtubeUrl, transcript: '' }));

    const stored = await lessonDocument(a1);
    expect(stored).not.toHaveProperty('transcript');
    expect(stored?.youtubeUrl).toBe(youtubeUrl);
    expect((await courseDocument(courseId)).curriculum?.[0]?.lessons[0]?.hasTranscript).toBe(false);

    // A blank address removes the YouTube video too.
    await m.curriculum.updateLesson(admin, courseId, a1, values({ title: 'a1', freePreview: false, youtubeUrl: '' }));
    expect(await lessonDocument(a1)).not.toHaveProperty('youtubeUrl');
  });

  it('gives an article no transcript and a video no article, whatever the form sends', async () => {
    const { courseId, a1, a2 } = await twoSectionCourse();
    await m.curriculum.updateLesson(admin, courseId, a2, values({ title: 'a2', freePreview: false, transcript: 'Not for articles' }));
    await m.curriculum.updateLesson(admin, courseId, a1, values({ title: 'a1', freePreview: false, markdown: '# Not for videos' }));
    expect(await lessonDocument(a2)).not.toHaveProperty('transcript');
    expect(await lessonDocument(a1)).not.toHaveProperty('article');
    expect((await courseDocument(courseId)).curriculum?.[0]?.lessons.map((lesson) => lesson.hasTranscript)).toEqual([false, false]);
  });
});

describe('deleting', () => {
  it('deletes a lesson with its document and stored chunks, leaving other lessons’ files alone', async () => {
    const { courseId, a1, a2, title } = await twoSectionCourse();
    const video = await storeFile(2 * m.chunks.FILE_CHUNK_SIZE + 10, 'clip.webm');
    const notes = await storeFile(1000, 'notes.pdf');
    const kept = await storeFile(500, 'kept.pdf');
    await (await m.db.collection('lessons')).updateOne({ _id: new ObjectId(a1) }, { $set: { video, notes } });
    await (await m.db.collection('lessons')).updateOne({ _id: new ObjectId(a2) }, { $set: { notes: kept } });
    expect(await chunkCount(video.fileId)).toBe(3);

    await m.curriculum.deleteLesson(admin, courseId, a1);

    expect(await outlineTitles(courseId)).toEqual(['One: a2', 'Two: b1, b2']);
    expect(await lessonDocument(a1)).toBeNull();
    expect(await chunkCount(video.fileId)).toBe(0);
    expect(await chunkCount(notes.fileId)).toBe(0);
    expect(await chunkCount(kept.fileId)).toBe(1);
    expect(await lessonDocument(a2)).not.toBeNull();
    expect((await auditSummaries())[0]).toContain(`Curriculum of “${title}”: deleted the lesson “a1”`);
  });

  it('deletes a section with all its lessons’ documents and chunks', async () => {
    const { courseId, one, a1, a2, b1 } = await twoSectionCourse();
    const file = await storeFile(300, 'a2.pdf');
    const other = await storeFile(300, 'b1.pdf');
    await (await m.db.collection('lessons')).updateOne({ _id: new ObjectId(a2) }, { $set: { notes: file } });
    await (await m.db.collection('lessons')).updateOne({ _id: new ObjectId(b1) }, { $set: { file: other } });

    await m.curriculum.deleteSection(admin, courseId, one);

    expect(await outlineTitles(courseId)).toEqual(['Two: b1, b2']);
    expect(await lessonDocument(a1)).toBeNull();
    expect(await lessonDocument(a2)).toBeNull();
    expect(await chunkCount(file.fileId)).toBe(0);
    expect(await chunkCount(other.fileId)).toBe(1);
    expect((await auditSummaries())[0]).toContain('deleted the section “One” and its 2 lessons');
  });

  it('refuses to delete the last lesson (or its section) of a course on sale and changes nothing; allows it when coming soon', async () => {
    const course = await insertCourse();
    const section = await m.curriculum.addSection(admin, course._id, { title: 'Only' });
    const lesson = await m.curriculum.addLesson(admin, course._id, { sectionId: section, title: 'Last', kind: 'file' });
    const file = await storeFile(100, 'last.pdf');
    await (await m.db.collection('lessons')).updateOne({ _id: new ObjectId(lesson) }, { $set: { file } });
    const before = await courseDocument(course._id);
    const audited = (await auditSummaries()).length;

    for (const attempt of [() => m.curriculum.deleteLesson(admin, course._id, lesson), () => m.curriculum.deleteSection(admin, course._id, section)]) {
      const refused = await refusal(attempt());
      expect(refused.status).toBe(409);
      expect(refused.message).toMatch(/needs at least one lesson/);
    }

    expect(await courseDocument(course._id)).toEqual(before);
    expect(await lessonDocument(lesson)).not.toBeNull();
    expect(await chunkCount(file.fileId)).toBe(1);
    expect(await auditSummaries()).toHaveLength(audited);

    await (await m.db.collection('courses')).updateOne({ _id: course._id }, { $set: { comingSoon: true } });
    await m.curriculum.deleteLesson(admin, course._id, lesson);
    expect(await outlineTitles(course._id)).toEqual(['Only: ']);
    expect(await lessonDocument(lesson)).toBeNull();
    expect(await chunkCount(file.fileId)).toBe(0);
    await m.curriculum.deleteSection(admin, course._id, section);
    expect((await courseDocument(course._id)).curriculum).toEqual([]);
  });
});

describe('who may edit', () => {
  it('refuses every operation to a non-admin with 403 and changes nothing', async () => {
    const { courseId, one, a1, a2 } = await twoSectionCourse();
    const before = await courseDocument(courseId);
    const lessonsBefore = await (await m.db.collection('lessons')).find({}).sort({ _id: 1 }).toArray();
    const audited = (await auditSummaries()).length;
    const c = m.curriculum;

    const attempts: [string, () => Promise<unknown>][] = [
      ['addSection', () => c.addSection(user, courseId, { title: 'Hacked' })],
      ['renameSection', () => c.renameSection(user, courseId, one, { title: 'Hacked' })],
      ['moveSection', () => c.moveSection(user, courseId, one, 'down')],
      ['deleteSection', () => c.deleteSection(user, courseId, one)],
      ['addLesson', () => c.addLesson(user, courseId, { sectionId: one, title: 'Hacked', kind: 'video' })],
      ['moveLesson', () => c.moveLesson(user, courseId, a1, 'down')],
      ['deleteLesson', () => c.deleteLesson(user, courseId, a1)],
      ['updateLesson', () => c.updateLesson(user, courseId, a2, values({ title: 'Hacked', freePreview: true, markdown: '<img src=x onerror=alert(1)>' }))],
      ['markLessonNotes', () => c.markLessonNotes(user, courseId, a1, 'hacked.pdf')],
    ];
    for (const [name, attempt] of attempts) {
      expect([name, await refusal(attempt())]).toEqual([name, { status: 403, message: 'Forbidden access' }]);
    }

    expect(await courseDocument(courseId)).toEqual(before);
    expect(await (await m.db.collection('lessons')).find({}).sort({ _id: 1 }).toArray()).toEqual(lessonsBefore);
    expect(await auditSummaries()).toHaveLength(audited);
  });
});

describe('limits and unknown ids', () => {
  it(`refuses a section past ${CURRICULUM_LIMITS.sections} and a lesson past ${CURRICULUM_LIMITS.lessons} with 400`, async () => {
    const sections: CurriculumSectionDocument[] = Array.from({ length: CURRICULUM_LIMITS.sections }, (_, index) => ({ _id: new ObjectId(), title: `S${index}`, lessons: [] }));
    const full = await insertCourse({ curriculum: sections });

    expect(await refusal(m.curriculum.addSection(admin, full._id, { title: 'One too many' }))).toEqual({ status: 400, message: `A course has at most ${CURRICULUM_LIMITS.sections} sections.` });
    expect((await courseDocument(full._id)).curriculum).toHaveLength(CURRICULUM_LIMITS.sections);
    expect((await courseDocument(full._id)).curriculumVersion).toBeUndefined();

    const lessons = Array.from({ length: CURRICULUM_LIMITS.lessons }, (_, index) => ({ _id: new ObjectId(), title: `L${index}`, kind: 'video' as const, freePreview: false }));
    const sectionId = new ObjectId();
    const crowded = await insertCourse({ curriculum: [{ _id: sectionId, title: 'All', lessons }] });
    expect(await refusal(m.curriculum.addLesson(admin, crowded._id, { sectionId: sectionId.toHexString(), title: 'One too many', kind: 'article' }))).toEqual({
      status: 400,
      message: `A course has at most ${CURRICULUM_LIMITS.lessons} lessons.`,
    });
    expect((await courseDocument(crowded._id)).curriculum?.[0]?.lessons).toHaveLength(CURRICULUM_LIMITS.lessons);
    expect(await (await m.db.collection('lessons')).countDocuments({ courseId: crowded._id })).toBe(0);
  });

  it('answers 404 for an unknown course, section or lesson, and changes nothing', async () => {
    const { courseId, one, a1 } = await twoSectionCourse();
    const before = await courseDocument(courseId);
    const lessonCount = await (await m.db.collection('lessons')).countDocuments({});
    const unknownCourse = new ObjectId();
    const unknown = new ObjectId().toHexString();
    const c = m.curriculum;
    const edit = values({ title: 'x', freePreview: false });

    const attempts: [string, () => Promise<unknown>][] = [
      ['addSection to unknown course', () => c.addSection(admin, unknownCourse, { title: 'x' })],
      ['renameSection in unknown course', () => c.renameSection(admin, unknownCourse, one, { title: 'x' })],
      ['addLesson to unknown course', () => c.addLesson(admin, unknownCourse, { sectionId: one, title: 'x', kind: 'video' })],
      ['deleteLesson in unknown course', () => c.deleteLesson(admin, unknownCourse, a1)],
      ['updateLesson in unknown course', () => c.updateLesson(admin, unknownCourse, a1, edit)],
      ['renameSection unknown', () => c.renameSection(admin, courseId, unknown, { title: 'x' })],
      ['moveSection unknown', () => c.moveSection(admin, courseId, unknown, 'up')],
      ['deleteSection unknown', () => c.deleteSection(admin, courseId, unknown)],
      ['addLesson to unknown section', () => c.addLesson(admin, courseId, { sectionId: unknown, title: 'x', kind: 'video' })],
      ['moveLesson unknown', () => c.moveLesson(admin, courseId, unknown, 'down')],
      ['deleteLesson unknown', () => c.deleteLesson(admin, courseId, unknown)],
      ['updateLesson unknown', () => c.updateLesson(admin, courseId, unknown, edit)],
      ['markLessonNotes unknown', () => c.markLessonNotes(admin, courseId, unknown, 'x.pdf')],
      // A section id is not a lesson id, nor the other way round.
      ['moveLesson given a section id', () => c.moveLesson(admin, courseId, one, 'down')],
      ['renameSection given a lesson id', () => c.renameSection(admin, courseId, a1, { title: 'x' })],
    ];
    for (const [name, attempt] of attempts) {
      expect([name, (await refusal(attempt())).status]).toEqual([name, 404]);
    }

    expect(await courseDocument(courseId)).toEqual(before);
    expect(await (await m.db.collection('lessons')).countDocuments({})).toBe(lessonCount);
    expect(await (await m.db.collection('courses')).countDocuments({ _id: unknownCourse })).toBe(0);
  });
});

describe('malformed input', () => {
  /** The admin's allowance of changes (server/platform/write-limits.ts). */
  async function allowanceUsed() {
    return (await m.db.getDb()).collection('rateLimits').find({}).sort({ _id: 1 }).toArray();
  }

  it('is refused by each operation itself with 400 naming the field, before the allowance is counted, and changes nothing', async () => {
    const { courseId, one, a1, a2 } = await twoSectionCourse();
    const quiz = await m.curriculum.addLesson(admin, courseId, { sectionId: one, title: 'Check', kind: 'quiz' });
    const before = await courseDocument(courseId);
    const lessonsBefore = await (await m.db.collection('lessons')).find({}).sort({ _id: 1 }).toArray();
    const audited = await auditSummaries();
    const allowance = await allowanceUsed();
    const c = m.curriculum;
    const invalid = (fieldErrors: Record<string, unknown>) => ({ status: 400, body: { message: 'Invalid input', code: 'invalidInput', fieldErrors: expect.objectContaining(fieldErrors), fieldErrorCodes: expect.any(Object) } });

    const attempts: [string, () => Promise<unknown>, ReturnType<typeof invalid>][] = [
      ['addSection', () => c.addSection(admin, courseId, { title: '' }), invalid({ title: expect.any(Array) })],
      ['addSection given a bare title', () => c.addSection(admin, courseId, 'Basics'), invalid({ form: expect.any(Array) })],
      ['renameSection', () => c.renameSection(admin, courseId, one, { title: 'x'.repeat(1000) }), invalid({ title: expect.any(Array) })],
      ['moveSection', () => c.moveSection(admin, courseId, one, 'sideways'), invalid({ form: ['Move up or down'] })],
      ['addLesson', () => c.addLesson(admin, courseId, { sectionId: one, title: 'Lab', kind: 'podcast' }), invalid({ kind: ['Choose video, article, file or quiz'] })],
      ['moveLesson', () => c.moveLesson(admin, courseId, a1, 'left'), invalid({ form: ['Move up or down'] })],
      ['updateLesson', () => c.updateLesson(admin, courseId, a2, { title: 'Reading', freePreview: true, duration: '9999' }), invalid({ duration: ['Duration must be between 0 and 1440 minutes'] })],
      ['saveQuiz', () => c.saveQuiz(admin, courseId, quiz, { passPercent: 50 }), invalid({ questions: expect.any(Array) })],
      // Refused before the course is looked up, as the API always answered.
      ['addLesson to an unknown course', () => c.addLesson(admin, new ObjectId(), {}), invalid({ sectionId: expect.any(Array) })],
    ];
    for (const [name, attempt, answer] of attempts) {
      expect([name, await answerToRefusal(attempt())]).toEqual([name, answer]);
    }

    expect(await courseDocument(courseId)).toEqual(before);
    expect(await (await m.db.collection('lessons')).find({}).sort({ _id: 1 }).toArray()).toEqual(lessonsBefore);
    expect(await auditSummaries()).toEqual(audited);
    expect(await allowanceUsed()).toEqual(allowance);
  });
});

describe('concurrent edits', () => {
  it('10 concurrent addLesson calls on one section: each lands or answers 409, none is lost', async () => {
    const course = await insertCourse();
    const section = await m.curriculum.addSection(admin, course._id, { title: 'Busy' });
    const versionBefore = (await courseDocument(course._id)).curriculumVersion ?? 0;

    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => m.curriculum.addLesson(admin, course._id, { sectionId: section, title: `L${index}`, kind: 'video' })),
    );

    const added = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    for (const result of settled) {
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(m.http.HttpError);
        expect(result.reason).toMatchObject({ status: 409, message: expect.stringMatching(/changed by someone else/) });
      }
    }
    expect(added.length).toBeGreaterThan(0);
    const after = await courseDocument(course._id);
    expect(after.curriculum?.[0]?.lessons.map((lesson) => lesson._id.toHexString()).sort()).toEqual([...added].sort());
    expect(after.curriculumVersion).toBe(versionBefore + added.length);
    // A lesson document exists for exactly the lessons in the outline.
    const documents = await (await m.db.collection('lessons')).find({ courseId: course._id }).toArray();
    expect(documents.map((document) => document._id.toHexString()).sort()).toEqual([...added].sort());
  });

  it('5 concurrent addSection calls: each lands or answers 409, none is lost', async () => {
    const course = await insertCourse();
    const settled = await Promise.allSettled(Array.from({ length: 5 }, (_, index) => m.curriculum.addSection(admin, course._id, { title: `S${index}` })));

    const added = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    for (const result of settled) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ status: 409 });
    }
    expect(added.length).toBeGreaterThan(0);
    const after = await courseDocument(course._id);
    expect(after.curriculum?.map((section) => section._id.toHexString()).sort()).toEqual([...added].sort());
    expect(after.curriculumVersion).toBe(added.length);
    expect((await auditSummaries()).filter((line) => line.includes('added the section'))).toHaveLength(added.length);
  });

  it('20 concurrent renames of 20 different sections: every rename that answered success is in the outline', async () => {
    const sections: CurriculumSectionDocument[] = Array.from({ length: 20 }, (_, index) => ({ _id: new ObjectId(), title: `S${index}`, lessons: [] }));
    const course = await insertCourse({ curriculum: sections, comingSoon: true });

    const settled = await Promise.allSettled(sections.map((section, index) => m.curriculum.renameSection(admin, course._id, section._id.toHexString(), { title: `Renamed ${index}` })));

    for (const result of settled) if (result.status === 'rejected') expect(result.reason).toMatchObject({ status: 409 });
    const expected = settled.map((result, index) => (result.status === 'fulfilled' ? `Renamed ${index}` : `S${index}`));
    const after = await courseDocument(course._id);
    expect(after.curriculum?.map((section) => section.title)).toEqual(expected);
    expect(after.curriculumVersion ?? 0).toBe(settled.filter((result) => result.status === 'fulfilled').length);
  });

  it('a move and a rename made at the same moment both land: the loser is re-applied to the fresh outline', async () => {
    const { courseId, one, two } = await twoSectionCourse();
    const versionBefore = (await courseDocument(courseId)).curriculumVersion ?? 0;

    await Promise.all([m.curriculum.moveSection(admin, courseId, two, 'up'), m.curriculum.renameSection(admin, courseId, one, { title: 'First' })]);

    expect(await outlineTitles(courseId)).toEqual(['Two: b1, b2', 'First: a1, a2']);
    expect((await courseDocument(courseId)).curriculumVersion).toBe(versionBefore + 2);
  });
});
