import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { MongoClient, ObjectId } from 'mongodb';
import { BASE_URL, MONGODB_URI, OLD_CLIENT_ORIGIN, OLD_CLIENT_PORT } from '../playwright.config';
import { json, signedInApi } from './support/api';
import { DEMO_ACCOUNTS, uniqueEmail } from './support/helpers';

// Older single-page clients call /api from another origin and show what it answers:
// images as absolute addresses, lists in the old server's order, notices without a session, JSON
// for unknown addresses, and CORS for the origins in ALLOWED_ORIGINS (the test server allows
// OLD_CLIENT_ORIGIN, where this file serves a page standing in for the old client).

type Json = Record<string, unknown>;

const IMAGE_FIELDS = ['img', 'instructorImg', 'writerImg', 'writerImg2', 'writerImg3', 'writerImg4', 'image'];
const LOCAL_IMAGE = '/demo/auth.webp';
const OLD_CLIENT_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Old client</title></head><body><img id="picture" alt=""></body></html>';

/** Serves the stand-in page of an old client on `port` (0: any free port). */
async function oldClientServer(port: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(OLD_CLIENT_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function imagesOf(items: Json[]): string[] {
  return items.flatMap((item) => IMAGE_FIELDS.flatMap((field) => (typeof item[field] === 'string' && item[field] !== '' ? [item[field]] : [])));
}

function idsAscending(items: Json[]): boolean {
  return items.every((item, index) => index === 0 || String(items[index - 1]?._id) < String(item._id));
}

test.describe('what old clients show', () => {
  test('every image field is an absolute address; the site\'s own images are on SITE_URL and load', async ({ request }) => {
    const lists = ['/api/courses/classOne', '/api/books', '/api/blogs', '/api/instructors/Physics', '/api/addreview', '/api/searchCourse?limit=50'];
    const images: string[] = [];
    for (const path of lists) {
      const items = await json<Json[]>(await request.get(path), 200);
      expect(items.length, path).toBeGreaterThan(0);
      images.push(...imagesOf(items));
    }
    for (const image of images) {
      expect(image).toMatch(/^https?:\/\/[^/]+\//);
      expect(image, 'prefixed once').not.toMatch(/^https?:\/\/[^/]+\/+https?:/i);
    }
    const own = [...new Set(images.filter((image) => image.startsWith(`${BASE_URL}/`)))];
    expect(own.length).toBeGreaterThan(0);
    for (const image of own.slice(0, 3)) {
      const response = await request.get(image);
      expect(response.status(), image).toBe(200);
      expect(response.headers()['content-type'], image).toMatch(/^image\//);
    }
  });

  test('lists keep the old order: books and blogs as added, reviews with the newest last', async ({ request, playwright }) => {
    const admin = await signedInApi(playwright.request, DEMO_ACCOUNTS.admin);
    const stamp = Date.now().toString(36);
    const book = await json<Json>(
      await admin.post('/api/addBook', {
        data: { bookName: `Old Order Book ${stamp}`, img: LOCAL_IMAGE, about: 'About.', writerName1: 'Writer', writerImg: LOCAL_IMAGE, educationWriter1: 'MA', page: 10, formate: 'PDF', filesize: '1 MB', price: 3, interactive: 'NO' },
      }),
      201,
    );
    const blog = await json<Json>(
      await admin.post('/api/addBlog', { data: { title: `Old Order Blog ${stamp}`, img: LOCAL_IMAGE, writerName: 'Writer', date: '2026-01-02', description: 'A post.' } }),
      201,
    );
    try {
      const books = await json<Json[]>(await request.get('/api/books'), 200);
      expect(idsAscending(books)).toBe(true);
      expect(books.at(-1)?._id).toBe(book.insertedId);
      const blogs = await json<Json[]>(await request.get('/api/blogs'), 200);
      expect(idsAscending(blogs)).toBe(true);
      expect(blogs.at(-1)?._id).toBe(blog.insertedId);
    } finally {
      await admin.delete(`/api/bookDelete/${String(book.insertedId)}`);
      await admin.delete(`/api/blogDelete/${String(blog.insertedId)}`);
      await admin.dispose();
    }

    const writer = await playwright.request.newContext({ baseURL: BASE_URL });
    await json(await writer.post('/api/account/register', { data: { name: 'Old Order Reviewer', email: uniqueEmail('old-order'), password: 'secret12' } }), 200);
    const saved = await json<Json>(await writer.post('/api/addreview', { data: { comment: `Newest ${stamp}`, ratting: 5 } }), 200);
    const reviews = await json<Json[]>(await request.get('/api/addreview'), 200);
    expect(reviews.at(-1)).toMatchObject({ _id: saved.insertedId, comment: `Newest ${stamp}` });
    expect(await json<Json[]>(await request.get('/api/addreview?limit=1'), 200)).toEqual([reviews.at(-1)]);
    await writer.dispose();
  });

  test('the old update form sends back the absolute addresses it was given: stored as the site\'s paths', async ({ playwright }) => {
    const admin = await signedInApi(playwright.request, DEMO_ACCOUNTS.admin);
    const bookName = `Round Trip ${Date.now().toString(36)}`;
    const { insertedId } = await json<{ insertedId: string }>(
      await admin.post('/api/addBook', {
        data: { bookName, img: LOCAL_IMAGE, about: 'About.', writerName1: 'Writer', writerImg: LOCAL_IMAGE, educationWriter1: 'MA', page: 10, formate: 'PDF', filesize: '1 MB', price: 3, interactive: 'NO' },
      }),
      201,
    );
    const client = await MongoClient.connect(MONGODB_URI);
    try {
      const { _id: _ignored, ...prefill } = await json<Json>(await admin.get(`/api/books/${insertedId}`), 200);
      expect(prefill).toMatchObject({ img: `${BASE_URL}${LOCAL_IMAGE}`, writerImg: `${BASE_URL}${LOCAL_IMAGE}`, writerImg2: '' });
      const updated = await json<Json>(await admin.put(`/api/bookUpdate/${insertedId}`, { data: { ...prefill, bookName: `${bookName} 2` } }), 200);
      expect(updated).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
      const stored = await client.db().collection('books').findOne({ _id: new ObjectId(insertedId) });
      expect(stored).toMatchObject({ bookName: `${bookName} 2`, img: LOCAL_IMAGE, writerImg: LOCAL_IMAGE });
    } finally {
      await client.close();
      await admin.delete(`/api/bookDelete/${insertedId}`);
      await admin.dispose();
    }
  });

  test('GET /api/ccis and /api/bookN without a session: nothing unread (200); a forged token is still 403', async ({ request }) => {
    for (const path of ['/api/ccis', '/api/bookN']) {
      const response = await request.get(path);
      expect(await json(response, 200)).toEqual({ unreadData: [], unreadCount: 0 });
      expect(response.headers()['cache-control']).toBe('private, no-store, no-transform');
      expect(await json(await request.get(path, { headers: { authorization: 'Bearer not-a-token' } }), 403)).toEqual({ message: 'Forbidden access', code: 'forbiddenAccess' });
    }
  });

  test('an unknown /api address answers a JSON 404 for every method; unknown pages stay HTML', async ({ request }) => {
    for (const path of ['/api/no-such-endpoint', '/api/v2/books', `/api/books/${new ObjectId().toHexString()}/file/extra`, '/api/addreview/extra']) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']) {
        const response = await request.fetch(path, { method, ...(method === 'GET' || method === 'HEAD' ? {} : { data: { any: 'thing' } }) });
        expect(`${method} ${path} → ${response.status()}`).toBe(`${method} ${path} → 404`);
        expect(response.headers()['content-type'], `${method} ${path}`).toMatch(/^application\/json/);
        if (method !== 'HEAD') expect(await response.json()).toEqual({ message: 'Not found', code: 'notFound' });
      }
    }
    const page = await request.get('/no-such-page-anywhere');
    expect(page.status()).toBe(404);
    expect(page.headers()['content-type']).toMatch(/^text\/html/);
  });
});

/** The raw answer to a GET that accepts gzip: its headers as sent, not decompressed. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, BASE_URL), { headers: { 'accept-encoding': 'gzip', ...headers } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }));
    });
    request.on('error', reject);
  });
}

test('small JSON answers go out uncompressed (marked no-transform), larger ones gzipped, signed in or not', async ({ playwright }) => {
  const student = await signedInApi(playwright.request, DEMO_ACCOUNTS.student);
  const cookie = (await student.storageState()).cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  const mine = await rawGet(`/api/paidOrder?email=${encodeURIComponent(DEMO_ACCOUNTS.student.email)}`, { cookie });
  expect(mine.status).toBe(200);
  expect(mine.headers['content-encoding']).toBeUndefined();
  expect(mine.headers['cache-control']).toBe('private, no-store, no-transform');
  expect(mine.bytes).toBeLessThan(1024);

  const refused = await rawGet('/api/paidOrder?email=someone%40example.com');
  expect(refused.status).toBe(401);
  expect(refused.headers['content-encoding']).toBeUndefined();

  const books = await rawGet('/api/books');
  expect(books.status).toBe(200);
  expect(books.headers['content-encoding']).toBe('gzip');
  expect(books.headers['cache-control']).not.toContain('no-transform');
  await student.dispose();
});

test.describe('CORS for the origins in ALLOWED_ORIGINS', () => {
  let allowed: Awaited<ReturnType<typeof oldClientServer>>;
  let other: Awaited<ReturnType<typeof oldClientServer>>;
  test.beforeAll(async () => {
    allowed = await oldClientServer(OLD_CLIENT_PORT);
    other = await oldClientServer(0);
    expect(allowed.origin).toBe(OLD_CLIENT_ORIGIN);
  });
  test.afterAll(async () => {
    await Promise.all([allowed.close(), other.close()]);
  });

  async function bearerToken(playwright: typeof import('@playwright/test').request): Promise<{ token: string; context: APIRequestContext }> {
    const context = await signedInApi(playwright, DEMO_ACCOUNTS.student);
    const { token } = await json<{ token: string }>(await context.put(`/api/user/${DEMO_ACCOUNTS.student.email}`, { data: { email: DEMO_ACCOUNTS.student.email } }), 200);
    return { token, context };
  }

  /** What a script on the page's origin can read of an API answer (null when the browser blocks it). */
  function readFromPage(page: Page, path: string, headers: Record<string, string> = {}) {
    return page.evaluate(
      async ({ url, headers }) => {
        try {
          const response = await fetch(url, { headers });
          return { status: response.status, totalCount: response.headers.get('x-total-count'), body: (await response.json()) as unknown };
        } catch {
          return null;
        }
      },
      { url: `${BASE_URL}${path}`, headers },
    );
  }

  test('the old client\'s page reads lists with their paging, notices with its bearer token and 404 messages, and shows the images', async ({ page, playwright }) => {
    await page.goto(`${allowed.origin}/`);
    const books = await readFromPage(page, '/api/books?limit=2');
    expect(books).toMatchObject({ status: 200, totalCount: expect.stringMatching(/^\d+$/) });
    const [book] = books?.body as Json[];
    expect(String(book?.img)).toMatch(new RegExp(`^${BASE_URL}/`));

    // An <img> on the old client's origin shows the picture from the absolute address.
    const width = await page.evaluate(async (source) => {
      const picture = document.getElementById('picture') as HTMLImageElement;
      await new Promise((resolve, reject) => {
        picture.onload = resolve;
        picture.onerror = reject;
        picture.src = source;
      });
      return picture.naturalWidth;
    }, String(book?.img));
    expect(width).toBeGreaterThan(0);

    // Authorization makes the browser ask first (a preflight); the allowed origin passes it.
    const { token, context } = await bearerToken(playwright.request);
    const notices = await readFromPage(page, '/api/ccis', { Authorization: `Bearer ${token}` });
    expect(notices).toMatchObject({ status: 200, body: { unreadCount: expect.any(Number) } });
    expect(await readFromPage(page, '/api/ccis')).toMatchObject({ status: 200, body: { unreadData: [], unreadCount: 0 } });
    expect(await readFromPage(page, '/api/no-such-endpoint')).toMatchObject({ status: 404, body: { message: 'Not found', code: 'notFound' } });
    await context.dispose();
  });

  test('a page on any other origin cannot read the answers', async ({ page }) => {
    await page.goto(`${other.origin}/`);
    expect(await readFromPage(page, '/api/books?limit=1')).toBeNull();
    expect(await readFromPage(page, '/api/ccis', { Authorization: 'Bearer x' })).toBeNull();
  });
});
