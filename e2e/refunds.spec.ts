import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { buyCourse, collectionCard, expectPurchaseConfirmed, GOOD_CARD, orderRow, payWithCard, signIn, signUpFresh } from './support/commerce';
import { DEMO_ACCOUNTS, expectNoAxeViolations } from './support/helpers';
import { decodeQuotedPrintable } from './support/outbox';

// Refund journeys with the sandbox gateway: a buyer asks for a refund from My Order and
// an admin approves it on the refunds view (seeing what of the course the buyer took), after which the order says Refunded, leaves My
// Collection and the lesson player refuses it; an admin refunds a paid order from the sales view;
// a refusal's reason reaches the buyer.

const TITLE = 'Physics for Class Nine';
const OUTBOX_DIR = path.resolve(process.env.E2E_MAIL_OUTBOX_DIR ?? '.data/outbox');

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** A fresh buyer who bought and paid for the course with the 4242 card; answers their e-mail. */
async function freshBuyerWithCourse(page: Page, name: string): Promise<string> {
  const email = await signUpFresh(page, name);
  await buyCourse(page, '/classes/nine', TITLE);
  await payWithCard(page, GOOD_CARD);
  await expectPurchaseConfirmed(page, 'course');
  return email;
}

/** A locked (not free-preview) lesson of the course, whose address only buyers may open. */
async function lockedLessonAddress(page: Page): Promise<string> {
  await page.goto('/myCollection');
  await page.getByRole('link', { name: `Open course: ${TITLE}` }).click();
  await expect(page).toHaveURL(/\/learn\/[0-9a-f]{24}\/[0-9a-f]{24}$/);
  const courseId = new URL(page.url()).pathname.split('/')[2] ?? '';
  const outline = (await (await page.request.get(`/api/curriculum/${courseId}`)).json()) as { sections: { lessons: { id: string; freePreview: boolean }[] }[] };
  const locked = outline.sections.flatMap((section) => section.lessons).find((lesson) => !lesson.freePreview);
  if (!locked) throw new Error('The course needs a lesson that is not a free preview');
  await page.goto(`/learn/${courseId}/${locked.id}`);
  await expect(page.getByRole('navigation', { name: 'Course content' })).toBeVisible();
  return `/learn/${courseId}/${locked.id}`;
}

type OutlineLesson = { id: string; title: string; freePreview: boolean };

/**
 * Plays the course's uploaded video lesson as a player does (several Range requests) and takes its
 * notes: one lesson's media fetched. Answers the number of lessons in the course.
 */
async function fetchVideoLessonMedia(page: Page, lessonAddress: string): Promise<number> {
  const courseId = lessonAddress.split('/')[2] ?? '';
  const outline = (await (await page.request.get(`/api/curriculum/${courseId}`)).json()) as { sections: { lessons: OutlineLesson[] }[] };
  const lessons = outline.sections.flatMap((section) => section.lessons);
  const video = lessons.find((lesson) => lesson.title === 'Watch: speed, velocity and acceleration');
  if (!video || video.freePreview) throw new Error('The course needs its uploaded video lesson, not a free preview');
  for (const range of ['bytes=0-', 'bytes=0-9999', 'bytes=10000-19999']) {
    expect((await page.request.get(`/api/learn/${courseId}/${video.id}/video`, { headers: { Range: range } })).status()).toBe(206);
  }
  expect((await page.request.get(`/api/learn/${courseId}/${video.id}/notes`)).status()).toBe(200);
  return lessons.length;
}

async function askForRefund(page: Page, reason: string): Promise<void> {
  await page.goto('/myOrder');
  await page.getByRole('button', { name: `Request a refund for ${TITLE}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask for a refund' });
  await expect(dialog).toBeVisible();
  // Focus starts in the form.
  await expect(dialog.getByLabel('Reason (optional)')).toBeFocused();
  await dialog.getByLabel('Reason (optional)').fill(reason);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(toast(page, 'Refund requested')).toBeVisible();
  // On the line under the order (a fresh buyer has this one order).
  await expect(page.getByText(/^Refund requested on .*: waiting for an answer\.$/)).toBeVisible();
}

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').getByText(text, { exact: true });
}

/** axe once the toasts are gone: one sliding in is half transparent, which axe reads as low contrast. */
async function expectNoAxeViolationsWithoutToasts(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolations(page);
}

/** The admin's card of a buyer's request on the refunds view. */
function requestCard(page: Page, email: string) {
  return page.getByRole('list', { name: 'Refund requests' }).getByRole('listitem').filter({ hasText: email });
}

async function refundMailTo(email: string): Promise<string | null> {
  for (const name of (await readdir(OUTBOX_DIR).catch(() => [])).filter((file) => file.endsWith('.eml'))) {
    const message = decodeQuotedPrintable(await readFile(path.join(OUTBOX_DIR, name), 'utf8'));
    if (message.includes(`To: ${email}`) && message.includes(`Subject: Your Knowledge Zone refund: ${TITLE}`)) return message;
  }
  return null;
}

test.describe('refunds', () => {
  test('a buyer asks for a refund, an admin approves it: Refunded in My Order, gone from My Collection, the player refuses', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const email = await freshBuyerWithCourse(page, 'Refund Asker');
    const lesson = await lockedLessonAddress(page);
    // One lesson's video and notes, fetched in several requests: less than a third of the course.
    const lessonCount = await fetchVideoLessonMedia(page, lesson);

    await page.goto('/myOrder');
    await page.getByRole('button', { name: `Request a refund for ${TITLE}` }).click();
    await expect(page.getByRole('dialog', { name: 'Ask for a refund' })).toBeVisible();
    await expectNoAxeViolations(page);
    // Escape closes it without asking, and the buyer can open it again.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Ask for a refund' })).toBeHidden();
    await askForRefund(page, 'The course is too advanced for me.');
    await expectNoAxeViolationsWithoutToasts(page);

    const admin = await newPage(browser);
    await signIn(admin, DEMO_ACCOUNTS.admin);
    await admin.goto('/admin/refunds');
    await expect(admin.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
    const card = requestCard(admin, email);
    await expect(card).toContainText('The course is too advanced for me.');
    // What the buyer took of the course, for the admin deciding: the video lesson counted once.
    await expect(card).toContainText(`0 of ${lessonCount} lessons completed`);
    await expect(card).toContainText(`Videos, files or notes of 1 of ${lessonCount} lessons`);
    await expect(card).toContainText(`1 of ${lessonCount} lessons completed or fetched`);
    await expectNoAxeViolations(admin);
    await card.getByRole('button', { name: new RegExp(`^Approve ${TITLE}`) }).click();
    const confirm = admin.getByRole('dialog', { name: 'Approve this refund?' });
    await expect(confirm).toContainText(email);
    await expectNoAxeViolations(admin);
    // The approval refreshes the page (router.refresh); a tab followed while that refresh is under
    // way can be overtaken by it, so the tab is followed once the refresh has answered.
    const refreshed = admin.waitForResponse((response) => response.request().method() === 'GET' && new URL(response.url()).pathname === '/admin/refunds' && response.request().headers().rsc === '1');
    await confirm.getByRole('button', { name: 'Yes, refund it!' }).click();
    await expect(toast(admin, 'Refunded')).toBeVisible();
    await expect(requestCard(admin, email)).toHaveCount(0);
    await refreshed;
    await admin.getByRole('link', { name: 'Approved' }).click();
    await expect(admin).toHaveURL(/\/admin\/refunds\?status=approved$/);
    await expect(requestCard(admin, email)).toContainText(`by ${DEMO_ACCOUNTS.admin.email}`);
    await admin.context().close();

    await page.goto('/myOrder');
    const row = orderRow(page, TITLE);
    await expect(row.getByText(`Refunded: ${TITLE}`)).toBeVisible();
    await expect(page.getByText(/^Refunded on .*\. You can buy it again from its page\.$/)).toBeVisible();
    await expect(row.getByText(`Paid: ${TITLE}`)).toHaveCount(0);
    await expect(row.getByRole('link', { name: /^PAY/ })).toHaveCount(0);
    // Neither payable nor cancellable; its receipt stays.
    await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
    await expect(row.getByRole('link', { name: `Receipt for ${TITLE}` })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/myCollection');
    await expect(page.getByRole('heading', { level: 1, name: 'My Collection' })).toBeVisible();
    await expect(collectionCard(page, TITLE)).toHaveCount(0);

    // The player sends a lesson that is not a free preview back to the sales page, where the course can be bought again.
    await page.goto(lesson);
    await expect(page).toHaveURL(/\/classNine\/coursesInfo\/[0-9a-f]{24}/);
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    await expect.poll(() => refundMailTo(email)).toContain('has been refunded in full');
  });

  test('an admin refunds a paid order from the sales view after confirming, and finds it again with the filters', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const email = await freshBuyerWithCourse(page, 'Refund Sales');

    const admin = await newPage(browser);
    await signIn(admin, DEMO_ACCOUNTS.admin);
    await admin.goto('/admin/sales');
    await expect(admin.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
    const refundedBefore = Number(await admin.locator('dl > div', { hasText: 'Refunded orders' }).locator('dd').textContent());
    const saleRow = admin.getByRole('row').filter({ hasText: email });
    await expect(saleRow).toContainText('Paid');
    await saleRow.getByRole('button', { name: `Refund ${TITLE} for ${email}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Refund this order?' });
    await expect(confirm).toContainText(email);
    await expectNoAxeViolations(admin);
    // Cancel first: nothing happens.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(saleRow).toContainText('Paid');

    await saleRow.getByRole('button', { name: `Refund ${TITLE} for ${email}` }).click();
    await admin.getByRole('dialog', { name: 'Refund this order?' }).getByRole('button', { name: 'Yes, refund it!' }).click();
    await expect(toast(admin, 'Refunded')).toBeVisible();
    await expect(saleRow).toContainText('Refunded');
    await expect(saleRow.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
    await expect(admin.locator('dl > div', { hasText: 'Refunded orders' }).locator('dd')).toHaveText(String(refundedBefore + 1));
    await expectNoAxeViolationsWithoutToasts(admin);

    // The admin finds the order again by its buyer and its state; each filtered view has its own address.
    await admin.getByLabel("Buyer's e-mail").fill(email.toUpperCase());
    await admin.getByLabel('State').selectOption('refunded');
    await admin.getByRole('button', { name: 'Filter' }).click();
    await expect(admin).toHaveURL(/\/admin\/sales\?buyer=.+&state=refunded/);
    await expect(admin.getByRole('status').filter({ hasText: /match/ })).toHaveText('1 order matches');
    await expect(admin.getByRole('row').filter({ hasText: email })).toContainText('Refunded');
    await expectNoAxeViolations(admin);
    await admin.getByLabel('State').selectOption('paid');
    await admin.getByRole('button', { name: 'Filter' }).click();
    await expect(admin.getByText('No orders match these filters.')).toBeVisible();
    // The item's name in Sales by item lists its orders.
    await admin.getByRole('link', { name: `Orders of ${TITLE}` }).click();
    await expect(admin).toHaveURL(/\/admin\/sales\?item=[0-9a-f]{24}#all-orders$/);
    await expect(admin.getByLabel('Item', { exact: true })).toHaveValue(/^[0-9a-f]{24}$/);
    await expect(admin.getByRole('row').filter({ hasText: email })).toBeVisible();
    // A filter that is not one says what to fix, and lists the orders unfiltered.
    await admin.goto('/admin/sales?from=2026-13-45&to=2026-01-01');
    await expect(admin.getByRole('alert').filter({ hasText: 'Fix these to filter the orders:' })).toContainText('From must be a date (YYYY-MM-DD)');
    await admin.goto('/admin/sales?from=2026-03-10&to=2026-03-01');
    await expect(admin.getByRole('alert').filter({ hasText: 'Fix these to filter the orders:' })).toContainText('From must not be after To');
    await admin.getByRole('link', { name: 'Clear filters' }).click();
    await expect(admin).toHaveURL(/\/admin\/sales$/);
    await admin.context().close();

    await page.goto('/myOrder');
    await expect(orderRow(page, TITLE).getByText(`Refunded: ${TITLE}`)).toBeVisible();
    await page.goto('/myCollection');
    await expect(collectionCard(page, TITLE)).toHaveCount(0);
  });

  test('a refused request shows the admin’s reason to the buyer, who keeps the course', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const email = await freshBuyerWithCourse(page, 'Refund Refused');
    await askForRefund(page, 'Just because.');

    const admin = await newPage(browser);
    await signIn(admin, DEMO_ACCOUNTS.admin);
    await admin.goto('/admin/refunds');
    await requestCard(admin, email).getByRole('button', { name: /^Refuse/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Refuse this refund?' });
    await expect(dialog.getByLabel('Reason shown to the buyer')).toBeFocused();
    await dialog.getByRole('button', { name: 'Refuse request' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Give the buyer a reason');
    await expectNoAxeViolations(admin);
    await dialog.getByLabel('Reason shown to the buyer').fill('You took part in the live class of this course.');
    await dialog.getByRole('button', { name: 'Refuse request' }).click();
    await expect(toast(admin, 'Request refused')).toBeVisible();
    await admin.context().close();

    await page.goto('/myOrder');
    const row = orderRow(page, TITLE);
    await expect(page.getByText('Refund refused: You took part in the live class of this course.')).toBeVisible();
    await expect(row.getByText(`Paid: ${TITLE}`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Ask again for ${TITLE}` })).toBeVisible();
    await page.goto('/myCollection');
    await expect(collectionCard(page, TITLE)).toHaveCount(1);
    await expect(page.getByText('You took part in the live class of this course.')).toBeVisible();
  });
});
