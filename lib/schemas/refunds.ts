import { coded, composedCode } from '@/lib/coded-message';
import { z } from 'zod';
import { REFUND_REASON_MAX, REFUSAL_REASON_MAX } from '@/lib/refunds';

// Bodies and queries of the refund endpoints and forms. Strict: unknown fields,
// operator objects and arrays where text belongs are a 400.

/** Empty or blank text is no reason at all. */
const optionalReason = (max: number) =>
  z
    .string()
    .trim()
    .max(max, composedCode(`Must be at most ${max} characters`))
    .optional()
    .transform((value) => (value ? value : undefined));

/** A buyer's request (POST /api/order/{id}/refund-request, My Order / My Collection): the reason is optional. */
export const refundRequestSchema = z.strictObject({ reason: optionalReason(REFUND_REASON_MAX) });
export type RefundRequestInput = z.infer<typeof refundRequestSchema>;

/** An admin's refund (POST /api/order/{id}/refund, the sales view): an optional note for the audit log and the buyer. */
export const adminRefundSchema = z.strictObject({ reason: optionalReason(REFUND_REASON_MAX) });
export type AdminRefundInput = z.infer<typeof adminRefundSchema>;

/** Refusing a request (POST /api/refund-requests/{id}/refuse): the buyer is shown the reason, so one is needed. */
export const refusalSchema = z.strictObject({
  reason: z.string().trim().min(1, coded('giveTheBuyerAReason')).max(REFUSAL_REASON_MAX, composedCode(`Must be at most ${REFUSAL_REASON_MAX} characters`)),
});
export type RefusalInput = z.infer<typeof refusalSchema>;

/** GET /api/refund-requests: pending ones unless asked otherwise, newest first, `?page=`. */
export const refundRequestListQuerySchema = z.strictObject({
  status: z.enum(['pending', 'approved', 'refused']).default('pending'),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, coded('invalidPage'))
    .transform(Number)
    .default(1),
});
