import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS } from './support/helpers';

// The shared page cache in front of Next (serving/server.mjs) on the real production server:
// repeat visits to public pages come from memory, guarded and per-user answers never do, and an
// admin's change shows on the very next request.

async function cacheStateOf(request: APIRequestContext, path: string): Promise<{ status: number; cache: string | undefined; body: string }> {
  const answer = await request.get(path, { maxRedirects: 0 });
  return { status: answer.status(), cache: answer.headers()['x-kz-page-cache'], body: await answer.text() };
}

async function signInAs(request: APIRequestContext, account: { email: string; password: string }): Promise<void> {
  expect((await request.post('/api/account/login', { data: { email: account.email, password: account.password } })).status()).toBe(200);
}

test('a public API read is answered from the cache on the next request, with the same bytes and ETag', async ({ request }) => {
  const first = await cacheStateOf(request, '/api/books');
  expect(first.status).toBe(200);
  const second = await request.get('/api/books');
  expect(second.headers()['x-kz-page-cache']).toBe('HIT');
  expect(await second.text()).toBe(first.body);
  const etag = second.headers()['etag'];
  expect(etag).toBeTruthy();
  const revalidated = await request.get('/api/books', { headers: { 'if-none-match': etag! } });
  expect(revalidated.status()).toBe(304);
});

test('a public page is answered from the cache on the next visit, with the same bytes', async ({ request }) => {
  const first = await cacheStateOf(request, '/blogs');
  expect(first.status).toBe(200);
  const second = await cacheStateOf(request, '/blogs');
  expect(second.cache).toBe('HIT');
  expect(second.body).toBe(first.body);
});

test('search pages are kept too, each term and page on its own', async ({ request }) => {
  await cacheStateOf(request, '/searchCourse/physics');
  expect((await cacheStateOf(request, '/searchCourse/physics')).cache).toBe('HIT');
  const other = await cacheStateOf(request, '/searchCourse/english');
  expect(other.cache).toBe('MISS');
  expect(other.body).toContain('Your Total Search Result Is:');
});

test('a marketing link to the home page sends a Bengali visitor to the Bengali home, query kept, even once the English home is stored', async ({ request }) => {
  const address = `/?utm_source=facebook&fbclid=kz${Date.now().toString(36)}`;
  // An English visitor stores the English home under this address.
  await cacheStateOf(request, address);
  expect((await cacheStateOf(request, address)).cache).toBe('HIT');
  for (const headers of [{ cookie: 'KZ_LOCALE=bn' }, { 'accept-language': 'bn-BD,bn;q=0.9' }] as Record<string, string>[]) {
    const answer = await request.get(address, { headers, maxRedirects: 0 });
    expect(answer.status(), JSON.stringify(headers)).toBe(307);
    const location = new URL(answer.headers()['location'] ?? '', 'http://x');
    expect(location.pathname + location.search).toBe(`/bn${address.slice(1)}`);
  }
});

test('guarded pages, sign-in pages and personal API answers never come from the cache', async ({ request }) => {
  for (const path of ['/myOrder', '/addCourse', '/login', '/api/auth/session', '/api/search/suggestions?q=phys']) {
    await cacheStateOf(request, path);
    expect((await cacheStateOf(request, path)).cache, path).not.toBe('HIT');
  }
  // Signed in, the guarded pages render for this user (never a stored copy, never someone else's),
  // and even the public API reads are answered by Next, privately (server/accounts/private-answers.ts).
  await signInAs(request, DEMO_ACCOUNTS.student);
  for (const path of ['/myOrder', '/myCollection', '/myProfile', '/api/books']) {
    const answer = await cacheStateOf(request, path);
    expect(answer.status, path).toBe(200);
    expect(answer.cache, path).not.toBe('HIT');
  }
  expect((await request.get('/api/books')).headers()['cache-control']).toMatch(/^private, no-store(, no-transform)?$/);
  // A student on an admin route is still signed out and sent to /login (docs/product.md §2).
  const admin = await cacheStateOf(request, '/addCourse');
  expect(admin.status).toBe(307);
  expect(admin.cache).not.toBe('HIT');
});

test('an admin change shows on the next request of a cached page', async ({ playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  const admin = await playwright.request.newContext({ baseURL });
  try {
    await signInAs(admin, DEMO_ACCOUNTS.admin);
    const title = `Cache check ${Date.now().toString(36)}`;
    const added = await admin.post('/api/addBlog', {
      data: { title, img: '/demo/auth.webp', writerName: 'Cache Writer', date: '2026-01-02', description: 'A post that must show at once.' },
    });
    expect(added.status()).toBe(201);
    const { insertedId } = (await added.json()) as { insertedId: string };

    await cacheStateOf(visitor, '/blogs');
    const cached = await cacheStateOf(visitor, '/blogs');
    expect(cached.cache).toBe('HIT');
    expect(cached.body).toContain(title);
    await cacheStateOf(visitor, `/blog/${insertedId}`);
    expect((await cacheStateOf(visitor, `/blog/${insertedId}`)).cache).toBe('HIT');

    const renamed = `${title} renamed`;
    const updated = await admin.put(`/api/blogUpdate/${insertedId}`, {
      data: { title: renamed, img: '/demo/auth.webp', writerName: 'Cache Writer', date: '2026-01-02', description: 'A post that must show at once.' },
    });
    expect(updated.status()).toBe(200);
    const list = await cacheStateOf(visitor, '/blogs');
    expect(list.cache).toBe('MISS');
    expect(list.body).toContain(renamed);
    expect((await cacheStateOf(visitor, `/blog/${insertedId}`)).body).toContain(renamed);

    // The legacy API's reads of it are kept for anonymous readers the same way, and dropped the same way.
    await cacheStateOf(visitor, `/api/blog/${insertedId}`);
    const apiRead = await cacheStateOf(visitor, `/api/blog/${insertedId}`);
    expect(apiRead.cache).toBe('HIT');
    expect(apiRead.body).toContain(renamed);

    expect((await admin.delete(`/api/blogDelete/${insertedId}`)).status()).toBe(200);
    expect((await cacheStateOf(visitor, `/api/blog/${insertedId}`)).status).toBe(404);
    expect((await cacheStateOf(visitor, '/blogs')).body).not.toContain(renamed);
    expect((await cacheStateOf(visitor, `/blog/${insertedId}`)).status).toBe(404);
  } finally {
    await visitor.dispose();
    await admin.dispose();
  }
});

test('a client navigation’s payload of a cached page is never kept by the browser, so it cannot come back stale', async ({ page }) => {
  // Registered first: the header's links may be prefetched as soon as the home page shows.
  const payload = page.waitForResponse((response) => response.request().headers()['rsc'] === '1' && new URL(response.url()).pathname === '/books');
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Books', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Books List' })).toBeVisible();
  expect((await payload).headers()['cache-control']).toBe('private, no-cache');
  // The page itself keeps the header the shared caches use.
  const document = await page.request.get('/books');
  expect(document.headers()['cache-control']).toMatch(/s-maxage=\d+/);
});
