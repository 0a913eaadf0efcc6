import 'server-only';
import { z } from 'zod';
import { itemReviewSchema, itemReviewsQuery, reviewHideSchema, reviewReplySchema } from '@/lib/schemas/item-review';
import { objectIdParam } from '@/lib/schemas/legacy';
import type { Operation } from './operation';
import { fieldErrors, message } from './answers';

// Buyers' ratings and reviews of courses and books (server/reviews/item-reviews.ts); the
// site-wide testimonials of GET/POST /api/addreview are the legacy operations.

const idParams = z.object({ id: objectIdParam });

const reply = z.object({ body: z.string(), authorName: z.string(), createdAt: z.string(), updatedAt: z.string() });
const review = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  edited: z.boolean(),
  verifiedBuyer: z.literal(true),
  reply: reply.nullable(),
});
const myReview = review.extend({ hidden: z.boolean(), hiddenReason: z.string().nullable() });
const fiveCounts = z.array(z.number().int()).length(5);
const ratingSummary = z.object({
  count: z.number().int(),
  average: z.number(),
  stars: fiveCounts.describe('Reviews per star, one star first'),
  percents: fiveCounts.describe('Whole percents per star, one star first, adding up to 100'),
});
const hiddenReview = z.object({
  id: z.string(),
  item: z.object({ id: z.string(), kind: z.enum(['course', 'book']), name: z.string(), path: z.string().nullable().describe('Null once the item left the catalogue') }),
  authorName: z.string(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  hiddenReason: z.string().nullable(),
  hiddenAt: z.string().nullable(),
  hiddenBy: z.object({ email: z.string(), name: z.string() }).nullable().describe("The moderator's account; null once it was deleted"),
});
const eligibility = z.discriminatedUnion('status', [
  z.object({ status: z.literal('eligible') }),
  z.object({ status: z.literal('not-bought'), message: z.string() }),
  z.object({ status: z.literal('too-early'), message: z.string(), eligibleAt: z.string(), lessonsToGo: z.number().int() }),
]);

export const REVIEW_OPERATIONS: Operation[] = [
  { method: 'get', path: '/api/items/{id}/reviews', tag: 'reviews', summary: "A course's or book's rating (average, count, breakdown per star) and its shown reviews, newest first, 10 a page", access: 'public', params: idParams, query: itemReviewsQuery, responses: { '200': { description: 'The rating and one page of reviews', schema: z.object({ item: z.object({ id: z.string(), kind: z.enum(['course', 'book']), name: z.string(), path: z.string() }), rating: ratingSummary.nullable(), items: z.array(review), page: z.number(), pageCount: z.number(), total: z.number(), pageSize: z.number() }) }, '404': { description: 'Unknown course or book', schema: message } } },
  { method: 'get', path: '/api/items/{id}/reviews/mine', tag: 'reviews', summary: "The caller's own review of the item (with whether a moderator hid it and why), and whether they may review it now: buyers only; for a course after completing a fifth of its lessons or 7 days after the purchase", access: 'user', params: idParams, responses: { '200': { description: 'Eligibility and the review, if any', schema: z.object({ itemKind: z.enum(['course', 'book']), eligibility, review: myReview.nullable() }) }, '404': { description: 'Unknown course or book', schema: message } } },
  { method: 'put', path: '/api/items/{id}/reviews/mine', tag: 'reviews', summary: "Write or change the caller's review (1–5 stars, up to 2,000 characters): one per buyer and item, also under concurrent submissions. Counts against the account's review allowance (429 past it)", access: 'user', params: idParams, body: itemReviewSchema, responses: { '201': { description: 'Written', schema: z.object({ review: myReview, created: z.literal(true) }) }, '200': { description: 'Changed (or unchanged)', schema: z.object({ review: myReview, created: z.literal(false) }) }, '400': { description: 'Invalid input', schema: fieldErrors }, '403': { description: 'Not a buyer of the item, or a course not used enough yet; the message says why', schema: message }, '404': { description: 'Unknown course or book', schema: message }, '409': { description: 'A moderator hid the review: it can only be deleted', schema: message } } },
  { method: 'delete', path: '/api/items/{id}/reviews/mine', tag: 'reviews', summary: "Delete the caller's review of the item (also a hidden one)", access: 'user', params: idParams, responses: { '200': { description: 'Deleted', schema: z.object({ deleted: z.literal(true) }) }, '404': { description: 'No review of this item by the caller', schema: message } } },
  { method: 'post', path: '/api/reviews/{id}/reply', tag: 'reviews', summary: 'Write or change the public reply under a review, signed with the admin\'s name (audited)', access: 'admin', params: idParams, body: reviewReplySchema, responses: { '200': { description: 'The review with its reply', schema: z.object({ review }) }, '400': { description: 'Invalid input', schema: fieldErrors }, '404': { description: 'Unknown review', schema: message } } },
  { method: 'delete', path: '/api/reviews/{id}/reply', tag: 'reviews', summary: 'Remove the reply under a review (audited)', access: 'admin', params: idParams, responses: { '200': { description: 'Removed', schema: z.object({ deleted: z.literal(true) }) }, '404': { description: 'Unknown review, or it has no reply', schema: message } } },
  { method: 'post', path: '/api/reviews/{id}/hide', tag: 'reviews', summary: 'Hide a review that breaks the rules, with the reason (required): it leaves the list and the rating, the change is audited and the author is e-mailed the reason. Hiding it again changes nothing', access: 'admin', params: idParams, body: reviewHideSchema, responses: { '200': { description: 'Hidden', schema: z.object({ hidden: z.literal(true), alreadyHidden: z.boolean() }) }, '400': { description: 'Invalid input', schema: fieldErrors }, '404': { description: 'Unknown review', schema: message } } },
  { method: 'get', path: '/api/reviews/hidden', tag: 'reviews', summary: 'The hidden reviews of every course and book, newest hidden first, 20 a page, each with its item, the reason and who hid it when (a page past the last gives the last)', access: 'admin', query: itemReviewsQuery, responses: { '200': { description: 'One page of hidden reviews', schema: z.object({ items: z.array(hiddenReview), page: z.number(), pageCount: z.number(), total: z.number(), pageSize: z.number() }) }, '400': { description: 'Invalid page', schema: fieldErrors } } },
  { method: 'post', path: '/api/reviews/{id}/show', tag: 'reviews', summary: 'Show a hidden review again (a hiding undone): it is back in the list and the rating, and the change is audited. Showing a shown review changes nothing. Counts as an admin change', access: 'admin', params: idParams, responses: { '200': { description: 'Shown', schema: z.object({ shown: z.literal(true), alreadyShown: z.boolean() }) }, '404': { description: 'Unknown review', schema: message } } },
];
