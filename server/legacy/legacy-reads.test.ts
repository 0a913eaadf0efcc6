import { NextRequest } from 'next/server';
import { insertBookOnSale } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';

// The legacy whole-list reads against the real embedded database, through their route handler:
// kept serialized per catalogue change, with an ETag for readers who have them.
selectPrivateDatabase('kz_jest_legacy_reads');

type Modules = { books: typeof import('@/app/api/books/route'); changes: typeof import('../platform/public-changes'); db: typeof import('../platform/db') };
let m: Modules;

beforeAll(async () => {
  m = { books: await import('@/app/api/books/route'), changes: await import('../platform/public-changes'), db: await import('../platform/db') };
  await (await m.db.collection('books')).deleteMany({});
  await m.changes.announcePublicChange();
});

afterAll(async () => {
  await m.db.closeDb();
});

function getBooks(headers: Record<string, string> = {}, query = '') {
  return m.books.GET(new NextRequest(`http://127.0.0.1:3000/api/books${query}`, { headers }), { params: Promise.resolve({}) } as never);
}

type LegacyBook = { bookName: string };

it('answers the list once per catalogue change, and 304 to a reader who has it', async () => {
  await insertBookOnSale({ bookName: 'First Book' });
  await m.changes.announcePublicChange();

  const plain = await getBooks();
  expect(plain.status).toBe(200);
  const etag = plain.headers.get('etag') ?? '';
  expect(etag).toMatch(/^W\/".+"$/);
  expect(plain.headers.get('x-total-count')).toBe('1');
  const body = (await plain.json()) as LegacyBook[];
  expect(body.map((book) => book.bookName)).toEqual(['First Book']);

  const unchanged = await getBooks({ 'if-none-match': etag });
  expect(unchanged.status).toBe(304);
  expect(await unchanged.text()).toBe('');
  expect(unchanged.headers.get('etag')).toBe(etag);

  // Written without an announcement: the kept answer stands; once announced, the new list.
  await insertBookOnSale({ bookName: 'Second Book' });
  expect(((await (await getBooks()).json()) as LegacyBook[]).map((book) => book.bookName)).toEqual(['First Book']);
  await m.changes.announcePublicChange();
  const changed = await getBooks({ 'if-none-match': etag });
  expect(changed.status).toBe(200);
  expect(changed.headers.get('etag')).not.toBe(etag);
  expect(((await changed.json()) as LegacyBook[]).map((book) => book.bookName).sort()).toEqual(['First Book', 'Second Book']);
});

it('gives 50 readers arriving together the same answer', async () => {
  await m.changes.announcePublicChange();
  const answers = await Promise.all(Array.from({ length: 50 }, () => getBooks()));
  expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 50 }, () => 200));
  expect(new Set(answers.map((answer) => answer.headers.get('etag'))).size).toBe(1);
});

it('keeps no error: a bad query is 400 each time', async () => {
  expect((await getBooks({}, '?page=0')).status).toBe(400);
  expect((await getBooks({}, '?page=0')).status).toBe(400);
});

it('keeps one answer per item whatever query a read of one item is sent with, and names its path for the page cache', async () => {
  const book = await insertBookOnSale({ bookName: 'Queried Book' });
  await m.changes.announcePublicChange();
  const { GET } = await import('@/app/api/book/[id]/route');
  const read = (query: string, headers: Record<string, string> = {}) =>
    GET(new NextRequest(`http://127.0.0.1:3000/api/book/${book._id.toHexString()}${query}`, { headers }), { params: Promise.resolve({ id: book._id.toHexString() }) });
  const first = await read('?_=1');
  expect(first.headers.get('x-kz-cache-address')).toBe(`/api/book/${book._id.toHexString()}`);
  // Written without an announcement: a new query would read it afresh if each query had its own entry.
  await (await m.db.collection('books')).updateOne({ _id: book._id }, { $set: { bookName: 'Renamed Book' } });
  for (const query of ['', '?_=2', '?utm_source=x&fbclid=y']) {
    const answer = await read(query);
    expect({ query, etag: answer.headers.get('etag'), name: ((await answer.json()) as LegacyBook).bookName }).toEqual({ query, etag: first.headers.get('etag'), name: 'Queried Book' });
  }
  expect((await read('?z=9', { 'if-none-match': '*' })).status).toBe(304);
  expect((await read('', { 'if-none-match': '*', 'cache-control': 'no-cache' })).status).toBe(200);
});
