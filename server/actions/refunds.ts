'use server';

import { refusalSchema, refundRequestSchema } from '@/lib/schemas/refunds';
import type { Result } from '@/lib/result';
import { asPermittedAction, invalidInput } from '@/server/catalogue/admin/admin-action';
import { isDatabaseUnavailable } from '@/server/platform/db';
import { currentUser } from '@/server/accounts/guards';
import { HttpError } from '@/server/platform/http';
import { approveRefundRequest, refuseRefundRequest, requestRefund } from '@/server/commerce/refund-requests';
import { refundOrder } from '@/server/commerce/refunds';
import type { RefundOutcome } from '@/server/commerce/refunds';
import { asLimitedFormWrite } from '@/server/platform/write-limits';

// The refund forms' server actions. The rules (who, which orders, the gates, limits,
// exactly once) are the domain's (server/commerce/refunds.ts, server/commerce/refund-requests.ts), shared with the
// API; these only turn its refusals into messages for the dialogs.

function orderIdOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The signed-in buyer asks for a refund of their order, with an optional reason. */
export async function requestRefundAction(orderId: unknown, input: unknown): Promise<Result> {
  const parsed = refundRequestSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const user = await currentUser();
  if (!user) return { ok: false, message: 'pleaseLogInAgainToAskForARefund' };
  try {
    return await asLimitedFormWrite(async () => {
      await requestRefund(user, orderIdOf(orderId), parsed.data);
      return { ok: true, data: undefined };
    });
  } catch (error) {
    // A refusal the domain worded for the buyer: not paid, past 30 days, too much of the course…
    if (error instanceof HttpError) return { ok: false, message: error.coded };
    if (isDatabaseUnavailable(error)) return { ok: false, message: 'theServiceIsTemporarilyUnavailablePleaseTryAgainShortly' };
    throw error;
  }
}

/** An admin refunds a paid order in full (the sales view). */
export async function refundOrderAction(orderId: unknown): Promise<Result<RefundOutcome>> {
  return asPermittedAction('refundOrders', async (admin) => ({ ok: true, data: await refundOrder(admin, orderIdOf(orderId)) }));
}

/** An admin approves a buyer's request: the order is refunded. */
export async function approveRefundRequestAction(requestId: unknown): Promise<Result<RefundOutcome>> {
  return asPermittedAction('refundOrders', async (admin) => ({ ok: true, data: await approveRefundRequest(admin, orderIdOf(requestId)) }));
}

/** An admin refuses a buyer's request with a reason the buyer is shown. */
export async function refuseRefundRequestAction(requestId: unknown, input: unknown): Promise<Result> {
  return asPermittedAction('refundOrders', async (admin) => {
    const parsed = refusalSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    await refuseRefundRequest(admin, orderIdOf(requestId), parsed.data);
    return { ok: true, data: undefined };
  });
}
