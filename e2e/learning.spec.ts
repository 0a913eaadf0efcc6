import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatFileSize } from '../lib/book-file-upload';
import { createSamplePdf } from '../scripts/demo-files';
import { BASE_URL } from '../playwright.config';
import { addFirstLesson, json, signedInApi } from './support/api';
import { buyCourse, expectPurchaseConfirmed, GOOD_CARD, payWithCard, signIn, signUpFresh } from './support/commerce';
import { DEMO_ACCOUNTS, expectNoAxeViolations } from './support/helpers';

// Learning journeys: free previews for everyone, the lesson player with progress that
// follows the buyer to another device, locked lessons and media for everyone else, the admin's
// curriculum editor with uploads, and delivery guarantees (unlisting, books need their file).

type Outline = { courseId: string; sections: { id: string; title: string; lessons: { id: string; title: string; kind: string; freePreview: boolean }[] }[] };

const PYTHON = 'Python Basics in Seven Days';
const FRACTIONS = 'Mathematics for Class Four: Fractions';
const CLIP = readFileSync(path.join(__dirname, '../scripts/seed-data/media/motion.webm'));

/** The old client's Add Course fields of a fresh skill course (POST /api/addCourse creates it as a draft), priced in taka too. */
function newCourse(title: string, price: number) {
  return {
    classCourse: 'freeCourse', title, img: '/demo/auth.webp', price, priceBdt: price * 120, ShortDescription: `About ${title}.`, instructorImg: '/demo/auth.webp',
    instructorName: 'Teacher', education: 'MSc', about: 'Teaches the course.', video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', hours: 1, videos: 1, quizzes: 1, notes: 1,
  };
}

async function courseIdOf(request: APIRequestContext, title: string): Promise<string> {
  const results = await json<{ _id: string; title: string }[]>(await request.get(`/api/searchCourse?q=${encodeURIComponent(title)}`), 200);
  const course = results.find((candidate) => candidate.title === title);
  if (!course) throw new Error(`No course titled ${title}`);
  return course._id;
}

async function outlineOf(request: APIRequestContext, courseId: string): Promise<Outline> {
  return json<Outline>(await request.get(`/api/curriculum/${courseId}`), 200);
}

function lessonsOf(outline: Outline) {
  return outline.sections.flatMap((section) => section.lessons);
}

/** The player's video element once its metadata (duration) is known. */
async function loadedVideo(page: Page) {
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  return video;
}

test.describe('free previews and locked lessons', () => {
  test('a visitor opens a free preview from the course page; locked lessons and their media lead to buying', async ({ page, request }) => {
    const courseId = await courseIdOf(request, PYTHON);
    const outline = await outlineOf(request, courseId);
    const preview = lessonsOf(outline).find((lesson) => lesson.freePreview);
    const lockedVideo = lessonsOf(outline).find((lesson) => !lesson.freePreview && lesson.kind === 'video');
    if (!preview || !lockedVideo) throw new Error('The demo course needs a free preview and a locked video');

    await page.goto(`/searchCourse/${encodeURIComponent('Python Basics')}`);
    await page.getByRole('link', { name: PYTHON }).first().click();
    const content = page.getByRole('region', { name: 'Course Content' });
    await expect(content).toBeVisible();
    await expect(content.getByText(/4 sections · 13 lessons · \d+ h \d+ min total length/)).toBeVisible();
    await expect(content.getByText('Locked').first()).toBeAttached();
    await content.getByRole('link', { name: preview.title }).click();

    await expect(page).toHaveURL(new RegExp(`/learn/${courseId}/${preview.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: preview.title })).toBeVisible();
    await expect(page.getByText('This is a free preview of')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as complete' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A locked lesson's address shows the sales page; its bytes and progress are refused.
    await page.goto(`/learn/${courseId}/${lockedVideo.id}`);
    await expect(page).toHaveURL(new RegExp(`/coursesInfo/${courseId}`));
    expect((await request.get(`/api/learn/${courseId}/${lockedVideo.id}/video`, { headers: { Range: 'bytes=0-99' } })).status()).toBe(401);
    expect((await request.post('/api/progress', { data: { courseId, lessonId: preview.id, completed: true } })).status()).toBe(401);
  });
});

test.describe('taking a course', () => {
  test('a buyer pays, starts from My Collection, completes lessons, and resumes a video on another device', async ({ page, browser, playwright }) => {
    const email = await signUpFresh(page, 'Learner');
    await buyCourse(page, '/classes/four', FRACTIONS);
    await payWithCard(page, GOOD_CARD);
    await expectPurchaseConfirmed(page, 'course');

    await page.goto('/myCollection');
    await expect(page.getByRole('progressbar', { name: `Progress in ${FRACTIONS}` })).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByRole('listitem').filter({ hasText: FRACTIONS }).getByText('Not started yet')).toBeVisible();
    await page.getByRole('link', { name: `Start: ${FRACTIONS}` }).click();
    await expect(page).toHaveURL(/\/learn\/[0-9a-f]{24}\/[0-9a-f]{24}$/);
    const courseId = page.url().split('/')[4] ?? '';
    const lessons = lessonsOf(await outlineOf(page.request, courseId));
    await expect(page.getByRole('heading', { level: 1, name: lessons[0]?.title })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();
    const percentAfterOne = String(Math.floor((1 / lessons.length) * 100));
    await expect(page.getByRole('progressbar', { name: 'Course complete' })).toHaveAttribute('aria-valuenow', percentAfterOne);

    // The video lesson: watch to 3 s and pause; the position is saved on the server.
    const videoLesson = lessons.find((lesson) => lesson.kind === 'video');
    if (!videoLesson) throw new Error('The demo course needs a video lesson');
    await page.getByRole('navigation', { name: 'Course content' }).getByRole('link', { name: new RegExp(videoLesson.title.replace(/[?]/g, '\\?')) }).click();
    await expect(page.getByRole('heading', { level: 1, name: videoLesson.title })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Transcript' })).toBeVisible();
    const video = await loadedVideo(page);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/progress') && response.request().postData()?.includes('positionSeconds') === true);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      element.currentTime = 3;
      void element.play();
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(3.2);
    await video.evaluate((element: HTMLVideoElement) => element.pause());
    expect((await saved).status()).toBe(200);

    // Another device: the same account resumes at that position, then watches to the end.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const other = await phone.newPage();
    await signIn(other, { email, password: 'secret12' });
    await other.goto(`/learn/${courseId}/${videoLesson.id}`);
    const resumed = await loadedVideo(other);
    await expect.poll(() => resumed.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThanOrEqual(2.5);
    // Played from there to the end (8 s clip). No seek near the end first: Chromium sometimes failed
    // to decode the WebM after such a seek (MEDIA_ERR_DECODE) and the video never ended.
    await resumed.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      void element.play();
    });
    await expect.poll(() => resumed.evaluate((element: HTMLVideoElement) => element.ended), { timeout: 20_000 }).toBe(true);
    await expect(other.getByText('Completed', { exact: true })).toBeVisible({ timeout: 15_000 });
    // The outline lives in a drawer on phones.
    await other.getByRole('button', { name: 'Course content' }).click();
    await expect(other.getByRole('progressbar', { name: 'Course complete' })).toHaveAttribute('aria-valuenow', String(Math.floor((2 / lessons.length) * 100)));
    await phone.close();

    await page.goto('/myCollection');
    await expect(page.getByRole('link', { name: `Continue: ${FRACTIONS}` })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: `Progress in ${FRACTIONS}` })).toHaveAttribute('aria-valuenow', String(Math.floor((2 / lessons.length) * 100)));

    // Someone who did not buy the course gets none of it.
    const stranger = await signedInApi(playwright.request, DEMO_ACCOUNTS.student);
    expect((await stranger.get(`/api/learn/${courseId}/${videoLesson.id}/video`, { headers: { Range: 'bytes=0-' } })).status()).toBe(403);
    expect((await stranger.post('/api/progress', { data: { courseId, lessonId: videoLesson.id, positionSeconds: 1 } })).status()).toBe(403);
    await stranger.dispose();
  });

  test('the demo student continues a course half done', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.student);
    await page.goto('/myCollection');
    const meter = page.getByRole('progressbar', { name: `Progress in ${PYTHON}` });
    await expect(meter).toHaveAttribute('aria-valuenow', '46');
    await page.getByRole('link', { name: `Continue: ${PYTHON}` }).click();
    // The seed completed the first six lessons: Continue opens the seventh, the first not yet done.
    await expect(page.getByRole('heading', { level: 1, name: 'Making decisions with if, elif and else' })).toBeVisible();
  });
});

test.describe('the curriculum editor', () => {
  test('an admin builds a curriculum with every lesson type, uploads a video with a progress bar and puts the course on sale', async ({ page, playwright }) => {
    const admin = await signedInApi(playwright.request, DEMO_ACCOUNTS.admin);
    const title = `Editor Journey ${Date.now().toString(36)}`;
    const course = newCourse(title, 12);
    const { insertedId: courseId } = await json<{ insertedId: string }>(await admin.post('/api/addCourse', { data: course }), 201);
    await admin.dispose();

    await signIn(page, DEMO_ACCOUNTS.admin);
    await page.goto(`/freeCourse/update/${courseId}`);
    const editor = page.getByRole('region', { name: 'Curriculum' });
    await expect(editor.getByText('No sections yet.')).toBeVisible();

    // Server-side validation, then a section with one lesson of each type.
    await editor.getByRole('button', { name: 'Add section' }).click();
    await expect(editor.getByText('Section title is required')).toBeVisible();
    await editor.getByLabel('New section title').fill('Getting started');
    await editor.getByRole('button', { name: 'Add section' }).click();
    await expect(editor.getByLabel('Section 1', { exact: true })).toHaveValue('Getting started');
    for (const [lessonTitle, kind] of [['Intro video', 'Video'], ['Reading', 'Article'], ['Worksheet', 'File']] as const) {
      await editor.getByLabel('New lesson title').fill(lessonTitle);
      await editor.getByLabel('Type').selectOption({ label: kind });
      await editor.getByRole('button', { name: 'Add lesson to section 1' }).click();
      await expect(editor.getByText(lessonTitle, { exact: true })).toBeVisible();
    }

    // The article, written in Markdown, marked as a free preview.
    await editor.getByRole('button', { name: 'Edit lesson “Reading”' }).click();
    const reading = page.getByRole('form', { name: 'Edit lesson “Reading”' });
    await reading.getByLabel('Article text (Markdown)').fill('## Fractions\n\nA **fraction** is part of a whole.\n\n<script>alert(1)</script>');
    await reading.getByLabel('Duration (minutes)').fill('7');
    await reading.getByLabel(/Free preview/).check();
    await reading.getByRole('button', { name: 'Save lesson' }).click();
    await expect(page.getByText('Saved “Reading”')).toBeVisible();
    await expect(editor.getByText('7 min', { exact: true })).toBeVisible();

    // The video, uploaded over a throttled connection so the progress bar has time to show.
    await editor.getByRole('button', { name: 'Edit lesson “Intro video”' }).click();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    const bigClip = Buffer.concat([CLIP, Buffer.alloc(3 * 1024 * 1024)]);
    await editor.getByLabel('Video file (MP4 or WebM)').setInputFiles({ name: 'intro.webm', mimeType: 'video/webm', buffer: bigClip });
    // The upload starts as the file is chosen.
    await expect(page.getByRole('progressbar', { name: 'Video file (MP4 or WebM) upload progress' })).toBeVisible();
    await expect(page.getByText('Uploaded intro.webm')).toBeVisible({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(editor.getByText(/Current: intro\.webm \(3\.\d MB\)/)).toBeVisible();

    // A file that is not a video is refused by its bytes.
    await editor.getByLabel('Video file (MP4 or WebM)').setInputFiles({ name: 'fake.webm', mimeType: 'video/webm', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await expect(editor.getByText('Only MP4 or WebM videos are allowed.')).toBeVisible();
    // It can be tried again; a refused file stays refused.
    await editor.getByRole('button', { name: 'Try again Video file (MP4 or WebM)' }).click();
    await expect(editor.getByText('Only MP4 or WebM videos are allowed.')).toBeVisible();

    // The download of the file lesson.
    await editor.getByRole('button', { name: 'Edit lesson “Worksheet”' }).click();
    await editor.getByLabel('Download file').setInputFiles({ name: 'worksheet.pdf', mimeType: 'application/pdf', buffer: createSamplePdf('Worksheet') });
    await expect(page.getByText('Uploaded worksheet.pdf')).toBeVisible();

    // Reordering by keyboard: the article moves above the video.
    await editor.getByRole('button', { name: 'Move lesson “Reading” up' }).focus();
    await page.keyboard.press('Enter');
    await expect(editor.getByRole('button', { name: 'Move lesson “Reading” up' })).toBeDisabled();

    // Published (a draft has no "Coming soon" box: Publish puts it on sale), then seen as a learner and as a visitor.
    await expect(page.getByLabel(/Coming soon/)).toHaveCount(0);
    await expect(page.getByText('3 lessons so far.', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Course published: it is on sale now.')).toBeVisible();
    await expect(page.getByText('Draft: only admins see this course.')).toHaveCount(0);
    // Scanned once the toasts have gone (a fading toast has too little contrast mid-animation).
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
    await expectNoAxeViolations(page);

    const outline = await outlineOf(page.request, courseId);
    const [readingLesson, videoLesson] = lessonsOf(outline);
    expect(lessonsOf(outline).map((lesson) => lesson.title)).toEqual(['Reading', 'Intro video', 'Worksheet']);
    await page.goto(`/learn/${courseId}/${readingLesson?.id}`);
    await expect(page.locator('.lesson-article h2', { hasText: 'Fractions' })).toBeVisible();
    await expect(page.locator('.lesson-article')).toContainText('<script>alert(1)</script>');
    await page.goto(`/learn/${courseId}/${videoLesson?.id}`);
    await loadedVideo(page);
    const range = await page.request.get(`/api/learn/${courseId}/${videoLesson?.id}/video`, { headers: { Range: 'bytes=0-3' } });
    expect(range.status()).toBe(206);
    expect(Buffer.from(await range.body()).equals(CLIP.subarray(0, 4))).toBe(true);

    const visitor = await playwright.request.newContext({ baseURL: BASE_URL });
    const page_ = await visitor.get(`/freeCourse/coursesInfo/${courseId}`);
    const html = await page_.text();
    expect(html).toContain('Course Content');
    expect(html).toContain('Free preview');
    expect(html).toContain('"syllabusSections"');
    await visitor.dispose();
  });

  test('a new course is a draft: admins only, its free preview too, until it is published with a lesson; then it can be bought, or put back to coming soon', async ({ page, playwright }) => {
    const admin = await signedInApi(playwright.request, DEMO_ACCOUNTS.admin);
    const visitor = await playwright.request.newContext({ baseURL: BASE_URL });
    const buyer = await signedInApi(playwright.request, DEMO_ACCOUNTS.student);
    const title = `Draft Course ${Date.now().toString(36)}`;
    const body = newCourse(title, 9);
    const { insertedId: courseId } = await json<{ insertedId: string }>(await admin.post('/api/addCourse', { data: body }), 201);
    const { classCourse: _list, instructorImg: _image, video: _video, ...update } = body;
    const coursePage = `/freeCourse/coursesInfo/${courseId}`;
    try {
      const refused = await admin.put(`/api/courseUpdate/${courseId}`, { data: { ...update, comingSoon: false } });
      expect(refused.status()).toBe(409);
      expect(await refused.text()).toContain('Add at least one lesson');

      // A free preview lesson: the admin opens it; to anyone else the draft does not exist.
      const { sectionId } = await addFirstLesson(admin, courseId);
      const { id: previewId } = await json<{ id: string }>(await admin.post(`/api/curriculum/${courseId}/lessons`, { data: { sectionId, title: 'Peek inside', kind: 'article' } }), 201);
      await json(await admin.put(`/api/curriculum/${courseId}/lessons/${previewId}`, { data: { title: 'Peek inside', duration: '3', freePreview: true, markdown: '## Peek inside\n\nA taste of the course.' } }), 200);
      expect((await admin.get(`/learn/${courseId}/${previewId}`)).status()).toBe(200);
      for (const [who, context] of [['visitor', visitor], ['student', buyer]] as const) {
        expect((await context.get(`/learn/${courseId}/${previewId}`)).status(), `${who}: the free preview`).toBe(404);
        expect((await context.get(`/api/curriculum/${courseId}`)).status(), `${who}: the outline`).toBe(404);
        expect((await context.get(coursePage)).status(), `${who}: the course page`).toBe(404);
      }
      expect((await buyer.post('/api/order', { data: { id: courseId } })).status()).toBe(404);

      // Published: its page, its preview and its sale are everyone's.
      await json(await admin.put(`/api/courseUpdate/${courseId}`, { data: { ...update, comingSoon: false } }), 200);
      expect((await visitor.get(`/learn/${courseId}/${previewId}`)).status()).toBe(200);
      await page.goto(coursePage);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // A visitor is asked to log in first.
      const buy = page.getByRole('link', { name: `Buy Now ${title} (log in first)` });
      await expect(buy).toBeVisible();

      // Back to "coming soon": still listed, not for sale.
      await json(await admin.put(`/api/courseUpdate/${courseId}`, { data: { ...update, comingSoon: true } }), 200);
      await page.goto(coursePage);
      await expect(page.getByText('Coming soon: not on sale yet')).toBeVisible();
      await expect(buy).toHaveCount(0);
      expect((await buyer.post('/api/order', { data: { id: courseId } })).status()).toBe(404);

      await json(await admin.put(`/api/courseUpdate/${courseId}`, { data: { ...update, comingSoon: false } }), 200);
      const { insertedId: orderId } = await json<{ insertedId: string }>(await buyer.post('/api/order', { data: { id: courseId } }), 201);
      await buyer.delete(`/api/order/${orderId}`);
    } finally {
      await admin.delete(`/api/course/${courseId}`);
      await Promise.all([admin.dispose(), visitor.dispose(), buyer.dispose()]);
    }
  });
});

test.describe('everything sold is delivered', () => {
  test('deleting a bought course unlists it: gone from the catalogue, still in its buyer’s collection and player', async ({ page, playwright }) => {
    const admin = await signedInApi(playwright.request, DEMO_ACCOUNTS.admin);
    const title = `Unlisted Course ${Date.now().toString(36)}`;
    const body = newCourse(title, 5);
    const { insertedId: courseId } = await json<{ insertedId: string }>(await admin.post('/api/addCourse', { data: body }), 201);
    const { lessonId } = await addFirstLesson(admin, courseId, 'Kept lesson');
    const { classCourse: _list, instructorImg: _image, video: _video, ...update } = body;
    await json(await admin.put(`/api/courseUpdate/${courseId}`, { data: { ...update, comingSoon: false } }), 200);

    await signUpFresh(page, 'Keeper');
    const { insertedId: orderId } = await json<{ insertedId: string }>(await page.request.post('/api/order', { data: { id: courseId } }), 201);
    await page.goto(`/payment/${orderId}`);
    await payWithCard(page, GOOD_CARD);
    await expectPurchaseConfirmed(page, 'course');

    // The admin's confirmation says the buyer keeps access.
    const adminPage = await (await page.context().browser()?.newContext())?.newPage();
    if (!adminPage) throw new Error('no browser');
    await signIn(adminPage, DEMO_ACCOUNTS.admin);
    await adminPage.goto(`/searchCourse/${encodeURIComponent(title)}`);
    await adminPage.getByRole('button', { name: `Delete ${title}` }).click();
    await expect(adminPage.getByText('1 buyer keeps access: the course leaves the catalogue but stays in their My Collection.')).toBeVisible();
    await adminPage.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(adminPage.getByText('Your course has been deleted.')).toBeVisible();
    await adminPage.context().close();

    expect((await admin.get(`/api/course/${courseId}`)).status()).toBe(404);
    expect((await page.request.get(`/freeCourse/coursesInfo/${courseId}`)).status()).toBe(404);
    const search = await json<{ title: string }[]>(await page.request.get(`/api/searchCourse?q=${encodeURIComponent(title)}`), 200);
    expect(search.map((course) => course.title)).not.toContain(title);
    expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(courseId);

    await page.goto('/myCollection');
    // Paying led into the lesson already, so the way in says Continue.
    await page.getByRole('link', { name: `Continue: ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/learn/${courseId}/${lessonId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Kept lesson' })).toBeVisible();
    await admin.dispose();
  });

  test('a book without its file cannot be put on sale', async ({ page, playwright }) => {
    const admin = await signedInApi(playwright.request, DEMO_ACCOUNTS.admin);
    const bookName = `Fileless Book ${Date.now().toString(36)}`;
    const { insertedId: bookId } = await json<{ insertedId: string }>(
      await admin.post('/api/addBook', {
        data: { bookName, img: '/demo/auth.webp', writerName1: 'Writer', writerImg: '/demo/auth.webp', educationWriter1: 'PhD', about: 'No file yet.', page: 10, interactive: 'NO', formate: 'PDF', filesize: '999 MB', price: 3 },
      }),
      201,
    );
    await page.goto(`/book/${bookId}`);
    await expect(page.getByText('Coming soon: not on sale yet')).toBeVisible();
    await expect(page.getByText('Not uploaded yet')).toBeVisible();
    await expect(page.getByText('999 MB')).toHaveCount(0);
    const buyer = await signedInApi(playwright.request, DEMO_ACCOUNTS.student);
    expect((await buyer.post('/api/order', { data: { id: bookId } })).status()).toBe(404);

    const pdf = createSamplePdf(bookName);
    expect((await admin.post(`/api/uploads/book-file?bookId=${bookId}`, { data: pdf, headers: { 'Content-Type': 'application/pdf' } })).status()).toBe(201);
    await page.goto(`/book/${bookId}`);
    await expect(page.getByLabel('Book facts').getByText(formatFileSize(pdf.length), { exact: true })).toBeVisible();
    // The page count is the file's (the sample has three pages), not the 10 typed.
    // The facts: format, pages, interactive, file size.
    const pagesFact = () => page.locator('dl[aria-label]').first().getByRole('definition').nth(1);
    await expect(pagesFact()).toHaveText('3');
    // The same on a phone, in Bengali digits on the Bengali site.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/bn/book/${bookId}`);
    await expect(pagesFact()).toHaveText('৩');
    await expectNoAxeViolations(page);
    expect((await buyer.post('/api/order', { data: { id: bookId } })).status()).toBe(201);
    await buyer.dispose();
    await admin.dispose();
  });
});
