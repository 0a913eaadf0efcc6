import { ObjectId } from 'mongodb';
import { NextRequest } from 'next/server';
import type { ZodType } from 'zod';
import { fieldErrorsByPath, fieldErrorsOf } from '@/lib/result';
import { blogSchema } from '@/lib/schemas/blog';
import { bookAddSchema, bookUpdateSchema, legacyBookCreateBody, legacyBookUpdateBody } from '@/lib/schemas/book';
import { courseAddSchema, courseUpdateSchema, legacyCourseCreateBody, legacyCourseUpdateBody } from '@/lib/schemas/course';
import { lessonAddSchema, lessonUpdateSchema, sectionTitleSchema } from '@/lib/schemas/curriculum';
import { instructorSchema } from '@/lib/schemas/instructor';
import { quizSchema } from '@/lib/schemas/quiz';
import { validBookForm, validCourseForm, validInstructor, validLegacyCourse } from '@/tests/support/admin-forms';
import { insertCourse } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { caller } from '@/tests/support/signed-in-caller';
import type { User } from '../../accounts/users';
import { englishFieldErrors } from '@/server/platform/english-text';

// The catalogue's admin operations parse what they are given (server/catalogue/admin/admin-input.ts);
// their doors no longer do. Malformed input reaching each door gets the answer that door has always
// given, worked out here from the schema the way the door used to: the forms' field errors (by
// field, by whole path for the curriculum editor, the first problem in words for a quiz), and the
// API's 400 `{message: "Invalid input", fieldErrors}`. Nothing is stored.

selectPrivateDatabase('kz_jest_catalogue_admin_doors');
process.env.SITE_URL = 'https://kz.example';

jest.mock('../../accounts/guards', () => jest.requireActual('@/tests/support/signed-in-caller').guards);
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Record<string, Handler>;

type Modules = {
  blogs: typeof import('@/server/actions/blogs');
  books: typeof import('@/server/actions/books');
  courses: typeof import('@/server/actions/courses');
  instructors: typeof import('@/server/actions/instructors');
  curriculum: typeof import('@/server/actions/curriculum');
  domain: typeof import('./curriculum');
  users: typeof import('../../accounts/users');
  db: typeof import('../../platform/db');
};
let m: Modules;

const load = async (path: string) => (await import(`@/app/api/${path}/route`)) as unknown as RouteModule;

beforeAll(async () => {
  m = {
    blogs: await import('@/server/actions/blogs'),
    books: await import('@/server/actions/books'),
    courses: await import('@/server/actions/courses'),
    instructors: await import('@/server/actions/instructors'),
    curriculum: await import('@/server/actions/curriculum'),
    domain: await import('./curriculum'),
    users: await import('../../accounts/users'),
    db: await import('../../platform/db'),
  };
  const admin = await m.users.createPasswordUser({ name: 'Doors Admin', email: `doors-admin-${Date.now()}@example.com`, password: 'secret12', role: 'admin' });
  if (!admin) throw new Error('could not create the admin');
  caller.user = admin;
});

afterAll(async () => {
  await m.db.closeDb();
});

/** Every document a catalogue change could touch. */
async function everything() {
  const db = await m.db.getDb();
  const names = ['courses', 'books', 'blogs', 'instructors', 'lessons', 'notifications', 'auditLog'];
  return Promise.all(names.map(async (name) => [name, await db.collection(name).find({}).sort({ _id: 1 }).toArray()]));
}

/** The issues `schema` finds in `input` (the test's own input is meant to be malformed). */
function issuesOf(schema: ZodType, input: unknown) {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('the input was meant to be malformed');
  return parsed.error.issues;
}

/** What the forms were answered when the action parsed: each message under its top-level field. */
const formAnswer = (schema: ZodType, input: unknown) => ({ ok: false, message: 'pleaseCorrectTheHighlightedFields', fieldErrors: fieldErrorsOf(issuesOf(schema, input)) });

/** What the API answered when the route parsed (server/platform/http.ts). */
const apiAnswer = (schema: ZodType, input: unknown) => {
  const fieldErrorCodes = fieldErrorsOf(issuesOf(schema, input));
  return { status: 400, body: { message: 'Invalid input', code: 'invalidInput', fieldErrors: englishFieldErrors(fieldErrorCodes), fieldErrorCodes } };
};

async function send(module: RouteModule, method: string, path: string, params: Record<string, string>, json: unknown) {
  const request = new NextRequest(`http://127.0.0.1:3000${path}`, {
    method,
    headers: { host: '127.0.0.1:3000', 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  const handler = module[method];
  if (!handler) throw new Error(`no ${method} handler for ${path}`);
  const response = await handler(request, { params: Promise.resolve(params) });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** An admin (the signed-in caller) for the domain calls that set the scene. */
function admin(): User {
  if (!caller.user) throw new Error('no admin');
  return caller.user;
}

describe('the admin forms', () => {
  it('answer malformed items with the same field errors, and store nothing', async () => {
    const course = await insertCourse();
    const courseId = course._id.toHexString();
    const instructorId = new ObjectId().toHexString();
    const { classCourse: _list, video: _video, ...courseUpdate } = validCourseForm(instructorId);
    const { educationWriter1: _education, interactive: _interactive, ...bookUpdate } = validBookForm;
    const blog = { title: '', img: 'javascript:alert(1)', writerName: 'Ayesha', date: '2026-02-30', description: 'Sleep well.' };
    const before = await everything();
    const someId = new ObjectId().toHexString();

    const cases: [string, Promise<unknown>, unknown][] = [
      ['addBlogAction', m.blogs.addBlogAction(blog), formAnswer(blogSchema, blog)],
      ['updateBlogAction', m.blogs.updateBlogAction(someId, blog), formAnswer(blogSchema, blog)],
      ['addInstructorAction', m.instructors.addInstructorAction({ ...validInstructor, Subject: 'Alchemy' }), formAnswer(instructorSchema, { ...validInstructor, Subject: 'Alchemy' })],
      ['updateInstructorAction', m.instructors.updateInstructorAction(someId, { name: 7 }), formAnswer(instructorSchema, { name: 7 })],
      ['addBookAction', m.books.addBookAction({ ...validBookForm, state: 'read' }), formAnswer(bookAddSchema, { ...validBookForm, state: 'read' })],
      ['updateBookAction', m.books.updateBookAction(someId, { ...bookUpdate, formate: 'DOC' }), formAnswer(bookUpdateSchema, { ...bookUpdate, formate: 'DOC' })],
      ['addCourseAction', m.courses.addCourseAction(validLegacyCourse), formAnswer(courseAddSchema, validLegacyCourse)],
      ['updateCourseAction', m.courses.updateCourseAction(courseId, { ...courseUpdate, price: -1 }), formAnswer(courseUpdateSchema, { ...courseUpdate, price: -1 })],
    ];
    for (const [name, answer, expected] of cases) {
      expect([name, await answer]).toEqual([name, expected]);
    }
    // An id that is not one of ours is still answered as gone, whatever the values.
    expect(await m.blogs.updateBlogAction('nope', blog)).toEqual({ ok: false, message: 'thisBlogPostNoLongerExists' });

    expect(await everything()).toEqual(before);
  });

  it('answer the curriculum editor in its own shapes: whole paths, the first quiz problem in words, a move nowhere', async () => {
    const course = await insertCourse();
    const courseId = course._id.toHexString();
    const section = await m.domain.addSection(admin(), course._id, { title: 'Basics' });
    const lesson = await m.domain.addLesson(admin(), course._id, { sectionId: section, title: 'Read', kind: 'article' });
    const quiz = await m.domain.addLesson(admin(), course._id, { sectionId: section, title: 'Check', kind: 'quiz' });
    const before = await everything();
    const unknownPart = 'thisPartOfTheCurriculumNoLongerExistsPleaseReloadThePage';

    const title = { title: 'Basics', translations: { bn: { title: 7 } } };
    const byPath = (schema: ZodType, input: unknown) => ({ ...formAnswer(schema, input), fieldErrors: fieldErrorsByPath(issuesOf(schema, input)) });
    const lessonValues = { title: 'Read', freePreview: 'yes', translations: { bn: { markdown: 5 } } };
    const quizValues = { passPercent: 500, questions: [] };

    const cases: [string, Promise<unknown>, unknown][] = [
      ['addSectionAction', m.curriculum.addSectionAction(courseId, title), byPath(sectionTitleSchema, title)],
      ['renameSectionAction', m.curriculum.renameSectionAction(courseId, section, title), byPath(sectionTitleSchema, title)],
      ['moveSectionAction', m.curriculum.moveSectionAction(courseId, section, 'sideways'), { ok: false, message: unknownPart }],
      ['addLessonAction', m.curriculum.addLessonAction(courseId, { sectionId: section, kind: 'podcast' }), formAnswer(lessonAddSchema, { sectionId: section, kind: 'podcast' })],
      ['updateLessonAction', m.curriculum.updateLessonAction(courseId, lesson, lessonValues), byPath(lessonUpdateSchema, lessonValues)],
      ['moveLessonAction', m.curriculum.moveLessonAction(courseId, lesson, 42), { ok: false, message: unknownPart }],
      ['saveQuizAction', m.curriculum.saveQuizAction(courseId, quiz, quizValues), { ...formAnswer(quizSchema, quizValues), message: issuesOf(quizSchema, quizValues)[0]?.message }],
    ];
    for (const [name, answer, expected] of cases) {
      expect([name, await answer]).toEqual([name, expected]);
    }

    expect(await everything()).toEqual(before);
  });
});

describe('the legacy API', () => {
  it('answers malformed bodies 400 with the same field errors, malformed ids 400 and unknown ids 404, and stores nothing', async () => {
    const course = await insertCourse();
    const courseId = course._id.toHexString();
    const section = await m.domain.addSection(admin(), course._id, { title: 'Basics' });
    const lesson = await m.domain.addLesson(admin(), course._id, { sectionId: section, title: 'Read', kind: 'article' });
    const quiz = await m.domain.addLesson(admin(), course._id, { sectionId: section, title: 'Check', kind: 'quiz' });
    const { classCourse: _list, instructorImg: _image, video: _video, ...courseUpdate } = validLegacyCourse;
    const { educationWriter1: _education, interactive: _interactive, ...bookUpdate } = validBookForm;
    const blog = { title: 'Exam week', img: '/media/65f0a1b2c3d4e5f6a7b8c9d0', writerName: 'Ayesha', date: 'soon', description: 'Sleep well.' };
    const unknown = new ObjectId().toHexString();
    const before = await everything();

    const cases: [string, Promise<unknown>, unknown][] = [
      ['POST /api/addBlog', send(await load('addBlog'), 'POST', '/api/addBlog', {}, blog), apiAnswer(blogSchema, blog)],
      ['PUT /api/blogUpdate/{id}', send(await load('blogUpdate/[id]'), 'PUT', `/api/blogUpdate/${unknown}`, { id: unknown }, blog), apiAnswer(blogSchema, blog)],
      ['POST /api/addInstructor', send(await load('addInstructor'), 'POST', '/api/addInstructor', {}, { ...validInstructor, linkedin: 'nowhere' }), apiAnswer(instructorSchema, { ...validInstructor, linkedin: 'nowhere' })],
      ['PUT /api/updateInstructor/{id}', send(await load('updateInstructor/[id]'), 'PUT', `/api/updateInstructor/${unknown}`, { id: unknown }, {}), apiAnswer(instructorSchema, {})],
      ['POST /api/addBook', send(await load('addBook'), 'POST', '/api/addBook', {}, { ...validBookForm, state: 'lost' }), apiAnswer(legacyBookCreateBody, { ...validBookForm, state: 'lost' })],
      ['PUT /api/bookUpdate/{id}', send(await load('bookUpdate/[id]'), 'PUT', `/api/bookUpdate/${unknown}`, { id: unknown }, { ...bookUpdate, page: 0 }), apiAnswer(legacyBookUpdateBody, { ...bookUpdate, page: 0 })],
      ['POST /api/addCourse', send(await load('addCourse'), 'POST', '/api/addCourse', {}, { ...validLegacyCourse, classCourse: 'x' }), apiAnswer(legacyCourseCreateBody, { ...validLegacyCourse, classCourse: 'x' })],
      ['PUT /api/courseUpdate/{id}', send(await load('courseUpdate/[id]'), 'PUT', `/api/courseUpdate/${courseId}`, { id: courseId }, { ...courseUpdate, price: 'free' }), apiAnswer(legacyCourseUpdateBody, { ...courseUpdate, price: 'free' })],
      [
        'POST /api/curriculum/{courseId}/sections',
        send(await load('curriculum/[courseId]/sections'), 'POST', `/api/curriculum/${courseId}/sections`, { courseId }, { title: '' }),
        apiAnswer(sectionTitleSchema, { title: '' }),
      ],
      [
        'POST /api/curriculum/{courseId}/lessons',
        send(await load('curriculum/[courseId]/lessons'), 'POST', `/api/curriculum/${courseId}/lessons`, { courseId }, { sectionId: section, title: 'x', kind: 'podcast' }),
        apiAnswer(lessonAddSchema, { sectionId: section, title: 'x', kind: 'podcast' }),
      ],
      [
        'PUT /api/curriculum/{courseId}/lessons/{lessonId}',
        send(await load('curriculum/[courseId]/lessons/[lessonId]'), 'PUT', `/api/curriculum/${courseId}/lessons/${lesson}`, { courseId, lessonId: lesson }, { title: 'x', freePreview: false, duration: -1 }),
        apiAnswer(lessonUpdateSchema, { title: 'x', freePreview: false, duration: -1 }),
      ],
      [
        'PUT /api/curriculum/{courseId}/lessons/{lessonId}/quiz',
        send(await load('curriculum/[courseId]/lessons/[lessonId]/quiz'), 'PUT', `/api/curriculum/${courseId}/lessons/${quiz}/quiz`, { courseId, lessonId: quiz }, { questions: 'none' }),
        apiAnswer(quizSchema, { questions: 'none' }),
      ],
      ['PUT /api/blogUpdate/{malformed id}', send(await load('blogUpdate/[id]'), 'PUT', '/api/blogUpdate/nope', { id: 'nope' }, blog), { status: 400, body: { message: 'Invalid id: expected 24 hexadecimal characters', code: 'invalidIdExpected24HexadecimalCharacters' } }],
      [
        'PUT /api/blogUpdate/{unknown id}',
        send(await load('blogUpdate/[id]'), 'PUT', `/api/blogUpdate/${unknown}`, { id: unknown }, { ...blog, date: '2026-02-14' }),
        { status: 404, body: { message: 'Blog not found', code: 'blogNotFound' } },
      ],
    ];
    for (const [name, answer, expected] of cases) {
      expect([name, await answer]).toEqual([name, expected]);
    }

    expect(await everything()).toEqual(before);
  });
});
