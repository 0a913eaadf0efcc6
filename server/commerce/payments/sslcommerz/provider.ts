import 'server-only';
import { createSession, queryTransaction, refundPayment, refundStatus, validatePayment } from './client';
import type { RefundState, SslcommerzSettings, Validation } from './client';
import type { AttemptRef, AttemptToStart, ProviderRefundResult, RedirectProvider, ReturnAddresses, StartedCheckout, Verification } from '../redirect-provider';

// SSLCommerz's hosted checkout behind the redirect seam. The proof of a payment is always the
// validation API asked with a `val_id` (from the IPN, the return, or found by querying our
// tran_id), matched to the attempt: our tran_id, BDT, the amount to the paisa. `risk_level` 1
// payments are paid but held for an admin.

/** Where SSLCommerz sends the buyer back (POSTs, cross-site) and posts its IPN. */
export function sslcommerzAddresses(callbackBase: string) {
  const at = (path: string) => new URL(path, callbackBase).toString();
  return {
    successUrl: at('/api/payments/sslcommerz/return/success'),
    failUrl: at('/api/payments/sslcommerz/return/fail'),
    cancelUrl: at('/api/payments/sslcommerz/return/cancel'),
    ipnUrl: at('/api/payments/sslcommerz/ipn'),
  };
}

function verificationOf(validation: Validation, attempt: AttemptRef): Verification {
  if (validation.status === 'invalid') return { status: 'mismatch', reason: 'SSLCommerz does not know this validation id' };
  if (validation.tranId !== attempt.attemptId || validation.currency !== 'BDT' || validation.amountPaisa !== attempt.amountMinor || attempt.currency !== 'bdt') {
    return { status: 'mismatch', reason: `SSLCommerz validated ${validation.tranId} for ${validation.amountPaisa} ${validation.currency}, not this attempt` };
  }
  return { status: 'paid', providerTxnId: validation.bankTranId, valId: validation.valId, risky: validation.riskLevel === 1 };
}

function refundResultOf(result: { ok: true; refund: RefundState } | { ok: false; reason: string }): ProviderRefundResult {
  if (!result.ok) return { status: 'unknown', reason: result.reason };
  const { refund } = result;
  if (refund.status === 'failed') return { status: 'refused', reason: `SSLCommerz refused the refund: ${refund.reason}` };
  return { status: refund.status === 'refunded' ? 'refunded' : 'pending', refundId: refund.refundRefId };
}

export class SslcommerzProvider implements RedirectProvider {
  readonly method = 'sslcommerz' as const;
  readonly currency = 'bdt' as const;
  readonly refundWindowMs = null;

  constructor(private readonly settings: SslcommerzSettings) {}

  async start(attempt: AttemptToStart, { callbackBase }: ReturnAddresses): Promise<StartedCheckout> {
    if (attempt.currency !== 'bdt') return { ok: false, message: 'SSLCommerz takes taka here' };
    const session = await createSession(this.settings, {
      tranId: attempt.attemptId,
      amountPaisa: attempt.amountMinor,
      ...sslcommerzAddresses(callbackBase),
      customer: { name: attempt.buyer.name, email: attempt.buyer.email ?? '', ...(attempt.buyer.mobileNumber ? { phone: attempt.buyer.mobileNumber } : {}) },
      product: { name: attempt.productName.slice(0, 255), category: attempt.itemKind === 'course' ? 'Course' : 'Book' },
    });
    if (!session.ok) return { ok: false, message: session.reason };
    return { ok: true, redirectUrl: session.gatewayUrl, providerPaymentId: session.sessionKey };
  }

  async verify(attempt: AttemptRef): Promise<Verification> {
    if (attempt.valId) {
      const validated = await validatePayment(this.settings, attempt.valId);
      if (!validated.ok) return { status: 'unknown', reason: validated.reason };
      return verificationOf(validated.validation, attempt);
    }
    // No val_id (a lost IPN, a closed tab): SSLCommerz lists the attempts made under our tran_id.
    const queried = await queryTransaction(this.settings, attempt.attemptId);
    if (!queried.ok) return { status: 'unknown', reason: queried.reason };
    const valid = queried.attempts.find((found) => (found.status === 'VALID' || found.status === 'VALIDATED') && found.valId);
    if (valid) return this.verify({ ...attempt, valId: valid.valId });
    const statuses = new Set(queried.attempts.map((found) => found.status));
    if (statuses.has('CANCELLED')) return { status: 'cancelled', reason: 'Cancelled on SSLCommerz' };
    if (statuses.has('FAILED')) return { status: 'failed', reason: 'SSLCommerz: FAILED' };
    if (statuses.has('EXPIRED')) return { status: 'expired', reason: 'The SSLCommerz session expired' };
    return { status: 'pending' };
  }

  async refund(attempt: AttemptRef, reason: string): Promise<ProviderRefundResult> {
    if (!attempt.providerTxnId) return { status: 'refused', reason: 'The attempt was never paid through SSLCommerz' };
    return refundResultOf(
      await refundPayment(this.settings, { bankTranId: attempt.providerTxnId, amountPaisa: attempt.amountMinor, reference: attempt.attemptId, remarks: reason.slice(0, 255) || 'Refund' }),
    );
  }

  async refundStatus(_attempt: AttemptRef, refundId: string): Promise<ProviderRefundResult> {
    return refundResultOf(await refundStatus(this.settings, refundId));
  }
}
