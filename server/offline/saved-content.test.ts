import { ObjectId } from 'mongodb';
import { NextRequest } from 'next/server';
import { routes } from '@/lib/routes';
import { MAX_HELD_ITEMS } from '@/lib/schemas/offline';
import { insertBook, insertBookOnSale, insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { expectHttpError } from '@/tests/support/expectations';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { caller } from '@/tests/support/signed-in-caller';
import type { BookDocument, CourseDocument, CurriculumSectionDocument, LessonCaptionsDocument, LessonDocument, LessonOutlineDocument, StoredFileRef } from '../platform/documents';
import type { User } from '../accounts/users';

jest.mock('../accounts/guards', () => jest.requireActual('@/tests/support/signed-in-caller').guards);

// Saving bought courses and books on the device, against the real embedded database: what a
// course costs to save, lesson by lesson, in curriculum order (files, the article's UTF-8 bytes,
// the captions, the video's rungs at sound only, the lowest picture and 360p) and which lessons
// stay online; one lesson's words and the addresses of its parts in the reader's language; a
// book's file; and which held items are still the learner's after a refund. Only buyers (and
// admins, for courses) may save; a free preview plays online. Through the routes: 401 signed out,
// 400 for malformed ids, locales and lists, never a 5xx.
selectPrivateDatabase('kz_jest_saved_content');

type Modules = {
  saved: typeof import('./saved-content');
  markdown: typeof import('../platform/markdown');
  files: typeof import('../catalogue/book-files');
  db: typeof import('../platform/db');
  courseRoute: typeof import('@/app/api/offline/courses/[courseId]/route');
  lessonRoute: typeof import('@/app/api/offline/courses/[courseId]/lessons/[lessonId]/route');
  bookRoute: typeof import('@/app/api/offline/books/[bookId]/route');
  checkRoute: typeof import('@/app/api/offline/check/route');
  quizzes: typeof import('../learning/quizzes');
  progress: typeof import('../learning/progress');
};
let m: Modules;

beforeAll(async () => {
  m = {
    saved: await import('./saved-content'),
    markdown: await import('../platform/markdown'),
    files: await import('../catalogue/book-files'),
    db: await import('../platform/db'),
    courseRoute: await import('@/app/api/offline/courses/[courseId]/route'),
    lessonRoute: await import('@/app/api/offline/courses/[courseId]/lessons/[lessonId]/route'),
    bookRoute: await import('@/app/api/offline/books/[bookId]/route'),
    checkRoute: await import('@/app/api/offline/check/route'),
    quizzes: await import('../learning/quizzes'),
    progress: await import('../learning/progress'),
  };
});

beforeEach(async () => {
  caller.user = null;
  const db = await m.db.getDb();
  await Promise.all(
    ['orders', 'courses', 'unlistedCourses', 'lessons', 'lessonCaptions', 'books', 'unlistedBooks', 'bookFiles', 'bookFileMeta'].map((name) => db.collection(name).deleteMany({})),
  );
});

afterAll(async () => {
  await m.db.closeDb();
});

/** A signed-in account as the session describes it (the guards hand it to the routes). */
function account(role: 'user' | 'admin' = 'user', id = new ObjectId().toHexString()): User {
  return {
    id,
    email: `${role}-${id}@example.com`,
    name: role,
    mobileNumber: null,
    role,
    image: null,
    hasPassword: true,
    googleLinked: false,
    emailVerified: true,
    sessionVersion: 0,
    endedSessions: [],
    education: null,
    location: null,
    phone: null,
    locale: 'en',
  };
}

/** A paying buyer of `item` (a paid order) as the session describes them. */
async function buyerOf(item: { _id: ObjectId; priceCents: number }, itemKind: 'course' | 'book'): Promise<User> {
  const buyer = makeBuyer('Saver');
  await insertOrder(buyer, item, { itemKind, paid: true });
  return account('user', buyer.id);
}

/** An order refunded the way server/commerce/refunds.ts marks it: no longer paid, stamped refunded. */
async function refund(buyer: Pick<User, 'id'>, item: { _id: ObjectId }): Promise<void> {
  const refunded = await (await m.db.collection('orders')).updateOne({ userId: new ObjectId(buyer.id), itemId: item._id, paid: true }, { $set: { paid: false, refundedAt: new Date() } });
  expect(refunded.modifiedCount).toBe(1);
}

function fileRef(name: string, contentType: string, length: number): StoredFileRef {
  return { fileId: new ObjectId(), name, contentType, length, chunkSize: 255 * 1024 };
}

function outline(title: string, kind: LessonOutlineDocument['kind'], overrides: Partial<LessonOutlineDocument> = {}): LessonOutlineDocument {
  return { _id: new ObjectId(), title, kind, freePreview: false, ...overrides };
}

const LADDER = [
  { name: '240p', width: 426, height: 240, bytes: 2_000_000 },
  { name: '360p', width: 640, height: 360, bytes: 3_500_000 },
  { name: '540p', width: 960, height: 540, bytes: 6_000_000 },
  { name: '720p', width: 1280, height: 720, bytes: 9_000_000 },
  { name: 'audio', bytes: 500_000 },
];
const SAVED_LADDER = [
  { name: '240p', bytes: 2_000_000 },
  { name: '360p', bytes: 3_500_000 },
  { name: 'audio', bytes: 500_000 },
];

const CAPTIONS_AT = { en: new Date('2026-03-01T10:00:00Z'), bn: new Date('2026-03-02T11:00:00Z') };
const EN_CUES = [
  { start: 0, end: 2, text: 'Motion is change of place.' },
  { start: 2, end: 4, text: 'Speed is how fast.' },
  { start: 4, end: 6, text: 'Velocity has a direction.' },
];
const BN_CUES = [
  { start: 0, end: 3, text: 'গতি হলো স্থান পরিবর্তন।' },
  { start: 3, end: 6, text: 'বেগের দিক আছে।' },
];

/**
 * A course of two sections, in this order:
 *  Basics: an article (with Bengali words, translated into Bengali), a file lesson (file + notes),
 *    a transcoded video (free preview, notes, captions in English and Bengali), an article only in English;
 *  Practice: a quiz, a YouTube video, an uploaded video not yet transcoded (with a text transcript),
 *    and a lesson with no content saved.
 */
async function offlineCourse(overrides: Partial<CourseDocument> = {}) {
  const lessons = {
    reading: outline('Reading', 'article', { durationSeconds: 300, translations: { bn: { title: 'পড়া' } } }),
    worksheet: outline('Worksheet', 'file'),
    motion: outline('Motion', 'video', { durationSeconds: 600, freePreview: true, translations: { bn: { title: 'গতি' } } }),
    untranslated: outline('Untranslated', 'article', { durationSeconds: 120 }),
    check: outline('Check', 'quiz'),
    talk: outline('Guest talk', 'video', { durationSeconds: 900 }),
    forces: outline('Forces', 'video'),
    soon: outline('Soon', 'article'),
  };
  const curriculum: CurriculumSectionDocument[] = [
    { _id: new ObjectId(), title: 'Basics', translations: { bn: { title: 'মৌলিক' } }, lessons: [lessons.reading, lessons.worksheet, lessons.motion, lessons.untranslated] },
    { _id: new ObjectId(), title: 'Practice', lessons: [lessons.check, lessons.talk, lessons.forces, lessons.soon] },
  ];
  const course = await insertCourse({ title: 'Motion and Forces', translations: { bn: { title: 'গতি ও বল' } }, curriculum, ...overrides });
  const courseId = course._id;

  const readingArticle = m.markdown.renderedArticle('# Speed\n\nSpeed (গতি) is distance over time.');
  const readingArticleBn = m.markdown.renderedArticle('# গতি\n\nগতি হলো সময়ের সাথে দূরত্ব।');
  const untranslatedArticle = m.markdown.renderedArticle('Only in *English*.');
  const stream = { _id: new ObjectId(), sourceFileId: new ObjectId(), durationSeconds: 598, rungs: LADDER, createdAt: new Date() };
  const files = {
    worksheet: fileRef('worksheet.pdf', 'application/pdf', 12_345),
    worksheetNotes: fileRef('answers.pdf', 'application/pdf', 678),
    motionNotes: fileRef('motion-notes.pdf', 'application/pdf', 1_000),
  };
  const quiz = {
    passPercent: 50,
    shuffleQuestions: false,
    shuffleOptions: false,
    questions: [{ id: 'q1', kind: 'trueFalse' as const, prompt: 'Speed has a direction.', options: [{ id: 'true', text: 'True', correct: false }, { id: 'false', text: 'False', correct: true }] }],
  };
  const documents: LessonDocument[] = [
    { _id: lessons.reading._id, courseId, kind: 'article', article: readingArticle, translations: { bn: { article: readingArticleBn } }, updatedAt: new Date() },
    { _id: lessons.worksheet._id, courseId, kind: 'file', file: files.worksheet, notes: files.worksheetNotes, updatedAt: new Date() },
    {
      _id: lessons.motion._id,
      courseId,
      kind: 'video',
      video: fileRef('motion.mp4', 'video/mp4', 80_000_000),
      stream,
      notes: files.motionNotes,
      captions: { en: { name: 'motion.en.vtt', cueCount: EN_CUES.length, updatedAt: CAPTIONS_AT.en }, bn: { name: 'motion.bn.vtt', cueCount: BN_CUES.length, updatedAt: CAPTIONS_AT.bn } },
      transcript: 'A typed transcript the captions take the place of.',
      updatedAt: new Date(),
    },
    { _id: lessons.untranslated._id, courseId, kind: 'article', article: untranslatedArticle, updatedAt: new Date() },
    { _id: lessons.check._id, courseId, kind: 'quiz', quiz, updatedAt: new Date() },
    { _id: lessons.talk._id, courseId, kind: 'video', youtubeUrl: 'https://www.youtube.com/watch?v=abcdefghijk', updatedAt: new Date() },
    { _id: lessons.forces._id, courseId, kind: 'video', video: fileRef('forces.mp4', 'video/mp4', 50_000_000), transcript: 'Forces change motion.', updatedAt: new Date() },
  ];
  await (await m.db.collection('lessons')).insertMany(documents);
  const captions: LessonCaptionsDocument[] = [
    { _id: `${lessons.motion._id.toHexString()}:en`, lessonId: lessons.motion._id, courseId, locale: 'en', cues: EN_CUES, updatedAt: CAPTIONS_AT.en },
    { _id: `${lessons.motion._id.toHexString()}:bn`, lessonId: lessons.motion._id, courseId, locale: 'bn', cues: BN_CUES, updatedAt: CAPTIONS_AT.bn },
  ];
  await (await m.db.collection('lessonCaptions')).insertMany(captions);

  const ids = Object.fromEntries(Object.entries(lessons).map(([key, lesson]) => [key, lesson._id.toHexString()])) as Record<keyof typeof lessons, string>;
  return { course, courseId: courseId.toHexString(), curriculum, ids, stream, files, articles: { reading: readingArticle, readingBn: readingArticleBn, untranslated: untranslatedArticle } };
}

function get(path: string): NextRequest {
  return new NextRequest(`http://127.0.0.1:3000${path}`, { headers: { host: '127.0.0.1:3000' } });
}

function post(path: string, body: string): NextRequest {
  return new NextRequest(`http://127.0.0.1:3000${path}`, { method: 'POST', headers: { host: '127.0.0.1:3000', 'content-type': 'application/json' }, body });
}

function courseAnswer(courseId: string, query = ''): Promise<Response> {
  return m.courseRoute.GET(get(`/api/offline/courses/${courseId}${query}`), { params: Promise.resolve({ courseId }) });
}

function lessonAnswer(courseId: string, lessonId: string, query = ''): Promise<Response> {
  return m.lessonRoute.GET(get(`/api/offline/courses/${courseId}/lessons/${lessonId}${query}`), { params: Promise.resolve({ courseId, lessonId }) });
}

function bookAnswer(bookId: string): Promise<Response> {
  return m.bookRoute.GET(get(`/api/offline/books/${bookId}`), { params: Promise.resolve({ bookId }) });
}

function checkAnswer(body: unknown): Promise<Response> {
  return m.checkRoute.POST(post('/api/offline/check', typeof body === 'string' ? body : JSON.stringify(body)), undefined);
}

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Whether an answer is kept out of shared caches and not stored at all. */
function privateNoStore(answer: Response): boolean {
  const directives = (answer.headers.get('cache-control') ?? '').split(',').map((directive) => directive.trim());
  return directives.includes('private') && directives.includes('no-store');
}

describe('savableRungs', () => {
  it('keeps sound only, the lowest picture and 360p, in the ladder’s order, with only name and size', () => {
    expect(m.saved.savableRungs(LADDER)).toEqual(SAVED_LADDER);
    // A ladder whose only picture is below 360p keeps it and the sound.
    expect(m.saved.savableRungs([{ name: '180p', bytes: 900 }, { name: 'audio', bytes: 100 }])).toEqual([
      { name: '180p', bytes: 900 },
      { name: 'audio', bytes: 100 },
    ]);
    // A ladder starting at 360p keeps it once, and no higher picture.
    expect(m.saved.savableRungs([{ name: '360p', bytes: 30 }, { name: '720p', bytes: 70 }, { name: 'audio', bytes: 5 }])).toEqual([
      { name: '360p', bytes: 30 },
      { name: 'audio', bytes: 5 },
    ]);
    // The lowest picture is the first picture rung, wherever the sound is listed.
    expect(m.saved.savableRungs([{ name: 'audio', bytes: 5 }, { name: '240p', bytes: 20 }, { name: '540p', bytes: 50 }])).toEqual([
      { name: 'audio', bytes: 5 },
      { name: '240p', bytes: 20 },
    ]);
    expect(m.saved.savableRungs([{ name: 'audio', bytes: 5 }])).toEqual([{ name: 'audio', bytes: 5 }]);
    expect(m.saved.savableRungs([])).toEqual([]);
  });
});

describe('savableCourse', () => {
  it('lists a buyer’s lessons in curriculum order with what saving each costs, and which stay online', async () => {
    const { course, courseId, curriculum, ids, files, articles } = await offlineCourse();
    const buyer = await buyerOf(course, 'course');
    // Bengali words take more bytes than characters: the size counts bytes.
    expect(utf8Bytes(articles.reading.html)).toBeGreaterThan(articles.reading.html.length);

    const saved = await m.saved.savableCourse(buyer, courseId, 'en');
    expect(saved).toEqual({
      id: courseId,
      title: 'Motion and Forces',
      sections: [
        {
          id: curriculum[0]!._id.toHexString(),
          title: 'Basics',
          lessons: [
            { id: ids.reading, title: 'Reading', kind: 'article', durationSeconds: 300, bytes: utf8Bytes(articles.reading.html), rungs: [] },
            { id: ids.worksheet, title: 'Worksheet', kind: 'file', bytes: files.worksheet.length + files.worksheetNotes.length, rungs: [] },
            // Notes, and about 80 bytes per caption in each language; the uploaded video itself is not saved.
            { id: ids.motion, title: 'Motion', kind: 'video', durationSeconds: 600, bytes: files.motionNotes.length + (EN_CUES.length + BN_CUES.length) * 80, rungs: SAVED_LADDER },
            { id: ids.untranslated, title: 'Untranslated', kind: 'article', durationSeconds: 120, bytes: utf8Bytes(articles.untranslated.html), rungs: [] },
          ],
        },
        {
          id: curriculum[1]!._id.toHexString(),
          title: 'Practice',
          lessons: [
            { id: ids.check, title: 'Check', kind: 'quiz', bytes: 0, rungs: [], onlineOnly: 'quiz' },
            { id: ids.talk, title: 'Guest talk', kind: 'video', durationSeconds: 900, bytes: 0, rungs: [], onlineOnly: 'youtube' },
            { id: ids.forces, title: 'Forces', kind: 'video', bytes: 0, rungs: [], onlineOnly: 'not-ready' },
            { id: ids.soon, title: 'Soon', kind: 'article', bytes: 0, rungs: [], onlineOnly: 'empty' },
          ],
        },
      ],
    });
  });

  it('gives the titles in Bengali where translated, in English otherwise', async () => {
    const { course, courseId, ids } = await offlineCourse();
    const buyer = await buyerOf(course, 'course');
    const saved = await m.saved.savableCourse(buyer, courseId, 'bn');
    expect(saved.title).toBe('গতি ও বল');
    expect(saved.sections.map((section) => section.title)).toEqual(['মৌলিক', 'Practice']);
    expect(saved.sections.flatMap((section) => section.lessons.map((lesson) => [lesson.id, lesson.title]))).toEqual([
      [ids.reading, 'পড়া'],
      [ids.worksheet, 'Worksheet'],
      [ids.motion, 'গতি'],
      [ids.untranslated, 'Untranslated'],
      [ids.check, 'Check'],
      [ids.talk, 'Guest talk'],
      [ids.forces, 'Forces'],
      [ids.soon, 'Soon'],
    ]);
  });

  it('refuses a non-buyer (403), an unpaid or refunded order (403), an unknown course (404) and a malformed id (400); an admin may save any course', async () => {
    const { course, courseId } = await offlineCourse();
    const buyer = await buyerOf(course, 'course');
    const unpaid = makeBuyer('Unpaid');
    await insertOrder(unpaid, course, { itemKind: 'course', paid: false });

    await expectHttpError(m.saved.savableCourse(account(), courseId, 'en'), 403);
    await expectHttpError(m.saved.savableCourse(account('user', unpaid.id), courseId, 'en'), 403);
    await expectHttpError(m.saved.savableCourse(buyer, new ObjectId().toHexString(), 'en'), 404);
    await expectHttpError(m.saved.savableCourse(buyer, 'not-an-id', 'en'), 400);

    const asAdmin = await m.saved.savableCourse(account('admin'), courseId, 'en');
    expect(asAdmin).toEqual(await m.saved.savableCourse(buyer, courseId, 'en'));

    await refund(buyer, course);
    await expectHttpError(m.saved.savableCourse(buyer, courseId, 'en'), 403);
  });

  it('keeps a course deleted after a sale for its buyers, and to anyone else it does not exist (404), like a draft', async () => {
    const { course, courseId } = await offlineCourse();
    const buyer = await buyerOf(course, 'course');
    await (await m.db.collection('courses')).deleteOne({ _id: course._id });
    await (await m.db.collection('unlistedCourses')).insertOne({ ...course, unlistedAt: new Date() });

    expect((await m.saved.savableCourse(buyer, courseId, 'en')).sections).toHaveLength(2);
    await expectHttpError(m.saved.savableCourse(account(), courseId, 'en'), 404);

    const draft = await insertCourse({ draft: true, curriculum: [{ _id: new ObjectId(), title: 'Soon', lessons: [outline('One', 'article')] }] });
    await expectHttpError(m.saved.savableCourse(account(), draft._id.toHexString(), 'en'), 404);
    expect((await m.saved.savableCourse(account('admin'), draft._id.toHexString(), 'en')).sections[0]?.lessons).toHaveLength(1);
  });
});

describe('GET /api/offline/courses/{courseId}', () => {
  it('answers a buyer what savableCourse gives, privately; the locale defaults to English', async () => {
    const { course, courseId } = await offlineCourse();
    const buyer = await buyerOf(course, 'course');
    caller.user = buyer;

    const english = await courseAnswer(courseId);
    expect(english.status).toBe(200);
    expect(privateNoStore(english)).toBe(true);
    expect(await english.json()).toEqual(JSON.parse(JSON.stringify(await m.saved.savableCourse(buyer, courseId, 'en'))));
    const bengali = await courseAnswer(courseId, '?locale=bn');
    expect(await bengali.json()).toMatchObject({ title: 'গতি ও বল' });
  });

  it('answers 401 signed out, 403 to a non-buyer, 404 unknown, 400 for a malformed id or locale; never a 5xx', async () => {
    const { course, courseId } = await offlineCourse();
    const buyer = await buyerOf(course, 'course');

    expect((await courseAnswer(courseId)).status).toBe(401);
    caller.user = account();
    expect((await courseAnswer(courseId)).status).toBe(403);

    caller.user = buyer;
    const cases: [string, string, number][] = [
      [new ObjectId().toHexString(), '', 404],
      ['not-an-id', '', 400],
      [`${courseId}00`, '', 400],
      [courseId, '?locale=fr', 400],
      [courseId, '?locale=', 400],
      [courseId, '?locale=bn&locale=en', 200],
      [courseId, '?other=1', 400],
    ];
    const answered = await Promise.all(cases.map(async ([id, query]) => (await courseAnswer(id, query)).status));
    expect(answered).toEqual(cases.map(([, , status]) => status));
    const refusal = await courseAnswer(courseId, '?locale=fr');
    expect(await refusal.json()).toMatchObject({ fieldErrorCodes: { locale: expect.anything() } });
  });
});

describe('savableLesson', () => {
  it('gives an article’s HTML in the asked language, with `lang` where it falls back to English', async () => {
    const { course, courseId, ids, articles } = await offlineCourse();
    const buyer = await buyerOf(course, 'course');

    expect(await m.saved.savableLesson(buyer, courseId, ids.reading, 'en')).toEqual({
      courseId,
      courseTitle: 'Motion and Forces',
      id: ids.reading,
      title: 'Reading',
      kind: 'article',
      durationSeconds: 300,
      article: { html: articles.reading.html },
      files: [],
      captions: [],
    });
    expect(await m.saved.savableLesson(buyer, courseId, ids.reading, 'bn')).toEqual({
      courseId,
      courseTitle: 'গতি ও বল',
      id: ids.reading,
      title: 'পড়া',
      kind: 'article',
      durationSeconds: 300,
      article: { html: articles.readingBn.html },
      files: [],
      captions: [],
    });
    const fallback = await m.saved.savableLesson(buyer, courseId, ids.untranslated, 'bn');
    expect(fallback.article).toEqual({ html: articles.untranslated.html, lang: 'en' });
    expect(fallback.title).toBe('Untranslated');
    expect((await m.saved.savableLesson(buyer, courseId, ids.untranslated, 'en')).article).toEqual({ html: articles.untranslated.html });
  });

  it('gives a video’s stream address, saved rungs, captions, transcript and notes', async () => {
    const { course, courseId, ids, stream, files } = await offlineCourse();
    const buyer = await buyerOf(course, 'course');
    const captions = [
      { locale: 'en', url: routes.lessonCaptions(courseId, ids.motion, 'en', 'vtt', String(CAPTIONS_AT.en.getTime())) },
      { locale: 'bn', url: routes.lessonCaptions(courseId, ids.motion, 'bn', 'vtt', String(CAPTIONS_AT.bn.getTime())) },
    ];
    const notes = { part: 'notes', name: files.motionNotes.name, contentType: 'application/pdf', bytes: files.motionNotes.length, url: routes.lessonMedia(courseId, ids.motion, 'notes') };
    const video = { stream: routes.lessonStream(courseId, ids.motion), durationSeconds: stream.durationSeconds, rungs: SAVED_LADDER, positionSeconds: 0 };

    expect(await m.saved.savableLesson(buyer, courseId, ids.motion, 'bn')).toEqual({
      courseId,
      courseTitle: 'গতি ও বল',
      id: ids.motion,
      title: 'গতি',
      kind: 'video',
      durationSeconds: 600,
      // The captions' words in the reader's language take the place of the typed transcript.
      transcript: { content: { kind: 'cues', cues: BN_CUES.map(({ start, text }) => ({ start, text })) } },
      files: [notes],
      captions,
      video,
    });
    const english = await m.saved.savableLesson(buyer, courseId, ids.motion, 'en');
    expect(english.transcript).toEqual({ content: { kind: 'cues', cues: EN_CUES.map(({ start, text }) => ({ start, text })) } });
    expect(english.video).toEqual(video);
    expect(english.captions).toEqual(captions);

    // Saved after watching a while, the video resumes there offline.
    await m.progress.saveLessonProgress(buyer, { courseId, lessonId: ids.motion, positionSeconds: 123.5 });
    expect((await m.saved.savableLesson(buyer, courseId, ids.motion, 'en')).video).toEqual({ ...video, positionSeconds: 123.5 });
  });

  it('gives a file lesson’s file and notes, and says why the others stay online', async () => {
    const { course, courseId, ids, files } = await offlineCourse();
    const buyer = await buyerOf(course, 'course');

    const worksheet = await m.saved.savableLesson(buyer, courseId, ids.worksheet, 'en');
    expect(worksheet.files).toEqual([
      { part: 'file', name: 'worksheet.pdf', contentType: 'application/pdf', bytes: files.worksheet.length, url: routes.lessonMedia(courseId, ids.worksheet, 'file') },
      { part: 'notes', name: 'answers.pdf', contentType: 'application/pdf', bytes: files.worksheetNotes.length, url: routes.lessonMedia(courseId, ids.worksheet, 'notes') },
    ]);
    expect(worksheet).not.toHaveProperty('onlineOnly');
    expect(worksheet).not.toHaveProperty('video');
    expect(worksheet).not.toHaveProperty('article');

    expect(await m.saved.savableLesson(buyer, courseId, ids.check, 'en')).toEqual({ courseId, courseTitle: 'Motion and Forces', id: ids.check, title: 'Check', kind: 'quiz', files: [], captions: [], onlineOnly: 'quiz' });
    const talk = await m.saved.savableLesson(buyer, courseId, ids.talk, 'en');
    expect(talk).toMatchObject({ kind: 'video', onlineOnly: 'youtube', files: [], captions: [] });
    expect(talk).not.toHaveProperty('video');
    // Not transcoded yet: nothing to stream, but its typed transcript (in English) can be kept.
    const forces = await m.saved.savableLesson(buyer, courseId, ids.forces, 'bn');
    expect(forces).toMatchObject({ kind: 'video', onlineOnly: 'not-ready', files: [], captions: [], transcript: { content: { kind: 'text', text: 'Forces change motion.' }, lang: 'en' } });
    expect(forces).not.toHaveProperty('video');
    expect(await m.saved.savableLesson(buyer, courseId, ids.soon, 'en')).toEqual({ courseId, courseTitle: 'Motion and Forces', id: ids.soon, title: 'Soon', kind: 'article', files: [], captions: [], onlineOnly: 'empty' });
  });

  it('saves a quiz with the attempt started online: its questions without answers; once it is submitted, the quiz needs the connection again', async () => {
    const { course, courseId, ids } = await offlineCourse();
    const buyer = await buyerOf(course, 'course');
    const checkIn = async () => (await m.saved.savableCourse(buyer, courseId, 'en')).sections[1]!.lessons[0]!;

    const attempt = await m.quizzes.startQuizAttempt(buyer, courseId, ids.check, 'en');
    const listed = await checkIn();
    expect(listed).not.toHaveProperty('onlineOnly');
    expect(listed.bytes).toBeGreaterThan(0);
    const saved = await m.saved.savableLesson(buyer, courseId, ids.check, 'en');
    expect(saved).not.toHaveProperty('onlineOnly');
    expect(saved.quiz).toMatchObject({ attemptsStarted: 1, passed: false, latest: null, history: [], open: { id: attempt.id, number: 1, questions: [{ id: 'q1', prompt: 'Speed has a direction.' }] } });
    // Nothing on the device tells which answer is right.
    expect(JSON.stringify(saved.quiz)).not.toContain('correct');
    // Someone else's attempt makes nothing of theirs savable.
    expect(await m.saved.savableLesson(await buyerOf(course, 'course'), courseId, ids.check, 'en')).toMatchObject({ onlineOnly: 'quiz' });

    await m.quizzes.submitQuizAttempt(buyer, attempt.id, new Map([['q1', ['false']]]), 'en');
    expect(await checkIn()).toMatchObject({ onlineOnly: 'quiz', bytes: 0 });
    const submitted = await m.saved.savableLesson(buyer, courseId, ids.check, 'en');
    expect(submitted).toMatchObject({ onlineOnly: 'quiz' });
    expect(submitted).not.toHaveProperty('quiz');
  });

  it('refuses a non-buyer even a free preview (403); 404 for an unknown lesson or one of another course; an admin may save', async () => {
    const { course, courseId, ids } = await offlineCourse();
    const buyer = await buyerOf(course, 'course');
    const other = await offlineCourse();

    await expectHttpError(m.saved.savableLesson(account(), courseId, ids.motion, 'en'), 403);
    await expectHttpError(m.saved.savableLesson(account(), courseId, ids.reading, 'en'), 403);
    await expectHttpError(m.saved.savableLesson(buyer, courseId, new ObjectId().toHexString(), 'en'), 404);
    await expectHttpError(m.saved.savableLesson(buyer, courseId, other.ids.reading, 'en'), 404);
    await expectHttpError(m.saved.savableLesson(buyer, new ObjectId().toHexString(), ids.reading, 'en'), 404);
    await expectHttpError(m.saved.savableLesson(buyer, courseId, 'not-an-id', 'en'), 400);
    await expectHttpError(m.saved.savableLesson(buyer, 'not-an-id', ids.reading, 'en'), 400);
    expect(await m.saved.savableLesson(account('admin'), courseId, ids.motion, 'en')).toEqual(await m.saved.savableLesson(buyer, courseId, ids.motion, 'en'));
  });
});

describe('GET /api/offline/courses/{courseId}/lessons/{lessonId}', () => {
  it('answers a buyer the lesson as savableLesson gives it, and refuses the rest without a 5xx', async () => {
    const { course, courseId, ids } = await offlineCourse();
    const buyer = await buyerOf(course, 'course');

    expect((await lessonAnswer(courseId, ids.motion)).status).toBe(401);
    caller.user = account();
    expect((await lessonAnswer(courseId, ids.motion)).status).toBe(403);

    caller.user = buyer;
    const answer = await lessonAnswer(courseId, ids.motion, '?locale=bn');
    expect(answer.status).toBe(200);
    expect(privateNoStore(answer)).toBe(true);
    expect(await answer.json()).toEqual(JSON.parse(JSON.stringify(await m.saved.savableLesson(buyer, courseId, ids.motion, 'bn'))));

    const cases: [string, string, string, number][] = [
      [courseId, ids.reading, '', 200],
      [courseId, new ObjectId().toHexString(), '', 404],
      [courseId, 'not-an-id', '', 400],
      ['not-an-id', ids.reading, '', 400],
      [courseId, ids.reading, '?locale=de', 400],
    ];
    const answered = await Promise.all(cases.map(async ([course_, lesson, query]) => (await lessonAnswer(course_, lesson, query)).status));
    expect(answered).toEqual(cases.map(([, , , status]) => status));
  });
});

describe('savableBook', () => {
  async function boughtBook(overrides: Partial<BookDocument> = {}) {
    const book = await insertBookOnSale(overrides);
    const buyer = await buyerOf(book, 'book');
    const file = await m.files.findBookFile(book._id);
    if (!file) throw new Error('the book was stored without its file');
    return { book, bookId: book._id.toHexString(), buyer, file };
  }

  it('gives a buyer the file’s format, size and address: mp3 for audio, pdf otherwise', async () => {
    const audio = await boughtBook({ formate: 'MP3', bookName: 'Heard Stories' });
    expect(await m.saved.savableBook(audio.buyer, audio.bookId)).toEqual({
      id: audio.bookId,
      title: 'Heard Stories',
      format: 'mp3',
      contentType: 'audio/mpeg',
      bytes: audio.file.length,
      url: routes.bookFile(audio.bookId),
    });
    const pdf = await boughtBook({ formate: 'PDF', bookName: 'Read Stories' });
    expect(await m.saved.savableBook(pdf.buyer, pdf.bookId)).toEqual({
      id: pdf.bookId,
      title: 'Read Stories',
      format: 'pdf',
      contentType: 'application/pdf',
      bytes: pdf.file.length,
      url: routes.bookFile(pdf.bookId),
    });
    expect(audio.file.length).toBeGreaterThan(0);
  });

  it('refuses a non-buyer and a refunded buyer (403), an unknown book (404), a book without a file (404) and a malformed id (400)', async () => {
    const { book, bookId, buyer } = await boughtBook();
    await expectHttpError(m.saved.savableBook(account(), bookId), 403);
    await expectHttpError(m.saved.savableBook(buyer, new ObjectId().toHexString()), 404);
    await expectHttpError(m.saved.savableBook(buyer, 'not-an-id'), 400);

    const fileless = await insertBook();
    const early = await buyerOf(fileless, 'book');
    await expectHttpError(m.saved.savableBook(early, fileless._id.toHexString()), 404);

    await refund(buyer, book);
    await expectHttpError(m.saved.savableBook(buyer, bookId), 403);
  });

  it('answers through GET /api/offline/books/{bookId}: 401 signed out, the book to its buyer, 403, 404 and 400 otherwise', async () => {
    const { bookId, buyer } = await boughtBook();
    expect((await bookAnswer(bookId)).status).toBe(401);
    caller.user = account();
    expect((await bookAnswer(bookId)).status).toBe(403);
    caller.user = buyer;
    const answer = await bookAnswer(bookId);
    expect(answer.status).toBe(200);
    expect(privateNoStore(answer)).toBe(true);
    expect(await answer.json()).toEqual(await m.saved.savableBook(buyer, bookId));
    expect((await bookAnswer(new ObjectId().toHexString())).status).toBe(404);
    expect((await bookAnswer('not-an-id')).status).toBe(400);
  });
});

describe('stillEntitled and POST /api/offline/check', () => {
  /** A learner who bought one course and one book; another course and book they did not buy. */
  async function holdings() {
    const bought = await insertCourse({ title: 'Bought' });
    const notBought = await insertCourse({ title: 'Not bought' });
    const book = await insertBook({ bookName: 'Bought book' });
    const otherBook = await insertBook({ bookName: 'Not bought book' });
    const learner = makeBuyer('Holder');
    await insertOrder(learner, bought, { itemKind: 'course', paid: true });
    await insertOrder(learner, book, { itemKind: 'book', paid: true });
    const ids = { bought: bought._id.toHexString(), notBought: notBought._id.toHexString(), book: book._id.toHexString(), otherBook: otherBook._id.toHexString() };
    return { user: account('user', learner.id), bought, book, ids };
  }

  it('answers exactly the held items still owned, each once; after a refund the item is left out', async () => {
    const { user, bought, book, ids } = await holdings();
    const unknown = new ObjectId().toHexString();
    const held = { courses: [ids.notBought, ids.bought, unknown, ids.bought], books: [ids.book, ids.otherBook, ids.book, unknown] };

    expect(await m.saved.stillEntitled(user, held)).toEqual({ courses: [ids.bought], books: [ids.book] });
    expect(await m.saved.stillEntitled(user, { courses: [], books: [] })).toEqual({ courses: [], books: [] });
    expect(await m.saved.stillEntitled(account(), held)).toEqual({ courses: [], books: [] });

    await refund(user, bought);
    expect(await m.saved.stillEntitled(user, held)).toEqual({ courses: [], books: [ids.book] });
    await refund(user, book);
    expect(await m.saved.stillEntitled(user, held)).toEqual({ courses: [], books: [] });
  });

  it('leaves out a course deleted outright, keeps one unlisted after the sale, and lets an admin keep every existing course', async () => {
    const { user, bought, ids } = await holdings();
    const gone = await insertCourse({ title: 'Gone' });
    await insertOrder({ id: user.id, name: user.name, email: user.email ?? '' }, gone, { itemKind: 'course', paid: true });
    const goneId = gone._id.toHexString();
    expect((await m.saved.stillEntitled(user, { courses: [ids.bought, goneId], books: [] })).courses).toEqual([ids.bought, goneId]);

    await (await m.db.collection('courses')).deleteMany({ _id: { $in: [bought._id, gone._id] } });
    await (await m.db.collection('unlistedCourses')).insertOne({ ...bought, unlistedAt: new Date() });
    expect((await m.saved.stillEntitled(user, { courses: [ids.bought, goneId], books: [] })).courses).toEqual([ids.bought]);

    const unknown = new ObjectId().toHexString();
    expect(await m.saved.stillEntitled(account('admin'), { courses: [ids.notBought, unknown, ids.bought, goneId], books: [] })).toEqual({ courses: [ids.notBought, ids.bought], books: [] });
  });

  it('answers through the route: 401 signed out, the owned ids, the refund taken into account, and 400 for malformed ids, unknown fields or over-long lists', async () => {
    const { user, bought, ids } = await holdings();
    const held = { courses: [ids.bought, ids.notBought, ids.bought], books: [ids.book, ids.otherBook] };

    expect((await checkAnswer(held)).status).toBe(401);
    caller.user = user;
    const answer = await checkAnswer(held);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    expect(await answer.json()).toEqual({ courses: [ids.bought], books: [ids.book] });
    // Either list may be left out.
    expect(await (await checkAnswer({ books: [ids.book] })).json()).toEqual({ courses: [], books: [ids.book] });
    expect(await (await checkAnswer({})).json()).toEqual({ courses: [], books: [] });

    await refund(user, bought);
    expect(await (await checkAnswer(held)).json()).toEqual({ courses: [], books: [ids.book] });

    const full = Array.from({ length: MAX_HELD_ITEMS }, () => new ObjectId().toHexString());
    const refused: unknown[] = [
      { courses: [ids.bought, 'not-an-id'], books: [] },
      { courses: [], books: [`${ids.book}0`] },
      { courses: [...full, ids.bought], books: [] },
      { courses: [], books: [...full, ids.book] },
      { courses: [ids.bought], books: [], shelves: [] },
      { courses: ids.bought },
      '{"courses": [',
    ];
    for (const body of refused) expect([JSON.stringify(body), (await checkAnswer(body)).status]).toEqual([JSON.stringify(body), 400]);
    // Exactly the most a device may hold is answered.
    const most = await checkAnswer({ courses: [...full.slice(1), ids.notBought], books: full });
    expect(most.status).toBe(200);
    expect(await most.json()).toEqual({ courses: [], books: [] });
  });
});
