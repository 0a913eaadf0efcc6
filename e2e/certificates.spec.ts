import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { addFirstLesson, json, signedInApi } from './support/api';
import { expectPurchaseConfirmed, GOOD_CARD, payWithCard, signUpFresh } from './support/commerce';
import { DEMO_ACCOUNTS, expectNoAxeViolations } from './support/helpers';

// Certificates of completion: a buyer who completes every lesson of a course gets a
// certificate, reached from My Collection and from the player, printable and as a PDF; anyone,
// signed out, can check it at its address, and an address that names no certificate is a 404.

const LEARNER = 'Certified Learner';

/** A fresh skill course on sale with two article lessons; its id and lessons in order. */
async function courseOfTwoLessons(admin: APIRequestContext, title: string): Promise<{ courseId: string; lessonIds: [string, string] }> {
  const body = {
    classCourse: 'freeCourse', title, img: '/demo/auth.webp', price: 7, ShortDescription: `About ${title}.`, instructorImg: '/demo/auth.webp',
    instructorName: 'Certificate Teacher', education: 'MSc', about: 'Teaches the course.', video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', hours: 1, videos: 1, quizzes: 1, notes: 2,
  };
  const { insertedId: courseId } = await json<{ insertedId: string }>(await admin.post('/api/addCourse', { data: body }), 201);
  const { sectionId, lessonId: first } = await addFirstLesson(admin, courseId, 'First steps');
  const { id: second } = await json<{ id: string }>(await admin.post(`/api/curriculum/${courseId}/lessons`, { data: { sectionId, title: 'Last steps', kind: 'article' } }), 201);
  await json(await admin.put(`/api/curriculum/${courseId}/lessons/${second}`, { data: { title: 'Last steps', duration: '5', freePreview: false, markdown: '## Last steps\n\nThe end of the course.' } }), 200);
  const { classCourse: _list, instructorImg: _image, video: _video, ...update } = body;
  await json(await admin.put(`/api/courseUpdate/${courseId}`, { data: { ...update, comingSoon: false } }), 200);
  return { courseId, lessonIds: [first, second] };
}

test.describe('certificates of completion', () => {
  test('a buyer completes every lesson, finds the certificate in My Collection and the player, downloads its PDF, and anyone can verify it', async ({ page, browser, playwright }) => {
    const admin = await signedInApi(playwright.request, DEMO_ACCOUNTS.admin);
    const title = `Certified Course ${Date.now().toString(36)}`;
    const { courseId, lessonIds } = await courseOfTwoLessons(admin, title);
    await admin.dispose();

    await signUpFresh(page, LEARNER);
    const { insertedId: orderId } = await json<{ insertedId: string }>(await page.request.post('/api/order', { data: { id: courseId } }), 201);
    await page.goto(`/payment/${orderId}`);
    await payWithCard(page, GOOD_CARD);
    await expectPurchaseConfirmed(page, 'course');

    // Half-way there is no certificate yet.
    await page.goto(`/learn/${courseId}/${lessonIds[0]}`);
    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: `View certificate: ${title}` })).toHaveCount(0);
    await page.goto('/myCollection');
    await expect(page.getByRole('link', { name: `Open course: ${title}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `View certificate: ${title}` })).toHaveCount(0);

    // The last lesson completes the course: the player brings its completion into view at once,
    // with the certificate, LinkedIn's Add to Profile form, sharing and a prompt to rate the course.
    await page.goto(`/learn/${courseId}/${lessonIds[1]}`);
    await page.getByRole('button', { name: 'Mark as complete' }).click();
    const completion = page.getByRole('region', { name: `You completed ${title}` });
    await expect(completion).toBeInViewport();
    await expect(completion).toBeFocused();
    await expect(completion.getByRole('link', { name: `View certificate: ${title}` })).toBeVisible();
    const certificateId = ((await completion.getByRole('link', { name: `View certificate: ${title}` }).getAttribute('href')) ?? '').split('/').pop() ?? '';
    await expect(completion.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/certificates/${certificateId}/pdf`);
    const linkedIn = new URL((await completion.getByRole('link', { name: 'Add to LinkedIn' }).getAttribute('href')) ?? '');
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(linkedIn.searchParams.get('name')).toBe(title);
    expect(linkedIn.searchParams.get('certId')).toBe(certificateId);
    expect(new URL(linkedIn.searchParams.get('certUrl') ?? '').pathname).toBe(`/certificates/${certificateId}`);
    await expect(completion.getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute('target', '_blank');
    await expect(completion.getByRole('link', { name: 'Rate this course' })).toHaveAttribute('href', new RegExp(`/coursesInfo/${courseId}#reviews$`));
    await expectNoAxeViolations(page);

    await page.goto('/myCollection');
    await page.getByRole('link', { name: `View certificate: ${title}` }).click();
    await expect(page).toHaveURL(/\/certificates\/[A-Za-z0-9_-]{22}$/);
    const address = new URL(page.url()).pathname;
    const sheet = page.getByRole('article', { name: 'Certificate of Completion' });
    await expect(sheet.getByText(LEARNER, { exact: true })).toBeVisible();
    await expect(sheet.getByText(title, { exact: true })).toBeVisible();
    await expect(sheet.getByText('Certificate Teacher')).toBeVisible();
    // Its length: the two lessons of five minutes.
    await expect(sheet.getByText('Course length: 10 min')).toBeVisible();
    await expect(page.getByText(`Verified: issued by Knowledge Zone to ${LEARNER} on`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The PDF: a real PDF with the learner's name in it.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^knowledge-zone-certificate-[A-Za-z0-9_-]{22}\.pdf$/);
    const pdf = readFileSync(await download.path()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(`(Certificate of Completion: ${LEARNER})`);

    // The player of the course links to it too.
    await page.goto(`/learn/${courseId}/${lessonIds[0]}`);
    await page.getByRole('link', { name: `View certificate: ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`${address}$`));

    // Anyone with the address, signed out, sees that it is genuine; a shared link previews well.
    const stranger = await browser.newContext();
    const visitor = await stranger.newPage();
    const response = await visitor.goto(address);
    expect(response?.status()).toBe(200);
    await expect(visitor.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(visitor.getByText(`Verified: issued by Knowledge Zone to ${LEARNER} on`)).toBeVisible();
    await expect(visitor.getByRole('article', { name: 'Certificate of Completion' }).getByText(LEARNER, { exact: true })).toBeVisible();
    await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', `Certificate of Completion: ${title}`);
    await expect(visitor.locator('meta[property="og:url"]')).toHaveAttribute('content', new RegExp(`${address}$`));
    await expect(visitor.locator('meta[property="og:description"]')).toHaveAttribute('content', new RegExp(`^${LEARNER} completed`));
    // Rendered for every request: the shared page cache never answers it (a withdrawal shows at once).
    const again = await stranger.request.get(address);
    expect(again.status()).toBe(200);
    expect(again.headers()['x-kz-page-cache']).not.toBe('HIT');
    const signedOutPdf = await stranger.request.get(`${address}/pdf`);
    expect(signedOutPdf.status()).toBe(200);
    expect(signedOutPdf.headers()['content-type']).toBe('application/pdf');
    await stranger.close();
  });

  test('an address that names no certificate is a clear 404', async ({ page }) => {
    // Well-formed but unknown: the page says so.
    const unknown = await page.goto('/certificates/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Certificate not found' })).toBeVisible();
    await expect(page.getByText('No Knowledge Zone certificate has this address')).toBeVisible();

    // Malformed: answered before the database is asked, with the same message.
    const malformed = await page.goto('/certificates/not-a-certificate');
    expect(malformed?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Certificate not found' })).toBeVisible();

    expect((await page.request.get('/certificates/AAAAAAAAAAAAAAAAAAAAAA/pdf')).status()).toBe(404);
    expect((await page.request.get('/certificates/not-a-certificate/pdf')).status()).toBe(404);
  });
});
