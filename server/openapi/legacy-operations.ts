import 'server-only';
import { z } from 'zod';
import { BOOK_FORMATS, COURSE_LISTS, SUBJECTS } from '@/lib/catalogue';
import {
  courseListParam,
  courseSearchQuery,
  emailParam,
  legacyListQuery,
  legacyProfileBody,
  legacyReviewBody,
  objectIdParam,
  reviewListQuery,
  subjectParam,
} from '@/lib/schemas/legacy';
import type { Operation } from './operation';
import { message } from './answers';

// The OpenAPI rows of the legacy catalogue reads, reviews, notices and profile, beside
// the shapes they answer; server/openapi/operations.ts lists them with the rest of the API.

const points = z.object({ point1: z.string(), point2: z.string(), point3: z.string() });
const syllabusPart = points.extend({ title: z.string() });
const state = z.enum(['unread', 'read']);
/** Old clients show images from another origin (server/legacy/legacy-images.ts). */
const imageAddress = z.string().describe("An absolute address; the site's own images are on SITE_URL");
const optionalImageAddress = z.string().describe('An absolute address, or empty when the slot is unused');

const legacyCourse = z.object({
  _id: z.string(),
  classCourse: z.enum(COURSE_LISTS),
  img: imageAddress,
  title: z.string(),
  price: z.number().describe('Dollars'),
  state,
  ShortDescription: z.string(),
  instructorImg: imageAddress,
  instructorName: z.string(),
  education: z.string(),
  objective: points,
  about: z.string(),
  syllabus: z.object({ free: syllabusPart, email: syllabusPart, monologues: syllabusPart }),
  video: z.string(),
  promoCode: z.string(),
  Enrolled: z.number(),
  hours: z.number(),
  videos: z.number(),
  quizzes: z.number(),
  notes: z.number(),
  transcripts: z.number(),
});
const legacyBook = z.object({
  _id: z.string(),
  bookName: z.string(),
  img: imageAddress,
  state,
  writerImg: imageAddress,
  writerImg2: optionalImageAddress,
  writerImg3: optionalImageAddress,
  writerImg4: optionalImageAddress,
  writerName1: z.string(),
  writerName2: z.string(),
  writerName3: z.string(),
  writerName4: z.string(),
  educationWriter1: z.string(),
  educationWriter2: z.string(),
  educationWriter3: z.string(),
  educationWriter4: z.string(),
  objective: points,
  about: z.string(),
  page: z.number(),
  interactive: z.enum(['YES', 'NO']),
  formate: z.enum(BOOK_FORMATS),
  filesize: z.string(),
  price: z.number().describe('Dollars'),
});
const legacyBlog = z.object({ _id: z.string(), title: z.string(), img: imageAddress, date: z.string(), writerName: z.string(), description: z.string() });
const legacyInstructor = z.object({
  _id: z.string(),
  Subject: z.enum(SUBJECTS),
  name: z.string(),
  img: imageAddress,
  education: z.string(),
  facebook: z.string(),
  linkedin: z.string(),
  instagram: z.string(),
  twitter: z.string(),
});
const legacyReview = z.object({ _id: z.string(), name: z.string(), comment: z.string(), ratting: z.number(), image: imageAddress });
const updateResult = z.object({ acknowledged: z.boolean(), matchedCount: z.number(), modifiedCount: z.number(), upsertedId: z.string().nullable(), upsertedCount: z.number() });

const idParams = z.object({ id: objectIdParam });
const LIST_NOTE = 'The body is the old array; X-Total-Count, X-Page and X-Page-Count carry the paging.';

function notices(itemField: 'title' | 'bookName') {
  const notice = z.object({ _id: z.string(), [itemField]: z.string(), state: z.literal('unread') });
  return z.object({ unreadData: z.array(notice), unreadCount: z.number() });
}

export const LEGACY_OPERATIONS: Operation[] = [
  // Catalogue reads in the old document shapes (public)
  { method: 'get', path: '/api/courses/{list}', tag: 'courses', summary: `The courses of one list, newest first; the whole list (up to 1000) unless paged. ${LIST_NOTE}`, access: 'public', params: z.object({ list: courseListParam }), query: legacyListQuery, responses: { '200': { description: 'Courses', schema: z.array(legacyCourse) }, '404': { description: 'Unknown list', schema: message } } },
  { method: 'get', path: '/api/course/{id}', tag: 'courses', summary: 'One published course (a draft is unknown: 404)', access: 'public', params: idParams, responses: { '200': { description: 'The course', schema: legacyCourse }, '404': { description: 'Unknown id', schema: message } } },
  { method: 'get', path: '/api/searchCourse', tag: 'courses', summary: `Without q: every course (up to 1000 unless paged). With q: the courses whose title contains q (case-insensitive), by title, 12 a page (limit is ignored). ${LIST_NOTE}`, access: 'public', query: courseSearchQuery, responses: { '200': { description: 'Courses', schema: z.array(legacyCourse) } } },
  { method: 'get', path: '/api/books', tag: 'books', summary: `Every book, oldest first as the old server listed them (up to 1000 unless paged). ${LIST_NOTE}`, access: 'public', query: legacyListQuery, responses: { '200': { description: 'Books', schema: z.array(legacyBook) } } },
  { method: 'get', path: '/api/book/{id}', tag: 'books', summary: 'One book', access: 'public', params: idParams, responses: { '200': { description: 'The book', schema: legacyBook }, '404': { description: 'Unknown id', schema: message } } },
  { method: 'get', path: '/api/books/{id}', tag: 'books', summary: 'One book (the address the old update form prefills from)', access: 'public', params: idParams, responses: { '200': { description: 'The book', schema: legacyBook }, '404': { description: 'Unknown id', schema: message } } },
  { method: 'get', path: '/api/blogs', tag: 'blogs', summary: `Every blog post, oldest first as the old server listed them (up to 1000 unless paged). ${LIST_NOTE}`, access: 'public', query: legacyListQuery, responses: { '200': { description: 'Blog posts', schema: z.array(legacyBlog) } } },
  { method: 'get', path: '/api/blog/{id}', tag: 'blogs', summary: 'One blog post', access: 'public', params: idParams, responses: { '200': { description: 'The post', schema: legacyBlog }, '404': { description: 'Unknown id', schema: message } } },
  { method: 'get', path: '/api/blogs/{id}', tag: 'blogs', summary: 'One blog post (the address the old update form prefills from)', access: 'public', params: idParams, responses: { '200': { description: 'The post', schema: legacyBlog }, '404': { description: 'Unknown id', schema: message } } },
  { method: 'get', path: '/api/instructors/{Subject}', tag: 'instructors', summary: `One subject's instructors, newest first (up to 1000 unless paged). ${LIST_NOTE}`, access: 'public', params: z.object({ Subject: subjectParam }), query: legacyListQuery, responses: { '200': { description: 'Instructors', schema: z.array(legacyInstructor) }, '404': { description: 'Unknown subject', schema: message } } },
  { method: 'get', path: '/api/instructor/{id}', tag: 'instructors', summary: 'One instructor', access: 'public', params: idParams, responses: { '200': { description: 'The instructor', schema: legacyInstructor }, '404': { description: 'Unknown id', schema: message } } },

  // Reviews
  { method: 'get', path: '/api/addreview', tag: 'reviews', summary: 'The newest reviews (at most 50), oldest of them first as the old server listed them: the last is the newest', access: 'public', query: reviewListQuery, responses: { '200': { description: 'Reviews', schema: z.array(legacyReview) } } },
  { method: 'post', path: '/api/addreview', tag: 'reviews', summary: "Add the caller's review, or replace their earlier one; name and image come from the account (sent ones are ignored)", access: 'user', body: legacyReviewBody, responses: { '200': { description: 'Insert result naming the saved review', schema: z.object({ acknowledged: z.boolean(), insertedId: z.string() }) } } },

  // Notices, with each user's own read state
  { method: 'get', path: '/api/ccis', tag: 'notifications', summary: "The caller's unread new-course notices (at most 100 listed; the count is exact); none without a session", access: 'optional-user', responses: { '200': { description: 'Unread notices', schema: notices('title') } } },
  { method: 'put', path: '/api/cci/{id}', tag: 'notifications', summary: 'Mark a new-course notice read for the caller only (modifiedCount 0 when it was already read)', access: 'user', params: idParams, responses: { '201': { description: 'Update result', schema: updateResult }, '404': { description: 'No such course notice', schema: message } } },
  { method: 'get', path: '/api/bookN', tag: 'notifications', summary: "The caller's unread new-book notices (at most 100 listed; the count is exact); none without a session", access: 'optional-user', responses: { '200': { description: 'Unread notices', schema: notices('bookName') } } },
  { method: 'put', path: '/api/bookN/{id}', tag: 'notifications', summary: 'Mark a new-book notice read for the caller only (modifiedCount 0 when it was already read)', access: 'user', params: idParams, responses: { '201': { description: 'Update result', schema: updateResult }, '404': { description: 'No such book notice', schema: message } } },

  // Profile
  { method: 'put', path: '/api/users/{email}', tag: 'users', summary: "Update the caller's own education, location and phone; name is ignored and e-mail, if sent, must be the caller's", access: 'owner', params: z.object({ email: emailParam }), body: legacyProfileBody, responses: { '200': { description: 'Update result', schema: updateResult } } },
];
