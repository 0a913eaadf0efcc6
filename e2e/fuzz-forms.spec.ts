import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import fc from 'fast-check';
import { ObjectId } from 'mongodb';
import type { Db } from 'mongodb';
import { z } from 'zod';
import type { ZodType } from 'zod';
import { resetPasswordSchema } from '../lib/schemas/account';
import { loginSchema, registerSchema, resetRequestSchema } from '../lib/schemas/auth';
import { blogSchema } from '../lib/schemas/blog';
import { bookAddSchema, bookUpdateSchema } from '../lib/schemas/book';
import { contactSchema } from '../lib/schemas/contact';
import { courseAddSchema, courseUpdateSchema } from '../lib/schemas/course';
import { instructorSchema } from '../lib/schemas/instructor';
import { profileSchema } from '../lib/schemas/profile';
import { promoCodeSchema } from '../lib/schemas/promo-code';
import { adminRefundSchema, refundRequestSchema, refusalSchema } from '../lib/schemas/refunds';
import { reviewSchema } from '../lib/schemas/review';
import { BASE_URL } from '../playwright.config';
import { DEMO_ACCOUNTS, uniqueEmail } from './support/helpers';
import { describe, encodeActionArgs, hostileBody, malformedObjectId, seedFor, toJsonText, validShaped } from './support/fuzz-arbitraries';
import type { JsonSchema } from './support/fuzz-arbitraries';
import { changesBetween, openDatabase, storedState } from './support/fuzz-db';

// Every user-facing form fuzzed with generated bad input (docs/security-tests.md), twice over:
//
// 1. In the browser: each form's fields are filled with generated hostile text (markup, operator
//    and prototype-key lookalikes, arbitrary Unicode, control and bidi characters, 20 kB strings,
//    negative and huge numbers) and one required field with blank-looking whitespace, so the form
//    is invalid whatever else was generated. The form must answer with a clear message at that
//    field, never an error page or a 5xx on any request, and store nothing.
// 2. At what the form submits to (its JSON endpoint, or its server action called the way React
//    calls it): fast-check bodies derived from the schema the server validates with, each with a
//    hostile mutation it must refuse (e2e/support/fuzz-arbitraries.ts). The answer must be a 4xx
//    or `{ok:false}` with a message, never a 5xx, and nothing may be stored or changed.
//
// A form the browser cannot make invalid (no required field) gets the second part only.
//
// Seeded (FUZZ_SEED) and bounded (FUZZ_FORM_RUNS browser runs and FUZZ_FORM_CASES submissions per form).

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_214);
const BROWSER_RUNS = Number(process.env.FUZZ_FORM_RUNS ?? 2);
const ENDPOINT_RUNS = Number(process.env.FUZZ_FORM_CASES ?? 10);
const DIST_DIR = process.env.KZ_DIST_DIR ?? '.next-e2e';

/** `buyer`: an account this spec signs up, with the paid orders the refund forms need (refundOrders). */
type Who = 'anonymous' | 'student' | 'admin' | 'buyer';
type Ids = {
  course: { id: string; list: string };
  book: string;
  blog: string;
  instructor: { id: string; subject: string };
  /** A reset link that still works: the reset page shows its form only for one. */
  resetToken: string;
  /** The seeded promo code the edit form opens. */
  promoCode: { id: string; code: string };
  refunds: RefundIds;
};

/** The buyer's paid book orders: one they may still ask to refund, one whose request waits for an admin. */
type RefundIds = { orderId: string; requestId: string; requestedProductName: string };

type Submission = { kind: 'json'; url: string } | { kind: 'action'; file: string; name: string; page: string; id?: string };

type Form = {
  name: string;
  who: Who;
  url: (ids: Ids) => string;
  /** A button inside the form (the form is found by it) and, when different, the button that submits. */
  button: string;
  submit?: string;
  open?: (page: Page, ids: Ids) => Promise<void>;
  /** Ids of required text inputs (of this item's dialog, for a function); one of them gets whitespace only. */
  required: string[] | ((ids: Ids) => string[]);
  /** The schema the server checks the submission with. */
  schema: ZodType;
  submission: (ids: Ids) => Submission;
  /** The collections whose documents an update form would change in place (compared whole). */
  watch?: (ids: Ids) => { collection: string; id: string }[];
  /** Calls that spend a per-IP budget shared with other journeys (contact: 5 per 10 minutes). */
  endpointRuns?: number;
};

/**
 * A form whose input the browser cannot make invalid, so only what it submits to is fuzzed: the
 * buyer's refund request has one optional field whose length its maxlength caps, the admin's
 * refund confirmation none.
 */
type SubmittedForm = Omit<Form, 'url' | 'button' | 'submit' | 'open' | 'required'>;

function inBrowser(form: Form | SubmittedForm): form is Form {
  return 'required' in form;
}

const FORMS: (Form | SubmittedForm)[] = [
  { name: 'register', who: 'anonymous', url: () => '/register', button: 'Register', required: ['register-name', 'register-email', 'register-password'], schema: registerSchema, submission: () => ({ kind: 'json', url: '/api/account/register' }) },
  { name: 'login', who: 'anonymous', url: () => '/login', button: 'Login', required: ['login-email', 'login-password'], schema: loginSchema, submission: () => ({ kind: 'json', url: '/api/account/login' }) },
  { name: 'reset password request', who: 'anonymous', url: () => '/login', button: 'Login', submit: 'Reset Password', required: ['login-email'], schema: resetRequestSchema, submission: () => ({ kind: 'json', url: '/api/account/password-reset' }) },
  { name: 'reset password', who: 'anonymous', url: ({ resetToken }) => `/reset-password?token=${resetToken}`, button: 'Set new password', required: ['new-password'], schema: resetPasswordSchema, submission: () => ({ kind: 'json', url: '/api/account/password-reset/confirm' }) },
  { name: 'contact', who: 'anonymous', url: () => '/contact', button: 'Send Message', required: ['contact-firstName', 'contact-lastName', 'contact-subject', 'contact-message'], schema: contactSchema, submission: () => ({ kind: 'json', url: '/api/contact' }), endpointRuns: 1 },
  {
    name: 'profile edit',
    who: 'student',
    url: () => '/myProfile',
    open: async (page) => page.getByRole('button', { name: 'Edit profile' }).click(),
    button: 'Update',
    required: ['profile-education', 'profile-location', 'profile-phone'],
    schema: profileSchema,
    submission: () => ({ kind: 'action', file: 'server/actions/profile.ts', name: 'updateProfileAction', page: '/myProfile' }),
  },
  { name: 'add review', who: 'student', url: () => '/addReview', button: 'Add Review', required: ['review-comment'], schema: reviewSchema, submission: () => ({ kind: 'action', file: 'server/actions/reviews.ts', name: 'saveReviewAction', page: '/addReview' }) },
  { name: 'add course', who: 'admin', url: () => '/addCourse', button: 'Add Course', required: ['course-title', 'course-about', 'course-description'], schema: courseAddSchema, submission: () => ({ kind: 'action', file: 'server/actions/courses.ts', name: 'addCourseAction', page: '/addCourse' }) },
  {
    name: 'update course',
    who: 'admin',
    url: ({ course }) => `/${course.list}/update/${course.id}`,
    button: 'Update Course',
    required: ['course-title', 'course-about', 'course-description'],
    schema: courseUpdateSchema,
    submission: ({ course }) => ({ kind: 'action', file: 'server/actions/courses.ts', name: 'updateCourseAction', page: `/${course.list}/update/${course.id}`, id: course.id }),
    watch: ({ course }) => [{ collection: 'courses', id: course.id }],
  },
  { name: 'add book', who: 'admin', url: () => '/addBook', button: 'Add Book', required: ['book-name', 'book-about'], schema: bookAddSchema, submission: () => ({ kind: 'action', file: 'server/actions/books.ts', name: 'addBookAction', page: '/addBook' }) },
  {
    name: 'update book',
    who: 'admin',
    url: ({ book }) => `/updateBook/${book}`,
    button: 'Update Book',
    required: ['book-name', 'book-about'],
    schema: bookUpdateSchema,
    submission: ({ book }) => ({ kind: 'action', file: 'server/actions/books.ts', name: 'updateBookAction', page: `/updateBook/${book}`, id: book }),
    watch: ({ book }) => [{ collection: 'books', id: book }],
  },
  { name: 'add blog', who: 'admin', url: () => '/addBlog', button: 'Add Blog', required: ['blog-title', 'blog-writer', 'blog-description'], schema: blogSchema, submission: () => ({ kind: 'action', file: 'server/actions/blogs.ts', name: 'addBlogAction', page: '/addBlog' }) },
  {
    name: 'update blog',
    who: 'admin',
    url: ({ blog }) => `/updateBlog/${blog}`,
    button: 'Update Blog',
    required: ['blog-title', 'blog-writer', 'blog-description'],
    schema: blogSchema,
    submission: ({ blog }) => ({ kind: 'action', file: 'server/actions/blogs.ts', name: 'updateBlogAction', page: `/updateBlog/${blog}`, id: blog }),
    watch: ({ blog }) => [{ collection: 'blogs', id: blog }],
  },
  { name: 'add instructor', who: 'admin', url: () => '/addInstructor', button: 'Add Instructor', required: ['instructor-name', 'instructor-education'], schema: instructorSchema, submission: () => ({ kind: 'action', file: 'server/actions/instructors.ts', name: 'addInstructorAction', page: '/addInstructor' }) },
  {
    name: 'update instructor',
    who: 'admin',
    url: ({ instructor }) => `/${instructor.subject}/newAdd/${instructor.id}`,
    button: 'Update Instructor',
    required: ['instructor-name', 'instructor-education'],
    schema: instructorSchema,
    submission: ({ instructor }) => ({ kind: 'action', file: 'server/actions/instructors.ts', name: 'updateInstructorAction', page: `/${instructor.subject}/newAdd/${instructor.id}`, id: instructor.id }),
    watch: ({ instructor }) => [{ collection: 'instructors', id: instructor.id }],
  },
  { name: 'add promo code', who: 'admin', url: () => '/admin/promo-codes', button: 'Add Promo Code', required: ['promo-code'], schema: promoCodeSchema, submission: () => ({ kind: 'action', file: 'server/actions/promo-codes.ts', name: 'addPromoCodeAction', page: '/admin/promo-codes' }) },
  {
    name: 'edit promo code',
    who: 'admin',
    url: () => '/admin/promo-codes',
    open: async (page, { promoCode }) => page.getByRole('button', { name: `Edit ${promoCode.code}`, exact: true }).click(),
    button: 'Save Changes',
    required: ['promo-code'],
    schema: promoCodeSchema,
    submission: ({ promoCode }) => ({ kind: 'action', file: 'server/actions/promo-codes.ts', name: 'updatePromoCodeAction', page: '/admin/promo-codes', id: promoCode.id }),
    watch: ({ promoCode }) => [{ collection: 'promoCodes', id: promoCode.id }],
  },
  {
    name: 'refuse refund request',
    who: 'admin',
    url: () => '/admin/refunds',
    open: async (page, { refunds }) => page.getByRole('button', { name: `Refuse the refund of ${refunds.requestedProductName} for ${BUYER.email}`, exact: true }).click(),
    button: 'Refuse request',
    required: ({ refunds }) => [`refusal-reason-${refunds.requestId}`],
    schema: refusalSchema,
    submission: ({ refunds }) => ({ kind: 'action', file: 'server/actions/refunds.ts', name: 'refuseRefundRequestAction', page: '/admin/refunds', id: refunds.requestId }),
    watch: ({ refunds }) => [{ collection: 'refundRequests', id: refunds.requestId }],
  },
  {
    name: 'request refund',
    who: 'buyer',
    schema: refundRequestSchema,
    submission: ({ refunds }) => ({ kind: 'action', file: 'server/actions/refunds.ts', name: 'requestRefundAction', page: '/myOrder', id: refunds.orderId }),
    watch: ({ refunds }) => [{ collection: 'orders', id: refunds.orderId }],
  },
  {
    // The sales view's Refund sends no body; the same refund's endpoint takes an optional reason.
    name: 'admin refund',
    who: 'admin',
    schema: adminRefundSchema,
    submission: ({ refunds }) => ({ kind: 'json', url: `/api/order/${refunds.orderId}/refund` }),
    watch: ({ refunds }) => [{ collection: 'orders', id: refunds.orderId }],
  },
];

/** The buyer of the refund forms, signed up by this spec so no other journey sees their orders. */
const BUYER = { name: 'Fuzz Buyer', email: uniqueEmail('fuzz-buyer'), password: 'secret12' };

const ACCOUNTS = [DEMO_ACCOUNTS.student.email, DEMO_ACCOUNTS.admin.email, BUYER.email];

// ---------------------------------------------------------------------------------------------
// Generated browser input

/** Text a user could type or paste that has caused trouble elsewhere: markup, injection lookalikes, odd Unicode, size. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '{"$gt":""}',
    '{"$where":"sleep(1000)"}',
    '__proto__',
    'constructor',
    "'; DROP TABLE users; --",
    '../../../../etc/passwd',
    '\u202eevil\u202c',
    '😀'.repeat(50),
    'javascript:alert(1)',
    'null',
    'NaN',
    '-1',
    '1e309',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map((text) => text.replace(/\u0000/g, '')),
  fc.constantFrom(20_000, 5_000).map((length) => 'x'.repeat(length)),
);

/** Whitespace JavaScript's trim() removes: a required field that looks filled but is blank. */
const blank = fc.constantFrom(' ', '   ', '\t', '\u00a0', '\u2003 ', '\u3000');

type Plan = { texts: string[]; numbers: string[]; dates: string[]; choices: number[]; forced: number; blank: string };

const planArbitrary: fc.Arbitrary<Plan> = fc.record({
  texts: fc.array(hostileText, { minLength: 40, maxLength: 40 }),
  numbers: fc.array(fc.constantFrom('-1', '0', '-0', '0.001', '1e12', '99999999999', '3.14159', '', '12'), { minLength: 10, maxLength: 10 }),
  dates: fc.array(fc.constantFrom('', '1899-12-31', '9999-12-31', '2026-02-28', '0001-01-01'), { minLength: 4, maxLength: 4 }),
  choices: fc.array(fc.nat({ max: 40 }), { minLength: 10, maxLength: 10 }),
  forced: fc.nat({ max: 10 }),
  blank,
});

type Control = { index: number; tag: string; type: string; id: string; skip: boolean; options: string[] };

/** Fills every editable control of the form from the plan; returns the id of the field left blank. */
async function fillForm(page: Page, formLocator: ReturnType<Page['locator']>, form: Form, ids: Ids, plan: Plan): Promise<string> {
  const controls = formLocator.locator('input, textarea, select');
  const described: Control[] = await controls.evaluateAll((elements) =>
    elements.map((element, index) => {
      const input = element as HTMLInputElement;
      const type = (input.type ?? '').toLowerCase();
      const skip = input.readOnly || input.disabled || ['file', 'hidden', 'submit', 'button', 'checkbox', 'radio'].includes(type) || input.getClientRects().length === 0;
      const options = element instanceof HTMLSelectElement ? [...element.options].map((option) => option.value) : [];
      return { index, tag: element.tagName.toLowerCase(), type, id: element.id, skip, options };
    }),
  );
  const required = typeof form.required === 'function' ? form.required(ids) : form.required;
  const present = required.filter((id) => described.some((control) => control.id === id && !control.skip));
  expect(present.length, `${form.name}: required fields ${required.join(', ')}`).toBeGreaterThan(0);
  const forcedId = present[plan.forced % present.length] ?? '';
  let text = 0;
  let number = 0;
  let date = 0;
  let choice = 0;
  for (const control of described) {
    if (control.skip) continue;
    // By id where it has one: filling a control may add others (an amount-off code's currency),
    // which shifts the indexes, or take one away (its percent field), which is then skipped.
    const locator = control.id ? formLocator.locator(`[id="${control.id}"]`) : controls.nth(control.index);
    if (control.id && (await locator.count()) === 0) continue;
    if (control.id === forcedId) await locator.fill(plan.blank);
    else if (control.tag === 'select') {
      const options = control.options;
      await locator.selectOption(options[(plan.choices[choice++ % plan.choices.length] ?? 0) % Math.max(options.length, 1)] ?? '');
    } else if (control.type === 'number') await locator.fill(plan.numbers[number++ % plan.numbers.length] ?? '');
    else if (control.type === 'date') await locator.fill(plan.dates[date++ % plan.dates.length] ?? '');
    else await locator.fill(plan.texts[text++ % plan.texts.length] ?? 'x');
  }
  return forcedId;
}

const ERROR_PAGE = /We could not load this page|Application error|Internal Server Error|This page couldn.t load/i;

async function fuzzInBrowser(page: Page, form: Form, ids: Ids, plan: Plan, label: string): Promise<string[]> {
  const problems: string[] = [];
  const serverErrors: string[] = [];
  const onResponse = (response: { status(): number; url(): string; request(): { method(): string } }) => {
    if (response.status() >= 500) serverErrors.push(`${response.request().method()} ${response.url()} → ${response.status()}`);
  };
  page.on('response', onResponse);
  try {
    const url = form.url(ids);
    await page.goto(url);
    if (form.open) await form.open(page, ids);
    const formLocator = page.locator('form', { has: page.getByRole('button', { name: form.button, exact: true }) });
    await expect(formLocator).toBeVisible();
    const forcedId = await fillForm(page, formLocator, form, ids, plan);
    await page.getByRole('button', { name: form.submit ?? form.button, exact: true }).click();

    // A clear message at the blank field (its aria-describedby), or the form's alert where the
    // field names none (a dialog's one field: the dialog announces its error).
    const forced = formLocator.locator(`[id="${forcedId}"]`);
    const describedBy = ((await forced.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
    const messages = describedBy.length > 0 ? describedBy.map((id) => page.locator(`[id="${id}"]`)) : [formLocator.getByRole('alert')];
    await expect
      .poll(
        async () => {
          const texts = await Promise.all(messages.map(async (message) => ((await message.textContent()) ?? '').trim()));
          return texts.some((text) => text.length > 0);
        },
        { message: `${label}: a validation message under #${forcedId}`, timeout: 10_000 },
      )
      .toBe(true);
    if (await page.getByText(ERROR_PAGE).count()) problems.push(`${label}: an error page is shown`);
    if (new URL(page.url()).pathname !== new URL(url, BASE_URL).pathname) problems.push(`${label}: left the form for ${page.url()}`);
  } catch (error) {
    problems.push(`${label}: ${error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error)}`);
  } finally {
    page.off('response', onResponse);
  }
  return [...problems, ...serverErrors.map((line) => `${label}: ${line}`)];
}

// ---------------------------------------------------------------------------------------------
// Endpoints and server actions

type ActionManifest = { node: Record<string, { workers: Record<string, unknown>; filename?: string; exportedName?: string }> };

function actionId(manifest: ActionManifest, file: string, name: string): string {
  const found = Object.entries(manifest.node).find(([, entry]) => entry.filename === file && entry.exportedName === name);
  if (!found) throw new Error(`server action ${file}#${name} is not in ${DIST_DIR}/server/server-reference-manifest.json`);
  return found[0];
}

/** The value a server action returned, from its RSC answer (rows of `id:json`). */
function actionResult(text: string): { ok?: unknown; message?: unknown } | undefined {
  const find = (value: unknown, depth: number): { ok?: unknown; message?: unknown } | undefined => {
    if (value === null || typeof value !== 'object' || depth > 3) return undefined;
    if ('ok' in value && typeof (value as { ok: unknown }).ok === 'boolean') return value as { ok: unknown; message?: unknown };
    for (const item of Object.values(value)) {
      const found = find(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  for (const line of text.split('\n')) {
    const match = /^[0-9a-f]+:(.*)$/.exec(line);
    if (!match?.[1]) continue;
    try {
      const found = find(JSON.parse(match[1]) as unknown, 0);
      if (found) return found;
    } catch {
      // Not a JSON row (a text chunk or a module reference).
    }
  }
  return undefined;
}

function jsonSchemaOf(schema: ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

type Attempt = { body: string; args?: unknown[] };

/** Generated submissions: a hostile body for the form's schema; for an update form now and then a malformed id instead. */
function attempts(form: Form | SubmittedForm, submission: Submission): fc.Arbitrary<Attempt> {
  const schema = jsonSchemaOf(form.schema);
  if (submission.kind === 'json') return hostileBody(schema, 'json').map((mutation) => ({ body: toJsonText(mutation.value) }));
  const bodies = hostileBody(schema, 'action').map((mutation) => mutation.value);
  if (!submission.id) return bodies.map((value) => ({ body: encodeActionArgs([value]), args: [value] }));
  const id = submission.id;
  return fc.oneof(
    { arbitrary: bodies.map((value) => [id, value] as unknown[]), weight: 4 },
    { arbitrary: fc.tuple(fc.oneof(malformedObjectId, fc.constantFrom<unknown>(null, 12, { $ne: null }, ['x'])), validShaped(schema)).map(([badId, value]) => [badId, value] as unknown[]), weight: 1 },
  ).map((args) => ({ body: encodeActionArgs(args), args }));
}

async function submit(context: APIRequestContext, submission: Submission, manifest: ActionManifest, attempt: Attempt): Promise<string | null> {
  const shown = `body=${describe(attempt.body, 300)}`;
  if (submission.kind === 'json') {
    const response = await context.fetch(submission.url, { method: 'POST', headers: { 'content-type': 'application/json' }, data: attempt.body, maxRedirects: 0, timeout: 20_000 });
    const status = response.status();
    const answer = (await response.json().catch(() => ({}))) as { message?: unknown };
    if (status < 400 || status >= 500) return `POST ${submission.url} ${shown} → ${status}`;
    if (typeof answer.message !== 'string' || answer.message.trim() === '') return `POST ${submission.url} ${shown} → ${status} without a message`;
    return null;
  }
  const response = await context.fetch(submission.page, {
    method: 'POST',
    headers: { 'next-action': actionId(manifest, submission.file, submission.name), accept: 'text/x-component', 'content-type': 'text/plain;charset=UTF-8', origin: BASE_URL },
    data: attempt.body,
    maxRedirects: 0,
    timeout: 20_000,
  });
  const status = response.status();
  const text = await response.text();
  if (status >= 300) return `${submission.name} on ${submission.page} ${shown} → ${status} ${describe(text, 200)}`;
  const result = actionResult(text);
  if (!result || result.ok !== false) return `${submission.name} ${shown} → ${describe(text, 300)}`;
  if (typeof result.message !== 'string' || result.message.trim() === '') return `${submission.name} ${shown} → {ok:false} without a message`;
  return null;
}

// ---------------------------------------------------------------------------------------------

async function itemIds(db: Db): Promise<Ids> {
  const course = await db.collection('courses').findOne({}, { sort: { _id: 1 }, projection: { classCourse: 1 } });
  const book = await db.collection('books').findOne({}, { sort: { _id: 1 }, projection: { _id: 1 } });
  const blog = await db.collection('blogs').findOne({}, { sort: { _id: 1 }, projection: { _id: 1 } });
  const instructor = await db.collection('instructors').findOne({}, { sort: { _id: 1 }, projection: { Subject: 1 } });
  const promoCode = await db.collection('promoCodes').findOne({}, { sort: { _id: 1 }, projection: { code: 1 } });
  if (!course || !book || !blog || !instructor || !promoCode) throw new Error('the seeded catalogue is missing courses, books, blogs, instructors or promo codes');
  return {
    course: { id: course._id.toHexString(), list: String(course.classCourse) },
    book: book._id.toHexString(),
    blog: blog._id.toHexString(),
    instructor: { id: instructor._id.toHexString(), subject: String(instructor.Subject) },
    resetToken: await issueResetToken(db, DEMO_ACCOUNTS.student.email),
    promoCode: { id: promoCode._id.toHexString(), code: String(promoCode.code) },
    refunds: await refundableOrders(db),
  };
}

/**
 * Two paid book orders of the spec's buyer, as checkout and fulfilment leave them (paid today,
 * never opened, so a refund may still be asked), and a pending request for the second, as
 * server/commerce/refund-requests.ts writes it. The fuzzed forms never send valid input, so nothing is
 * asked, refused or refunded.
 */
async function refundableOrders(db: Db): Promise<RefundIds> {
  const buyer = await db.collection('users').findOne({ email: BUYER.email }, { projection: { _id: 1 } });
  const books = await db.collection('books').find({ priceCents: { $gt: 0 } }, { sort: { _id: 1 }, limit: 2, projection: { bookName: 1, img: 1, priceCents: 1 } }).toArray();
  if (!buyer || books.length < 2) throw new Error('the buyer signed up by this spec, or two priced books, are missing');
  const now = new Date();
  const orders = books.map((book) => ({
    _id: new ObjectId(),
    userId: buyer._id,
    userName: BUYER.name,
    email: BUYER.email,
    itemKind: 'book',
    itemId: book._id,
    productName: String(book.bookName),
    img: String(book.img ?? ''),
    priceCents: Number(book.priceCents),
    paid: true,
    transactionId: `pi_fuzz_${book._id.toHexString()}`,
    createdAt: now,
    paidAt: now,
  }));
  await db.collection('orders').insertMany(orders);
  const [open, requested] = orders;
  if (!open || !requested) throw new Error('two orders were written');
  const { _id, userId, email, itemKind, itemId, productName, priceCents } = requested;
  await db.collection('refundRequests').insertOne({ _id, userId, email, itemKind, itemId, productName, priceCents, paidAt: now, status: 'pending', requestedAt: now });
  return { orderId: open._id.toHexString(), requestId: _id.toHexString(), requestedProductName: productName };
}

/**
 * A password-reset link for the account, written as server/accounts/account-tokens.ts does (the database
 * keeps the token's hash). The fuzzed form never sends a valid password, so it is never used.
 */
async function issueResetToken(db: Db, email: string): Promise<string> {
  const account = await db.collection('users').findOne({ email }, { projection: { sessionVersion: 1 } });
  if (!account) throw new Error(`no account ${email} in the seeded database`);
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.collection<Record<string, unknown> & { _id: string }>('authTokens').insertOne({
    _id: createHash('sha256').update(token).digest('hex'),
    kind: 'password-reset',
    userId: account._id,
    sessionVersion: Number(account.sessionVersion ?? 0),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 30 * 60_000),
  });
  return token;
}

/** The documents an update form edits, and every review (one per account, replaced in place). */
async function editedDocuments(db: Db, form: Form | SubmittedForm, ids: Ids): Promise<string> {
  const watched = await Promise.all((form.watch?.(ids) ?? []).map(({ collection, id }) => db.collection(collection).findOne({ _id: new ObjectId(id) })));
  const reviews = await db.collection('reviews').find({}).sort({ _id: 1 }).toArray();
  return JSON.stringify({ watched, reviews });
}

async function signedInPage(browser: Browser, who: Who): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  if (who === 'buyer') {
    // Signing up signs the account in.
    const signUp = await page.request.post('/api/account/register', { data: BUYER });
    expect(((await signUp.json()) as { signedIn?: unknown }).signedIn, 'the buyer signs up').toBe(true);
  } else if (who !== 'anonymous') {
    const account = who === 'admin' ? DEMO_ACCOUNTS.admin : DEMO_ACCOUNTS.student;
    const login = await page.request.post('/api/account/login', { data: { email: account.email, password: account.password } });
    expect(login.status(), `${who} signs in`).toBe(200);
  }
  return page;
}

test('every form refuses generated bad input with a clear message, without a 5xx, and stores nothing', async ({ browser }) => {
  test.setTimeout(240_000);
  const manifest = JSON.parse(readFileSync(path.join(DIST_DIR, 'server', 'server-reference-manifest.json'), 'utf8')) as ActionManifest;
  const database = await openDatabase();
  const pages = new Map<Who, Page>();
  const failures: string[] = [];
  let browserRuns = 0;
  let submissions = 0;
  try {
    for (const who of ['anonymous', 'student', 'admin', 'buyer'] as const) pages.set(who, await signedInPage(browser, who));
    const ids = await itemIds(database.db);

    for (const form of FORMS) {
      const page = pages.get(form.who);
      if (!page) throw new Error(`no page for ${form.who}`);
      const before = await storedState(database.db, ACCOUNTS);
      const editedBefore = await editedDocuments(database.db, form, ids);

      // 1. Through the browser.
      if (inBrowser(form)) {
        const plans = fc.sample(planArbitrary, { seed: seedFor(SEED, `form ${form.name}`), numRuns: BROWSER_RUNS });
        for (const [index, plan] of plans.entries()) {
          failures.push(...(await fuzzInBrowser(page, form, ids, plan, `${form.name} (browser run ${index + 1}, FUZZ_SEED=${SEED})`)));
          browserRuns += 1;
        }
      }

      // 2. At what the form submits to.
      const submission = form.submission(ids);
      const property = fc.asyncProperty(attempts(form, submission), async (attempt) => {
        submissions += 1;
        const problem = await submit(page.request, submission, manifest, attempt);
        if (problem) throw new Error(problem);
      });
      const details = await fc.check(property, { seed: seedFor(SEED, `submission ${form.name}`), numRuns: form.endpointRuns ?? ENDPOINT_RUNS, endOnFailure: !process.env.FUZZ_SHRINK });
      if (details.failed) failures.push(`${form.name} (FUZZ_SEED=${SEED}):\n${(fc.defaultReportMessage(details) ?? '').split('\n').slice(0, 12).join('\n')}`);

      const changes = changesBetween(before, await storedState(database.db, ACCOUNTS));
      if (changes.length > 0) failures.push(`${form.name} changed stored data: ${changes.join('; ')}`);
      if ((await editedDocuments(database.db, form, ids)) !== editedBefore) failures.push(`${form.name} changed the item it edits or a review`);
    }
  } finally {
    for (const page of pages.values()) await page.context().close();
    await database.close();
  }
  test.info().annotations.push({ type: 'fuzz', description: `seed ${SEED}: ${FORMS.length} forms, ${browserRuns} browser submissions, ${submissions} endpoint submissions` });
  expect(failures, `seed ${SEED}`).toEqual([]);
  expect(browserRuns).toBe(FORMS.filter(inBrowser).length * BROWSER_RUNS);
});
