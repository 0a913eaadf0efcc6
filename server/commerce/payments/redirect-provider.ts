import 'server-only';
import type { Currency } from '@/lib/money';
import type { RedirectMethod } from '@/lib/payment-methods';

// The seam for providers whose buyer pays on the provider's own page and comes back (bKash,
// SSLCommerz; Nagad would be one more module). A provider starts a checkout for an attempt whose
// amount was fixed from the database, proves server to server what became of it, and pays it back.
// Nothing here trusts a redirect or a notification: those only say which attempt to ask about.

export type { RedirectMethod };

/** What a provider is told about the payment to start: `attemptId` is ours (SSLCommerz tran_id, bKash merchantInvoiceNumber). */
export type AttemptToStart = {
  attemptId: string;
  amountMinor: number;
  currency: Currency;
  productName: string;
  itemKind: 'course' | 'book';
  /** An account made with a mobile number has no e-mail. */
  buyer: { name: string; email: string | null; mobileNumber: string | null };
};

/** Where the provider sends the buyer back to, and where it posts its notifications. */
export type ReturnAddresses = { callbackBase: string };

export type StartedCheckout =
  | { ok: true; redirectUrl: string; providerPaymentId: string }
  | { ok: false; message: string };

/** An attempt as the provider is asked about it. */
export type AttemptRef = {
  attemptId: string;
  amountMinor: number;
  currency: Currency;
  /** bKash paymentID, SSLCommerz sessionkey. */
  providerPaymentId: string | null;
  /** bKash trxID, SSLCommerz bank_tran_id: set once paid. */
  providerTxnId: string | null;
  /** SSLCommerz's validation id, when a notification or the return named one. */
  valId?: string | null;
};

/**
 * What the provider says, server to server, of an attempt. `paid` has been matched to the attempt
 * (our id, currency, amount to the minor unit); `risky` payments wait for an admin. `unknown`: the
 * provider could not be asked (timeout, outage): nothing changes, the reconciler asks again.
 */
export type Verification =
  | { status: 'paid'; providerTxnId: string; valId: string | null; risky: boolean }
  | { status: 'pending' }
  | { status: 'failed' | 'cancelled' | 'expired'; reason: string }
  | { status: 'mismatch'; reason: string }
  | { status: 'unknown'; reason: string };

export type ProviderRefundResult =
  | { status: 'refunded'; refundId: string }
  | { status: 'pending'; refundId: string }
  | { status: 'refused'; reason: string }
  | { status: 'unknown'; reason: string };

/** How a verification is asked for: `afterReturn` says the buyer came back saying it succeeded (bKash: execute first). */
export type VerifyOptions = { complete: boolean };

export interface RedirectProvider {
  readonly method: RedirectMethod;
  readonly currency: Currency;
  start(attempt: AttemptToStart, addresses: ReturnAddresses): Promise<StartedCheckout>;
  verify(attempt: AttemptRef, options: VerifyOptions): Promise<Verification>;
  /** Pays the whole attempt back; idempotent at the provider or guarded by the caller's state change. */
  refund(attempt: AttemptRef & { paidAt: Date }, reason: string): Promise<ProviderRefundResult>;
  /** A refund that answered `pending`, asked about again (the reconciler). */
  refundStatus(attempt: AttemptRef, refundId: string): Promise<ProviderRefundResult>;
  /** How long after payment the provider still refunds (bKash: 15 days); null: no limit we know of. */
  readonly refundWindowMs: number | null;
}
