import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { DEMO_ACCOUNTS } from './support/helpers';

// The permission matrix over every API operation (docs/security-tests.md): anonymous → 401,
// signed-in user → 403 on admin operations, the right role → past the guard. The manifest must
// name every operation of /api/openapi.json, so a new route without a row fails this test.
// Calls that pass the guard use unknown ids or invalid bodies, so the matrix never changes data.

/** `optional-user`: anyone gets an answer (200), a signed-in caller their own data. */
type Access = 'public' | 'optional-user' | 'user' | 'admin' | 'self-or-admin' | 'signature';
type Row = { access: Access; path: string; body?: unknown };

const UNKNOWN_ID = '65f0a1b2c3d4e5f6a7b8c9d0';
const STUDENT = DEMO_ACCOUNTS.student.email;

const MANIFEST: Record<string, Row> = {
  'POST /api/account/login': { access: 'public', path: '/api/account/login', body: {} },
  'POST /api/account/register': { access: 'public', path: '/api/account/register', body: {} },
  'POST /api/account/phone-code': { access: 'public', path: '/api/account/phone-code', body: {} },
  'POST /api/account/phone-login': { access: 'public', path: '/api/account/phone-login', body: {} },
  'POST /api/account/password-reset': { access: 'public', path: '/api/account/password-reset', body: {} },
  'POST /api/account/password-reset/confirm': { access: 'public', path: '/api/account/password-reset/confirm', body: {} },
  'POST /api/account/password-reset/phone-code': { access: 'public', path: '/api/account/password-reset/phone-code', body: {} },
  'POST /api/account/password-reset/phone-confirm': { access: 'public', path: '/api/account/password-reset/phone-confirm', body: {} },
  'POST /api/account/mobile-number/code': { access: 'user', path: '/api/account/mobile-number/code', body: {} },
  'POST /api/account/mobile-number': { access: 'user', path: '/api/account/mobile-number', body: {} },
  'POST /api/account/email': { access: 'user', path: '/api/account/email', body: {} },
  'POST /api/account/verify-email': { access: 'public', path: '/api/account/verify-email', body: {} },
  'POST /api/account/verify-email/resend': { access: 'user', path: '/api/account/verify-email/resend', body: {} },
  'PUT /api/account/locale': { access: 'user', path: '/api/account/locale', body: {} },
  'GET /api/auth/{nextauth}': { access: 'public', path: '/api/auth/session' },
  'POST /api/auth/{nextauth}': { access: 'public', path: '/api/auth/_log', body: {} },
  'PUT /api/user/{key}': { access: 'self-or-admin', path: `/api/user/${STUDENT}`, body: { email: STUDENT } },
  'GET /api/user/{key}': { access: 'self-or-admin', path: `/api/user/${STUDENT}` },
  'DELETE /api/user/{key}': { access: 'admin', path: `/api/user/${UNKNOWN_ID}` },
  'GET /api/user': { access: 'admin', path: '/api/user?limit=1' },
  'PUT /api/user/admin/{email}': { access: 'admin', path: '/api/user/admin/nobody-here@example.com' },
  'GET /api/admin/{email}': { access: 'self-or-admin', path: `/api/admin/${STUDENT}` },
  // Catalogue administration: empty bodies fail validation and unknown ids find nothing, so an admin changes no data.
  'POST /api/addCourse': { access: 'admin', path: '/api/addCourse', body: {} },
  'PUT /api/courseUpdate/{id}': { access: 'admin', path: `/api/courseUpdate/${UNKNOWN_ID}`, body: {} },
  'DELETE /api/course/{id}': { access: 'admin', path: `/api/course/${UNKNOWN_ID}` },
  'POST /api/addBook': { access: 'admin', path: '/api/addBook', body: {} },
  'PUT /api/bookUpdate/{id}': { access: 'admin', path: `/api/bookUpdate/${UNKNOWN_ID}`, body: {} },
  'DELETE /api/bookDelete/{id}': { access: 'admin', path: `/api/bookDelete/${UNKNOWN_ID}` },
  'POST /api/uploads/book-file': { access: 'admin', path: `/api/uploads/book-file?bookId=${UNKNOWN_ID}`, body: {} },
  'POST /api/addBlog': { access: 'admin', path: '/api/addBlog', body: {} },
  'PUT /api/blogUpdate/{id}': { access: 'admin', path: `/api/blogUpdate/${UNKNOWN_ID}`, body: {} },
  'DELETE /api/blogDelete/{id}': { access: 'admin', path: `/api/blogDelete/${UNKNOWN_ID}` },
  'POST /api/addInstructor': { access: 'admin', path: '/api/addInstructor', body: {} },
  'PUT /api/updateInstructor/{id}': { access: 'admin', path: `/api/updateInstructor/${UNKNOWN_ID}`, body: {} },
  'DELETE /api/instructor/{id}': { access: 'admin', path: `/api/instructor/${UNKNOWN_ID}` },
  'POST /api/contact': { access: 'public', path: '/api/contact', body: {} },
  'GET /api/openapi.json': { access: 'public', path: '/api/openapi.json' },
  'GET /api/notifications': { access: 'user', path: '/api/notifications' },
  'POST /api/notifications/{id}/read': { access: 'user', path: `/api/notifications/${UNKNOWN_ID}/read`, body: {} },
  'POST /api/notifications/read-all': { access: 'user', path: '/api/notifications/read-all', body: {} },
  'POST /api/uploads/image': { access: 'user', path: '/api/uploads/image', body: {} },
  'POST /api/order': { access: 'user', path: '/api/order', body: {} },
  'GET /api/order': { access: 'user', path: '/api/order' },
  'GET /api/paidOrder': { access: 'user', path: '/api/paidOrder' },
  'GET /api/order/status': { access: 'user', path: `/api/order/status?id=${UNKNOWN_ID}` },
  'DELETE /api/order/{id}': { access: 'user', path: `/api/order/${UNKNOWN_ID}` },
  // Refunds: an unknown order or request is a 404 past the guard, so the matrix refunds nothing.
  'POST /api/order/{id}/refund': { access: 'admin', path: `/api/order/${UNKNOWN_ID}/refund`, body: {} },
  'POST /api/order/{id}/refund-request': { access: 'user', path: `/api/order/${UNKNOWN_ID}/refund-request`, body: {} },
  'GET /api/refund-requests': { access: 'admin', path: '/api/refund-requests?status=refused' },
  'POST /api/refund-requests/{id}/approve': { access: 'admin', path: `/api/refund-requests/${UNKNOWN_ID}/approve`, body: {} },
  'POST /api/refund-requests/{id}/refuse': { access: 'admin', path: `/api/refund-requests/${UNKNOWN_ID}/refuse`, body: {} },
  'GET /api/payment/{id}': { access: 'user', path: `/api/payment/${UNKNOWN_ID}` },
  'POST /api/create-payment-intent': { access: 'user', path: '/api/create-payment-intent', body: {} },
  'PATCH /api/enrollCourse/{id}': { access: 'user', path: `/api/enrollCourse/${UNKNOWN_ID}`, body: {} },
  'POST /api/payments/sandbox/confirm': { access: 'user', path: '/api/payments/sandbox/confirm', body: {} },
  // Promo codes: empty bodies fail validation and unknown ids find nothing, so neither an admin nor a buyer changes data.
  'GET /api/promo-codes': { access: 'admin', path: '/api/promo-codes' },
  'POST /api/promo-codes': { access: 'admin', path: '/api/promo-codes', body: {} },
  'PUT /api/promo-codes/{id}': { access: 'admin', path: `/api/promo-codes/${UNKNOWN_ID}`, body: {} },
  'DELETE /api/promo-codes/{id}': { access: 'admin', path: `/api/promo-codes/${UNKNOWN_ID}` },
  'POST /api/order/{id}/promo': { access: 'user', path: `/api/order/${UNKNOWN_ID}/promo`, body: {} },
  'DELETE /api/order/{id}/promo': { access: 'user', path: `/api/order/${UNKNOWN_ID}/promo` },
  'POST /api/order/{id}/complete-free': { access: 'user', path: `/api/order/${UNKNOWN_ID}/complete-free`, body: {} },
  'POST /api/stripe/webhook': { access: 'signature', path: '/api/stripe/webhook', body: {} },
  // Taka payments: an empty start fails validation; the doors find no payment of ours and change nothing.
  'POST /api/payments/start': { access: 'user', path: '/api/payments/start', body: {} },
  'POST /api/payments/sslcommerz/ipn': { access: 'signature', path: '/api/payments/sslcommerz/ipn', body: {} },
  'POST /api/payments/sslcommerz/return/{outcome}': { access: 'public', path: '/api/payments/sslcommerz/return/cancel', body: {} },
  'GET /api/payments/bkash/callback': { access: 'public', path: '/api/payments/bkash/callback?paymentID=none&status=cancel' },
  'POST /api/payments/bkash/webhook': { access: 'signature', path: '/api/payments/bkash/webhook', body: {} },
  'GET /api/books/{id}/file': { access: 'user', path: `/api/books/${UNKNOWN_ID}/file?token=x` },
  'GET /api/curriculum/{courseId}': { access: 'public', path: `/api/curriculum/${UNKNOWN_ID}` },
  'POST /api/curriculum/{courseId}/sections': { access: 'admin', path: `/api/curriculum/${UNKNOWN_ID}/sections`, body: {} },
  'DELETE /api/curriculum/{courseId}/sections/{sectionId}': { access: 'admin', path: `/api/curriculum/${UNKNOWN_ID}/sections/${UNKNOWN_ID}` },
  'POST /api/curriculum/{courseId}/lessons': { access: 'admin', path: `/api/curriculum/${UNKNOWN_ID}/lessons`, body: {} },
  'PUT /api/curriculum/{courseId}/lessons/{lessonId}': { access: 'admin', path: `/api/curriculum/${UNKNOWN_ID}/lessons/${UNKNOWN_ID}`, body: {} },
  'DELETE /api/curriculum/{courseId}/lessons/{lessonId}': { access: 'admin', path: `/api/curriculum/${UNKNOWN_ID}/lessons/${UNKNOWN_ID}` },
  'POST /api/uploads/lesson-file': { access: 'admin', path: `/api/uploads/lesson-file?courseId=${UNKNOWN_ID}&lessonId=${UNKNOWN_ID}&part=video`, body: {} },
  // Open at the door; each lesson decides (free preview, buyer, admin), tested in e2e/learning.spec.ts.
  'GET /api/learn/{courseId}/{lessonId}/{part}': { access: 'public', path: `/api/learn/${UNKNOWN_ID}/${UNKNOWN_ID}/video` },
  'GET /api/learn/{courseId}/{lessonId}/stream': { access: 'public', path: `/api/learn/${UNKNOWN_ID}/${UNKNOWN_ID}/stream` },
  'GET /api/learn/{courseId}/{lessonId}/captions/{file}': { access: 'public', path: `/api/learn/${UNKNOWN_ID}/${UNKNOWN_ID}/captions/en.vtt` },
  'POST /api/learn/{courseId}/{lessonId}/playback': { access: 'public', path: `/api/learn/${UNKNOWN_ID}/${UNKNOWN_ID}/playback`, body: {} },
  'POST /api/uploads/lesson-captions': { access: 'admin', path: `/api/uploads/lesson-captions?courseId=${UNKNOWN_ID}&lessonId=${UNKNOWN_ID}&language=en`, body: {} },
  'DELETE /api/uploads/lesson-captions': { access: 'admin', path: `/api/uploads/lesson-captions?courseId=${UNKNOWN_ID}&lessonId=${UNKNOWN_ID}&language=en` },
  // The signed token in the address is the access (server/learning/lesson-video/stream-access.test.ts).
  'GET /api/lesson-stream/{token}/{path}': { access: 'signature', path: '/api/lesson-stream/not-a-token/master.m3u8' },
  'POST /api/progress': { access: 'user', path: '/api/progress', body: {} },
  'GET /api/offline/courses/{courseId}': { access: 'user', path: `/api/offline/courses/${UNKNOWN_ID}` },
  'GET /api/offline/courses/{courseId}/lessons/{lessonId}': { access: 'user', path: `/api/offline/courses/${UNKNOWN_ID}/lessons/${UNKNOWN_ID}` },
  'GET /api/offline/books/{bookId}': { access: 'user', path: `/api/offline/books/${UNKNOWN_ID}` },
  'POST /api/offline/check': { access: 'user', path: '/api/offline/check', body: {} },
  'PUT /api/curriculum/{courseId}/lessons/{lessonId}/quiz': { access: 'admin', path: `/api/curriculum/${UNKNOWN_ID}/lessons/${UNKNOWN_ID}/quiz`, body: {} },
  'GET /api/curriculum/{courseId}/lessons/{lessonId}/quiz': { access: 'admin', path: `/api/curriculum/${UNKNOWN_ID}/lessons/${UNKNOWN_ID}/quiz` },
  'POST /api/quiz-attempts': { access: 'user', path: '/api/quiz-attempts', body: {} },
  // Any signed-in caller gets past the door; an attempt that is not theirs is a 404 (server/learning/quizzes.test.ts).
  'POST /api/quiz-attempts/{attemptId}/submit': { access: 'user', path: `/api/quiz-attempts/${UNKNOWN_ID}:${UNKNOWN_ID}:1/submit`, body: {} },
  // Legacy reads, reviews, notices and profile: unknown ids, empty bodies and the caller's own e-mail change no data.
  'GET /api/courses/{list}': { access: 'public', path: '/api/courses/classOne?limit=1' },
  'GET /api/course/{id}': { access: 'public', path: `/api/course/${UNKNOWN_ID}` },
  'GET /api/searchCourse': { access: 'public', path: '/api/searchCourse?q=math' },
  'GET /api/search/suggestions': { access: 'public', path: '/api/search/suggestions?q=math' },
  'GET /api/books': { access: 'public', path: '/api/books?limit=1' },
  'GET /api/book/{id}': { access: 'public', path: `/api/book/${UNKNOWN_ID}` },
  'GET /api/books/{id}': { access: 'public', path: `/api/books/${UNKNOWN_ID}` },
  'GET /api/blogs': { access: 'public', path: '/api/blogs?limit=1' },
  'GET /api/blog/{id}': { access: 'public', path: `/api/blog/${UNKNOWN_ID}` },
  'GET /api/blogs/{id}': { access: 'public', path: `/api/blogs/${UNKNOWN_ID}` },
  'GET /api/instructors/{Subject}': { access: 'public', path: '/api/instructors/Physics?limit=1' },
  'GET /api/instructor/{id}': { access: 'public', path: `/api/instructor/${UNKNOWN_ID}` },
  'GET /api/addreview': { access: 'public', path: '/api/addreview?limit=1' },
  'POST /api/addreview': { access: 'user', path: '/api/addreview', body: {} },
  'GET /api/ccis': { access: 'optional-user', path: '/api/ccis' },
  'PUT /api/cci/{id}': { access: 'user', path: `/api/cci/${UNKNOWN_ID}` },
  'GET /api/bookN': { access: 'optional-user', path: '/api/bookN' },
  'PUT /api/bookN/{id}': { access: 'user', path: `/api/bookN/${UNKNOWN_ID}` },
  'PUT /api/users/{email}': { access: 'user', path: `/api/users/${STUDENT}`, body: {} },
  // Ratings and reviews of courses and books: unknown ids are 404 and empty bodies 400 past the guard, so nothing is written.
  'GET /api/items/{id}/reviews': { access: 'public', path: `/api/items/${UNKNOWN_ID}/reviews` },
  'GET /api/items/{id}/reviews/mine': { access: 'user', path: `/api/items/${UNKNOWN_ID}/reviews/mine` },
  'PUT /api/items/{id}/reviews/mine': { access: 'user', path: `/api/items/${UNKNOWN_ID}/reviews/mine`, body: {} },
  'DELETE /api/items/{id}/reviews/mine': { access: 'user', path: `/api/items/${UNKNOWN_ID}/reviews/mine` },
  'POST /api/reviews/{id}/reply': { access: 'admin', path: `/api/reviews/${UNKNOWN_ID}/reply`, body: {} },
  'DELETE /api/reviews/{id}/reply': { access: 'admin', path: `/api/reviews/${UNKNOWN_ID}/reply` },
  'POST /api/reviews/{id}/hide': { access: 'admin', path: `/api/reviews/${UNKNOWN_ID}/hide`, body: {} },
  'GET /api/reviews/hidden': { access: 'admin', path: '/api/reviews/hidden' },
  'POST /api/reviews/{id}/show': { access: 'admin', path: `/api/reviews/${UNKNOWN_ID}/show`, body: {} },
};

async function signedIn(playwright: typeof import('@playwright/test').request, account: { email: string; password: string }) {
  const context = await playwright.newContext({ baseURL: BASE_URL });
  const response = await context.post('/api/account/login', { data: { email: account.email, password: account.password } });
  expect(response.status()).toBe(200);
  return context;
}

function call(context: APIRequestContext, operation: string, row: Row, headers: Record<string, string> = {}) {
  const method = operation.split(' ')[0] ?? 'GET';
  return context.fetch(row.path, { method, headers, ...(row.body !== undefined ? { data: row.body } : {}), maxRedirects: 0 });
}

test('every API operation has a row in the permission manifest', async ({ request }) => {
  const document = (await (await request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
  expect(operations.filter((operation) => !(operation in MANIFEST)).sort()).toEqual([]);
  expect(Object.keys(MANIFEST).filter((operation) => !operations.includes(operation)).sort()).toEqual([]);
});

test('anonymous callers get 401 on every protected operation, even with proxy-bypass headers', async ({ request }) => {
  for (const [operation, row] of Object.entries(MANIFEST)) {
    if (row.access === 'public' || row.access === 'signature') continue;
    const response = await call(request, operation, row, { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' });
    expect(`${operation} → ${response.status()}`).toBe(`${operation} → ${row.access === 'optional-user' ? 200 : 401}`);
  }
});

test('a signed-in user gets 403 on admin operations and passes user operations', async ({ playwright }) => {
  const student = await signedIn(playwright.request, DEMO_ACCOUNTS.student);
  for (const [operation, row] of Object.entries(MANIFEST)) {
    if (row.access === 'public' || row.access === 'signature') continue;
    const status = (await call(student, operation, row)).status();
    if (row.access === 'admin') {
      expect(`${operation} → ${status}`).toBe(`${operation} → 403`);
    } else {
      expect(status, operation).toBeLessThan(500);
      expect([401, 403], operation).not.toContain(status);
    }
  }
  const other = await student.get(`/api/admin/${DEMO_ACCOUNTS.admin.email}`);
  expect(other.status()).toBe(403);
  await student.dispose();
});

test('an admin passes every admin operation', async ({ playwright }) => {
  const admin = await signedIn(playwright.request, DEMO_ACCOUNTS.admin);
  for (const [operation, row] of Object.entries(MANIFEST)) {
    if (row.access !== 'admin' && row.access !== 'self-or-admin') continue;
    if (operation.startsWith('PUT /api/user/{key}')) continue; // a token is only for the caller's own e-mail
    const status = (await call(admin, operation, row)).status();
    expect(status, operation).toBeLessThan(500);
    expect([401, 403], operation).not.toContain(status);
  }
  await admin.dispose();
});

test('bearer tokens: issued only to the signed-in owner, accepted instead of cookies, forgeries refused', async ({ playwright }) => {
  const student = await signedIn(playwright.request, DEMO_ACCOUNTS.student);
  const issued = await student.put(`/api/user/${STUDENT}`, { data: { email: STUDENT } });
  expect(issued.status()).toBe(200);
  const { token, result } = (await issued.json()) as { token: string; result: { acknowledged: boolean } };
  expect(result.acknowledged).toBe(true);

  const forSomeoneElse = await student.put(`/api/user/${DEMO_ACCOUNTS.admin.email}`, { data: { email: DEMO_ACCOUNTS.admin.email } });
  expect(forSomeoneElse.status()).toBe(403);
  const escalate = await student.put(`/api/user/${STUDENT}`, { data: { email: STUDENT, role: 'admin' } });
  expect(escalate.status()).toBe(400);

  const anonymous = await playwright.request.newContext({ baseURL: BASE_URL });
  const withToken = await anonymous.get(`/api/admin/${STUDENT}`, { headers: { authorization: `Bearer ${token}` } });
  expect(withToken.status()).toBe(200);
  expect(await withToken.json()).toEqual({ admin: false });
  const forged = await anonymous.get(`/api/admin/${STUDENT}`, { headers: { authorization: `Bearer ${token.slice(0, -4)}abcd` } });
  expect(forged.status()).toBe(403);
  expect(await forged.json()).toEqual({ message: 'Forbidden access', code: 'forbiddenAccess' });
  const missing = await anonymous.get('/api/user');
  expect(await missing.json()).toEqual({ message: 'Unauthorized access', code: 'unauthorizedAccess' });
  await anonymous.dispose();
  await student.dispose();
});
