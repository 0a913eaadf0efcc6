import { expect, test } from '@playwright/test';
import { expectPurchaseConfirmed } from './support/commerce';
import type { APIResponse, Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { DEMO_ACCOUNTS, login } from './support/helpers';
import { addFirstLesson, json, signedInApi } from './support/api';

// Payments and personal data under attack (docs/security-tests.md, attacks found by trying the
// app, rows 1, 12 and 13), against the test build.
// The test server runs with ALLOW_SANDBOX_PAYMENTS=true (playwright.config.ts): it sells for the
// public test card, so it must say so on every page, like the demo shop of `npm run app`.

const LOCAL_IMAGE = '/demo/auth.webp';
const STUDENT = DEMO_ACCOUNTS.student.email;
const BANNER = "Demo shop: no real payments; use card 4242 4242 4242 4242 · bKash and SSLCommerz here are local simulators: on bKash's page use code 123456 and PIN 12121.";

async function signInPage(page: Page, account: { email: string; password: string }): Promise<void> {
  await login(page, account.email, account.password);
  await expect(page).not.toHaveURL(/\/login/);
}

test('every page says it is a demo shop while the sandbox gateway takes the payments', async ({ page }) => {
  for (const address of ['/', '/courses', '/books', '/login']) {
    await page.goto(address);
    const banner = page.getByRole('complementary', { name: 'Demo shop' });
    await expect(banner, address).toBeVisible();
    await expect(banner).toHaveText(BANNER);
  }
});

test('every API answer to a signed-in caller is private, no-store (profiles, the user list, orders, notices)', async ({ playwright }) => {
  const student = await signedInApi(playwright.request, DEMO_ACCOUNTS.student);
  const admin = await signedInApi(playwright.request, DEMO_ACCOUNTS.admin);
  const [course] = await json<{ _id: string }[]>(await student.get('/api/courses/classTen?limit=1'), 200);
  if (!course) throw new Error('The seed has no classTen course');
  // The student's order for it: a new one (201), or the one another journey left (200).
  const ordered = await student.post('/api/order', { data: { id: course._id } });
  expect([200, 201]).toContain(ordered.status());
  const { insertedId: orderId } = (await ordered.json()) as { insertedId: string };

  const answers: [string, () => Promise<APIResponse>][] = [
    ['GET /api/user', () => admin.get('/api/user')],
    ['GET /api/user/{email}', () => student.get(`/api/user/${STUDENT}`)],
    ['GET /api/user/{email} (admin)', () => admin.get(`/api/user/${STUDENT}`)],
    ['GET /api/admin/{email}', () => student.get(`/api/admin/${STUDENT}`)],
    ['GET /api/order', () => student.get(`/api/order?email=${STUDENT}`)],
    ['GET /api/paidOrder', () => student.get(`/api/paidOrder?email=${STUDENT}`)],
    ['GET /api/order/status', () => student.get(`/api/order/status?id=${course._id}`)],
    ['GET /api/payment/{id}', () => student.get(`/api/payment/${orderId}`)],
    ['POST /api/create-payment-intent', () => student.post('/api/create-payment-intent', { data: { orderId } })],
    ['GET /api/notifications', () => student.get('/api/notifications')],
    ['GET /api/bookN', () => student.get('/api/bookN')],
    ['GET /api/ccis', () => admin.get('/api/ccis')],
    ['PUT /api/user/{email} (token)', () => student.put(`/api/user/${STUDENT}`, { data: { email: STUDENT } })],
  ];
  for (const [operation, call] of answers) {
    const response = await call();
    expect(`${operation} → ${response.status()}`).toBe(`${operation} → 200`);
    // Small answers also say no-transform (sent uncompressed).
    expect(response.headers()['cache-control'], operation).toMatch(/^private, no-store(, no-transform)?$/);
  }

  // The signed-in pages with the same data are rendered per request and never stored either.
  for (const address of ['/myProfile', '/myOrder', '/myCollection', '/notifications', `/payment/${orderId}`, '/users']) {
    const response = await (address === '/users' ? admin : student).get(address, { maxRedirects: 0 });
    expect(`${address} → ${response.status()}`).toBe(`${address} → 200`);
    expect(response.headers()['cache-control'], address).toMatch(/private.*no-store|no-store.*private/);
  }

  // A bearer token (the legacy clients' way in) is a credential too.
  const { token } = await json<{ token: string }>(await student.put(`/api/user/${STUDENT}`, { data: { email: STUDENT } }), 200);
  const bearer = await playwright.request.newContext({ baseURL: BASE_URL });
  const profile = await bearer.get(`/api/user/${STUDENT}`, { headers: { authorization: `Bearer ${token}` } });
  expect(profile.status()).toBe(200);
  expect(profile.headers()['cache-control']).toMatch(/^private, no-store(, no-transform)?$/);

  if (ordered.status() === 201) await student.delete(`/api/order/${orderId}`);
  await Promise.all([student.dispose(), admin.dispose(), bearer.dispose()]);
});

test('a price raised after the order is what the buyer sees and pays, with a notice; a deleted course cannot be paid', async ({ page, playwright }) => {
  const admin = await signedInApi(playwright.request, DEMO_ACCOUNTS.admin);
  const title = `Price Watch ${Date.now().toString(36)}`;
  const course = {
    classCourse: 'classNine', title, img: LOCAL_IMAGE, price: '10', ShortDescription: 'A course whose price changes.', instructorImg: LOCAL_IMAGE,
    instructorName: 'Price Teacher', education: 'MSc', about: 'About.', video: 'https://youtu.be/abcdefghijk', hours: '10', videos: 20, quizzes: 5, notes: 4,
    Enrolled: 0, transcripts: 10, promoCode: 'KZ2026', state: 'unread',
  };
  const { insertedId: courseId } = await json<{ insertedId: string }>(await admin.post('/api/addCourse', { data: course }), 201);
  const { classCourse: _list, instructorImg: _instructorImg, video: _video, Enrolled: _enrolled, transcripts: _transcripts, promoCode: _promo, state: _state, ...update } = course;
  // A new course is a draft until it has a lesson and an admin publishes it (the old client: comingSoon false).
  await addFirstLesson(admin, courseId);
  await json(await admin.put(`/api/courseUpdate/${courseId}`, { data: { ...update, comingSoon: false } }), 200);

  await signInPage(page, DEMO_ACCOUNTS.student);
  const { insertedId: orderId } = await json<{ insertedId: string }>(await page.request.post('/api/order', { data: { id: courseId } }), 201);
  await page.goto(`/payment/${orderId}`);
  await expect(page.getByText('Price: $10.00')).toBeVisible();
  // The payment has started (its intent exists at $10) when the admin raises the price.
  await expect(page.getByRole('button', { name: 'Confirm Payment' })).toBeEnabled();
  await json(await admin.put(`/api/courseUpdate/${courseId}`, { data: { ...update, price: '500' } }), 200);

  await page.reload();
  await expect(page.getByText('Price: $500.00')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The price changed from $10.00 to $500.00 since you ordered.' })).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Confirm Payment' });
  await expect(confirm).toBeEnabled();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 40');
  await page.getByLabel('CVC').fill('123');
  await confirm.click();
  await expectPurchaseConfirmed(page, 'course');
  const paid = await json<{ price: number }>(await page.request.get(`/api/payment/${orderId}`), 200);
  expect(paid).toMatchObject({ price: 500, paid: true });

  // Someone else's order for the same course, then the course is deleted: it can no longer be paid.
  const other = await signedInApi(playwright.request, DEMO_ACCOUNTS.admin);
  const { insertedId: otherOrder } = await json<{ insertedId: string }>(await other.post('/api/order', { data: { id: courseId } }), 201);
  await json(await admin.delete(`/api/course/${courseId}`), 200);
  const refused = await json<{ message: string }>(await other.post('/api/create-payment-intent', { data: { orderId: otherOrder } }), 409);
  expect(refused.message).toContain('no longer on sale');
  await other.delete(`/api/order/${otherOrder}`);
  await Promise.all([admin.dispose(), other.dispose()]);
});
