import { coded, composedCode } from '@/lib/coded-message';
import { z } from 'zod';
import { ATTEMPT_ID_PATTERN } from '../payment-methods';

// What the admin's payments page sends (server/commerce/payment-review.ts): which attempt, and for a refund
// of a payment held for review, the reason (kept on the attempt, shown on the page and sent to the
// provider with the refund). Strict: unknown fields, operator objects and arrays are a 400.

export const HELD_REFUND_REASON_MIN = 3;
export const HELD_REFUND_REASON_MAX = 500;

/** Our id of a payment attempt (lib/payment-methods.ts). */
export const attemptIdSchema = z.string().regex(ATTEMPT_ID_PATTERN, coded('invalidId'));

export const heldRefundSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(HELD_REFUND_REASON_MIN, composedCode(`Give a reason of at least ${HELD_REFUND_REASON_MIN} characters`))
    .max(HELD_REFUND_REASON_MAX, composedCode(`The reason can be at most ${HELD_REFUND_REASON_MAX} characters`)),
});
export type HeldRefundInput = z.infer<typeof heldRefundSchema>;
