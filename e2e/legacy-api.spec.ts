import { expect, test } from '@playwright/test';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { MongoClient, ObjectId } from 'mongodb';
import { BASE_URL, MONGODB_URI } from '../playwright.config';
import { addFirstLesson } from './support/api';
import { DEMO_ACCOUNTS, uniqueEmail } from './support/helpers';

// Contract tests of the legacy REST API (docs/legacy-api.md, docs/security-tests.md): old paths, field
// names and driver-style results; malformed (400) and unknown (404) ids; operator injection;
// another user's e-mail; price tampering; forged payments. Writes happen on fresh accounts so no
// test depends on another's data, and every injection check also checks that nothing changed.

type PlaywrightRequest = typeof import('@playwright/test').request;
type Json = Record<string, unknown>;

const UNKNOWN_ID = '65f0a1b2c3d4e5f6a7b8c9d0';
const MALFORMED_IDS = ['zz', '65f0a1b2c3d4e5f6a7b8c9d', '65f0a1b2c3d4e5f6a7b8c9d0a', '%7B%22%24ne%22%3Anull%7D'];
const PASSWORD = 'secret12';

const COURSE_KEYS = [
  '_id', 'classCourse', 'img', 'title', 'price', 'state', 'ShortDescription', 'instructorImg', 'instructorName', 'education',
  'objective', 'about', 'syllabus', 'video', 'promoCode', 'Enrolled', 'hours', 'videos', 'quizzes', 'notes', 'transcripts',
];
const BOOK_KEYS = [
  '_id', 'bookName', 'img', 'state', 'writerImg', 'writerImg2', 'writerImg3', 'writerImg4', 'writerName1', 'writerName2',
  'writerName3', 'writerName4', 'educationWriter1', 'educationWriter2', 'educationWriter3', 'educationWriter4', 'objective',
  'about', 'page', 'interactive', 'formate', 'filesize', 'price',
];
const BLOG_KEYS = ['_id', 'title', 'img', 'date', 'writerName', 'description'];
const INSTRUCTOR_KEYS = ['_id', 'Subject', 'name', 'img', 'education', 'facebook', 'linkedin', 'instagram', 'twitter'];
const REVIEW_KEYS = ['_id', 'name', 'comment', 'ratting', 'image'];
const UPDATE_RESULT_KEYS = ['acknowledged', 'matchedCount', 'modifiedCount', 'upsertedId', 'upsertedCount'];

/** JSON fragments an attacker puts where a scalar belongs (docs/security-tests.md). */
const INJECTIONS = ['{"$ne":null}', '{"$gt":""}', '{"$where":"1"}', '{"$regex":".*"}', '["x"]'];

const sorted = (keys: string[]) => [...keys].sort();

function expectShape(item: unknown, keys: string[]): Json {
  expect(typeof item).toBe('object');
  const record = item as Json;
  expect(sorted(Object.keys(record))).toEqual(sorted(keys));
  expect(record._id).toMatch(/^[0-9a-f]{24}$/);
  return record;
}

/** A dollar amount as the old documents had it: positive, at most two decimals. */
function expectDollars(price: unknown): void {
  expect(typeof price).toBe('number');
  expect(price as number).toBeGreaterThan(0);
  expect(Math.round((price as number) * 100)).toBeCloseTo((price as number) * 100, 6);
}

async function json<T = unknown>(response: APIResponse, status: number): Promise<T> {
  expect(response.status(), `${response.url()} → ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** A raw JSON text body, so keys like `__proto__` reach the server as sent. */
function sendJson(context: APIRequestContext, method: string, path: string, text: string): Promise<APIResponse> {
  return context.fetch(path, { method, headers: { 'content-type': 'application/json' }, data: text });
}

async function signedIn(playwright: PlaywrightRequest, account: { email: string; password: string }): Promise<APIRequestContext> {
  const context = await playwright.newContext({ baseURL: BASE_URL });
  await json(await context.post('/api/account/login', { data: { email: account.email, password: account.password } }), 200);
  return context;
}

type Fresh = { context: APIRequestContext; email: string; name: string };

/** A new account, signed in through the register endpoint. */
async function freshUser(playwright: PlaywrightRequest, name = 'Legacy Tester'): Promise<Fresh> {
  const context = await playwright.newContext({ baseURL: BASE_URL });
  const email = uniqueEmail('legacy');
  const answer = await json<{ signedIn: boolean }>(await context.post('/api/account/register', { data: { name, email, password: PASSWORD } }), 200);
  expect(answer.signedIn).toBe(true);
  return { context, email, name };
}

async function firstCourse(request: APIRequestContext): Promise<Json> {
  const courses = await json<Json[]>(await request.get('/api/courses/classOne?limit=1'), 200);
  const course = courses[0];
  if (!course) throw new Error('The seed has no classOne course');
  return course;
}

test.describe('catalogue reads in the old shapes', () => {
  test('GET /api/courses/{list}: the whole list by default, paged on request, unknown list 404', async ({ request }) => {
    const response = await request.get('/api/courses/classOne');
    const courses = await json<Json[]>(response, 200);
    expect(courses.length).toBeGreaterThan(1);
    expect(Number(response.headers()['x-total-count'])).toBe(courses.length);
    for (const course of courses) {
      expectShape(course, COURSE_KEYS);
      expect(course.classCourse).toBe('classOne');
      expectDollars(course.price);
      expect(Object.keys(course.objective as Json).sort()).toEqual(['point1', 'point2', 'point3']);
      expect(Object.keys(course.syllabus as Json).sort()).toEqual(['email', 'free', 'monologues']);
    }

    const second = await request.get('/api/courses/classOne?page=2&limit=1');
    const page = await json<Json[]>(second, 200);
    expect(page.map((course) => course._id)).toEqual([courses[1]?._id]);
    expect(second.headers()['x-page-count']).toBe(String(courses.length));

    expect((await request.get('/api/courses/classThirteen')).status()).toBe(404);
    expect((await request.get('/api/courses/classone')).status()).toBe(404);
    for (const query of ['limit=0', 'limit=1001', 'page=abc', 'page=1&page=2', 'limit%5B%24gt%5D=0', 'sort=price', 'constructor=1']) {
      expect((await request.get(`/api/courses/classOne?${query}`)).status(), query).toBe(400);
    }
    // Next may drop a bare `__proto__` query key before the handler runs; either way it changes nothing.
    const prototypeKey = await request.get('/api/courses/classOne?__proto__=1');
    if (prototypeKey.status() !== 400) expect(await json(prototypeKey, 200)).toEqual(courses);
  });

  test('GET /api/course/{id}: one course; malformed id 400, unknown 404', async ({ request }) => {
    const listed = await firstCourse(request);
    const course = await json<Json>(await request.get(`/api/course/${String(listed._id)}`), 200);
    expectShape(course, COURSE_KEYS);
    expect(course).toEqual(listed);
    for (const id of MALFORMED_IDS) expect((await request.get(`/api/course/${id}`)).status(), id).toBe(400);
    expect((await json<Json>(await request.get(`/api/course/${UNKNOWN_ID}`), 404)).message).toBeTruthy();
  });

  test('GET /api/searchCourse: every course without q; with q a case-insensitive title search, paged', async ({ request }) => {
    const everything = await request.get('/api/searchCourse');
    const all = await json<Json[]>(everything, 200);
    expect(Number(everything.headers()['x-total-count'])).toBe(all.length);
    for (const course of all) expectShape(course, COURSE_KEYS);

    // What the old client did in the browser, now done by the server.
    const term = 'MaTh';
    const expected = all.filter((course) => String(course.title).toLowerCase().includes(term.toLowerCase()));
    expect(expected.length).toBeGreaterThan(0);
    const first = await request.get(`/api/searchCourse?q=${term}`);
    const found = await json<Json[]>(first, 200);
    expect(Number(first.headers()['x-total-count'])).toBe(expected.length);
    expect(found.length).toBe(Math.min(12, expected.length));
    for (const course of found) {
      expectShape(course, COURSE_KEYS);
      expect(String(course.title).toLowerCase()).toContain('math');
    }
    const pageCount = Number(first.headers()['x-page-count']);
    const rest: Json[] = [];
    for (let page = 2; page <= pageCount; page += 1) rest.push(...(await json<Json[]>(await request.get(`/api/searchCourse?q=${term}&page=${page}`), 200)));
    expect(sorted([...found, ...rest].map((course) => String(course._id)))).toEqual(sorted(expected.map((course) => String(course._id))));

    expect(await json(await request.get('/api/searchCourse?q=zzqqxxnothing'), 200)).toEqual([]);
    for (const query of ['q%5B%24regex%5D=.*', 'q=a&q=b', 'q%5B%24ne%5D=1', `q=${'a'.repeat(201)}`]) {
      expect((await request.get(`/api/searchCourse?${query}`)).status(), query).toBe(400);
    }
  });

  test('GET /api/books, /api/book/{id}, /api/books/{id}: the old book shape on every path', async ({ request }) => {
    const books = await json<Json[]>(await request.get('/api/books'), 200);
    expect(books.length).toBeGreaterThan(0);
    for (const book of books) {
      expectShape(book, BOOK_KEYS);
      expectDollars(book.price);
    }
    const book = books[0] as Json;
    expect(await json(await request.get(`/api/book/${String(book._id)}`), 200)).toEqual(book);
    expect(await json(await request.get(`/api/books/${String(book._id)}`), 200)).toEqual(book);
    for (const path of ['/api/book', '/api/books']) {
      for (const id of MALFORMED_IDS) expect((await request.get(`${path}/${id}`)).status(), `${path}/${id}`).toBe(400);
      expect((await request.get(`${path}/${UNKNOWN_ID}`)).status()).toBe(404);
    }
    expect(await json<Json[]>(await request.get('/api/books?limit=1'), 200)).toHaveLength(1);
  });

  test('GET /api/blogs, /api/blog/{id}, /api/blogs/{id}: the old blog shape on every path', async ({ request }) => {
    const blogs = await json<Json[]>(await request.get('/api/blogs'), 200);
    expect(blogs.length).toBeGreaterThan(0);
    for (const blog of blogs) expectShape(blog, BLOG_KEYS);
    const blog = blogs[0] as Json;
    expect(await json(await request.get(`/api/blog/${String(blog._id)}`), 200)).toEqual(blog);
    expect(await json(await request.get(`/api/blogs/${String(blog._id)}`), 200)).toEqual(blog);
    for (const path of ['/api/blog', '/api/blogs']) {
      for (const id of MALFORMED_IDS) expect((await request.get(`${path}/${id}`)).status(), `${path}/${id}`).toBe(400);
      expect((await request.get(`${path}/${UNKNOWN_ID}`)).status()).toBe(404);
    }
  });

  test('GET /api/instructors/{Subject} and /api/instructor/{id}: nine subjects, else 404', async ({ request }) => {
    const instructors = await json<Json[]>(await request.get('/api/instructors/Physics'), 200);
    expect(instructors.length).toBeGreaterThan(0);
    for (const instructor of instructors) {
      expectShape(instructor, INSTRUCTOR_KEYS);
      expect(instructor.Subject).toBe('Physics');
    }
    for (const subject of ['physics', 'History', '%24ne']) expect((await request.get(`/api/instructors/${subject}`)).status(), subject).toBe(404);

    const instructor = instructors[0] as Json;
    expect(await json(await request.get(`/api/instructor/${String(instructor._id)}`), 200)).toEqual(instructor);
    for (const id of MALFORMED_IDS) expect((await request.get(`/api/instructor/${id}`)).status(), id).toBe(400);
    expect((await request.get(`/api/instructor/${UNKNOWN_ID}`)).status()).toBe(404);
  });
});

test.describe('a new course through the old client', () => {
  test('POST /api/addCourse makes a draft, in no public read and not for sale, until PUT comingSoon:false publishes it (409 without a lesson); counts sent are ignored', async ({ request, playwright }) => {
    const admin = await signedIn(playwright.request, DEMO_ACCOUNTS.admin);
    const student = await signedIn(playwright.request, DEMO_ACCOUNTS.student);
    const title = `Draft Course ${Date.now().toString(36)}`;
    const details = {
      title, img: 'https://example.com/course.png', price: 12.5, ShortDescription: 'Short', instructorName: 'Ana Rahman', education: 'MSc', about: 'About this course',
    };
    const body = {
      ...details, classCourse: 'classOne', instructorImg: 'https://example.com/instructor.png', video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      hours: 10, videos: 20, quizzes: 5, notes: 4, transcripts: 10, Enrolled: 25,
    };
    const { insertedId } = await json<{ insertedId: string }>(await admin.post('/api/addCourse', { data: body }), 201);
    const id = String(insertedId);
    const client = await MongoClient.connect(MONGODB_URI);
    try {
      // Stored as a draft with nothing counted yet, whatever the old client sent.
      const stored = await client.db().collection('courses').findOne({ _id: new ObjectId(id) });
      expect(stored).toMatchObject({ draft: true, Enrolled: 0, hours: 0, videos: 0, quizzes: 0, notes: 0, transcripts: 0, instructorName: 'Ana Rahman' });
      expect(stored?.comingSoon).toBeUndefined();

      /** Whether the course shows in the public reads, for a visitor and for the admin. */
      const publicReads = async () => {
        const seen: Record<string, boolean> = {};
        for (const [who, context] of [['visitor', request], ['admin', admin]] as const) {
          seen[`${who} /api/course`] = (await context.get(`/api/course/${id}`)).status() === 200;
          seen[`${who} /api/courses/classOne`] = (await json<Json[]>(await context.get('/api/courses/classOne'), 200)).some((course) => course._id === id);
          seen[`${who} /api/searchCourse`] = (await json<Json[]>(await context.get(`/api/searchCourse?q=${encodeURIComponent(title)}`), 200)).some((course) => course._id === id);
          seen[`${who} course page`] = (await context.get(`/classOne/coursesInfo/${id}`)).status() === 200;
        }
        seen.sitemap = (await (await request.get('/sitemap.xml')).text()).includes(id);
        return seen;
      };
      const hidden = await publicReads();
      expect(hidden).toEqual(Object.fromEntries(Object.keys(hidden).map((key) => [key, false])));
      expect((await json<Json>(await request.get(`/api/course/${id}`), 404)).message).toBeTruthy();
      expect((await student.post('/api/order', { data: { id } })).status()).toBe(404);

      // An ordinary change keeps it a draft; going on sale needs a lesson.
      const revised = { ...details, about: 'About this course, revised' };
      expect(await json(await admin.put(`/api/courseUpdate/${id}`, { data: revised }), 200)).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
      expect(await client.db().collection('courses').findOne({ _id: new ObjectId(id) })).toMatchObject({ draft: true, about: revised.about });
      const refused = await admin.put(`/api/courseUpdate/${id}`, { data: { ...revised, comingSoon: false } });
      expect(refused.status()).toBe(409);
      expect(await refused.text()).toContain('Add at least one lesson to the curriculum before the course goes on sale.');
      await addFirstLesson(admin, id);
      expect((await request.get(`/api/course/${id}`)).status()).toBe(404);
      expect((await student.post('/api/order', { data: { id } })).status()).toBe(404);

      // Published by the old client's one door.
      await json(await admin.put(`/api/courseUpdate/${id}`, { data: { ...revised, comingSoon: false } }), 200);
      const course = expectShape(await json<Json>(await request.get(`/api/course/${id}`), 200), COURSE_KEYS);
      // Its counts are its curriculum's (one 5-minute article), its enrolment its paid orders'.
      expect(course).toMatchObject({ title, about: 'About this course, revised', hours: 0.1, videos: 0, quizzes: 0, notes: 1, transcripts: 0, Enrolled: 0 });
      await expect.poll(publicReads).toEqual(Object.fromEntries(Object.keys(hidden).map((key) => [key, true])));
      const { insertedId: orderId } = await json<{ insertedId: string }>(await student.post('/api/order', { data: { id } }), 201);
      await student.delete(`/api/order/${orderId}`);
    } finally {
      await client.close();
      await admin.delete(`/api/course/${id}`);
      await Promise.all([admin.dispose(), student.dispose()]);
    }
  });
});

test.describe('reviews', () => {
  test('GET /api/addreview is public; POST needs sign-in, takes name and image from the account, one review per user', async ({ request, playwright }) => {
    const reviews = await json<Json[]>(await request.get('/api/addreview'), 200);
    for (const review of reviews) expectShape(review, REVIEW_KEYS);
    expect((await request.post('/api/addreview', { data: { comment: 'Anonymous', ratting: 5 } })).status()).toBe(401);

    const user = await freshUser(playwright.request, 'Review Writer');
    const body = { comment: 'Clear lessons', ratting: 4.5, name: 'Someone Famous', image: 'https://attacker.example/x.png' };
    const first = await json<Json>(await user.context.post('/api/addreview', { data: body }), 200);
    expect(sorted(Object.keys(first))).toEqual(['acknowledged', 'insertedId']);
    expect(first.acknowledged).toBe(true);
    expect(first.insertedId).toMatch(/^[0-9a-f]{24}$/);

    const newest = await json<Json[]>(await request.get('/api/addreview?limit=1'), 200);
    expect(newest[0]).toMatchObject({ _id: first.insertedId, name: 'Review Writer', comment: 'Clear lessons', ratting: 4.5 });
    expect(newest[0]?.image).not.toBe(body.image);

    const second = await json<Json>(await user.context.post('/api/addreview', { data: { comment: 'Even better', ratting: 5 } }), 200);
    expect(second.insertedId).toBe(first.insertedId);

    for (const injection of INJECTIONS) {
      for (const field of ['comment', 'ratting']) {
        const text = field === 'comment' ? `{"comment":${injection},"ratting":3}` : `{"comment":"Injected","ratting":${injection}}`;
        expect((await sendJson(user.context, 'POST', '/api/addreview', text)).status(), text).toBe(400);
      }
    }
    for (const text of ['{"comment":"Injected","ratting":3,"__proto__":{"role":"admin"}}', '{"comment":"Injected","ratting":3,"role":"admin"}', '{"comment":"Injected","ratting":"3"}', '{"comment":"Injected","ratting":6}', '[]', '{']) {
      expect((await sendJson(user.context, 'POST', '/api/addreview', text)).status(), text).toBe(400);
    }
    const after = await json<Json[]>(await request.get('/api/addreview?limit=5'), 200);
    expect(after.find((review) => review._id === first.insertedId)).toMatchObject({ comment: 'Even better', ratting: 5 });
    await user.context.dispose();
  });
});

test.describe('notices with per-user read state', () => {
  test('GET /api/ccis and /api/bookN list the caller\'s unread notices; PUT marks read for the caller only (201)', async ({ request, playwright }) => {
    // The old client asks on every page, signed in or not: without a session there is nothing unread.
    expect(await json(await request.get('/api/ccis'), 200)).toEqual({ unreadData: [], unreadCount: 0 });
    expect(await json(await request.get('/api/bookN'), 200)).toEqual({ unreadData: [], unreadCount: 0 });
    expect((await request.put(`/api/cci/${UNKNOWN_ID}`)).status()).toBe(401);

    // Both readers exist before the notices are published, so the notices are unread for both.
    const reader = await freshUser(playwright.request, 'Notice Reader');
    const other = await freshUser(playwright.request, 'Other Reader');
    const admin = await signedIn(playwright.request, DEMO_ACCOUNTS.admin);
    const stamp = Date.now().toString(36);
    const course = await json<Json>(
      await admin.post('/api/addCourse', {
        data: {
          classCourse: 'classOne', title: `Notice Course ${stamp}`, img: 'https://example.com/course.png', price: 12.5, ShortDescription: 'Short',
          instructorName: 'Ana Rahman', education: 'MSc', about: 'About this course', instructorImg: 'https://example.com/instructor.png',
          video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', hours: 1, videos: 1, quizzes: 1, notes: 1,
        },
      }),
      201,
    );
    const book = await json<Json>(
      await admin.post('/api/addBook', {
        data: {
          bookName: `Notice Book ${stamp}`, img: 'https://example.com/book.png', about: 'About this book', writerName1: 'Rahim Uddin',
          writerImg: 'https://example.com/writer.png', educationWriter1: 'PhD', page: 120, formate: 'PDF', filesize: '2 MB', price: 5, interactive: 'NO',
        },
      }),
      201,
    );

    try {
      // A new course is a draft, news to nobody until it is published (with a lesson).
      const courseId = String(course.insertedId);
      const unreadTitles = async () => (await json<{ unreadData: Json[] }>(await reader.context.get('/api/ccis'), 200)).unreadData.map((notice) => notice.title);
      expect(await unreadTitles()).not.toContain(`Notice Course ${stamp}`);
      await addFirstLesson(admin, courseId);
      await json(
        await admin.put(`/api/courseUpdate/${courseId}`, {
          data: { title: `Notice Course ${stamp}`, img: 'https://example.com/course.png', price: 12.5, ShortDescription: 'Short', instructorName: 'Ana Rahman', education: 'MSc', about: 'About this course', comingSoon: false },
        }),
        200,
      );
      expect(await unreadTitles()).toContain(`Notice Course ${stamp}`);
      const courseNotices = await json<{ unreadData: Json[]; unreadCount: number }>(await reader.context.get('/api/ccis'), 200);
      expect(sorted(Object.keys(courseNotices))).toEqual(['unreadCount', 'unreadData']);
      expect(courseNotices.unreadCount).toBe(courseNotices.unreadData.length);
      const courseNotice = courseNotices.unreadData.find((notice) => notice.title === `Notice Course ${stamp}`);
      if (!courseNotice) throw new Error('The new course has no notice');
      expect(sorted(Object.keys(courseNotice))).toEqual(['_id', 'state', 'title']);
      expect(courseNotice.state).toBe('unread');

      const bookNotices = await json<{ unreadData: Json[]; unreadCount: number }>(await reader.context.get('/api/bookN'), 200);
      const bookNotice = bookNotices.unreadData.find((notice) => notice.bookName === `Notice Book ${stamp}`);
      if (!bookNotice) throw new Error('The new book has no notice');
      expect(sorted(Object.keys(bookNotice))).toEqual(['_id', 'bookName', 'state']);
      expect(bookNotices.unreadData.some((notice) => 'title' in notice)).toBe(false);

      // A notice of the other kind, malformed and unknown ids.
      expect((await reader.context.put(`/api/cci/${String(bookNotice._id)}`)).status()).toBe(404);
      expect((await reader.context.put(`/api/bookN/${String(courseNotice._id)}`)).status()).toBe(404);
      for (const id of MALFORMED_IDS) expect((await reader.context.put(`/api/cci/${id}`)).status(), id).toBe(400);
      expect((await reader.context.put(`/api/bookN/${UNKNOWN_ID}`)).status()).toBe(404);

      const marked = await json<Json>(await reader.context.put(`/api/cci/${String(courseNotice._id)}`), 201);
      expect(sorted(Object.keys(marked))).toEqual(sorted(UPDATE_RESULT_KEYS));
      expect(marked).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedId: null, upsertedCount: 0 });
      expect(await json(await reader.context.put(`/api/cci/${String(courseNotice._id)}`), 201)).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
      expect(await json(await reader.context.put(`/api/bookN/${String(bookNotice._id)}`), 201)).toMatchObject({ modifiedCount: 1 });

      const afterRead = await json<{ unreadData: Json[]; unreadCount: number }>(await reader.context.get('/api/ccis'), 200);
      expect(afterRead.unreadData.some((notice) => notice._id === courseNotice._id)).toBe(false);
      expect(afterRead.unreadCount).toBe(courseNotices.unreadCount - 1);

      // The other user's state is untouched.
      const othersCourses = await json<{ unreadData: Json[] }>(await other.context.get('/api/ccis'), 200);
      expect(othersCourses.unreadData.some((notice) => notice._id === courseNotice._id)).toBe(true);
      const othersBooks = await json<{ unreadData: Json[] }>(await other.context.get('/api/bookN'), 200);
      expect(othersBooks.unreadData.some((notice) => notice._id === bookNotice._id)).toBe(true);
    } finally {
      await admin.delete(`/api/course/${String(course.insertedId)}`);
      await admin.delete(`/api/bookDelete/${String(book.insertedId)}`);
      await Promise.all([reader.context.dispose(), other.context.dispose(), admin.dispose()]);
    }
  });
});

test.describe('profile', () => {
  test('PUT /api/users/{email}: own profile only; name and e-mail are not changeable; injections change nothing', async ({ request, playwright }) => {
    const user = await freshUser(playwright.request, 'Profile Owner');
    const details = { education: 'BSc in Physics', location: 'Dhaka', phone: '+880 1711 000000' };
    expect((await request.put(`/api/users/${user.email}`, { data: details })).status()).toBe(401);

    const result = await json<Json>(await user.context.put(`/api/users/${user.email}`, { data: { ...details, name: 'Renamed', email: user.email } }), 200);
    expect(result).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedId: null, upsertedCount: 0 });
    const again = await json<Json>(await user.context.put(`/api/users/${user.email}`, { data: details }), 200);
    expect(again).toMatchObject({ matchedCount: 1, modifiedCount: 0 });

    const profile = await json<Json>(await user.context.get(`/api/user/${user.email}`), 200);
    expect(profile).toMatchObject({ ...details, name: 'Profile Owner', email: user.email, role: 'user' });

    expect((await user.context.put(`/api/users/${user.email}`, { data: { ...details, email: 'someone-else@example.com' } })).status()).toBe(400);
    expect((await user.context.put(`/api/users/${DEMO_ACCOUNTS.student.email}`, { data: details })).status()).toBe(403);
    const admin = await signedIn(playwright.request, DEMO_ACCOUNTS.admin);
    expect((await admin.put(`/api/users/${user.email}`, { data: { ...details, location: 'Admin was here' } })).status()).toBe(403);
    await admin.dispose();

    const path = `/api/users/${user.email}`;
    for (const injection of INJECTIONS) {
      for (const field of Object.keys(details)) {
        const text = JSON.stringify({ ...details, [field]: '§' }).replace('"§"', injection);
        expect((await sendJson(user.context, 'PUT', path, text)).status(), text).toBe(400);
      }
    }
    for (const text of [
      `{"education":"X","location":"Y","phone":"+880 1711 000000","__proto__":{"role":"admin"}}`,
      `{"education":"X","location":"Y","phone":"+880 1711 000000","role":"admin"}`,
      `{"education":"X","location":"Y","phone":"+880 1711 000000","email":{"$ne":null}}`,
      `{"education":"X","location":"Y","phone":"+880 1711 000000","image":"/media/${UNKNOWN_ID}"}`,
    ]) {
      expect((await sendJson(user.context, 'PUT', path, text)).status(), text).toBe(400);
    }
    expect((await user.context.put('/api/users/not-an-email', { data: details })).status()).toBe(400);
    expect(await json(await user.context.get(`/api/user/${user.email}`), 200)).toEqual(profile);
    await user.context.dispose();
  });
});

test.describe('orders and payments', () => {
  test('?email= may only name the caller on /api/order and /api/paidOrder', async ({ playwright }) => {
    const student = await signedIn(playwright.request, DEMO_ACCOUNTS.student);
    for (const path of ['/api/order', '/api/paidOrder']) {
      expect((await student.get(`${path}?email=${DEMO_ACCOUNTS.admin.email}`)).status(), path).toBe(403);
      expect(Array.isArray(await json(await student.get(`${path}?email=${DEMO_ACCOUNTS.student.email}`), 200))).toBe(true);
      expect((await student.get(`${path}?email%5B%24ne%5D=x`)).status(), path).toBe(400);
      expect((await student.get(`${path}?email%5B%24regex%5D=.*`)).status(), path).toBe(400);
    }
    await student.dispose();
  });

  test('price tampering: the order and the payment intent carry the stored catalogue price', async ({ request, playwright }) => {
    const course = await firstCourse(request);
    const buyer = await freshUser(playwright.request, 'Price Tamperer');
    const ordered = await json<Json>(
      await buyer.context.post('/api/order', {
        data: { id: course._id, price: 0.01, productName: 'Free stuff', img: 'https://attacker.example/x.png', paid: true, email: DEMO_ACCOUNTS.admin.email, userName: 'Admin' },
      }),
      201,
    );
    expect(sorted(Object.keys(ordered))).toEqual(['acknowledged', 'insertedId']);
    const orderId = String(ordered.insertedId);
    const order = await json<Json>(await buyer.context.get(`/api/payment/${orderId}`), 200);
    expect(order).toMatchObject({ price: course.price, productName: course.title, img: course.img, paid: false, email: buyer.email, userName: buyer.name, id: course._id });

    for (const injection of INJECTIONS) {
      expect((await sendJson(buyer.context, 'POST', '/api/order', `{"id":${injection}}`)).status(), injection).toBe(400);
      expect((await sendJson(buyer.context, 'POST', '/api/create-payment-intent', `{"orderId":${injection}}`)).status(), injection).toBe(400);
    }
    expect((await sendJson(buyer.context, 'POST', '/api/order', `{"id":"${String(course._id)}","__proto__":{"paid":true}}`)).status()).toBe(400);
    expect(await json<Json[]>(await buyer.context.get('/api/order'), 200)).toHaveLength(1);

    const intent = await json<{ clientSecret: string }>(await buyer.context.post('/api/create-payment-intent', { data: { orderId, price: 0.5 } }), 200);
    expect(intent.clientSecret).toMatch(/^pi_/);
    const client = await MongoClient.connect(MONGODB_URI);
    try {
      const stored = await client.db().collection('sandboxPaymentIntents').findOne({ orderId: new ObjectId(orderId) });
      expect(stored?.amountCents).toBe(Math.round(Number(course.price) * 100));
    } finally {
      await client.close();
    }
    await buyer.context.dispose();
  });

  test('a forged or another order\'s transactionId on /api/enrollCourse/{id} is a 409 and nothing is paid', async ({ request, playwright }) => {
    const course = await firstCourse(request);
    const payer = await freshUser(playwright.request, 'Honest Payer');
    const forger = await freshUser(playwright.request, 'Forger');

    const paidOrder = String((await json<Json>(await payer.context.post('/api/order', { data: { id: course._id } }), 201)).insertedId);
    const { clientSecret } = await json<{ clientSecret: string }>(await payer.context.post('/api/create-payment-intent', { data: { id: paidOrder } }), 200);
    const paid = await json<{ transactionId: string }>(
      await payer.context.post('/api/payments/sandbox/confirm', { data: { clientSecret, number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' } }),
      200,
    );

    const forgedOrder = String((await json<Json>(await forger.context.post('/api/order', { data: { id: course._id } }), 201)).insertedId);
    for (const transactionId of ['pi_forged_123456', paid.transactionId]) {
      expect((await forger.context.patch(`/api/enrollCourse/${forgedOrder}`, { data: { transactionId } })).status(), transactionId).toBe(409);
    }
    for (const injection of INJECTIONS) {
      expect((await sendJson(forger.context, 'PATCH', `/api/enrollCourse/${forgedOrder}`, `{"transactionId":${injection}}`)).status(), injection).toBe(400);
    }
    expect((await forger.context.patch(`/api/enrollCourse/${forgedOrder}`, { data: { transactionId: paid.transactionId, paid: true } })).status()).toBe(400);
    expect([403, 404]).toContain((await forger.context.patch(`/api/enrollCourse/${paidOrder}`, { data: { transactionId: paid.transactionId } })).status());
    expect((await json<Json>(await forger.context.get(`/api/payment/${forgedOrder}`), 200)).paid).toBe(false);
    expect(await json(await forger.context.get('/api/paidOrder'), 200)).toEqual([]);

    // The honest payment is recognised, and repeating it changes nothing.
    const confirmed = await json<{ order: Json }>(await payer.context.patch(`/api/enrollCourse/${paidOrder}`, { data: { transactionId: paid.transactionId } }), 200);
    expect(confirmed.order).toMatchObject({ paid: true, transactionId: paid.transactionId, price: course.price });
    await Promise.all([payer.context.dispose(), forger.context.dispose()]);
  });
});
