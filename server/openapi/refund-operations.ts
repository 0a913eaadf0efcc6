import 'server-only';
import { z } from 'zod';
import { objectIdString } from '@/lib/schemas/orders';
import { adminRefundSchema, refundRequestListQuerySchema, refundRequestSchema, refusalSchema } from '@/lib/schemas/refunds';
import type { Operation } from './operation';
import { message } from './answers';

// The OpenAPI rows of refunds, kept beside the code they describe; server/openapi/operations.ts
// lists them with the rest of the API.

const idParams = z.object({ id: objectIdString });
const currency = z.enum(['usd', 'bdt']).describe('usd: dollars (card); bdt: taka (bKash, SSLCommerz)');
/** `amountCents` is in the minor unit of `currency` (cents or paisa): all the payment charged. */
const refund = z.object({
  orderId: z.string(),
  amountCents: z.number().int().describe('What went back, in the minor unit of `currency` (cents or paisa)'),
  currency,
  refundedAt: z.string(),
});
const refundRequest = z.object({
  id: z.string(),
  orderId: z.string(),
  email: z.string(),
  itemKind: z.enum(['course', 'book']),
  productName: z.string(),
  priceCents: z.number().int().describe("The order's price in dollar cents (what a card pays); a taka payment's amount is in the admin's list as `paid`"),
  paidAt: z.string(),
  reason: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'refused']),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
  refusalReason: z.string().nullable(),
});
// The admin's list also says what the buyer took of the item (null once the item is gone).
const refundRequestForAdmin = refundRequest.extend({
  paid: z.object({ currency, minor: z.number().int() }).describe('What the payment charged, in its currency: all of it goes back on approval'),
  providerWindowClosed: z.boolean().describe('Pending and paid with bKash more than 15 days ago: approving is refused (409), bKash no longer refunds it'),
  usage: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('course'), completed: z.number().int(), mediaFetched: z.number().int(), used: z.number().int(), total: z.number().int() }),
      z.object({ kind: z.literal('book'), downloaded: z.boolean(), firstDownloadedAt: z.string().nullable(), percentTaken: z.number().int().min(0).max(100) }),
    ])
    .nullable(),
});

export const REFUND_OPERATIONS: Operation[] = [
  { method: 'post', path: '/api/order/{id}/refund', tag: 'refunds', summary: 'Refund a paid order in full, in the currency it was paid in, through the payment provider that took it (Stripe or the sandbox for dollars, bKash or SSLCommerz for taka): access to the item ends, a certificate is withdrawn, the buyer is e-mailed; exactly once however often it is asked (a Stripe charge.refunded webhook included). An order paid with bKash more than 15 days ago is refused (bKash refunds only within 15 days: pay the buyer back another way). Counts as an admin change', access: 'admin', params: idParams, body: adminRefundSchema, responses: { '200': { description: 'Refunded', schema: refund }, '404': { description: 'Unknown order', schema: message }, '409': { description: 'Not paid, already refunded or being refunded, paid with bKash more than 15 days ago, or the provider refused the refund', schema: message }, '503': { description: 'The payment provider could not be reached; nothing changed, try again', schema: message } } },
  { method: 'post', path: '/api/order/{id}/refund-request', tag: 'refunds', summary: "Ask for a refund of the caller's own paid order, within 30 days of paying, for a course with less than a third of its lessons completed or with their video, file or notes fetched, or a book with less than a third of its file opened (in the reader or player) or downloaded; one open request per order. Counts against the account's refund-request allowance", access: 'owner', params: idParams, body: refundRequestSchema, responses: { '201': { description: 'Asked', schema: refundRequest }, '404': { description: 'Unknown order', schema: message }, '409': { description: 'Not refundable on request (with why): not paid, refunded, past 30 days, too much of the course or the book taken, or already asked', schema: message } } },
  { method: 'get', path: '/api/refund-requests', tag: 'refunds', summary: 'Buyers\' refund requests of one status (pending unless asked), newest first, each with what the buyer took of the item (a course\'s lessons completed, lessons whose video, file or notes were fetched, both together, of its lessons; whether and first when any of a book file was sent, and what share of it in percent); totals in X-Total-Count / X-Page-Count', access: 'admin', query: refundRequestListQuerySchema, responses: { '200': { description: 'Requests', schema: z.array(refundRequestForAdmin) } } },
  { method: 'post', path: '/api/refund-requests/{id}/approve', tag: 'refunds', summary: 'Approve a pending request (its id is the order\'s): the order is refunded as by POST /api/order/{id}/refund', access: 'admin', params: idParams, responses: { '200': { description: 'Refunded', schema: refund }, '404': { description: 'Unknown request', schema: message }, '409': { description: 'Already answered, the order already refunded, paid with bKash more than 15 days ago, or the provider refused the refund', schema: message }, '503': { description: 'The payment provider could not be reached; nothing changed, try again', schema: message } } },
  { method: 'post', path: '/api/refund-requests/{id}/refuse', tag: 'refunds', summary: 'Refuse a pending request with a reason the buyer is shown; audited', access: 'admin', params: idParams, body: refusalSchema, responses: { '200': { description: 'Refused', schema: refundRequest }, '404': { description: 'Unknown request', schema: message }, '409': { description: 'Already answered', schema: message } } },
];
