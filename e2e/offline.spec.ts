import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import en from '../messages/en.json';
import bn from '../messages/bn.json';
import { buyCourse, expectPurchaseConfirmed, GOOD_CARD, payWithCard, signUpFresh } from './support/commerce';
import { withDatabase } from './support/database';
import { DEMO_ACCOUNTS, PHONE_SCREEN, accountMenuOf, expectNoAxeViolations, login, logout } from './support/helpers';

// The site as an installable app with a service worker (offline/service-worker.ts): the manifest
// and its icons, the worker taking charge of the site, the offline page in each language when
// there is no connection, and no page, a signed-in one least of all, kept on the device.

test.use({ serviceWorkers: 'allow' });

/** Opens `path` and waits until the service worker controls the page. */
async function openControlled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

/** Every response the worker keeps that is a page: its address. */
function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const pages: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        if (response?.headers.get('content-type')?.includes('text/html')) pages.push(new URL(request.url).pathname);
      }
    }
    return pages.sort();
  });
}

test('the manifest names the app, its start page and its icons, and every icon is there', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href ?? '')).json()) as { name: string; display: string; start_url: string; icons: { src: string; sizes: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: en.site.name, display: 'standalone', start_url: '/' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const answer = await request.get(icon.src);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
});

test('the site can be installed: the browser finds nothing missing', async ({ page }) => {
  await openControlled(page, '/');
  const session = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  // A test browser's profile is a private one, where no site can be installed.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});

test('without a connection a page is answered by the offline page in its language, styled, on a phone', async ({ page, context }) => {
  await page.setViewportSize(PHONE_SCREEN);
  await openControlled(page, '/');
  await context.setOffline(true);
  try {
    await page.goto('/courses');
    await expect(page.getByRole('heading', { name: en.offline.heading })).toBeVisible();
    // The site's styles came from the worker: the page is laid out as the site is.
    expect(await page.locator('h1').evaluate((heading) => getComputedStyle(heading).fontWeight)).toBe('700');
    await expectNoAxeViolations(page);

    await page.goto('/bn/books');
    await expect(page.getByRole('heading', { name: bn.offline.heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  } finally {
    await context.setOffline(false);
  }
  // Back online, the same address is the page again.
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: en.offline.heading })).toHaveCount(0);
});

test("keeps no page on the device: a signed-in learner's profile is not there for the next person offline", async ({ page, context }) => {
  const student = DEMO_ACCOUNTS.student;
  await openControlled(page, '/');
  await login(page, student.email, student.password);
  await expect(accountMenuOf(page, en, student.name)).toBeVisible();
  await page.goto('/myProfile');
  await expect(page.getByRole('main')).toContainText(student.email);
  await logout(page);

  expect(await keptPages(page)).toEqual(['/bn/offline', '/offline']);
  await context.setOffline(true);
  try {
    await page.goto('/myProfile');
    await expect(page.getByRole('heading', { name: en.offline.heading })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(student.email);
  } finally {
    await context.setOffline(false);
  }
});

/** A fresh learner who bought the Fractions course, on its first lesson: the ids and readers of what the server recorded. */
async function onFirstLessonOfBoughtCourse(page: Page) {
  const title = 'Mathematics for Class Four: Fractions';
  const email = await signUpFresh(page, 'Offline Learner');
  await buyCourse(page, '/classes/four', title);
  await payWithCard(page, GOOD_CARD);
  await expectPurchaseConfirmed(page, 'course');
  await page.goto('/myCollection');
  await page.getByRole('link', { name: `Start: ${title}` }).click();
  await expect(page).toHaveURL(/\/learn\/[0-9a-f]{24}\/[0-9a-f]{24}$/);
  const [, , courseId = '', lessonId = ''] = new URL(page.url()).pathname.split('/');
  const userId = await withDatabase(async (db) => String((await db.collection('users').findOne({ email }))?._id));
  return {
    courseId,
    lessonId,
    userId,
    completedAt: () => withDatabase(async (db) => (await db.collection('courseProgress').findOne({ _id: `${userId}:${courseId}` as never }))?.lessons?.[lessonId]?.completedAt ?? null),
    events: () => withDatabase((db) => db.collection('usedTokens').find({ _id: { $regex: `^progress-event:${userId}:` } as never }).toArray()),
  };
}

/** Marks the lesson complete without a connection: kept on the device, nothing on the server. */
async function completeOffline(page: Page, completedAt: () => Promise<unknown>): Promise<void> {
  await page.context().setOffline(true);
  await page.getByRole('button', { name: en.progress.markComplete }).click();
  await expect(page.getByRole('status').filter({ hasText: en.progress.keptOnDevice })).toBeVisible();
  await expect(page.getByText(en.progress.completed, { exact: true })).toBeVisible();
  expect(await completedAt()).toBeNull();
}

test('a lesson completed without a connection is kept on the phone, sent when the connection returns, and counted once', async ({ page, context }) => {
  await page.setViewportSize(PHONE_SCREEN);
  const { courseId, lessonId, userId, completedAt, events } = await onFirstLessonOfBoughtCourse(page);
  await completeOffline(page, completedAt);

  // Back online: the phone sends what it kept, by itself.
  await context.setOffline(false);
  await expect.poll(completedAt, { timeout: 10_000 }).not.toBeNull();
  const recorded = await events();
  expect(recorded).toHaveLength(1);
  const firstCompletion = await completedAt();

  // A second sync of the same event (its answer was lost, say) changes nothing.
  const eventId = String(recorded[0]?._id).split(':')[2];
  const again = await page.request.post('/api/progress', { data: { courseId, lessonId, eventId, completed: true } });
  expect(await again.json()).toMatchObject({ completed: true, duplicate: true });
  expect(await events()).toHaveLength(1);
  expect(await completedAt()).toEqual(firstCompletion);
  expect(await page.evaluate((id) => localStorage.getItem(`kz-progress-queue:${id}`), userId)).toBeNull();
});

test('progress kept offline in a lesson closed before the connection returned is sent from the next page opened', async ({ page, context }) => {
  const { completedAt, events } = await onFirstLessonOfBoughtCourse(page);
  await completeOffline(page, completedAt);
  await page.close();

  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto('/myCollection');
  await expect.poll(completedAt, { timeout: 10_000 }).not.toBeNull();
  expect(await events()).toHaveLength(1);
});
