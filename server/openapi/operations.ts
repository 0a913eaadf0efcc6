import { accountLocaleSchema } from '@/lib/schemas/locale';
import 'server-only';
import { z } from 'zod';
import { ROLE_PERMISSIONS } from '@/lib/permissions';
import type { Role } from '@/lib/permissions';
import { resetRequestSchema, loginSchema, registerSchema } from '@/lib/schemas/auth';
import { resetPasswordSchema, verifyEmailSchema } from '@/lib/schemas/account';
import { COMMERCE_OPERATIONS } from './commerce-operations';
import { TAKA_PAYMENT_OPERATIONS } from './taka-payment-operations';
import { REFUND_OPERATIONS } from './refund-operations';
import { LEARNING_OPERATIONS } from './learning-operations';
import { OFFLINE_OPERATIONS } from './offline-operations';
import type { Operation } from './operation';
import { LEGACY_OPERATIONS } from './legacy-operations';
import { PROMO_OPERATIONS } from './promo-operations';
import { REVIEW_OPERATIONS } from './review-operations';
import { contactSchema } from '@/lib/schemas/contact';
import { suggestionsAnswer, suggestionsQuery } from '@/lib/schemas/search';
import { emailParam, objectIdParam, pageQuery, tokenRequestBody } from '@/lib/schemas/legacy';
import { blogSchema } from '@/lib/schemas/blog';
import { legacyBookCreateBody, legacyBookUpdateBody } from '@/lib/schemas/book';
import { legacyCourseCreateBody, legacyCourseUpdateBody } from '@/lib/schemas/course';
import { instructorSchema } from '@/lib/schemas/instructor';
import { message } from './answers';
import { phoneCodeAskSchema, phoneLoginSchema, phoneResetSchema } from '@/lib/schemas/phone-code';
import { emailChangeSchema, numberChangeSchema } from '@/lib/schemas/sign-in-details';

// Every route under app/api, described once. server/openapi/openapi.test.ts fails when a route
// file exists without its operations here (or an operation here has no route file).


const ok = z.object({ ok: z.literal(true) });
export const updateResultSchema = z.object({
  acknowledged: z.boolean(),
  matchedCount: z.number(),
  modifiedCount: z.number(),
  upsertedId: z.string().nullable(),
  upsertedCount: z.number(),
});
export const insertResultSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
export const deleteResultSchema = z.object({ acknowledged: z.boolean(), deletedCount: z.number() });
const legacyUser = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(Object.keys(ROLE_PERMISSIONS) as [Role, ...Role[]]),
  image: z.string().nullable(),
  education: z.string().nullable(),
  location: z.string().nullable(),
  phone: z.string().nullable(),
});

/** The answers of a door that sends a code by SMS (server/accounts/code-ask.ts). */
const codeSent = {
  '200': { description: 'Sent', schema: z.object({ phone: z.string(), expiresInSeconds: z.number(), resendAfterSeconds: z.number() }) },
  '404': { description: 'Codes by SMS are not offered on this server', schema: message },
  '429': { description: 'Too many codes asked for; Retry-After says when to ask again', schema: message },
  '503': { description: "Today's SMS limit is reached", schema: message },
};

export const OPERATIONS: Operation[] = [
  // Accounts (the web app's own sign-in endpoints)
  { method: 'post', path: '/api/account/login', tag: 'account', summary: 'Password sign-in; sets the session cookie. Tries for an account or from an address with many recent failures are answered after a growing wait (up to LOGIN_MAX_DELAY_MS)', access: 'public', body: loginSchema, responses: { '200': { description: 'Signed in', schema: ok }, '401': { description: 'Email or password is incorrect', schema: message }, '429': { description: 'Too many wrong passwords for this account from this client; Retry-After says when to try again', schema: message } } },
  { method: 'post', path: '/api/account/phone-code', tag: 'account', summary: 'Send a 6-digit sign-in code by SMS to a mobile number (Bangladeshi numbers as typed, others with their country code); the same answer whether or not the number has an account. One code a minute, 5 per 15 minutes and 10 a day per number, and caps per address and device (a cookie)', access: 'public', body: phoneCodeAskSchema, responses: { ...codeSent } },
  { method: 'post', path: '/api/account/phone-login', tag: 'account', summary: 'Sign in with a mobile number: `{phone, code}` signs in when the number has an account, or answers a `ticket` (10 minutes, one use) for `{ticket, name}`, which makes the account and signs in; sets the session cookie', access: 'public', body: phoneLoginSchema, responses: { '200': { description: 'Signed in, or a ticket for the naming step', schema: z.object({ ok: z.literal(true), signedIn: z.boolean(), ticket: z.string().optional() }) } } },
  { method: 'post', path: '/api/account/register', tag: 'account', summary: 'Create an e-mail + password account and sign it in (neutral answer for a known e-mail); limited per client and site-wide, known e-mails included', access: 'public', body: registerSchema, responses: { '200': { description: 'Created and signed in, or a neutral answer', schema: z.object({ ok: z.literal(true), signedIn: z.boolean(), message: z.string().optional() }) }, '429': { description: 'Too many sign-ups from this client or in all; Retry-After says when to try again', schema: message } } },
  { method: 'post', path: '/api/account/password-reset', tag: 'account', summary: 'E-mail a password reset link (same answer whether or not the account exists)', access: 'public', body: resetRequestSchema, responses: { '200': { description: 'Sent email', schema: z.object({ ok: z.literal(true), message: z.string() }) } } },
  { method: 'post', path: '/api/account/password-reset/confirm', tag: 'account', summary: 'Set a new password with a one-time link; ends other sessions', access: 'public', body: resetPasswordSchema, responses: { '200': { description: 'Password changed', schema: ok }, '409': { description: 'The link was already used', schema: message } } },
  { method: 'post', path: '/api/account/password-reset/phone-code', tag: 'account', summary: "Send a 6-digit password reset code by SMS to an account's mobile number (the same answer whether or not the number has an account); the sign-in code's limits", access: 'public', body: phoneCodeAskSchema, responses: { ...codeSent } },
  { method: 'post', path: '/api/account/password-reset/phone-confirm', tag: 'account', summary: 'Set a new password with the code sent by SMS; ends every session of the account', access: 'public', body: phoneResetSchema, responses: { '200': { description: 'Password changed', schema: ok } } },
  { method: 'post', path: '/api/account/verify-email', tag: 'account', summary: 'Verify the e-mail address with a one-time link, or make the new address a My Profile change asked for the account\'s (409 when another account holds it)', access: 'public', body: verifyEmailSchema, responses: { '200': { description: 'Verified', schema: ok }, '409': { description: 'The link was already used', schema: message } } },
  { method: 'post', path: '/api/account/mobile-number/code', tag: 'account', summary: 'Send a 6-digit code by SMS to the mobile number the signed-in account wants to sign in with; the sign-in code\'s limits', access: 'user', body: phoneCodeAskSchema, responses: { ...codeSent } },
  { method: 'post', path: '/api/account/mobile-number', tag: 'account', summary: "Give the signed-in account the number its code was sent to, in place of its old one; the old number is texted and the account's e-mail told", access: 'user', body: numberChangeSchema, responses: { '200': { description: 'Changed', schema: z.object({ ok: z.literal(true), mobileNumber: z.string() }) }, '409': { description: 'Another account holds the number', schema: message } } },
  { method: 'post', path: '/api/account/email', tag: 'account', summary: "E-mail a link to the address the signed-in account wants to use; opening it (POST /api/account/verify-email) makes it the account's and tells the old address. The same answer whether or not another account holds it; 3 per 15 minutes", access: 'user', body: emailChangeSchema, responses: { '200': { description: 'Sent', schema: z.object({ ok: z.literal(true), message: z.string() }) }, '429': { description: 'Too many asked for; Retry-After says when to ask again', schema: message } } },
  { method: 'post', path: '/api/account/verify-email/resend', tag: 'account', summary: 'Send a new verification link to the signed-in user', access: 'user', responses: { '200': { description: 'Sent', schema: z.object({ ok: z.literal(true), message: z.string() }) } } },
  { method: 'put', path: '/api/account/locale', tag: 'account', summary: 'Remember the language the signed-in account chose; its e-mails are written in it', access: 'user', body: accountLocaleSchema, responses: { '200': { description: 'Remembered', schema: ok } } },
  { method: 'get', path: '/api/auth/{nextauth}', tag: 'account', summary: 'Auth.js endpoints (session, csrf, providers, OAuth callbacks)', access: 'public', params: z.object({ nextauth: z.string() }), responses: { '200': { description: 'Auth.js answer' }, '302': { description: 'OAuth redirect' } } },
  { method: 'post', path: '/api/auth/{nextauth}', tag: 'account', summary: 'Auth.js endpoints (sign-in, sign-out, session update)', access: 'public', params: z.object({ nextauth: z.string() }), responses: { '200': { description: 'Auth.js answer' }, '302': { description: 'Redirect' } } },

  // Search
  { method: 'get', path: '/api/search/suggestions', tag: 'courses', summary: 'Up to eight names for a term being typed, grouped: course titles (`suggestions`), then up to three books and two instructors; in each, names that start with it, then names that contain it, then near ones (typos)', access: 'public', query: suggestionsQuery, responses: { '200': { description: 'Suggestions', schema: suggestionsAnswer }, '400': { description: 'No or too long q', schema: message } } },

  // Users (legacy)
  { method: 'put', path: '/api/user/{key}', tag: 'users', summary: 'Issue a bearer token to a caller signed in as that e-mail; the body may only hold {email}', access: 'self-or-admin', params: z.object({ key: emailParam }), body: tokenRequestBody, responses: { '200': { description: 'Update result and token', schema: z.object({ result: updateResultSchema, token: z.string() }) } } },
  { method: 'get', path: '/api/user/{key}', tag: 'users', summary: "An account's profile (own or admin); null when there is none", access: 'self-or-admin', params: z.object({ key: emailParam }), responses: { '200': { description: 'The user document, without password hash', schema: legacyUser.nullable() } } },
  { method: 'delete', path: '/api/user/{key}', tag: 'users', summary: 'Delete an account by id (admin; not yourself)', access: 'admin', params: z.object({ key: objectIdParam }), responses: { '200': { description: 'Delete result', schema: deleteResultSchema }, '404': { description: 'Unknown id', schema: message }, '409': { description: 'An admin cannot delete themself', schema: message } } },
  { method: 'get', path: '/api/user', tag: 'users', summary: 'Every account without password hashes (admin)', access: 'admin', query: pageQuery, responses: { '200': { description: 'Users', schema: z.array(legacyUser) } } },
  { method: 'put', path: '/api/user/admin/{email}', tag: 'users', summary: 'Make an account admin (admin)', access: 'admin', params: z.object({ email: emailParam }), responses: { '200': { description: 'Update result', schema: updateResultSchema }, '404': { description: 'Unknown e-mail', schema: message } } },
  { method: 'get', path: '/api/admin/{email}', tag: 'users', summary: 'Whether the account is an admin (the account itself or an admin)', access: 'self-or-admin', params: z.object({ email: emailParam }), responses: { '200': { description: 'Admin flag', schema: z.object({ admin: z.boolean() }) } } },

  // Catalogue administration (legacy paths; admin only). Prices are dollars in, integer cents stored;
  // the optional `priceBdt` is taka in, integer paisa stored.
  { method: 'post', path: '/api/addCourse', tag: 'courses', summary: 'Add a course, as a draft that only admins see until it is published (PUT /api/courseUpdate/{id} with comingSoon: false, once its curriculum has a lesson); promoCode, state, objective and syllabus default when left out. Enrolled, hours, videos, quizzes, notes and transcripts, if sent, are ignored: they are counted (paid orders, the curriculum), 0 for a new course. `priceBdt` (taka) is optional: without it a paid course has no taka price and is priced in dollars only', access: 'admin', body: legacyCourseCreateBody, responses: { '201': { description: 'Insert result', schema: insertResultSchema } } },
  { method: 'put', path: '/api/courseUpdate/{id}', tag: 'courses', summary: 'Update a course (the Update Course fields with the instructor typed, plus any other course field but the counts, Enrolled, hours, videos, quizzes, notes and transcripts, which are counted and ignored if sent); without the optional `priceBdt` the stored taka price is kept. comingSoon: false puts the course on sale and publishes a draft; both need a lesson in its curriculum (409 otherwise, nothing changed)', access: 'admin', params: z.object({ id: objectIdParam }), body: legacyCourseUpdateBody, responses: { '200': { description: 'Update result', schema: updateResultSchema }, '404': { description: 'Unknown id', schema: message }, '409': { description: 'Put on sale without a lesson', schema: message } } },
  { method: 'delete', path: '/api/course/{id}', tag: 'courses', summary: 'Delete a course', access: 'admin', params: z.object({ id: objectIdParam }), responses: { '200': { description: 'Delete result', schema: deleteResultSchema }, '404': { description: 'Unknown id', schema: message } } },
  { method: 'post', path: '/api/addBook', tag: 'books', summary: 'Add a book; state and objective default when left out. `priceBdt` (taka) is optional: without it the book has no taka price and is priced in dollars only', access: 'admin', body: legacyBookCreateBody, responses: { '201': { description: 'Insert result', schema: insertResultSchema } } },
  { method: 'put', path: '/api/bookUpdate/{id}', tag: 'books', summary: 'Update a book (the update payload, plus any other book field); without the optional `priceBdt` the stored taka price is kept. filesize, and page once a PDF file is uploaded (its pages are counted), are the file’s: values sent are ignored', access: 'admin', params: z.object({ id: objectIdParam }), body: legacyBookUpdateBody, responses: { '200': { description: 'Update result', schema: updateResultSchema }, '404': { description: 'Unknown id', schema: message } } },
  { method: 'delete', path: '/api/bookDelete/{id}', tag: 'books', summary: 'Delete a book and its stored file', access: 'admin', params: z.object({ id: objectIdParam }), responses: { '200': { description: 'Delete result', schema: deleteResultSchema }, '404': { description: 'Unknown id', schema: message } } },
  { method: 'post', path: '/api/uploads/book-file', tag: 'books', summary: "Store a book's PDF or MP3, sent as the raw request body (at most 200 MB; type judged by the file's bytes and matched to the book's format)", access: 'admin', query: z.object({ bookId: objectIdParam }), responses: { '201': { description: 'Stored', schema: z.object({ bookId: z.string(), contentType: z.enum(['application/pdf', 'audio/mpeg']), length: z.number(), filesize: z.string() }) }, '404': { description: 'Unknown book', schema: message }, '413': { description: 'Larger than 200 MB', schema: message }, '415': { description: 'Not a PDF or MP3, or not the book\'s format', schema: message } } },
  { method: 'post', path: '/api/addBlog', tag: 'blogs', summary: 'Add a blog post', access: 'admin', body: blogSchema, responses: { '201': { description: 'Insert result', schema: insertResultSchema } } },
  { method: 'put', path: '/api/blogUpdate/{id}', tag: 'blogs', summary: 'Update a blog post', access: 'admin', params: z.object({ id: objectIdParam }), body: blogSchema, responses: { '200': { description: 'Update result', schema: updateResultSchema }, '404': { description: 'Unknown id', schema: message } } },
  { method: 'delete', path: '/api/blogDelete/{id}', tag: 'blogs', summary: 'Delete a blog post', access: 'admin', params: z.object({ id: objectIdParam }), responses: { '200': { description: 'Delete result', schema: deleteResultSchema }, '404': { description: 'Unknown id', schema: message } } },
  { method: 'post', path: '/api/addInstructor', tag: 'instructors', summary: 'Add an instructor', access: 'admin', body: instructorSchema, responses: { '201': { description: 'Insert result', schema: insertResultSchema } } },
  { method: 'put', path: '/api/updateInstructor/{id}', tag: 'instructors', summary: 'Update an instructor', access: 'admin', params: z.object({ id: objectIdParam }), body: instructorSchema, responses: { '200': { description: 'Update result', schema: updateResultSchema }, '404': { description: 'Unknown id', schema: message } } },
  { method: 'delete', path: '/api/instructor/{id}', tag: 'instructors', summary: 'Delete an instructor', access: 'admin', params: z.object({ id: objectIdParam }), responses: { '200': { description: 'Delete result', schema: deleteResultSchema }, '404': { description: 'Unknown id', schema: message } } },

  // Contact
  { method: 'post', path: '/api/contact', tag: 'contact', summary: 'Store a contact message and e-mail it to support', access: 'public', body: contactSchema, responses: { '201': { description: 'Stored (and mailed)', schema: z.object({ ok: z.literal(true), id: z.string() }).loose() } } },

  // Orders, payments, book files
  ...COMMERCE_OPERATIONS,
  ...TAKA_PAYMENT_OPERATIONS,
  ...PROMO_OPERATIONS,
  ...REFUND_OPERATIONS,
  ...LEARNING_OPERATIONS,
  ...OFFLINE_OPERATIONS,

  // Catalogue reads, reviews, notices and profile in the old shapes
  ...LEGACY_OPERATIONS,

  // Buyers' ratings and reviews of courses and books
  ...REVIEW_OPERATIONS,

  // Notifications and uploads (signed in)
  { method: 'get', path: '/api/notifications', tag: 'notifications', summary: "The caller's notices, newest first, with the unread count", access: 'user', query: z.object({ page: z.number().int().min(1).optional(), pageSize: z.number().int().min(1).max(50).optional() }), responses: { '200': { description: 'A page of notices' } } },
  { method: 'post', path: '/api/notifications/{id}/read', tag: 'notifications', summary: 'Mark one notice read for the caller only', access: 'user', params: z.object({ id: objectIdParam }), responses: { '200': { description: 'Marked', schema: z.object({ ok: z.literal(true), unreadCount: z.number() }) }, '404': { description: 'Unknown notice', schema: message } } },
  { method: 'post', path: '/api/notifications/read-all', tag: 'notifications', summary: "Mark all of the caller's notices read", access: 'user', responses: { '200': { description: 'Marked' } } },
  { method: 'post', path: '/api/uploads/image', tag: 'media', summary: 'Upload an image (multipart field `image`; PNG, JPEG, WebP or GIF by content, at most 5 MB); stored re-encoded as WebP', access: 'user', responses: { '201': { description: 'Stored', schema: z.object({ id: z.string(), url: z.string() }).loose() }, '413': { description: 'Larger than 5 MB', schema: message }, '415': { description: 'Not an accepted image type', schema: message }, '422': { description: 'Too many pixels, broken, or too slow to decode', schema: message }, '429': { description: 'Upload allowance spent (every attempt counts); Retry-After says when', schema: message }, '503': { description: 'Too many images being decoded; try again shortly', schema: message } } },

  // Documentation
  { method: 'get', path: '/api/openapi.json', tag: 'meta', summary: 'This document', access: 'public', responses: { '200': { description: 'OpenAPI 3.1 document' } } },
];
