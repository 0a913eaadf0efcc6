import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { DEMO_ACCOUNTS } from './support/helpers';

// Writes through the legacy API on the production server (docs/security-tests.md, attacks found
// by trying the app, rows 6 and 14): a review posted through POST /api/addreview reaches the
// cached home page at once, and posting the same review again leaves the page cache alone. The
// write limits themselves are tested against the database in server/reviews/save-review.test.ts and
// server/accounts/profile.test.ts.

async function homePage(request: APIRequestContext): Promise<{ cache: string | undefined; body: string }> {
  const answer = await request.get('/');
  expect(answer.status()).toBe(200);
  return { cache: answer.headers()['x-kz-page-cache'], body: await answer.text() };
}

test('a review posted through POST /api/addreview shows on the home page at once; the same one again empties no cache', async ({ request, playwright }) => {
  const student = await playwright.request.newContext({ baseURL: BASE_URL });
  const login = await student.post('/api/account/login', { data: { email: DEMO_ACCOUNTS.student.email, password: DEMO_ACCOUNTS.student.password } });
  expect(login.status()).toBe(200);
  const review = { comment: `Through the old client ${Date.now().toString(36)}`, ratting: 4 };

  // The anonymous visitor's home page is in the shared page cache before the review is posted.
  await homePage(request);
  expect((await homePage(request)).cache).toBe('HIT');

  expect((await student.post('/api/addreview', { data: review })).status()).toBe(200);
  const refreshed = await homePage(request);
  expect(refreshed.cache).toBe('MISS');
  expect(refreshed.body).toContain(review.comment);

  expect((await homePage(request)).cache).toBe('HIT');
  expect((await student.post('/api/addreview', { data: review })).status()).toBe(200);
  expect((await homePage(request)).cache).toBe('HIT');
  await student.dispose();
});
