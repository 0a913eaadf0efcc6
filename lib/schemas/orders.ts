import { coded } from '@/lib/coded-message';
import { z } from 'zod';
import { routing } from '@/i18n/routing';

// Bodies and queries of the order and payment endpoints (docs/legacy-api.md). Every schema is strict:
// unknown fields, operator objects ({"$gt": …}) and arrays where scalars belong are a 400.

export const objectIdString = z.string().regex(/^[0-9a-f]{24}$/i, coded('invalidId'));

/**
 * POST /api/order. The legacy client sends the whole order; only `id` (the course or book) is
 * used. Name, image and price come from the catalogue, buyer from the session, paid is false.
 */
export const createOrderSchema = z.strictObject({
  id: objectIdString,
  userName: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
  productName: z.string().max(500).optional(),
  img: z.string().max(2048).optional(),
  price: z.union([z.number(), z.string().max(32)]).optional(),
  paid: z.boolean().optional(),
});

/** POST /api/create-payment-intent: the order id as `orderId` or `id`; the legacy `price` is ignored. */
export const paymentIntentSchema = z
  .strictObject({
    orderId: objectIdString.optional(),
    id: objectIdString.optional(),
    price: z.union([z.number(), z.string().max(32)]).optional(),
  })
  .refine((body) => Boolean(body.orderId ?? body.id), { error: coded('theOrderIdIsRequired'), path: ['orderId'] })
  .transform((body) => ({ orderId: body.orderId ?? body.id ?? '' }));

/** Stripe object ids (pi_…) and the sandbox's are letters, digits and underscores. */
export const transactionIdString = z.string().regex(/^[A-Za-z0-9_]{1,255}$/, coded('invalidTransactionId'));

/** PATCH /api/enrollCourse/{id}: the payment the client says paid the order (verified with the provider). */
export const enrollSchema = z.strictObject({ transactionId: transactionIdString });

/** POST /api/payments/sandbox/confirm: the sandbox card form. */
export const sandboxConfirmSchema = z.strictObject({
  clientSecret: z.string().regex(/^pi_[A-Za-z0-9_]+_secret_[A-Za-z0-9_-]+$/, coded('invalidClientSecret')).max(300),
  number: z.string().max(40),
  expiry: z.string().max(12),
  cvc: z.string().max(8),
});

/** `?email=` of GET /api/order and /api/paidOrder, and the optional `?page=`. */
export const orderListQuerySchema = z.strictObject({
  email: z.string().trim().max(320).optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, coded('invalidPage'))
    .transform(Number)
    .optional(),
});

/** `?id=` of GET /api/order/status: the course or book on a detail page. */
export const orderStatusQuerySchema = z.strictObject({ id: objectIdString });

/** An order as the legacy API answers it (docs/legacy-api.md: `_id, userName, email, productName, img, price, paid, id, transactionId?`). */
export const legacyOrderSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  email: z.string(),
  productName: z.string(),
  img: z.string(),
  price: z.number(),
  priceCents: z.number().int(),
  paid: z.boolean(),
  id: z.string(),
  transactionId: z.string().optional(),
  /** When the order was refunded (then `paid` is false and it cannot be paid; buying again makes a new order). */
  refundedAt: z.string().optional(),
});
export type LegacyOrder = z.infer<typeof legacyOrderSchema>;

/** POST /api/payments/start: pay the order on bKash's or SSLCommerz's page; `locale` is the page's (the return page answers in it). */
export const redirectStartSchema = z.strictObject({
  orderId: objectIdString,
  method: z.string().max(40),
  locale: z.enum(routing.locales).default(routing.defaultLocale),
});
