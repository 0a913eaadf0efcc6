import { ObjectId } from 'mongodb';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import en from '../messages/en.json';
import bn from '../messages/bn.json';
import { buyBookByCard, buyCourse, expectPurchaseConfirmed, GOOD_CARD, payWithCard, signUpFresh } from './support/commerce';
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

/** The ids of a bought course's lessons by title, as the learner's device asks for them. */
async function lessonIdsOf(page: Page, courseId: string): Promise<Record<string, string>> {
  const course = (await (await page.request.get(`/api/offline/courses/${courseId}`)).json()) as { sections: { lessons: { id: string; title: string }[] }[] };
  return Object.fromEntries(course.sections.flatMap((section) => section.lessons.map((lesson) => [lesson.title, lesson.id])));
}

/** Every address kept in the saved cache, as paths. */
/** On a phone, a bought course's quiz with an attempt started online: the ids. */
async function onStartedQuiz(page: Page): Promise<{ courseId: string; userId: string; quizId: string }> {
  await page.setViewportSize(PHONE_SCREEN);
  const { courseId, userId } = await onFirstLessonOfBoughtCourse(page);
  const quizId = (await lessonIdsOf(page, courseId))['Check yourself: comparing fractions']!;
  await page.goto(`/learn/${courseId}/${quizId}`);
  await page.getByRole('button', { name: en.quiz.start }).click();
  await expect(page.getByRole('group', { name: /^Question 1 of \d+/ })).toBeVisible();
  return { courseId, userId, quizId };
}

/** Submits the open attempt without a connection (confirming unanswered questions): the answers are kept on the device. */
async function submitOffline(page: Page): Promise<void> {
  await page.getByRole('button', { name: en.quiz.submitAnswers }).click();
  const anyway = page.getByRole('button', { name: en.quiz.submitAnyway });
  const kept = page.getByText(en.errors.youSeemToBeOfflineYourAnswersAreKeptOnThisDevice);
  await expect(anyway.or(kept)).toBeVisible();
  if (await anyway.isVisible()) await anyway.click();
  await expect(kept).toBeVisible();
}

function savedKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await (await caches.open('kz-saved')).keys()).map((request) => new URL(request.url).pathname));
}

/** Saves the whole course at `quality` from the lesson page's panel, and waits until every lesson is on the device. */
async function saveWholeCourse(page: Page, quality: string): Promise<number> {
  const panel = page.getByRole('region', { name: en.saved.saveTitle });
  await panel.getByRole('button', { name: en.saved.saveOptions }).click();
  await panel.getByLabel(en.saved.videoQuality).selectOption(quality);
  const button = panel.getByRole('button', { name: /^Save the whole course/ });
  const count = Number(/\((\d+) lessons?\)/.exec((await button.textContent()) ?? '')?.[1]);
  await button.click();
  await expect(panel.getByRole('status').filter({ hasText: /^Saved on this device/ }).first()).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByRole('button', { name: /^Save the whole course/ })).toBeEnabled({ timeout: 60_000 });
  return count;
}

test.describe('saved for offline', () => {
  // Waiting for the demo video's ladder and saving a course take longer than a page test.
  test.setTimeout(180_000);

  test('a learner saves a course on a phone, then learns without a connection: the video plays from the middle, an article opens, a completion counts once', async ({ page, context }) => {
    await page.setViewportSize(PHONE_SCREEN);
    const { courseId, userId, events } = await onFirstLessonOfBoughtCourse(page);
    const lessonIds = await lessonIdsOf(page, courseId);
    const videoLessonId = lessonIds['Watch: what is a fraction?']!;
    const articleTitle = 'Sharing fairly: halves and quarters';
    const articleLessonId = lessonIds[articleTitle]!;
    // The seeded clip is transcoded by the app in the background: saving waits for its ladder.
    await expect.poll(async () => (await page.request.get(`/api/learn/${courseId}/${videoLessonId}/stream`)).status(), { timeout: 120_000, intervals: [2000] }).toBe(200);
    await page.reload();

    const saved = await saveWholeCourse(page, '240p');
    expect(saved).toBeGreaterThan(2);
    const keys = await savedKeys(page);
    // The video at the chosen quality only, its playlist last; no address carries a token.
    expect(keys.filter((key) => key.includes(`/${videoLessonId}/video/`)).every((key) => key.includes('/video/240p/'))).toBe(true);
    expect(keys).toContain(`/saved-media/${userId}/courses/${courseId}/${videoLessonId}/video/240p/index.m3u8`);
    expect(keys.some((key) => key.includes('lesson-stream'))).toBe(false);

    // The Saved screen lists the course's lessons with their sizes, and the device's storage.
    await page.goto('/saved');
    const course = page.getByRole('region', { name: 'Mathematics for Class Four: Fractions' });
    await expect(course.getByRole('listitem')).toHaveCount(saved);
    await expect(page.getByText(/^This site uses .+ of this device’s storage/)).toBeVisible();
    await expectNoAxeViolations(page);

    await context.setOffline(true);
    try {
      // The lesson's own address leads to the saved copy.
      await page.goto(`/learn/${courseId}/${videoLessonId}`);
      await expect(page).toHaveURL(new RegExp(`/saved\\?lesson=${courseId}/${videoLessonId}$`));
      await expect(page.getByRole('heading', { name: 'Watch: what is a fraction?' })).toBeVisible();
      await expect(page.getByText(en.saved.onThisDevice, { exact: true })).toBeVisible();
      // The header does not tell a signed-in learner to log in: offline, it cannot know.
      await expect(page.getByRole('banner').getByRole('link', { name: en.nav.login, exact: true })).toHaveCount(0);
      const video = page.locator('video');
      await video.evaluate(async (element: HTMLVideoElement) => {
        element.muted = true;
        if (element.readyState < 1) await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
        element.currentTime = 4;
        await element.play();
      });
      // From the middle, from the device: the segments past the seek came out of the cache.
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(4.5);
      await expectNoAxeViolations(page);
      // Left there, it resumes there when opened again.
      await video.evaluate((element: HTMLVideoElement) => element.pause());
      await page.reload();
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);

      // Back to the list and into an article, all from the device.
      await page.getByRole('link', { name: en.saved.backToSaved }).click();
      await page.getByRole('link', { name: articleTitle }).click();
      await expect(page.getByRole('heading', { name: articleTitle })).toBeVisible();
      await expect(page.locator('.lesson-article')).toContainText(/half/i);
      await page.getByRole('button', { name: en.progress.markComplete }).click();
      await expect(page.getByRole('status').filter({ hasText: en.progress.keptOnDevice })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }

    // Online again: what was kept is sent, and each event is recorded once.
    const completedAt = () => withDatabase(async (db) => (await db.collection('courseProgress').findOne({ _id: `${userId}:${courseId}` as never }))?.lessons?.[articleLessonId]?.completedAt ?? null);
    await page.goto('/saved');
    await expect.poll(completedAt, { timeout: 10_000 }).not.toBeNull();
    await expect.poll(() => page.evaluate((id) => localStorage.getItem(`kz-progress-queue:${id}`), userId)).toBeNull();
    const recorded = await events();
    const eventId = String(recorded[0]?._id).split(':')[2];
    const again = await page.request.post('/api/progress', { data: { courseId, lessonId: articleLessonId, eventId, completed: true } });
    expect(await again.json()).toMatchObject({ duplicate: true });
    expect(await events()).toHaveLength(recorded.length);
  });

  test('a save cut off by a lost connection pauses, and carries on from where it stopped once the page is back online', async ({ page, context }) => {
    const { courseId } = await onFirstLessonOfBoughtCourse(page);
    const videoLessonId = (await lessonIdsOf(page, courseId))['Watch: what is a fraction?']!;
    await expect.poll(async () => (await page.request.get(`/api/learn/${courseId}/${videoLessonId}/stream`)).status(), { timeout: 120_000, intervals: [2000] }).toBe(200);
    await page.goto(`/learn/${courseId}/${videoLessonId}`);

    // The connection drops after the first segment saved: the page's fetches of the ladder fail from
    // then on, as they do when a phone loses its signal (the player's own requests, XHR, go on).
    await page.evaluate(() => {
      const fetchOnline = window.fetch.bind(window);
      let segments = 0;
      window.fetch = async (input, init) => {
        const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (/\/api\/lesson-stream\/.+\/segment\d+\.ts$/.test(address) && (segments += 1) > 1) throw new TypeError('Failed to fetch');
        return fetchOnline(input, init);
      };
    });
    const panel = page.getByRole('region', { name: en.saved.saveTitle });
    await panel.getByRole('button', { name: en.saved.saveOptions }).click();
    await panel.getByLabel(en.saved.videoQuality).selectOption('360p');
    await panel.getByRole('button', { name: /^Save this lesson/ }).click();
    await expect(panel.getByRole('status').filter({ hasText: /^Paused at/ }).first()).toBeVisible({ timeout: 30_000 });

    // Back online: the next page carries on, fetching only what is missing.
    const kept = (await savedKeys(page)).filter((key) => /\/video\/360p\/segment\d+\.ts$/.test(key)).map((key) => key.split('/').pop()!);
    expect(kept).toHaveLength(1);
    const fetchedAfter: string[] = [];
    context.on('request', (request) => {
      if (request.resourceType() === 'fetch' && /\/api\/lesson-stream\/.+\/segment\d+\.ts$/.test(request.url())) fetchedAfter.push(request.url().split('/').pop()!);
    });
    await page.reload();
    await expect(page.getByRole('region', { name: en.saved.saveTitle }).getByRole('status').filter({ hasText: /^Saved on this device/ }).first()).toBeVisible({ timeout: 30_000 });
    expect(fetchedAfter.length).toBeGreaterThan(0);
    expect(fetchedAfter).not.toContain(kept[0]);
  });

  test('a quiz started online is answered without a connection, and graded by the server once the connection returns', async ({ page, context }) => {
    const { userId } = await onStartedQuiz(page);

    await context.setOffline(true);
    // The questions come shuffled: answer the first one, whatever its kind.
    const answer = page.getByRole('group', { name: /^Question 1 of \d+/ }).locator('input').first();
    if (['radio', 'checkbox'].includes((await answer.getAttribute('type')) ?? '')) await answer.check();
    else await answer.fill('1');
    await submitOffline(page);
    const submissions = () => withDatabase((db) => db.collection('quizSubmissions').countDocuments({ userId: new ObjectId(userId) } as never));
    expect(await submissions()).toBe(0);

    // The answers go by themselves when the connection returns; the server grades them once.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: /^Attempt 1: \d+ %/ })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(en.errors.youSeemToBeOfflineYourAnswersAreKeptOnThisDevice)).toHaveCount(0);
    expect(await submissions()).toBe(1);
  });

  test('answers submitted without a connection go as soon as the quiz opens online again, shown as being submitted, never as offline', async ({ page, context }) => {
    const { courseId, userId, quizId } = await onStartedQuiz(page);
    await context.setOffline(true);
    await submitOffline(page);
    // The page closes before the connection returns: nothing has sent the answers.
    await page.close();
    await context.setOffline(false);

    const next = await context.newPage();
    await next.setViewportSize(PHONE_SCREEN);
    // Notes whether the offline message is ever on screen, however briefly.
    await next.addInitScript((message) => {
      new MutationObserver(() => {
        // What is on screen (innerText), not the page's own copy of its texts in its scripts.
        if (document.body?.innerText.includes(message)) (window as unknown as { offlineShown?: boolean }).offlineShown = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    }, en.errors.youSeemToBeOfflineYourAnswersAreKeptOnThisDevice);
    await next.goto(`/learn/${courseId}/${quizId}`);
    await expect(next.getByRole('heading', { name: /^Attempt 1: \d+ %/ })).toBeVisible({ timeout: 10_000 });
    expect(await next.evaluate(() => (window as unknown as { offlineShown?: boolean }).offlineShown ?? false)).toBe(false);
    expect(await withDatabase((db) => db.collection('quizSubmissions').countDocuments({ userId: new ObjectId(userId) } as never))).toBe(1);
  });

  test('a quiz started online is saved with its attempt, answered on the Saved screen without a connection, and graded once from the next page opened online', async ({ page, context }) => {
    await page.setViewportSize(PHONE_SCREEN);
    const { courseId, userId } = await onFirstLessonOfBoughtCourse(page);
    const quizTitle = 'Check yourself: comparing fractions';
    const quizId = (await lessonIdsOf(page, courseId))[quizTitle]!;
    const submissions = () => withDatabase((db) => db.collection('quizSubmissions').countDocuments({ userId: new ObjectId(userId) } as never));
    await page.goto(`/learn/${courseId}/${quizId}`);

    // Not started, the quiz needs the connection: its questions come with an attempt.
    const panel = page.getByRole('region', { name: en.saved.saveTitle });
    await panel.getByRole('button', { name: en.saved.saveOptions }).click();
    await expect(panel.getByText(en.saved.onlineOnly.quiz)).toBeVisible();
    await expect(panel.getByRole('button', { name: /needs a connection/ })).toBeDisabled();
    await panel.getByRole('button', { name: en.saved.close }).click();
    await page.getByRole('button', { name: en.quiz.start }).click();
    await expect(page.getByRole('group', { name: /^Question 1 of \d+/ })).toBeVisible();
    await panel.getByRole('button', { name: en.saved.saveOptions }).click();
    await panel.getByRole('button', { name: /^Save this lesson/ }).click();
    await expect(panel.getByRole('status').filter({ hasText: /^Saved on this device/ }).first()).toBeVisible({ timeout: 30_000 });
    // The questions are on the device, never their answers.
    const kept = await page.evaluate(async (address) => (await (await caches.open('kz-saved')).match(address))?.text(), `/saved-media/${userId}/courses/${courseId}/${quizId}/lesson.json`);
    expect(kept).toContain('"questions"');
    expect(kept).not.toContain('"correct"');

    await context.setOffline(true);
    try {
      await page.goto(`/learn/${courseId}/${quizId}`);
      await expect(page).toHaveURL(new RegExp(`/saved\\?lesson=${courseId}/${quizId}$`));
      await expect(page.getByRole('heading', { name: quizTitle })).toBeVisible();
      const answer = page.getByRole('group', { name: /^Question 1 of \d+/ }).locator('input').first();
      if (['radio', 'checkbox'].includes((await answer.getAttribute('type')) ?? '')) await answer.check();
      else await answer.fill('1');
      await page.getByRole('button', { name: en.quiz.submitAnswers }).click();
      await page.getByRole('button', { name: en.quiz.submitAnyway }).click();
      await expect(page.getByText(en.errors.youSeemToBeOfflineYourAnswersAreKeptOnThisDevice)).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await submissions()).toBe(0);
      await page.close();
    } finally {
      await context.setOffline(false);
    }

    // The page closed before the connection returned: the next page opened sends the answers, graded once.
    const next = await context.newPage();
    await next.goto('/myCollection');
    await expect.poll(submissions, { timeout: 10_000 }).toBe(1);
    // The saved quiz shows the grade, and keeps it on the device.
    await next.goto(`/saved?lesson=${courseId}/${quizId}`);
    const graded = next.getByRole('heading', { name: /^Attempt 1: \d+ %/ });
    await expect(graded).toBeVisible();
    await expect.poll(() => next.evaluate((id) => Object.keys(localStorage).filter((key) => key.startsWith('kz-quiz-') && key.includes(id)), userId)).toEqual([]);
    await next.reload();
    await expect(graded).toBeVisible();
    expect(await submissions()).toBe(1);
  });

  test('a bought PDF and MP3 saved from their pages open without a connection: the reader turns pages, the audio plays from the middle', async ({ page, context }) => {
    await page.setViewportSize(PHONE_SCREEN);
    const pdfBook = 'Physics Made Clear for SSC';
    const audioBook = 'Stories of the Prophets: Audio Edition';
    await signUpFresh(page, 'Offline Reader');
    for (const bookName of [pdfBook, audioBook]) {
      // Bought, the book's own page opens: its file is saved from there, its size shown.
      await buyBookByCard(page, bookName);
      await page.getByRole('button', { name: /^Save the (PDF|MP3) for offline · .+B$/ }).click();
      await expect(page.getByRole('status').filter({ hasText: /^Saved on this device/ })).toBeVisible({ timeout: 30_000 });
    }

    await context.setOffline(true);
    try {
      await page.goto('/saved');
      const books = page.getByRole('region', { name: en.saved.booksTitle });
      await expect(books.getByRole('listitem')).toHaveCount(2);
      await books.getByRole('link', { name: pdfBook }).click();
      const reader = page.getByRole('region', { name: `Reader: ${pdfBook}` });
      await expect(reader.getByRole('img', { name: 'Page 1 of 3' })).toBeVisible({ timeout: 15_000 });
      await reader.getByRole('button', { name: 'Next page' }).click();
      await expect(reader.getByRole('img', { name: 'Page 2 of 3' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: en.saved.backToSaved }).click();
      await books.getByRole('link', { name: audioBook }).click();
      const audio = page.getByLabel(`Listen to ${audioBook}`);
      // Nothing is fetched before play is pressed; then the file comes from the device, and seeks.
      const middle = await audio.evaluate(async (element: HTMLAudioElement) => {
        element.muted = true;
        await element.play();
        element.currentTime = element.duration / 2;
        return element.duration / 2;
      });
      await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(middle + 0.2);
    } finally {
      await context.setOffline(false);
    }
  });

  test('removing a saved lesson frees it, files no saved item names are swept, and a refund removes the course from the device', async ({ page, context }) => {
    const { courseId, userId } = await onFirstLessonOfBoughtCourse(page);
    const saved = await saveWholeCourse(page, 'audio');
    await page.goto('/saved');
    const course = page.getByRole('region', { name: 'Mathematics for Class Four: Fractions' });
    const rows = course.getByRole('listitem');
    await expect(rows).toHaveCount(saved);
    const first = (await rows.first().getByRole('link').textContent()) ?? '';
    await rows.first().getByRole('button', { name: new RegExp(`^${en.saved.remove}`) }).click();
    await expect(rows).toHaveCount(saved - 1);
    await expect(course.getByRole('link', { name: first })).toHaveCount(0);

    // Files no saved item names (a page closed after the list forgot a lesson, before its files
    // went) are swept by the next page opened online; the saved lessons' files stay.
    const listed = await page.evaluate(async () => {
      const cache = await caches.open('kz-saved');
      const index = (await (await cache.match('/saved-media/index.json'))!.json()) as { owner: string; items: { courseId: string; lessonId: string }[] };
      const folders = index.items.map((item) => `/saved-media/${index.owner}/courses/${item.courseId}/${item.lessonId}/`);
      const addresses = (await cache.keys()).map((request) => new URL(request.url).pathname);
      return addresses.filter((address) => address === '/saved-media/index.json' || folders.some((folder) => address.startsWith(folder))).sort();
    });
    const leftBehind = [`/saved-media/${userId}/courses/${courseId}/${'0'.repeat(24)}/video/audio/segment000.ts`, `/saved-media/${userId}/books/${'0'.repeat(24)}/file`];
    await page.evaluate(async (addresses) => {
      const cache = await caches.open('kz-saved');
      for (const address of addresses) await cache.put(address, new Response('left behind'));
    }, leftBehind);
    const sweeping = await context.newPage();
    await sweeping.goto('/saved');
    await expect.poll(async () => (await savedKeys(sweeping)).sort()).toEqual(listed);
    await expect(sweeping.getByRole('region', { name: 'Mathematics for Class Four: Fractions' }).getByRole('listitem')).toHaveCount(saved - 1);

    // A refund: the next page opened online learns of it and removes the course's lessons.
    await withDatabase((db) => db.collection('orders').updateOne({ userId: new ObjectId(userId), itemId: new ObjectId(courseId) } as never, { $set: { paid: false, refundedAt: new Date() } }));
    const next = await context.newPage();
    await next.goto('/saved');
    await expect(next.getByRole('heading', { name: en.saved.emptyTitle })).toBeVisible({ timeout: 10_000 });
    // The list forgets the lessons first, then their files go.
    await expect.poll(async () => (await savedKeys(next)).filter((key) => key.startsWith(`/saved-media/${userId}/courses/`))).toEqual([]);
  });

  test('signing out removes what the account saved from the device', async ({ page }) => {
    const { userId } = await onFirstLessonOfBoughtCourse(page);
    await saveWholeCourse(page, 'audio');
    expect((await savedKeys(page)).length).toBeGreaterThan(2);
    await logout(page);
    await expect.poll(async () => (await savedKeys(page)).filter((key) => key.startsWith(`/saved-media/${userId}/`)), { timeout: 10_000 }).toEqual([]);
    await page.goto('/saved');
    await expect(page.getByRole('heading', { name: en.saved.emptyTitle })).toBeVisible();
  });
});
