import 'server-only';
import { z } from 'zod';
import { redirectStartSchema } from '@/lib/schemas/orders';
import type { Operation } from './operation';
import { message } from './answers';

// The OpenAPI rows of the taka payments (bKash, SSLCommerz): the buyer's start, and the doors the
// providers and the buyer's browser come back through (server/commerce/payment-doors/*). None of those doors
// is believed: each only names a payment the server then asks the provider about.

const received = z.object({ received: z.boolean(), error: z.string().optional() });
const backToPaymentPage = { description: "To the order's payment page, which says what became of the payment (or to My Order for a payment that is not ours)" };

export const TAKA_PAYMENT_OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/api/payments/start',
    tag: 'payments',
    summary: "Start paying the caller's order with bKash or SSLCommerz at its taka price now (the catalogue's, less its promo code); answers the provider's page to send the buyer to. Every start is a new attempt; later starts count against the payment allowance",
    access: 'owner',
    body: redirectStartSchema,
    responses: {
      '200': { description: 'Started', schema: z.object({ attemptId: z.string(), redirectUrl: z.string() }) },
      '400': { description: 'Malformed body or a method this server does not know', schema: message },
      '404': { description: 'Unknown order, or a method not offered here', schema: message },
      '409': { description: 'Paid, refunded, free, not on sale, or no taka price', schema: message },
      '429': { description: 'Too many starts', schema: message },
      '502': { description: 'The provider would not start the payment', schema: message },
    },
  },
  {
    method: 'post',
    path: '/api/payments/sslcommerz/ipn',
    tag: 'payments',
    summary: "SSLCommerz's instant payment notification (form-encoded), checked with verify_sign; the payment is then confirmed with SSLCommerz's validation API and pays its order exactly once",
    access: 'signature',
    responses: { '200': { description: 'Received (also for a payment that is not ours)', schema: received }, '400': { description: 'Malformed', schema: received }, '401': { description: 'Bad signature', schema: received }, '404': { description: 'SSLCommerz is not configured', schema: received } },
  },
  {
    method: 'post',
    path: '/api/payments/sslcommerz/return/{outcome}',
    tag: 'payments',
    summary: "The buyer's browser back from SSLCommerz's page (a cross-site form post): the payment is asked about, never believed",
    access: 'public',
    params: z.object({ outcome: z.enum(['success', 'fail', 'cancel']) }),
    responses: { '303': backToPaymentPage, '404': { description: 'Unknown outcome', schema: message }, '413': { description: 'Body too large', schema: message } },
  },
  {
    method: 'get',
    path: '/api/payments/bkash/callback',
    tag: 'payments',
    summary: "The buyer's browser back from bKash's page: an authorized payment is executed and confirmed with bKash's payment status",
    access: 'public',
    query: z.object({ paymentID: z.string(), status: z.enum(['success', 'failure', 'cancel']) }),
    responses: { '303': backToPaymentPage },
  },
  {
    method: 'post',
    path: '/api/payments/bkash/webhook',
    tag: 'payments',
    summary: "bKash's notifications through Amazon SNS, checked by signature, certificate host, topic and age; a notice only names a payment to ask bKash about",
    access: 'signature',
    responses: { '200': { description: 'Received', schema: received }, '400': { description: 'Malformed', schema: received }, '401': { description: 'Not a genuine notification', schema: received }, '404': { description: 'bKash webhooks are not configured', schema: received } },
  },
];
