import { ObjectId } from 'mongodb';
import type { QuestionResult, Quiz } from '@/lib/quiz';
import { insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { expectHttpError, fakeDateAt } from '@/tests/support/expectations';
import type { CourseDocument, CurriculumSectionDocument, LessonOutlineDocument } from '../platform/documents';

// Quizzes against the real embedded database: learners never receive the answers before they
// submit, the server grades (late on its own clock), an attempt is started and counted once
// however many requests race, attempts run out, and passing completes the lesson.
selectPrivateDatabase('kz_jest_quizzes');

type Modules = {
  quizzes: typeof import('./quizzes');
  progress: typeof import('./progress');
  curriculum: typeof import('../catalogue/admin/curriculum');
  db: typeof import('../platform/db');
  http: typeof import('../platform/http');
};
let m: Modules;

beforeAll(async () => {
  m = {
    quizzes: await import('./quizzes'),
    progress: await import('./progress'),
    curriculum: await import('../catalogue/admin/curriculum'),
    db: await import('../platform/db'),
    http: await import('../platform/http'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(
    ['orders', 'courses', 'lessons', 'courseProgress', 'quizAttempts', 'quizSubmissions', 'quizStats', 'certificates', 'users', 'auditLog', 'rateLimits'].map((name) => db.collection(name).deleteMany({})),
  );
});

afterEach(() => {
  jest.useRealTimers();
});

afterAll(async () => {
  await m.db.closeDb();
});

const EXPLANATION = 'Acceleration due to gravity is about 9.8 m/s² near the Earth.';

/** One question of each type; the secrets (right answers, explanation) are easy to look for. */
const QUIZ: Quiz = {
  passPercent: 75,
  shuffleQuestions: false,
  shuffleOptions: false,
  questions: [
    { id: 'q1', kind: 'single', prompt: 'Which is a vector?', options: [{ id: 'o1', text: 'Mass', correct: false }, { id: 'o2', text: 'Velocity', correct: true }, { id: 'o3', text: 'Time', correct: false }] },
    { id: 'q2', kind: 'multiple', prompt: 'Which are SI base units?', options: [{ id: 'm1', text: 'metre', correct: true }, { id: 'm2', text: 'newton', correct: false }, { id: 'm3', text: 'second', correct: true }] },
    { id: 'q3', kind: 'trueFalse', prompt: 'Light is faster than sound.', options: [{ id: 'true', text: 'True', correct: true }, { id: 'false', text: 'False', correct: false }] },
    { id: 'q4', kind: 'numeric', prompt: 'g in m/s²?', explanation: EXPLANATION, options: [], numeric: { value: 9.81, tolerance: 0.05 } },
  ],
};

/** Answers as the submit route passes them on (lib/schemas/quiz.ts answersByQuestion). */
const answers = (byQuestion: Record<string, string[] | number>) => new Map(Object.entries(byQuestion));
const ALL_RIGHT = answers({ q1: ['o2'], q2: ['m1', 'm3'], q3: ['true'], q4: 9.8 });
const HALF_RIGHT = answers({ q1: ['o1'], q2: ['m1', 'm3'], q3: ['true'], q4: 7 });

function outline(title: string, kind: LessonOutlineDocument['kind'], overrides: Partial<LessonOutlineDocument> = {}): LessonOutlineDocument {
  return { _id: new ObjectId(), title, kind, freePreview: false, ...overrides };
}

/** A course of a reading and a quiz, with the quiz's content stored. */
async function quizCourse(quiz: Quiz = QUIZ): Promise<{ course: CourseDocument; courseId: string; quizId: string; readingId: string }> {
  const reading = outline('Reading', 'article');
  const test = outline('Check yourself', 'quiz');
  const curriculum: CurriculumSectionDocument[] = [{ _id: new ObjectId(), title: 'Only', lessons: [reading, test] }];
  const course = await insertCourse({ curriculum });
  await (await m.db.collection('lessons')).insertOne({ _id: test._id, courseId: course._id, kind: 'quiz', quiz, updatedAt: new Date() });
  return { course, courseId: course._id.toHexString(), quizId: test._id.toHexString(), readingId: reading._id.toHexString() };
}

async function buyerOf(course: CourseDocument) {
  const buyer = makeBuyer('Taker');
  await insertOrder(buyer, course, { itemKind: 'course', paid: true });
  return { id: buyer.id, role: 'user' as const };
}


/** Every string in `value` that gives an answer away. */
function secretsIn(value: unknown): string[] {
  const text = JSON.stringify(value);
  return ['"correct"', '9.81', 'tolerance', EXPLANATION, 'numeric":{'].filter((secret) => text.includes(secret));
}

/** What a graded result gives away beyond which questions were right (its `correct` flags say only that). */
function answersIn(results: QuestionResult[]): string[] {
  return secretsIn(results.map(({ correct: _rightOrWrong, ...rest }) => rest)).concat(results.some((result) => result.correctOptionIds) ? ['correctOptionIds'] : []);
}

describe('starting an attempt', () => {
  it('sends the questions without any answer, explanation or correct flag', async () => {
    const { course, courseId, quizId } = await quizCourse();
    const learner = await buyerOf(course);
    const attempt = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
    expect(attempt.questions.map((question) => question.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(attempt.questions[0]?.options).toEqual([{ id: 'o1', text: 'Mass' }, { id: 'o2', text: 'Velocity' }, { id: 'o3', text: 'Time' }]);
    expect(secretsIn(attempt)).toEqual([]);
    const state = await m.quizzes.readQuizState(learner, quizId, QUIZ, await m.progress.readCourseProgress(learner, courseId));
    expect(state.open?.id).toBe(attempt.id);
    expect(secretsIn(state)).toEqual([]);
  });

  it('resumes the open attempt instead of starting another, even when 20 starts race', async () => {
    const { course, courseId, quizId } = await quizCourse();
    const learner = await buyerOf(course);
    const started = await Promise.all(Array.from({ length: 20 }, () => m.quizzes.startQuizAttempt(learner, courseId, quizId)));
    expect(new Set(started.map((attempt) => attempt.id)).size).toBe(1);
    expect(await (await m.db.collection('quizAttempts')).countDocuments({})).toBe(1);
    const again = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
    expect(again.id).toBe(started[0]?.id);
  });

  it('shuffles questions and options per attempt when asked, keeping True before False', async () => {
    const many: Quiz = {
      ...QUIZ,
      shuffleQuestions: true,
      shuffleOptions: true,
      questions: Array.from({ length: 12 }, (_, index) => ({
        id: `s${index}`,
        kind: 'single' as const,
        prompt: `Question ${index}`,
        options: Array.from({ length: 6 }, (_, option) => ({ id: `s${index}o${option}`, text: `Option ${option}`, correct: option === 0 })),
      })).concat([{ id: 'tf', kind: 'trueFalse', prompt: 'True?', options: [{ id: 'true', text: 'True', correct: true }, { id: 'false', text: 'False', correct: false }] }] as never),
    };
    const { course, courseId, quizId } = await quizCourse(many);
    const learner = await buyerOf(course);
    const first = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
    await m.quizzes.submitQuizAttempt(learner, first.id, answers({}));
    const second = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
    const order = (attempt: typeof first) => attempt.questions.map((question) => question.id).join();
    const options = (attempt: typeof first) => attempt.questions.map((question) => question.options.map((option) => option.id).join()).join('|');
    expect(order(first)).not.toBe(order(second));
    expect(options(first)).not.toBe(options(second));
    for (const attempt of [first, second]) {
      expect(attempt.questions.find((question) => question.id === 'tf')?.options.map((option) => option.id)).toEqual(['true', 'false']);
    }
  });

  it('refuses signed-out visitors (401), non-buyers (403), other lessons and unknown quizzes (404)', async () => {
    const { courseId, quizId, readingId } = await quizCourse();
    const stranger = { id: new ObjectId().toHexString(), role: 'user' as const };
    await expectHttpError(m.quizzes.startQuizAttempt(null, courseId, quizId), 401);
    await expectHttpError(m.quizzes.startQuizAttempt(stranger, courseId, quizId), 403);
    const admin = { id: new ObjectId().toHexString(), role: 'admin' as const };
    await expectHttpError(m.quizzes.startQuizAttempt(admin, courseId, readingId), 404);
    await expectHttpError(m.quizzes.startQuizAttempt(admin, courseId, new ObjectId().toHexString()), 404);
    expect(await (await m.db.collection('quizAttempts')).countDocuments({})).toBe(0);
  });

  it('stops at the allowed number of attempts', async () => {
    const { course, courseId, quizId } = await quizCourse({ ...QUIZ, maxAttempts: 2 });
    const learner = await buyerOf(course);
    for (let round = 0; round < 2; round += 1) {
      const attempt = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
      await m.quizzes.submitQuizAttempt(learner, attempt.id, HALF_RIGHT);
    }
    await expectHttpError(m.quizzes.startQuizAttempt(learner, courseId, quizId), 409);
    const state = await m.quizzes.readQuizState(learner, quizId, { ...QUIZ, maxAttempts: 2 }, await m.progress.readCourseProgress(learner, courseId));
    expect(state.attemptsLeft).toBe(0);
    expect(state.history.map((record) => record.number)).toEqual([2, 1]);
  });
});

describe('submitting an attempt', () => {
  it('grades a failed attempt saying which questions were wrong but not what is right, then a passing one shows them and completes the lesson', async () => {
    const { course, courseId, quizId } = await quizCourse();
    const learner = await buyerOf(course);

    const first = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
    const failed = await m.quizzes.submitQuizAttempt(learner, first.id, HALF_RIGHT);
    expect(failed).toMatchObject({ number: 1, passed: false, late: false, correctCount: 2, questionCount: 4, scorePercent: 50, passPercent: 75, answersShown: false, showAnswers: 'afterPassOrLastAttempt' });
    expect(failed.results.map((result) => result.correct)).toEqual([false, true, true, false]);
    expect(failed.results[3]).toEqual({ questionId: 'q4', correct: false, given: 7 });
    expect(answersIn(failed.results)).toEqual([]);
    expect((await m.progress.readCourseProgress(learner, courseId)).completed.has(quizId)).toBe(false);

    const second = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
    expect(second.number).toBe(2);
    const passed = await m.quizzes.submitQuizAttempt(learner, second.id, ALL_RIGHT);
    expect(passed).toMatchObject({ passed: true, scorePercent: 100, answersShown: true });
    expect(passed.results[0]?.correctOptionIds).toEqual(['o2']);
    expect(passed.results[3]).toMatchObject({ given: 9.8, numeric: { value: 9.81, tolerance: 0.05 }, explanation: EXPLANATION });
    expect((await m.progress.readCourseProgress(learner, courseId)).completed.has(quizId)).toBe(true);

    const state = await m.quizzes.readQuizState(learner, quizId, QUIZ, await m.progress.readCourseProgress(learner, courseId));
    expect(state).toMatchObject({ passed: true, attemptsStarted: 2, open: null });
    // The reading was never completed, so the course (and its certificate) is not done yet.
    expect((await m.progress.readCourseProgress(learner, courseId)).certificateId).toBeNull();
    expect(state.latest).toMatchObject({ number: 2, answersShown: true });
    // Once passed, an earlier failed attempt may show its answers too.
    expect((await m.quizzes.submitQuizAttempt(learner, first.id, ALL_RIGHT)).results[0]?.correctOptionIds).toEqual(['o2']);
  });

  it('never hands out the answers while attempts remain: replaying any graded attempt reveals nothing to pass the next one with', async () => {
    const { course, courseId, quizId } = await quizCourse({ ...QUIZ, maxAttempts: 3, timeLimitMinutes: 1 });
    const learner = await buyerOf(course);
    fakeDateAt('2026-05-01T09:00:00Z');
    const first = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
    // An empty and a late submission alike.
    const graded = [await m.quizzes.submitQuizAttempt(learner, first.id, answers({}))];
    const second = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
    jest.setSystemTime(new Date('2026-05-01T09:05:00Z'));
    graded.push(await m.quizzes.submitQuizAttempt(learner, second.id, ALL_RIGHT));
    expect(graded[1]).toMatchObject({ late: true, passed: false });
    // The last attempt is open: asking again for the graded ones must not give its answers away.
    const last = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
    graded.push(await m.quizzes.submitQuizAttempt(learner, first.id, ALL_RIGHT), await m.quizzes.submitQuizAttempt(learner, second.id, ALL_RIGHT));
    for (const result of graded) expect({ shown: result.answersShown, secrets: answersIn(result.results) }).toEqual({ shown: false, secrets: [] });
    const during = await m.quizzes.readQuizState(learner, quizId, { ...QUIZ, maxAttempts: 3 }, await m.progress.readCourseProgress(learner, courseId));
    expect(during.latest).toBeNull();

    // Every attempt used and graded: now the learner may learn from them.
    const final = await m.quizzes.submitQuizAttempt(learner, last.id, HALF_RIGHT);
    expect(final).toMatchObject({ passed: false, answersShown: true });
    expect(final.results[0]?.correctOptionIds).toEqual(['o2']);
  });

  it('shows the answers after every attempt, or never, when the quiz says so', async () => {
    for (const showAnswers of ['afterEachAttempt', 'never'] as const) {
      const { course, courseId, quizId } = await quizCourse({ ...QUIZ, maxAttempts: 1, showAnswers });
      const learner = await buyerOf(course);
      const attempt = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
      const result = await m.quizzes.submitQuizAttempt(learner, attempt.id, ALL_RIGHT);
      expect({ showAnswers, shown: result.answersShown, secrets: answersIn(result.results).length > 0 }).toEqual({ showAnswers, shown: showAnswers !== 'never', secrets: showAnswers !== 'never' });
    }
  });

  it('counts one grade when 20 submissions of one attempt race, with different answers', async () => {
    const { course, courseId, quizId } = await quizCourse();
    const learner = await buyerOf(course);
    const attempt = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => m.quizzes.submitQuizAttempt(learner, attempt.id, index % 2 ? ALL_RIGHT : HALF_RIGHT)));
    // Every caller gets the one grade that was stored.
    expect(new Set(results.map((result) => result.scorePercent)).size).toBe(1);
    expect(await (await m.db.collection('quizSubmissions')).countDocuments({})).toBe(1);
    const stats = await (await m.db.collection('quizStats')).findOne({ _id: new ObjectId(quizId) });
    expect(stats?.submissions).toBe(1);
    expect(stats?.questions.q2).toEqual({ answered: 1, correct: 1, options: { m1: 1, m3: 1 } });
  });

  it('counts every answer when ten learners submit at the same moment', async () => {
    const { course, courseId, quizId } = await quizCourse();
    const learners = await Promise.all(Array.from({ length: 10 }, () => buyerOf(course)));
    const attempts = await Promise.all(learners.map((learner) => m.quizzes.startQuizAttempt(learner, courseId, quizId)));
    await Promise.all(learners.map((learner, index) => m.quizzes.submitQuizAttempt(learner, attempts[index]?.id ?? '', HALF_RIGHT)));
    const statistics = await m.curriculum.quizStatistics({ id: new ObjectId().toHexString(), email: 'admin@example.com', role: 'admin' }, course._id, quizId);
    expect(statistics.submissions).toBe(10);
    expect(statistics.questions.map((question) => [question.answered, question.correct])).toEqual([[10, 0], [10, 10], [10, 10], [10, 0]]);
  });

  it('counts a submission after the time limit as late on the server clock: graded, never passed', async () => {
    const timed = { ...QUIZ, timeLimitMinutes: 10 };
    const { course, courseId, quizId } = await quizCourse(timed);
    const learner = await buyerOf(course);
    fakeDateAt('2026-05-01T09:00:00Z');
    const attempt = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
    expect(attempt.deadlineAt).toBe('2026-05-01T09:10:00.000Z');
    jest.setSystemTime(new Date('2026-05-01T09:10:30Z'));
    const late = await m.quizzes.submitQuizAttempt(learner, attempt.id, ALL_RIGHT);
    expect(late).toMatchObject({ late: true, passed: false, scorePercent: 100 });
    expect((await m.progress.readCourseProgress(learner, courseId)).completed.has(quizId)).toBe(false);
  });

  it("refuses another learner's attempt and answers its quiz does not have", async () => {
    const { course, courseId, quizId } = await quizCourse();
    const learner = await buyerOf(course);
    const other = await buyerOf(course);
    const attempt = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
    await expectHttpError(m.quizzes.submitQuizAttempt(other, attempt.id, ALL_RIGHT), 404);
    await expectHttpError(m.quizzes.submitQuizAttempt(learner, `${learner.id}:${quizId}:9`, ALL_RIGHT), 404);
    await expectHttpError(m.quizzes.submitQuizAttempt(learner, attempt.id, answers({ q1: ['nope'] })), 400);
    await expectHttpError(m.quizzes.submitQuizAttempt(learner, attempt.id, answers({ q4: ['o1'] })), 400);
    await expectHttpError(m.quizzes.submitQuizAttempt(learner, attempt.id, answers({ q1: 3 })), 400);
    expect(await (await m.db.collection('quizSubmissions')).countDocuments({})).toBe(0);
  });

  it('cannot be skipped by marking the quiz lesson complete through the progress API', async () => {
    const { course, courseId, quizId } = await quizCourse();
    const learner = await buyerOf(course);
    await expectHttpError(m.progress.saveLessonProgress(learner, { courseId, lessonId: quizId, completed: true }), 409);
    expect((await m.progress.readCourseProgress(learner, courseId)).completed.size).toBe(0);
  });
});

it('passing the last lesson of a course earns its certificate', async () => {
  const { course, courseId, quizId, readingId } = await quizCourse();
  const learner = await buyerOf(course);
  // A certificate carries the account's name, so this learner has an account.
  await (await m.db.collection('users')).insertOne({ _id: new ObjectId(learner.id), email: `taker-${learner.id}@example.com`, name: 'Taker', role: 'user', sessionVersion: 0, createdAt: new Date() });
  await m.progress.saveLessonProgress(learner, { courseId, lessonId: readingId, completed: true });
  expect((await m.progress.readCourseProgress(learner, courseId)).certificateId).toBeNull();
  const attempt = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
  await m.quizzes.submitQuizAttempt(learner, attempt.id, ALL_RIGHT);
  const certificateId = (await m.progress.readCourseProgress(learner, courseId)).certificateId;
  expect(certificateId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(await (await m.db.collection('certificates')).countDocuments({ courseId: course._id })).toBe(1);
});

describe('the quiz editor', () => {
  const admin = { id: new ObjectId().toHexString(), role: 'admin' as const, name: 'Admin', email: 'admin@example.com' };

  it("saves an admin's quiz, refuses anyone else, and reports how each option was chosen", async () => {
    const { course, courseId, quizId } = await quizCourse();
    const user = { ...admin, role: 'user' as const };
    const values = { ...QUIZ, showAnswers: 'never' as const, questions: QUIZ.questions.map((question) => ({ ...question, imageUrl: undefined, imageAlt: undefined, explanation: question.explanation })) };
    await expectHttpError(m.curriculum.saveQuiz(user, course._id, quizId, { ...values, passPercent: 50 }), 403);
    await m.curriculum.saveQuiz(admin, course._id, quizId, { ...values, passPercent: 50 });
    const stored = await (await m.db.collection('lessons')).findOne({ _id: new ObjectId(quizId) });
    expect(stored?.quiz).toMatchObject({ passPercent: 50, showAnswers: 'never' });

    const learner = await buyerOf(course);
    const attempt = await m.quizzes.startQuizAttempt(learner, courseId, quizId);
    await m.quizzes.submitQuizAttempt(learner, attempt.id, HALF_RIGHT);
    const statistics = await m.curriculum.quizStatistics(admin, course._id, quizId);
    expect(statistics.submissions).toBe(1);
    expect(statistics.questions[0]).toMatchObject({ id: 'q1', answered: 1, correct: 0 });
    expect(statistics.questions[0]?.options.map((option) => option.chosen)).toEqual([1, 0, 0]);
    await expectHttpError(m.curriculum.quizStatistics(user, course._id, quizId), 403);
  });
});
