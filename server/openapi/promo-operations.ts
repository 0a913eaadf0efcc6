import 'server-only';
import { z } from 'zod';
import { PROMO_REFUSALS, PROMO_SCOPE_KINDS } from '@/lib/promo-codes';
import { legacyOrderSchema, objectIdString } from '@/lib/schemas/orders';
import { promoCodeEntrySchema, promoCodeListQuerySchema, promoCodeSchema } from '@/lib/schemas/promo-code';
import type { Operation } from './operation';
import { message } from './answers';

// The OpenAPI rows of promo codes: the admin's codes and the buyer's code on an order,
// kept beside the code they describe; server/openapi/operations.ts lists them with the rest.

const idParams = z.object({ id: objectIdString });

/** An amount-off code's amount is in minor units of its currency, and it applies only to payments in that currency. */
const discount = z.union([
  z.object({ kind: z.literal('percent'), percent: z.number() }),
  z.object({
    kind: z.literal('amount'),
    amountCents: z.number().int().describe('The amount off in minor units of `currency`: cents, or paisa'),
    currency: z.enum(['usd', 'bdt']).describe('usd: taken off card payments in dollars only; bdt: off taka payments (bKash, SSLCommerz) only'),
  }),
]);

export const promoCodeViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  discount,
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perBuyerLimit: z.number().int().nullable(),
  scope: z.object({ kind: z.enum(PROMO_SCOPE_KINDS), itemIds: z.array(z.string()).optional(), lists: z.array(z.string()).optional() }),
  active: z.boolean(),
  used: z.number().int(),
  status: z.enum(['active', 'inactive', 'scheduled', 'expired', 'used-up']),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** What the payment page pays with: also the answer of POST /api/create-payment-intent. */
export const checkoutAnswerSchema = z.object({
  orderId: z.string(),
  listPriceCents: z.number().int(),
  priceCents: z.number().int(),
  promo: z
    .object({
      code: z.string(),
      discountCents: z.number().int(),
      description: z.string(),
      discount,
    })
    .nullable(),
  promoNotice: z.string().nullable(),
  promoLapse: z.object({ code: z.string(), refusal: z.enum(PROMO_REFUSALS) }).nullable(),
  free: z.boolean(),
  clientSecret: z.string().nullable(),
});

export const PROMO_OPERATIONS: Operation[] = [
  { method: 'get', path: '/api/promo-codes', tag: 'promo-codes', summary: 'The promo codes, newest first, 50 a page; the total in X-Total-Count', access: 'admin', query: promoCodeListQuerySchema, responses: { '200': { description: 'A page of codes', schema: z.object({ items: z.array(promoCodeViewSchema), page: z.number(), pageCount: z.number(), total: z.number(), pageSize: z.number() }) } } },
  { method: 'post', path: '/api/promo-codes', tag: 'promo-codes', summary: 'Add a promo code: percent off (every currency), or an amount off in one currency (`currency`: `usd`, the default, in dollars and cents off card payments; `bdt`, in whole taka from 10 to 500000 off bKash and SSLCommerz payments), stored in the minor unit; valid days (UTC), total and per-buyer limits, the items it applies to. Codes are case-insensitive. 400 for a bad currency or amount', access: 'admin', body: promoCodeSchema, responses: { '201': { description: 'Created', schema: promoCodeViewSchema }, '409': { description: 'A code with this name exists (in any case)', schema: message } } },
  { method: 'put', path: '/api/promo-codes/{id}', tag: 'promo-codes', summary: 'Change a promo code (the whole code, as POST takes it; `active: false` deactivates it). Payments already started with it keep its old terms until their hold ends', access: 'admin', params: idParams, body: promoCodeSchema, responses: { '200': { description: 'Changed', schema: promoCodeViewSchema }, '404': { description: 'Unknown code', schema: message }, '409': { description: 'Another code has this name', schema: message } } },
  { method: 'delete', path: '/api/promo-codes/{id}', tag: 'promo-codes', summary: 'Delete a promo code; its redemptions stay in the sales view', access: 'admin', params: idParams, responses: { '200': { description: 'Deleted', schema: z.object({ acknowledged: z.boolean(), deletedCount: z.number() }) }, '404': { description: 'Unknown code', schema: message } } },
  { method: 'post', path: '/api/order/{id}/promo', tag: 'payments', summary: "Apply a promo code to the caller's unpaid order: takes one of the code's uses and restarts the payment at the discounted price the server computes. Every try counts against a small allowance (429)", access: 'owner', params: idParams, body: promoCodeEntrySchema, responses: { '200': { description: 'The discount and the new total', schema: checkoutAnswerSchema }, '404': { description: 'Unknown order, or a code that does not exist', schema: message }, '409': { description: 'The code cannot be used: inactive, not yet or no longer valid, not for this item, used up, or used by the caller as often as it allows; or the order is paid', schema: message }, '503': { description: 'Payments are not configured on this server', schema: message } } },
  { method: 'delete', path: '/api/order/{id}/promo', tag: 'payments', summary: "Take the promo code off the caller's unpaid order: the full price again, and the code's use given back", access: 'owner', params: idParams, responses: { '200': { description: 'The price without a code', schema: checkoutAnswerSchema }, '404': { description: 'Unknown order', schema: message }, '409': { description: 'The order is paid', schema: message } } },
  { method: 'post', path: '/api/order/{id}/complete-free', tag: 'payments', summary: "Complete the caller's free order (a free course, or a promo code that took the whole price) without a card (the price is computed again on the server)", access: 'owner', params: idParams, responses: { '200': { description: 'Paid', schema: z.object({ status: z.literal('succeeded'), transactionId: z.string(), order: legacyOrderSchema }) }, '404': { description: 'Unknown order', schema: message }, '409': { description: 'The order is not free (no code, or the code no longer applies), or already paid', schema: message }, '503': { description: 'Payments are not configured on this server', schema: message } } },
];
