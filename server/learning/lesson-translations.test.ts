import { ObjectId } from 'mongodb';
import { NextRequest } from 'next/server';
import { curriculumIn } from '@/lib/curriculum';
import { learnerQuestion } from '@/lib/quiz';
import type { Quiz } from '@/lib/quiz';
import { lessonUpdateSchema, sectionTitleSchema } from '@/lib/schemas/curriculum';
import type { LessonUpdateInput } from '@/lib/schemas/curriculum';
import { quizSchema } from '@/lib/schemas/quiz';
import type { QuizInput } from '@/lib/schemas/quiz';
import { insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { caller } from '@/tests/support/signed-in-caller';
import type { Actor } from '../accounts/permissions';
import type { User } from '../accounts/users';
import { englishText } from '@/server/platform/english-text';

// Bengali (and any other translated language's) text for lessons and quizzes, against the real
// embedded database: the editors' schemas name the language in their messages; saving stores the
// texts keyed by locale (a translated article rendered safely like the default one), a language sent
// empty is removed and one left out is kept; learners of the language read each text translated
// where written and in the default language otherwise, field by field; grading ignores the
// language; and the legacy answers (the curriculum API, a quiz attempt asked for without a
// language) stay exactly as they were.
selectPrivateDatabase('kz_jest_lesson_translations');

jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));
jest.mock('../accounts/guards', () => jest.requireActual('@/tests/support/signed-in-caller').guards);

type Modules = {
  curriculum: typeof import('../catalogue/admin/curriculum');
  learning: typeof import('./learning');
  quizzes: typeof import('./quizzes');
  courses: typeof import('../catalogue/courses');
  db: typeof import('../platform/db');
  curriculumRoute: typeof import('@/app/api/curriculum/[courseId]/route');
  startRoute: typeof import('@/app/api/quiz-attempts/route');
  submitRoute: typeof import('@/app/api/quiz-attempts/[attemptId]/submit/route');
};
let m: Modules;
let admin: Actor;

beforeAll(async () => {
  m = {
    curriculum: await import('../catalogue/admin/curriculum'),
    learning: await import('./learning'),
    quizzes: await import('./quizzes'),
    courses: await import('../catalogue/courses'),
    db: await import('../platform/db'),
    curriculumRoute: await import('@/app/api/curriculum/[courseId]/route'),
    startRoute: await import('@/app/api/quiz-attempts/route'),
    submitRoute: await import('@/app/api/quiz-attempts/[attemptId]/submit/route'),
  };
});

beforeEach(async () => {
  // A fresh admin per test, so the per-admin write allowance never runs out.
  admin = { id: new ObjectId().toHexString(), email: 'admin@example.com', role: 'admin' };
  caller.user = null;
  const db = await m.db.getDb();
  await Promise.all(['courses', 'lessons', 'orders', 'users', 'courseProgress', 'quizAttempts', 'quizSubmissions', 'quizStats', 'auditLog', 'rateLimits'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  await m.db.closeDb();
});

const lessonValues = (input: LessonUpdateInput) => lessonUpdateSchema.parse(input);
/** A lesson's form values as sent: updateLesson parses them itself. */
const lessonInput = (input: LessonUpdateInput) => input;

/** A course with one section of an article, a video and a quiz lesson. */
async function course() {
  const document = await insertCourse({ title: 'Motion' });
  const courseId = document._id;
  const section = await m.curriculum.addSection(admin, courseId, { title: 'Basics' });
  const add = (title: string, kind: 'article' | 'video' | 'quiz') => m.curriculum.addLesson(admin, courseId, { sectionId: section, title, kind });
  return { document, courseId, section, article: await add('Speed', 'article'), video: await add('Watch', 'video'), quiz: await add('Check', 'quiz') };
}

async function lessonDocument(id: string) {
  return (await m.db.collection('lessons')).findOne({ _id: new ObjectId(id) });
}

async function account(role: 'user' | 'admin' = 'user'): Promise<User> {
  const buyer = makeBuyer('Learner');
  await (await m.db.collection('users')).insertOne({ _id: new ObjectId(buyer.id), email: buyer.email!, name: buyer.name, role, sessionVersion: 0, createdAt: new Date() });
  return { ...buyer, mobileNumber: null, role, image: null, hasPassword: true, googleLinked: false, emailVerified: true, sessionVersion: 0, endedSessions: [], education: null, location: null, phone: null, locale: 'en' };
}

function post(url: string, body: unknown): NextRequest {
  return new NextRequest(url, { method: 'POST', headers: { host: '127.0.0.1:3000', 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('the editors’ schemas', () => {
  it('refuse over-long or non-text translations with a message naming the language', () => {
    const lesson = lessonUpdateSchema.safeParse({ title: 'Speed', freePreview: false, translations: { bn: { title: 'x'.repeat(201), markdown: 42 } } });
    expect(lesson.success ? [] : lesson.error.issues.map((issue) => [issue.path.join('.'), englishText(issue.message)])).toEqual([
      ['translations.bn.title', 'Bengali title must be at most 200 characters'],
      ['translations.bn.markdown', 'Bengali article text must be text'],
    ]);
    const section = sectionTitleSchema.safeParse({ title: 'Basics', translations: { bn: 'মৌলিক' } });
    expect(section.success ? null : section.error.issues[0]?.message).toBe('bengaliSectionTitleMustBeTexts');
    expect(sectionTitleSchema.safeParse({ title: 'Basics', translations: { fr: { title: 'Bases' } } }).success).toBe(false);

    const quiz: QuizInput = {
      passPercent: 50,
      shuffleQuestions: false,
      shuffleOptions: false,
      questions: [
        {
          id: 'q1',
          kind: 'single',
          prompt: 'Which is a vector?',
          options: [
            { id: 'a', text: 'Velocity', correct: true, translations: { bn: { text: 'ব'.repeat(501) } } },
            { id: 'b', text: 'Speed', correct: false },
          ],
          translations: { bn: { explanation: 'ব'.repeat(2001) } },
        },
      ],
    };
    const parsed = quizSchema.safeParse(quiz);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => englishText(issue.message))).toEqual([
      'Bengali option text must be at most 500 characters',
      'Bengali explanation must be at most 2000 characters',
    ]);
  });

  it('leave blank texts out, so a language sent empty clears it', () => {
    expect(lessonValues({ title: 'Speed', freePreview: false, translations: { bn: { title: '  ', markdown: '' } } }).translations).toEqual({ bn: {} });
    expect(lessonValues({ title: 'Speed', freePreview: false }).translations).toBeUndefined();
  });
});

describe('saving translated lessons', () => {
  it('stores titles in the outline and the article (rendered safely) and transcript with the content, keyed by locale', async () => {
    const { courseId, section, article, video } = await course();
    const markdown = '## গতি\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))';

    await m.curriculum.renameSection(admin, courseId, section, { title: 'Basics', translations: { bn: { title: 'মৌলিক' } } });
    await m.curriculum.updateLesson(admin, courseId, article, lessonInput({ title: 'Speed', freePreview: false, markdown: 'Speed is distance over time.', translations: { bn: { title: 'দ্রুতি', markdown } } }));
    await m.curriculum.updateLesson(admin, courseId, video, lessonInput({ title: 'Watch', freePreview: false, transcript: 'Hello.', translations: { bn: { title: 'দেখুন', transcript: 'নমস্কার।', markdown: '# not for videos' } } }));

    const stored = await lessonDocument(article);
    expect(stored?.translations?.bn?.article?.markdown).toBe(markdown);
    expect(stored?.translations?.bn?.article?.html).toContain('<h2>গতি</h2>');
    expect(stored?.translations?.bn?.article?.html).not.toMatch(/<script|href="javascript:/i);
    expect((await lessonDocument(video))?.translations).toEqual({ bn: { transcript: 'নমস্কার।' } });

    const outline = (await m.courses.getCourse(courseId.toHexString()))?.curriculum ?? [];
    expect(outline[0]?.translations).toEqual({ bn: { title: 'মৌলিক' } });
    expect(outline[0]?.lessons.map((lesson) => lesson.translations)).toEqual([{ bn: { title: 'দ্রুতি' } }, { bn: { title: 'দেখুন' } }, undefined]);
    // The editor gets the Markdown and the transcript back, never the HTML.
    const contents = await m.curriculum.listLessonContents(courseId);
    expect(contents.find((content) => content.id === article)?.translations).toEqual({ bn: { markdown } });
    expect(contents.find((content) => content.id === video)?.translations).toEqual({ bn: { transcript: 'নমস্কার।' } });
  });

  it('removes a language sent empty and keeps one left out', async () => {
    const { courseId, article } = await course();
    await m.curriculum.updateLesson(admin, courseId, article, lessonInput({ title: 'Speed', freePreview: false, markdown: 'Text', translations: { bn: { title: 'দ্রুতি', markdown: 'লেখা' } } }));

    // Left out (the legacy API's body, an older client): what is stored stays.
    await m.curriculum.updateLesson(admin, courseId, article, lessonInput({ title: 'Speed!', freePreview: true, markdown: 'Text 2' }));
    expect((await lessonDocument(article))?.translations?.bn?.article?.markdown).toBe('লেখা');
    expect((await m.learning.findLearningCourse(courseId.toHexString()))?.curriculum[0]?.lessons[0]?.translations).toEqual({ bn: { title: 'দ্রুতি' } });

    // Sent with blank texts: the language is removed.
    await m.curriculum.updateLesson(admin, courseId, article, lessonInput({ title: 'Speed!', freePreview: true, markdown: 'Text 2', translations: { bn: { title: '', markdown: ' ' } } }));
    expect((await lessonDocument(article))?.translations?.bn).toBeUndefined();
    const outline = await (await m.db.collection('courses')).findOne({ _id: courseId });
    expect(outline?.curriculum?.[0]?.lessons[0]).not.toHaveProperty('translations');
  });
});

describe('what learners of a language read', () => {
  it('shows each title, article and transcript translated where written, else in English, marking the language of each text', async () => {
    const { courseId, article, video } = await course();
    await m.curriculum.updateLesson(admin, courseId, article, lessonInput({ title: 'Speed', freePreview: false, markdown: 'English text', translations: { bn: { title: 'দ্রুতি', markdown: 'বাংলা লেখা' } } }));
    await m.curriculum.updateLesson(admin, courseId, video, lessonInput({ title: 'Watch', freePreview: false, transcript: 'Hello.', translations: { bn: { title: '', transcript: '' } } }));

    const outline = (await m.learning.findLearningCourse(courseId.toHexString()))?.curriculum ?? [];
    expect(curriculumIn(outline, 'bn')[0]?.lessons.map((lesson) => lesson.title)).toEqual(['দ্রুতি', 'Watch', 'Check']);
    expect(curriculumIn(outline, 'en')[0]?.lessons.map((lesson) => lesson.title)).toEqual(['Speed', 'Watch', 'Check']);
    expect(JSON.stringify(curriculumIn(outline, 'bn'))).not.toContain('translations');

    const articleContent = await m.learning.findLessonContent(courseId.toHexString(), article);
    const videoContent = await m.learning.findLessonContent(courseId.toHexString(), video);
    // Learners never receive the Markdown.
    expect(JSON.stringify(articleContent)).not.toContain('বাংলা লেখা\n');
    expect(articleContent?.translations?.bn?.article).toEqual({ html: '<p>বাংলা লেখা</p>\n', renderer: expect.any(Number) });
    expect(m.learning.lessonTextIn(articleContent!, 'bn').article).toEqual({ text: '<p>বাংলা লেখা</p>\n', locale: 'bn' });
    expect(m.learning.lessonTextIn(articleContent!, 'en').article).toEqual({ text: '<p>English text</p>\n', locale: 'en' });
    expect(m.learning.lessonTextIn(videoContent!, 'bn').transcript).toEqual({ text: 'Hello.', locale: 'en' });
  });

  it('renders a translated article stored by an older renderer again when it is next read', async () => {
    const { courseId, article } = await course();
    await (await m.db.collection('lessons')).updateOne(
      { _id: new ObjectId(article) },
      { $set: { article: { markdown: 'Hi', html: '<p>Hi</p>\n' }, translations: { bn: { article: { markdown: '![x](/media/../api/user)', html: '<img src="/media/../api/user">' } } } } },
    );
    const content = await m.learning.findLessonContent(courseId.toHexString(), article);
    expect(content?.translations?.bn?.article?.html).not.toContain('<img');
    expect((await lessonDocument(article))?.translations?.bn?.article?.renderer).toBeGreaterThan(1);
  });

  it('asks quiz questions in the language, field by field, grades them the same, and explains in the language', async () => {
    const quiz: Quiz = {
      passPercent: 50,
      shuffleQuestions: false,
      shuffleOptions: false,
      showAnswers: 'afterEachAttempt',
      questions: [
        {
          id: 'q1',
          kind: 'single',
          prompt: 'Which is a vector?',
          explanation: 'Velocity has a direction.',
          imageUrl: '/demo/courses/physics.webp',
          imageAlt: 'An arrow',
          options: [
            { id: 'a', text: 'Velocity', correct: true, translations: { bn: { text: 'বেগ' } } },
            { id: 'b', text: 'Speed', correct: false },
          ],
          translations: { bn: { prompt: 'কোনটি ভেক্টর?', explanation: 'বেগের দিক আছে।' } },
        },
        { id: 'q2', kind: 'trueFalse', prompt: 'Time is a scalar.', explanation: 'It has no direction.', options: [{ id: 'true', text: 'True', correct: true }, { id: 'false', text: 'False', correct: false }] },
      ],
    };
    const { document, courseId, quiz: quizId } = await course();
    await m.curriculum.saveQuiz(admin, courseId, quizId, quiz);
    const learner = await account();
    await insertOrder(learner, document, { itemKind: 'course', paid: true });
    caller.user = learner;

    const started = await m.startRoute.POST(post('http://127.0.0.1:3000/api/quiz-attempts', { courseId: courseId.toHexString(), lessonId: quizId, locale: 'bn' }), { params: Promise.resolve({}) });
    const attempt = await started.json();
    expect(attempt.questions).toEqual([
      { id: 'q1', kind: 'single', prompt: 'কোনটি ভেক্টর?', imageUrl: '/demo/courses/physics.webp', imageAlt: 'An arrow', options: [{ id: 'a', text: 'বেগ' }, { id: 'b', text: 'Speed' }] },
      { id: 'q2', kind: 'trueFalse', prompt: 'Time is a scalar.', options: [{ id: 'true', text: 'True' }, { id: 'false', text: 'False' }] },
    ]);

    const submit = (locale?: string) =>
      m.submitRoute.POST(post(`http://127.0.0.1:3000/api/quiz-attempts/${attempt.id}/submit`, { answers: [{ questionId: 'q1', options: ['a'] }, { questionId: 'q2', options: ['true'] }], ...(locale ? { locale } : {}) }), {
        params: Promise.resolve({ attemptId: attempt.id }),
      });
    const graded = await (await submit('bn')).json();
    expect(graded).toMatchObject({ scorePercent: 100, passed: true });
    expect(graded.results.map((result: { explanation?: string }) => result.explanation)).toEqual(['বেগের দিক আছে।', 'It has no direction.']);

    // Asked again without a language, the same grade answers in English, as it always did.
    const english = await (await submit()).json();
    expect(english.results.map((result: { explanation?: string }) => result.explanation)).toEqual(['Velocity has a direction.', 'It has no direction.']);
    expect(english.questions[0]).toEqual({ id: 'q1', kind: 'single', prompt: 'Which is a vector?', imageUrl: '/demo/courses/physics.webp', imageAlt: 'An arrow', options: [{ id: 'a', text: 'Velocity' }, { id: 'b', text: 'Speed' }] });
    expect(JSON.stringify(english)).not.toContain('translations');

    // The admins' statistics in the language, and the stored grade keeps the default texts.
    const statistics = await m.curriculum.quizStatistics(admin, courseId, quizId, 'bn');
    expect(statistics.questions[0]).toMatchObject({ prompt: 'কোনটি ভেক্টর?', options: [{ id: 'a', text: 'বেগ', correct: true, chosen: 1 }, { id: 'b', text: 'Speed', correct: false, chosen: 0 }] });
    expect(JSON.stringify(await m.curriculum.quizStatistics(admin, courseId, quizId))).not.toMatch(/translations|বেগ/);
  });

  it('keeps a quiz’s stored translations for questions and options saved without them', async () => {
    const { courseId, quiz: quizId } = await course();
    const question = (translations?: object, optionTranslations?: object) => ({
      id: 'q1',
      kind: 'single' as const,
      prompt: 'Which is a vector?',
      options: [
        { id: 'a', text: 'Velocity', correct: true, ...(optionTranslations ? { translations: optionTranslations } : {}) },
        { id: 'b', text: 'Speed', correct: false },
      ],
      ...(translations ? { translations } : {}),
    });
    const save = (questions: QuizInput['questions']) => m.curriculum.saveQuiz(admin, courseId, quizId, { passPercent: 50, shuffleQuestions: false, shuffleOptions: false, questions });

    await save([question({ bn: { prompt: 'কোনটি ভেক্টর?' } }, { bn: { text: 'বেগ' } })]);
    await save([question()]);
    const kept = (await lessonDocument(quizId))?.quiz?.questions[0];
    expect(learnerQuestion(kept!, undefined, 'bn')).toMatchObject({ prompt: 'কোনটি ভেক্টর?', options: [{ id: 'a', text: 'বেগ' }, { id: 'b', text: 'Speed' }] });

    await save([question({ bn: { prompt: '' } }, { bn: { text: '' } })]);
    const cleared = (await lessonDocument(quizId))?.quiz?.questions[0];
    expect(cleared).not.toHaveProperty('translations');
    expect(cleared?.options[0]).not.toHaveProperty('translations');
  });
});

describe('the legacy curriculum answer', () => {
  it('stays in English with no translations', async () => {
    const { courseId, section, article } = await course();
    await m.curriculum.renameSection(admin, courseId, section, { title: 'Basics', translations: { bn: { title: 'মৌলিক' } } });
    await m.curriculum.updateLesson(admin, courseId, article, lessonInput({ title: 'Speed', freePreview: true, markdown: 'Text', translations: { bn: { title: 'দ্রুতি', markdown: 'লেখা' } } }));

    const answer = await m.curriculumRoute.GET(new NextRequest(`http://127.0.0.1:3000/api/curriculum/${courseId.toHexString()}`), { params: Promise.resolve({ courseId: courseId.toHexString() }) });
    const body = await answer.json();
    expect(JSON.stringify(body)).not.toMatch(/translations|দ্রুতি|মৌলিক/);
    expect(body.sections[0]).toEqual({
      id: section,
      title: 'Basics',
      lessons: [
        { id: article, title: 'Speed', kind: 'article', freePreview: true, hasTranscript: false, hasNotes: false },
        expect.objectContaining({ title: 'Watch', kind: 'video' }),
        expect.objectContaining({ title: 'Check', kind: 'quiz' }),
      ],
    });
  });
});
