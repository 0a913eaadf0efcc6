'use server';

import { heldRefundSchema } from '@/lib/schemas/payment-review';
import type { Result } from '@/lib/result';
import { asPermittedAction, invalidInput } from '@/server/catalogue/admin/admin-action';
import { acceptHeldPayment, refundHeldPayment } from '@/server/commerce/payment-review';
import type { ReviewOutcome } from '@/server/commerce/payment-review';

// The payments page's server actions (/admin/payments). The rules (who, which state, exactly once)
// are the domain's (server/commerce/payment-review.ts); these only turn its refusals into messages for the
// dialogs: a malformed reason as a field error, 403/404/409/429 as the domain worded them.

/** An admin accepts a payment held for review: the order is paid with it. */
export async function acceptHeldPaymentAction(attemptId: unknown): Promise<Result<ReviewOutcome>> {
  return asPermittedAction('reviewPayments', async (admin) => ({ ok: true, data: await acceptHeldPayment(admin, attemptId) }));
}

/** An admin refunds a payment held for review, with a reason. */
export async function refundHeldPaymentAction(attemptId: unknown, input: unknown): Promise<Result<ReviewOutcome>> {
  return asPermittedAction('reviewPayments', async (admin) => {
    const parsed = heldRefundSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    return { ok: true, data: await refundHeldPayment(admin, attemptId, parsed.data) };
  });
}
