import 'server-only';
import Stripe from 'stripe';
import { RefundRefusedError } from './gateway';
import type { GatewayIntent, GatewayRefund, IntentRequest, PaymentGateway, PaymentIntentStatus, RefundRequest } from './gateway';

// Stripe PaymentIntents. The amount is always the order's price read from the database at payment
// (the caller passes it); the idempotency key `order-<id>-<cents>` makes double clicks create one intent.

export type StripeSettings = { secretKey: string; apiUrl?: string };

/** The Stripe client; `apiUrl` points it at a stand-in such as stripe-mock in tests. */
export function createStripeClient({ secretKey, apiUrl }: StripeSettings): Stripe {
  const target = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    // Safe to retry: every create carries an idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
}

const KNOWN_STATUSES: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
];

/** A status this code does not know yet counts as still in progress: never as paid. */
function statusOf(intent: Stripe.PaymentIntent): PaymentIntentStatus {
  return KNOWN_STATUSES.find((status) => status === intent.status) ?? 'processing';
}

export function toGatewayIntent(intent: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    amountCents: intent.amount,
    currency: intent.currency,
    status: statusOf(intent),
    orderId: intent.metadata.orderId ?? null,
    lastErrorMessage: intent.last_payment_error?.message ?? null,
  };
}

function isMissingResource(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'resource_missing' || error.statusCode === 404);
}

export class StripeGateway implements PaymentGateway {
  readonly kind = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {}

  async createIntent(request: IntentRequest): Promise<GatewayIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: request.amountCents,
        currency: 'usd',
        // The form is a card form (docs/product.md §2 Payment), so only cards are offered.
        allowed_payment_method_types: ['card'],
        description: request.description,
        metadata: { orderId: request.orderId },
      },
      // With the amount: an intent whose start was never recorded (the process died) is not
      // reused for a new price; nobody was ever given its client secret.
      { idempotencyKey: `order-${request.orderId}-${request.amountCents}` },
    );
    return toGatewayIntent(intent);
  }

  async updateIntentAmount(intentId: string, amountCents: number): Promise<GatewayIntent | null> {
    try {
      return toGatewayIntent(await this.stripe.paymentIntents.update(intentId, { amount: amountCents }));
    } catch (error) {
      // Stripe refuses to change an intent that is paid, processing or cancelled: it keeps its amount.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieveIntent(intentId);
      throw error;
    }
  }

  async retrieveIntent(intentId: string): Promise<GatewayIntent | null> {
    try {
      return toGatewayIntent(await this.stripe.paymentIntents.retrieve(intentId));
    } catch (error) {
      if (isMissingResource(error)) return null;
      throw error;
    }
  }

  async cancelIntent(intentId: string): Promise<GatewayIntent | null> {
    const current = await this.retrieveIntent(intentId);
    if (!current || current.status === 'succeeded' || current.status === 'canceled') return current;
    try {
      return toGatewayIntent(await this.stripe.paymentIntents.cancel(intentId));
    } catch (error) {
      // The payment may have completed in the meantime: answer the intent as it now stands.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieveIntent(intentId);
      throw error;
    }
  }

  async refundPayment(request: RefundRequest): Promise<GatewayRefund> {
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        { payment_intent: request.paymentIntentId, metadata: { orderId: request.orderId } },
        // One key per order: a refund retried after a timeout or resumed after a crash is the
        // same refund at Stripe (for 24 hours; after that Stripe answers charge_already_refunded).
        { idempotencyKey: `refund-order-${request.orderId}` },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        // Refunded already, e.g. in the dashboard: what this call was for has happened.
        if (error.code === 'charge_already_refunded') return { id: null, status: 'succeeded' };
        throw new RefundRefusedError(error.message);
      }
      throw error;
    }
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new RefundRefusedError(`Stripe could not refund this payment (${refund.failure_reason ?? refund.status}).`);
    }
    return { id: refund.id, status: refund.status === 'succeeded' ? 'succeeded' : 'pending' };
  }
}
