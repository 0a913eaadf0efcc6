/** @jest-environment node */
import { linked, replace } from './app-link.mjs';
import { getRouteCacheKey } from 'next/dist/server/lib/route-cache-key';
import IsrCache, { addressOfKey } from './isr-cache.mjs';

// The ISR cache handler on its own: what Next hands it is stored in memory, a 404 never is, the
// total stays within ISR_CACHE_MAX_MB, and a revalidated tag drops what carries it.

function page(html: string, { status = 200, tags = '_N_T_/layout,_N_T_/book/[id]/page,_N_T_/book/1' } = {}) {
  return { kind: 'APP_PAGE', html, rscData: Buffer.from(`rsc:${html}`), status, headers: { 'x-next-cache-tags': tags } };
}

beforeEach(() => {
  replace('renderedPages', undefined);
  process.env.ISR_CACHE_MAX_MB = '1';
});

describe('ISR cache handler', () => {
  it('keeps a rendered page and hands it back', async () => {
    const cache = new IsrCache();
    await cache.set('/book/1', page('<p>book</p>'));
    expect((await cache.get('/book/1'))?.value.html).toBe('<p>book</p>');
    // Another instance (Next makes one per incremental cache) sees the same entries.
    expect((await new IsrCache().get('/book/1'))?.value.html).toBe('<p>book</p>');
  });

  it('never keeps a 404, and a 404 replaces nothing it could be mistaken for', async () => {
    const cache = new IsrCache();
    for (let i = 0; i < 300; i += 1) await cache.set(`/book/x${i}`, page('<p>Not found</p>', { status: 404 }));
    for (let i = 0; i < 300; i += 1) expect(await cache.get(`/book/x${i}`)).toBeNull();
    await cache.set('/book/2', page('<p>deleted later</p>'));
    await cache.set('/book/2', page('<p>Not found</p>', { status: 404 }));
    expect(await cache.get('/book/2')).toBeNull();
  });

  it('stays within its size, dropping the least recently used page first', async () => {
    const cache = new IsrCache();
    // About 100 KB each (page and payload): ten fit in 1 MB.
    const big = 'x'.repeat(50 * 1024);
    await cache.set('/a', page(big + 'a'));
    await cache.set('/b', page(big + 'b'));
    await cache.get('/a');
    for (let i = 0; i < 9; i += 1) await cache.set(`/more/${i}`, page(big + i));
    expect(await cache.get('/b')).toBeNull();
    expect(await cache.get('/a')).not.toBeNull();
    // The handler's own store, as it provided it to the app link.
    const store = linked('renderedPages') as unknown as { bytes: number; entries: Map<string, unknown> } | undefined;
    expect(store?.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(store?.entries.size).toBe(10);
  });

  it('drops pages whose tags are revalidated, including tags known only when read', async () => {
    const cache = new IsrCache();
    await cache.set('/book/1', page('<p>one</p>'));
    await cache.set('/blog/1', page('<p>blog</p>', { tags: '_N_T_/layout,_N_T_/blog/1' }));
    await cache.revalidateTag(['_N_T_/book/1']);
    expect(await cache.get('/book/1')).toBeNull();
    expect(await cache.get('/blog/1')).not.toBeNull();

    await cache.set('/data', { kind: 'FETCH', data: { body: '{}' } }, { tags: [] });
    await new Promise((resolve) => setTimeout(resolve, 2));
    await cache.revalidateTag('_N_T_/courses');
    expect(await cache.get('/data', { softTags: ['_N_T_/courses'] })).toBeNull();
  });
});

describe('ISR cache handler, told of a change made on another instance', () => {
  const clearAll = () => linked('renderedPages')!.clear();

  it('forgets every page', async () => {
    const cache = new IsrCache();
    await cache.set('/book/1', page('<p>one</p>'));
    await cache.set('/blogs', page('<p>blogs</p>', { tags: '_N_T_/layout,_N_T_/blogs' }));
    clearAll();
    expect(await cache.get('/book/1')).toBeNull();
    expect(await cache.get('/blogs')).toBeNull();
    await cache.set('/book/1', page('<p>one again</p>'));
    expect((await cache.get('/book/1'))?.value.html).toBe('<p>one again</p>');
  });

  /** The key Next itself gives the rendered page of `pathname` (app/[locale]/book/[id]/page). */
  const keyOf = (pathname: string) => getRouteCacheKey(pathname, { kind: 'APP_PAGE', sourceRoute: '/[locale]/book/[id]/page' } as Parameters<typeof getRouteCacheKey>[1]);

  it("reads the address out of Next's key of a rendered page", () => {
    expect(addressOfKey(keyOf('/en/book/1'))).toBe('/en/book/1');
    expect(addressOfKey(keyOf('/bn/classes/five/page/2'))).toBe('/bn/classes/five/page/2');
    expect(addressOfKey(keyOf('/'))).toBe('/');
    expect(addressOfKey(keyOf('/index/x'))).toBe('/index/x');
    expect(addressOfKey('a-fetch-cache-key')).toBe('a-fetch-cache-key');
  });

  it('forgets only the pages whose address the change touches, and does not keep a render of such a page that began before it', async () => {
    const cache = new IsrCache();
    const store = linked('renderedPages')!;
    await cache.set(keyOf('/en/book/1'), page('<p>one</p>'));
    await cache.set(keyOf('/en/book/2'), page('<p>two</p>'));
    expect(await cache.get(keyOf('/en/book/3'))).toBeNull(); // a render of book 3 begins
    expect(await cache.get(keyOf('/en/book/4'))).toBeNull(); // and one of book 4
    store.forget((address) => address === '/en/book/1' || address === '/en/book/3', 0);
    expect(await cache.get(keyOf('/en/book/1'))).toBeNull();
    expect((await cache.get(keyOf('/en/book/2')))?.value.html).toBe('<p>two</p>');
    await cache.set(keyOf('/en/book/3'), page('<p>three, from before the change</p>'));
    await cache.set(keyOf('/en/book/4'), page('<p>four</p>'));
    expect(await cache.get(keyOf('/en/book/3'))).toBeNull();
    expect((await cache.get(keyOf('/en/book/4')))?.value.html).toBe('<p>four</p>');
  });

  it('does not keep a render that began before the change', async () => {
    const cache = new IsrCache();
    // Next misses, renders from what the database held, and stores the result once done.
    expect(await cache.get('/book/1')).toBeNull();
    clearAll();
    await cache.set('/book/1', page('<p>old title</p>'));
    expect(await cache.get('/book/1')).toBeNull();
    // A page nobody was rendering when it changed is kept at once.
    expect(await cache.get('/book/2')).toBeNull();
    await cache.set('/book/2', page('<p>two</p>'));
    expect((await cache.get('/book/2'))?.value.html).toBe('<p>two</p>');
  });

  it('does not keep it either when another render of the page began after the change', async () => {
    const now = jest.spyOn(Date, 'now');
    try {
      now.mockReturnValue(1_000_000);
      const cache = new IsrCache();
      // Two renders of one page: the first reads the old data, the change lands, the second begins.
      expect(await cache.get('/course/1')).toBeNull();
      clearAll();
      expect(await cache.get('/course/1')).toBeNull();
      await cache.set('/course/1', page('<p>4.0 stars</p>'));
      await cache.set('/course/1', page('<p>5.0 stars</p>'));
      expect(await cache.get('/course/1')).toBeNull();
      // Once no render from before the change can still be under way, renders are kept again.
      now.mockReturnValue(1_000_000 + 21_000);
      expect(await cache.get('/course/1')).toBeNull();
      await cache.set('/course/1', page('<p>5.0 stars</p>'));
      expect((await cache.get('/course/1'))?.value.html).toBe('<p>5.0 stars</p>');
    } finally {
      now.mockRestore();
    }
  });
});
