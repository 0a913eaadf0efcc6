import { NextRequest } from 'next/server';
import { insertBookOnSale, insertCourse } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';

// The public reads the production server hands straight to their route handlers
// (app/api/public-reads.ts), against the real embedded database: each address the table names gets
// the answer its route gives, with the headers Next adds to every answer; other addresses and
// spellings are left to Next.
selectPrivateDatabase('kz_jest_public_reads');

type Modules = {
  reads: typeof import('@/app/api/public-reads');
  course: typeof import('@/app/api/course/[id]/route');
  changes: typeof import('./public-changes');
  db: typeof import('./db');
};
let m: Modules;

beforeAll(async () => {
  m = {
    reads: await import('@/app/api/public-reads'),
    course: await import('@/app/api/course/[id]/route'),
    changes: await import('./public-changes'),
    db: await import('./db'),
  };
});

afterAll(async () => {
  await m.db.closeDb();
});

function answer(url: string, headers: Record<string, string> = {}, withCredentials = false) {
  return m.reads.answerPublicRead(url, () => new Headers(headers), withCredentials);
}

it('answers a course by id as its route does, with the headers every answer carries', async () => {
  const course = await insertCourse({ title: 'Public Reads Physics' });
  await m.changes.announcePublicChange();
  const id = course._id.toHexString();

  const response = await answer(`/api/course/${id}`);
  expect(response?.status).toBe(200);
  const fromRoute = await m.course.GET(new NextRequest(`http://127.0.0.1:3000/api/course/${id}`), { params: Promise.resolve({ id }) });
  expect(await response?.json()).toEqual(await fromRoute.json());
  expect(response?.headers.get('etag')).toBe(fromRoute.headers.get('etag'));
  expect(response?.headers.get('x-kz-access')).toBe('public');
  expect(response?.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(response?.headers.get('x-frame-options')).toBe('DENY');
  expect(response?.headers.get('x-content-type-options')).toBe('nosniff');

  const again = await answer(`/api/course/${id}`, { 'if-none-match': response?.headers.get('etag') ?? '' });
  expect(again?.status).toBe(304);
});

it('answers unknown and malformed ids and bad queries as the routes do', async () => {
  const unknown = await answer('/api/course/0123456789abcdef01234567');
  expect(unknown?.status).toBe(404);
  expect(await unknown?.json()).toEqual({ message: 'Course not found', code: 'courseNotFound' });
  expect((await answer('/api/book/not-an-id'))?.status).toBe(400);
  expect((await answer('/api/books?page=0'))?.status).toBe(400);
  expect((await answer('/api/courses/nowhere'))?.status).toBe(404);
});

it('answers the lists and search with their paging headers', async () => {
  await insertBookOnSale({ bookName: 'Public Reads Book' });
  await m.changes.announcePublicChange();
  const books = await answer('/api/books?page=1&limit=1');
  expect(books?.status).toBe(200);
  expect(books?.headers.get('x-page')).toBe('1');
  expect((await books?.json()) as unknown[]).toHaveLength(1);

  const search = await answer('/api/searchCourse?q=public%20reads');
  expect(((await search?.json()) as { title: string }[]).map((course) => course.title)).toContain('Public Reads Physics');
  const suggestions = await answer('/api/search/suggestions?q=public%20rea');
  expect(((await suggestions?.json()) as { suggestions: { title: string }[] }).suggestions.map((course) => course.title)).toContain('Public Reads Physics');
});

it('leaves every other address and spelling to Next', () => {
  for (const url of [
    '/api/course/0123456789abcdef01234567/',
    '/api/course/%30123456789abcdef01234567',
    '/api/course/a/b',
    '/api/course',
    '/api/users',
    '/api/order/0123456789abcdef01234567',
    '/api/books/',
    '/api//books',
    '/books',
    '/api/lesson-stream/token/../master.m3u8',
    '/api/lesson-stream/token/240p/segment000.mp4',
    '/api/lesson-stream/token',
  ]) {
    expect([url, answer(url)]).toEqual([url, null]);
  }
});

it('answers a lesson video file on its token whatever credentials come with it, and nothing else then', async () => {
  // The route's own answer to a token that is not one: the token is all it reads.
  const forged = await answer('/api/lesson-stream/not.a.token/240p/segment000.ts', { cookie: 'authjs.session-token=abc' }, true);
  expect(forged?.status).toBe(403);
  expect(await forged?.json()).toEqual({ message: 'This video address has expired. Reload the lesson.', code: 'thisVideoAddressHasExpiredReloadTheLesson' });
  expect(answer('/api/course/0123456789abcdef01234567', { cookie: 'authjs.session-token=abc' }, true)).toBeNull();
  expect(answer('/api/books', { authorization: 'Bearer abc' }, true)).toBeNull();
});
