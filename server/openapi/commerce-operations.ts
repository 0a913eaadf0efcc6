import 'server-only';
import { z } from 'zod';
import {
  createOrderSchema,
  enrollSchema,
  legacyOrderSchema,
  objectIdString,
  orderListQuerySchema,
  orderStatusQuerySchema,
  paymentIntentSchema,
  sandboxConfirmSchema,
} from '@/lib/schemas/orders';
import type { Operation } from './operation';
import { checkoutAnswerSchema } from './promo-operations';
import { message } from './answers';

// The OpenAPI rows of the order, payment and book-file routes, kept beside the code they
// describe; server/openapi/operations.ts lists them with the rest of the API.

const idParams = z.object({ id: objectIdString });

export const COMMERCE_OPERATIONS: Operation[] = [
  { method: 'post', path: '/api/order', tag: 'orders', summary: 'Create an unpaid order for a course or book; name, image and price come from the catalogue, only `id` is read. Every request counts against the account\'s order allowance (429 past it)', access: 'user', body: createOrderSchema, responses: { '201': { description: 'Created', schema: z.object({ acknowledged: z.boolean(), insertedId: z.string() }) }, '200': { description: 'The existing unpaid order for this item', schema: z.object({ acknowledged: z.boolean(), insertedId: z.string() }) }, '404': { description: 'Unknown course or book', schema: message }, '409': { description: 'Already paid for', schema: message }, '503': { description: 'Payments are not configured on this server', schema: message } } },
  { method: 'get', path: '/api/order', tag: 'orders', summary: "The caller's unpaid orders (the e-mail may only name the caller); totals in X-Total-Count / X-Page-Count", access: 'user', query: orderListQuerySchema, responses: { '200': { description: 'Orders', schema: z.array(legacyOrderSchema) } } },
  { method: 'get', path: '/api/paidOrder', tag: 'orders', summary: "The caller's paid orders (the e-mail may only name the caller)", access: 'user', query: orderListQuerySchema, responses: { '200': { description: 'Orders', schema: z.array(legacyOrderSchema) } } },
  { method: 'get', path: '/api/order/status', tag: 'orders', summary: 'Whether the caller has ordered / paid for a course or book, and the percent of a bought course completed (Buy Now or the way in)', access: 'user', query: orderStatusQuerySchema, responses: { '200': { description: 'Status', schema: z.object({ paid: z.boolean(), orderId: z.string().nullable(), progressPercent: z.number().int().min(0).max(100).nullable() }) } } },
  { method: 'delete', path: '/api/order/{id}', tag: 'orders', summary: "Cancel the caller's unpaid order", access: 'owner', params: idParams, responses: { '200': { description: 'Deleted', schema: z.object({ acknowledged: z.boolean(), deletedCount: z.number() }) }, '404': { description: 'Unknown order', schema: message }, '409': { description: 'A paid order cannot be cancelled', schema: message } } },
  { method: 'get', path: '/api/payment/{id}', tag: 'payments', summary: 'The order to pay: price, image, name', access: 'owner', params: idParams, responses: { '200': { description: 'The order', schema: legacyOrderSchema }, '404': { description: 'Unknown order', schema: message } } },
  { method: 'post', path: '/api/create-payment-intent', tag: 'payments', summary: 'Start paying an order at the item\'s price in the catalogue now (a `price` in the body is ignored; a changed price is written to the order and its one intent). Starting again an order that already has an intent counts against the account\'s allowance (429 past it)', access: 'owner', body: paymentIntentSchema, responses: { '200': { description: 'The price with any promo code, and the client secret of the payment intent (null when a promo code made the order free: complete it with POST /api/order/{id}/complete-free)', schema: checkoutAnswerSchema }, '404': { description: 'Unknown order', schema: message }, '409': { description: 'Already paid, or the item is no longer on sale', schema: message }, '503': { description: 'Payments are not configured on this server', schema: message } } },
  { method: 'patch', path: '/api/enrollCourse/{id}', tag: 'payments', summary: 'Mark the order paid once the provider confirms that payment succeeded for this order and amount', access: 'owner', params: idParams, body: enrollSchema, responses: { '200': { description: 'Paid', schema: z.object({ acknowledged: z.boolean(), modifiedCount: z.number(), order: legacyOrderSchema }) }, '404': { description: 'Unknown order', schema: message }, '409': { description: 'The payment could not be verified; nothing changed', schema: message } } },
  { method: 'post', path: '/api/payments/sandbox/confirm', tag: 'payments', summary: "Pay with a test card through the sandbox gateway (no Stripe keys); Stripe's test-card rules", access: 'owner', body: sandboxConfirmSchema, responses: { '200': { description: 'Paid', schema: z.object({ status: z.literal('succeeded'), transactionId: z.string(), orderId: z.string() }) }, '402': { description: "The card was refused, with Stripe's message", schema: message }, '404': { description: 'Unknown payment, or Stripe is the gateway', schema: message }, '409': { description: 'The price changed since the payment started', schema: message }, '503': { description: 'Payments are not configured on this server', schema: message } } },
  { method: 'post', path: '/api/stripe/webhook', tag: 'payments', summary: 'Stripe events, verified by the Stripe-Signature header (5-minute tolerance); payment_intent.succeeded fulfils the order, charge.refunded (in full) refunds it, each exactly once', access: 'signature', responses: { '200': { description: 'Received (also for ignored event types)', schema: z.object({ received: z.boolean() }) }, '400': { description: 'Missing or invalid signature, or too old', schema: message }, '500': { description: 'Handling failed; Stripe retries', schema: message } } },
  { method: 'get', path: '/api/books/{id}/file', tag: 'books', summary: "A bought book's PDF or MP3 through a ten-minute signed link; HTTP Range supported", access: 'owner', params: idParams, query: z.object({ token: z.string() }), responses: { '200': { description: 'The whole file' }, '206': { description: 'The requested byte range' }, '404': { description: 'Unknown book, or no file uploaded yet', schema: message }, '416': { description: 'Range not satisfiable' } } },
];
