import 'server-only';

// What the checkout needs from a card payment provider. Stripe implements it for real money; the
// sandbox implements the same PaymentIntent state machine locally (no keys, tests, demos).

/** Stripe's PaymentIntent states; the sandbox only ever uses three of them. */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export type GatewayIntent = {
  id: string;
  /** Handed to the buyer's browser only, to confirm the card; null on objects read back from a webhook. */
  clientSecret: string | null;
  amountCents: number;
  currency: string;
  status: PaymentIntentStatus;
  /** The order the intent was created for (metadata.orderId at Stripe). */
  orderId: string | null;
  /** The provider's words for the last failed attempt, shown to the buyer in red. */
  lastErrorMessage: string | null;
};

export type IntentRequest = { orderId: string; amountCents: number; description: string };

/** A full refund of the payment that paid `orderId`. */
export type RefundRequest = { orderId: string; paymentIntentId: string };

export type GatewayRefund = {
  /** The provider's refund id; null when the provider says the payment was refunded already (e.g. in Stripe's dashboard). */
  id: string | null;
  /** `pending`: accepted, the money is on its way (some cards take days); never a failure. */
  status: 'succeeded' | 'pending';
};

/** The provider refused the refund (e.g. a disputed charge); its words are safe to show an admin. */
export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundRefusedError';
  }
}

export interface PaymentGateway {
  readonly kind: 'stripe' | 'sandbox';
  /** One intent per order and amount however often it is called (Stripe: idempotency key `order-<id>-<cents>`). */
  createIntent(request: IntentRequest): Promise<GatewayIntent>;
  /** Null when the provider has no such intent. */
  retrieveIntent(intentId: string): Promise<GatewayIntent | null>;
  /**
   * Sets the amount of an intent that still waits for a card (the catalogue price changed); one
   * already paid or cancelled keeps its amount. Answers the intent as it stands afterwards.
   */
  updateIntentAmount(intentId: string, amountCents: number): Promise<GatewayIntent | null>;
  /** Cancels unless it already succeeded; answers the intent as it stands afterwards (null if unknown). */
  cancelIntent(intentId: string): Promise<GatewayIntent | null>;
  /**
   * Refunds the whole payment, once per order however often it is called (Stripe: idempotency
   * key `refund-order-<id>`), so a refund resumed after a crash never pays back twice. Throws
   * RefundRefusedError when the provider will not refund it.
   */
  refundPayment(request: RefundRequest): Promise<GatewayRefund>;
}

/** Whether an intent proves that `order` was paid in full: succeeded, for this order, this amount, in dollars. */
export function intentPaysOrder(intent: GatewayIntent, order: { id: string; priceCents: number }): boolean {
  return (
    intent.status === 'succeeded' &&
    intent.orderId === order.id &&
    intent.amountCents === order.priceCents &&
    intent.currency === 'usd'
  );
}
