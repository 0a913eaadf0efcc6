import 'server-only';
import { BkashClient, paymentPaysOrder } from './client';
import type { BkashPayment, BkashResult, BkashSettings } from './client';
import type { AttemptRef, AttemptToStart, ProviderRefundResult, RedirectProvider, ReturnAddresses, StartedCheckout, Verification, VerifyOptions } from '../redirect-provider';

// bKash Tokenized Checkout behind the redirect seam. The buyer authorizes on bKash's page (wallet,
// OTP, PIN); the payment exists only once we `execute` it, so verifying with `complete` executes
// first and then, whatever execute answered (done before, a timeout, an error), asks
// `payment/status`: the status is the proof, never the callback's `status=success`.

/** bKash refunds a payment only within 15 days of it. */
export const BKASH_REFUND_WINDOW_MS = 15 * 86_400_000;

/** The address bKash sends the buyer back to (it adds paymentID and status). */
export function bkashCallbackUrl(callbackBase: string): string {
  return new URL('/api/payments/bkash/callback', callbackBase).toString();
}

function verificationOf(payment: BkashPayment, attempt: AttemptRef): Verification {
  if (paymentPaysOrder(payment, { invoiceNumber: attempt.attemptId, amountPaisa: attempt.amountMinor }) && attempt.currency === 'bdt') {
    return { status: 'paid', providerTxnId: payment.trxId ?? '', valId: null, risky: false };
  }
  if (payment.status === 'Completed') {
    return { status: 'mismatch', reason: `bKash completed payment ${payment.paymentId} for invoice ${payment.invoiceNumber} and ${payment.amountPaisa} paisa, not this attempt` };
  }
  switch (payment.status) {
    case 'Cancelled':
      return { status: 'cancelled', reason: 'Cancelled on bKash' };
    case 'Failed':
    case 'Declined':
      return { status: 'failed', reason: `bKash: ${payment.status}` };
    case 'Expired':
      return { status: 'expired', reason: 'The bKash payment expired' };
    default:
      return { status: 'pending' };
  }
}

function refundResultOf(result: BkashResult<{ refund: { refundTrxId: string; status: string } }>): ProviderRefundResult {
  if (result.ok) return result.refund.status === 'Completed' ? { status: 'refunded', refundId: result.refund.refundTrxId } : { status: 'pending', refundId: result.refund.refundTrxId };
  if (result.kind === 'provider' || result.kind === 'invalid-request') return { status: 'refused', reason: `bKash refused the refund: ${result.message} (${result.code})` };
  return { status: 'unknown', reason: result.message };
}

export class BkashProvider implements RedirectProvider {
  readonly method = 'bkash' as const;
  readonly currency = 'bdt' as const;
  readonly refundWindowMs = BKASH_REFUND_WINDOW_MS;
  private readonly client: BkashClient;

  constructor(settings: BkashSettings) {
    this.client = new BkashClient(settings);
  }

  async start(attempt: AttemptToStart, { callbackBase }: ReturnAddresses): Promise<StartedCheckout> {
    if (attempt.currency !== 'bdt') return { ok: false, message: 'bKash takes taka only' };
    const created = await this.client.createPayment({
      amountPaisa: attempt.amountMinor,
      invoiceNumber: attempt.attemptId,
      // Mode 0011 shows it on bKash's page; the buyer types the wallet number there.
      payerReference: (attempt.buyer.mobileNumber ?? attempt.buyer.email ?? '').slice(0, 255),
      callbackUrl: bkashCallbackUrl(callbackBase),
    });
    if (!created.ok) return { ok: false, message: created.message };
    return { ok: true, redirectUrl: created.payment.bkashUrl, providerPaymentId: created.payment.paymentId };
  }

  async verify(attempt: AttemptRef, { complete }: VerifyOptions): Promise<Verification> {
    const paymentId = attempt.providerPaymentId;
    if (!paymentId) return { status: 'unknown', reason: 'The attempt has no bKash payment' };
    if (complete) {
      const executed = await this.client.executePayment(paymentId);
      if (executed.ok) return verificationOf(executed.payment, attempt);
      // Executed before (2117), not authorized yet (2056), a timeout: the status says which.
    }
    const queried = await this.client.queryPayment(paymentId);
    if (!queried.ok) return { status: 'unknown', reason: queried.message };
    return verificationOf(queried.payment, attempt);
  }

  async refund(attempt: AttemptRef & { paidAt: Date }, reason: string): Promise<ProviderRefundResult> {
    if (!attempt.providerPaymentId || !attempt.providerTxnId) return { status: 'refused', reason: 'The attempt was never paid through bKash' };
    // Asked first: a refund that went through before a crash or a timeout is not made twice.
    const earlier = await this.refundStatus(attempt);
    if (earlier.status === 'refunded' || earlier.status === 'pending') return earlier;
    if (Date.now() - attempt.paidAt.getTime() > BKASH_REFUND_WINDOW_MS) return { status: 'refused', reason: 'bkashRefundsAPaymentOnlyWithin15DaysOfIt' };
    const refunded = await this.client.refundPayment({
      paymentId: attempt.providerPaymentId,
      trxId: attempt.providerTxnId,
      amountPaisa: attempt.amountMinor,
      sku: attempt.attemptId,
      reason: reason.slice(0, 255) || 'Refund',
    });
    return refundResultOf(refunded);
  }

  async refundStatus(attempt: AttemptRef): Promise<ProviderRefundResult> {
    if (!attempt.providerPaymentId || !attempt.providerTxnId) return { status: 'refused', reason: 'The attempt was never paid through bKash' };
    return refundResultOf(await this.client.refundStatus({ paymentId: attempt.providerPaymentId, trxId: attempt.providerTxnId }));
  }
}
