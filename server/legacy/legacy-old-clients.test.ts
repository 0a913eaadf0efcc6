import { ObjectId } from 'mongodb';
import { NextRequest } from 'next/server';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { caller } from '@/tests/support/signed-in-caller';
import { insertBook, insertCourse } from '@/tests/support/commerce-fixtures';
import { legacyBookUpdateBody } from '@/lib/schemas/book';
import { legacyCourseUpdateBody } from '@/lib/schemas/course';
import * as booksRoute from '@/app/api/books/route';
import * as blogsRoute from '@/app/api/blogs/route';
import * as bookRoute from '@/app/api/books/[id]/route';
import * as courseRoute from '@/app/api/course/[id]/route';
import * as reviewsRoute from '@/app/api/addreview/route';
import * as ccisRoute from '@/app/api/ccis/route';
import * as bookNoticesRoute from '@/app/api/bookN/route';
import * as unknownRoute from '@/app/api/[...path]/route';
import { listBlogs } from '../catalogue/blogs';
import { listBooks } from '../catalogue/books';
import { closeDb, collection } from '../platform/db';
import type { BlogDocument, ReviewDocument } from '../platform/documents';
import { withSiteImagePaths } from './legacy-images';
import { announcePublicChange } from '../platform/public-changes';
import { notifyNewBook, notifyNewCourse } from '../accounts/notifications';
import { createPasswordUser } from '../accounts/users';

// Older single-page clients call /api from another origin and show what it answers.
// Each behaviour is checked through the route handlers the server runs, on the run's database.

selectPrivateDatabase('kz_jest_legacy_old_clients');
process.env.SITE_URL = 'https://kz.example';
process.env.ALLOWED_ORIGINS = 'https://old-client.example';
const SITE = 'https://kz.example';
const OLD_CLIENT = 'https://old-client.example';

jest.mock('../accounts/guards', () => jest.requireActual('@/tests/support/signed-in-caller').guards);

afterAll(closeDb);
beforeEach(async () => {
  caller.user = null;
  await Promise.all(['books', 'blogs', 'reviews', 'courses', 'notifications', 'notificationReads'].map(async (name) => (await collection(name as 'books')).deleteMany({})));
});

function get(path: string, headers: Record<string, string> = {}): NextRequest {
  return new NextRequest(`http://127.0.0.1:3000${path}`, { headers: { host: '127.0.0.1:3000', ...headers } });
}

const idContext = (id: ObjectId) => ({ params: Promise.resolve({ id: id.toHexString() }) });
const noContext = { params: Promise.resolve({}) };

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status).toBe(status);
  return (await response.json()) as T;
}

type Listed = { _id: string; bookName?: string; title?: string; img: string };

async function insertBlog(title: string, createdAt: Date): Promise<BlogDocument> {
  const blog: BlogDocument = { _id: new ObjectId(), title, img: '/demo/blogs/exam.webp', date: '2026-01-02', writerName: 'Writer', description: 'Text.', createdAt };
  await (await collection('blogs')).insertOne(blog);
  return blog;
}

describe('lists in the old server\'s order', () => {
  // Inserted in this order, dated the other way round: the insertion order and the dates disagree.
  const dates = [new Date('2026-03-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z')];

  it('GET /api/books answers the books oldest first (as added) while the Books page stays newest first', async () => {
    const added = [];
    for (const [index, createdAt] of dates.entries()) added.push(await insertBook({ bookName: `Book ${index}`, createdAt }));

    const books = await json<Listed[]>(await booksRoute.GET(get('/api/books'), noContext));
    expect(books.map((book) => book.bookName)).toEqual(['Book 0', 'Book 1', 'Book 2']);
    const paged = await json<Listed[]>(await booksRoute.GET(get('/api/books?page=2&limit=2'), noContext));
    expect(paged.map((book) => book.bookName)).toEqual(['Book 2']);
    expect((await listBooks(1)).items.map((book) => book.bookName)).toEqual(['Book 0', 'Book 1', 'Book 2']);

    // A book added now is the last of the list (the old client shows the last ones) and the first of the page.
    await insertBook({ bookName: 'Newest', createdAt: new Date('2026-04-01T00:00:00Z') });
    // Written directly: announced as every catalogue change is, so the kept answer is dropped.
    await announcePublicChange();
    expect((await json<Listed[]>(await booksRoute.GET(get('/api/books'), noContext))).at(-1)?.bookName).toBe('Newest');
    expect((await listBooks(1)).items[0]?.bookName).toBe('Newest');
  });

  it('GET /api/blogs answers the posts oldest first (as added) while the Blogs page stays newest first', async () => {
    for (const [index, createdAt] of dates.entries()) await insertBlog(`Post ${index}`, createdAt);

    const blogs = await json<Listed[]>(await blogsRoute.GET(get('/api/blogs'), noContext));
    expect(blogs.map((blog) => blog.title)).toEqual(['Post 0', 'Post 1', 'Post 2']);
    expect((await listBlogs(1)).items.map((blog) => blog.title)).toEqual(['Post 0', 'Post 1', 'Post 2']);

    await insertBlog('Newest', new Date('2026-04-01T00:00:00Z'));
    await announcePublicChange();
    expect((await json<Listed[]>(await blogsRoute.GET(get('/api/blogs'), noContext))).at(-1)?.title).toBe('Newest');
    expect((await listBlogs(1)).items[0]?.title).toBe('Newest');
  });

  it('GET /api/addreview answers the newest reviews oldest first, so the last is the newest', async () => {
    const reviews = await collection('reviews');
    const review = (comment: string, day: number): ReviewDocument => ({
      _id: new ObjectId(),
      userId: new ObjectId(),
      name: 'Reader',
      comment,
      ratting: 4,
      image: '/avatars/default-avatar.webp',
      createdAt: new Date(`2026-01-0${day}T00:00:00Z`),
    });
    // Written on days 3, 1, 2: a replaced review keeps its id but is dated anew.
    await reviews.insertMany([review('third', 3), review('first', 1), review('second', 2)]);

    const all = await json<{ comment: string }[]>(await reviewsRoute.GET(get('/api/addreview'), noContext));
    expect(all.map((item) => item.comment)).toEqual(['first', 'second', 'third']);
    const lastTwo = await json<{ comment: string }[]>(await reviewsRoute.GET(get('/api/addreview?limit=2'), noContext));
    expect(lastTwo.map((item) => item.comment)).toEqual(['second', 'third']);
  });
});

describe('image fields as absolute addresses', () => {
  it('prefixes the site\'s own images with SITE_URL, keeps absolute addresses and empty slots as they are', async () => {
    const book = await insertBook({ img: '/media/0123456789abcdef01234567', writerImg: 'https://images.example/writer.png', writerName2: 'Second', writerImg2: '/demo/writers/second.webp' });
    const answer = await json<Record<string, string>>(await bookRoute.GET(get(`/api/books/${book._id.toHexString()}`), idContext(book._id)));
    expect(answer).toMatchObject({
      img: `${SITE}/media/0123456789abcdef01234567`,
      writerImg: 'https://images.example/writer.png',
      writerImg2: `${SITE}/demo/writers/second.webp`,
      writerImg3: '',
      writerImg4: '',
    });

    const course = await insertCourse({ img: 'http://legacy-cdn.example/course.png', instructorImg: '/demo/instructors/teacher.webp' });
    const legacyCourse = await json<Record<string, string>>(await courseRoute.GET(get(`/api/course/${course._id.toHexString()}`), idContext(course._id)));
    expect(legacyCourse).toMatchObject({ img: 'http://legacy-cdn.example/course.png', instructorImg: `${SITE}/demo/instructors/teacher.webp` });

    await (await collection('reviews')).insertOne({ _id: new ObjectId(), userId: new ObjectId(), name: 'R', comment: 'C', ratting: 5, image: '/avatars/default-avatar.webp', createdAt: new Date() });
    const [review] = await json<{ image: string }[]>(await reviewsRoute.GET(get('/api/addreview'), noContext));
    expect(review?.image).toBe(`${SITE}/avatars/default-avatar.webp`);
  });

  it('takes an answer back as the old update forms send it: own addresses become site paths again', async () => {
    const book = await insertBook({ img: '/media/0123456789abcdef01234567', writerImg: '/demo/writers/writer.webp' });
    const { _id: _ignored, ...answer } = await json<Record<string, unknown>>(await bookRoute.GET(get(`/api/books/${book._id.toHexString()}`), idContext(book._id)));

    const values = legacyBookUpdateBody.parse(withSiteImagePaths(answer));
    expect(values).toMatchObject({ img: '/media/0123456789abcdef01234567', writerImg: '/demo/writers/writer.webp', bookName: book.bookName });
    // Without the mapping the http:// address of a local site would be refused.
    expect(legacyCourseUpdateBody.safeParse({ instructorImg: 'http://127.0.0.1:3000/demo/a.webp' }).success).toBe(false);
  });

  it('changes nothing else: other hosts, other paths of the site, non-image fields, non-objects, __proto__ keys', () => {
    const body = {
      img: 'https://elsewhere.example/media/0123456789abcdef01234567',
      writerImg: `${SITE}/not-an-image`,
      instructorImg: `${SITE}/media/0123456789abcdef01234567?x=1`,
      about: `${SITE}/media/0123456789abcdef01234567`,
    };
    expect(withSiteImagePaths(body)).toBe(body);
    expect(withSiteImagePaths(['x'])).toEqual(['x']);
    expect(withSiteImagePaths(null)).toBeNull();

    const withProto = JSON.parse(`{"img":"${SITE}/demo/a.webp","__proto__":{"role":"admin"}}`) as Record<string, unknown>;
    const mapped = withSiteImagePaths(withProto) as Record<string, unknown>;
    expect(mapped.img).toBe('/demo/a.webp');
    expect(Object.hasOwn(mapped, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(mapped)).toBe(Object.prototype);
  });
});

describe('GET /api/ccis and /api/bookN', () => {
  it('answer a caller without a session an empty list (200), and a signed-in caller their own notices', async () => {
    for (const route of [ccisRoute, bookNoticesRoute]) {
      const response = await route.GET(get('/api/ccis'), noContext);
      expect(await json(response)).toEqual({ unreadData: [], unreadCount: 0 });
      expect(response.headers.get('cache-control')).toBe('private, no-store, no-transform');
    }

    const reader = await createPasswordUser({ name: 'Notice Reader', email: `old-client-reader-${Date.now()}@example.com`, password: 'secret12' });
    if (!reader) throw new Error('could not create the reader');
    await notifyNewCourse({ id: new ObjectId().toHexString(), title: 'New Course' });
    await notifyNewBook({ id: new ObjectId().toHexString(), bookName: 'New Book' });
    caller.user = reader;
    const courses = await json<{ unreadData: { title: string; state: string }[]; unreadCount: number }>(await ccisRoute.GET(get('/api/ccis'), noContext));
    expect(courses).toEqual({ unreadData: [{ _id: expect.any(String), title: 'New Course', state: 'unread' }], unreadCount: 1 });
    const books = await json<{ unreadData: { bookName: string }[]; unreadCount: number }>(await bookNoticesRoute.GET(get('/api/bookN'), noContext));
    expect(books).toEqual({ unreadData: [{ _id: expect.any(String), bookName: 'New Book', state: 'unread' }], unreadCount: 1 });
  });
});

describe('an unknown /api address', () => {
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

  it.each(methods)('answers %s with a JSON 404 in the API error shape', async (method) => {
    const request = new NextRequest('http://127.0.0.1:3000/api/no/such/thing', {
      method,
      headers: { host: '127.0.0.1:3000', 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: '{"anything":true}' }),
    });
    const response = await unknownRoute[method](request, { params: Promise.resolve({ path: ['no', 'such', 'thing'] }) });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'Not found', code: 'notFound' });
  });

  it('is readable by an allowed origin (CORS headers like every other API answer)', async () => {
    const response = await unknownRoute.GET(get('/api/nothing', { origin: OLD_CLIENT }), { params: Promise.resolve({ path: ['nothing'] }) });
    expect(response.status).toBe(404);
    expect(response.headers.get('access-control-allow-origin')).toBe(OLD_CLIENT);
  });
});

describe('CORS on the real handlers', () => {
  it('lets an allowed origin read a list and its paging headers; other origins get no CORS headers', async () => {
    await insertBook({ bookName: 'Only' });
    const allowed = await booksRoute.GET(get('/api/books?limit=1', { origin: OLD_CLIENT }), noContext);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(OLD_CLIENT);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('access-control-expose-headers')).toContain('X-Total-Count');
    expect(allowed.headers.get('x-total-count')).toBe('1');
    expect(allowed.headers.get('vary')).toContain('Origin');

    const other = await booksRoute.GET(get('/api/books?limit=1', { origin: 'https://evil.example' }), noContext);
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    // A cache in between keeps one copy per origin, so neither answer is served to the other.
    expect(other.headers.get('vary')).toContain('Origin');
  });

  it('adds them to error answers too, so the old client can read the message', async () => {
    const response = await bookRoute.GET(get('/api/books/zz', { origin: OLD_CLIENT }), { params: Promise.resolve({ id: 'zz' }) });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe(OLD_CLIENT);
  });
});
