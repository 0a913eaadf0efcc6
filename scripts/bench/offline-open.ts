// The offline bench's measurements (scripts/bench/offline-open.sh starts the app): the demo learner,
// on a phone profile in Debian's Chromium, saves the course they own for offline (its video at
// 240p), then, with the browser offline, opens saved lessons again and again: by their own address
// (the service worker leads it to the Saved screen, which reads the lesson from the device) and by a
// tap in the Saved screen's list. Each opening is timed from asking to the lesson's title and its
// player or article on screen. The requests the pages made that needed a connection (the header's
// session, say) are counted: they fail at once offline, and nothing on screen waits for them.
import type { Page } from '@playwright/test';
import { launchBrowser } from './lesson-video-browser';
import { printBudgetTable } from './budget-table';

const BASE_URL = process.env.OFFLINE_BENCH_BASE_URL ?? 'http://127.0.0.1:3450';
const RUNS = Number(process.env.OFFLINE_BENCH_RUNS ?? 20);
const STUDENT = { email: 'student@knowledgezone.test', password: 'KzStudent#2026' };
const COURSE_TITLE = 'Python Basics in Seven Days';
const BUDGET_MS = 1000;

type SavableCourse = { id: string; sections: { lessons: { id: string; title: string; kind: string; onlineOnly?: string }[] }[] };

async function signIn(page: Page): Promise<void> {
  await page.goto(`${BASE_URL}/login`);
  await page.getByLabel('Email').fill(STUDENT.email);
  await page.getByLabel('Password').fill(STUDENT.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function courseIdOf(page: Page): Promise<string> {
  await page.goto(`${BASE_URL}/myCollection`);
  const href = await page.getByRole('link', { name: `Open course: ${COURSE_TITLE}` }).getAttribute('href');
  const id = /\/learn\/([0-9a-f]{24})/.exec(href ?? '')?.[1];
  if (!id) throw new Error(`no link to ${COURSE_TITLE} in My Collection`);
  return id;
}

/** Waits until every video of the course is transcoded (the app's background worker does it after the seed). */
async function savableCourse(page: Page, courseId: string): Promise<SavableCourse> {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    const course = (await (await page.request.get(`${BASE_URL}/api/offline/courses/${courseId}`)).json()) as SavableCourse;
    if (!course.sections.some((section) => section.lessons.some((lesson) => lesson.onlineOnly === 'not-ready'))) return course;
    if (Date.now() > deadline) throw new Error('the demo videos were not transcoded within 5 minutes');
    await page.waitForTimeout(3000);
  }
}

async function saveCourse(page: Page, courseId: string, lessonId: string): Promise<void> {
  await page.goto(`${BASE_URL}/learn/${courseId}/${lessonId}`);
  const panel = page.getByRole('region', { name: 'Save for offline' });
  await panel.getByRole('button', { name: 'Choose what to save' }).click();
  await panel.getByLabel('Video quality').selectOption('240p');
  await panel.getByRole('button', { name: /^Save the whole course/ }).click();
  await panel.getByRole('status').filter({ hasText: /^Saved on this device/ }).first().waitFor({ timeout: 120_000 });
  await panel.getByRole('button', { name: /^Save the whole course/ }).and(page.locator(':enabled')).waitFor({ timeout: 120_000 });
}

/** Milliseconds from `ask` to the lesson's title and its body (video or article) on screen. */
async function timeOpening(page: Page, title: string, ask: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await ask();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.locator('video, .lesson-article').first().waitFor();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page);
  const courseId = await courseIdOf(page);
  const course = await savableCourse(page, courseId);
  const lessons = course.sections.flatMap((section) => section.lessons).filter((lesson) => !lesson.onlineOnly);
  const video = lessons.find((lesson) => lesson.kind === 'video');
  const article = lessons.find((lesson) => lesson.kind === 'article');
  if (!video || !article) throw new Error('the course has no saved video or article lesson');
  // The page the service worker controls (registered on the first load) saves the course.
  await saveCourse(page, courseId, article.id);
  console.log(`saved ${lessons.length} lessons of “${COURSE_TITLE}” for offline`);

  let failed = 0;
  page.on('requestfailed', () => (failed += 1));
  await context.setOffline(true);
  const byAddress = { video: [] as number[], article: [] as number[] };
  const byList: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    for (const [kind, lesson] of [['video', video], ['article', article]] as const) {
      byAddress[kind].push(await timeOpening(page, lesson.title, () => page.goto(`${BASE_URL}/learn/${courseId}/${lesson.id}`)));
    }
    await page.getByRole('link', { name: 'Saved on this device' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Saved on this device' }).waitFor();
    byList.push(await timeOpening(page, article.title, () => page.getByRole('link', { name: article.title, exact: true }).click()));
  }
  await browser.close();

  const passed = printBudgetTable(`A saved lesson opened offline, phone profile (${RUNS} runs each)`, [
    { name: 'video lesson, by its address', values: byAddress.video, budget: BUDGET_MS },
    { name: 'article lesson, by its address', values: byAddress.article, budget: BUDGET_MS },
    { name: 'article lesson, tapped in the Saved list', values: byList, budget: BUDGET_MS },
  ]);
  console.log(`\nrequests that needed a connection while offline (failed at once, nothing waited for them): ${failed}`);
  process.exitCode = passed ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
