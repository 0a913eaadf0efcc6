import 'server-only';
import Stripe from 'stripe';
import { fulfilOrder } from '../fulfilment';
import { refundFromProvider } from '../refunds';

// Stripe's webhook: verify the signature over the raw body (5-minute tolerance against replays),
// then one handler per event type. Ignored types get 200 so Stripe stops sending them; a failure
// gets 500 so Stripe retries (fulfilment is idempotent, so retries are safe).

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookAnswer = { status: number; body: { received: boolean; message?: string } };

type EventHandler = (event: Stripe.Event) => Promise<void>;

async function handlePaymentIntentSucceeded(event: Stripe.Event): Promise<void> {
  if (event.type !== 'payment_intent.succeeded') return;
  const intent = event.data.object;
  const orderId = intent.metadata.orderId;
  if (!orderId || intent.currency !== 'usd') {
    // Not one of our checkout intents (e.g. created by hand in the dashboard).
    console.warn('[stripe-webhook] succeeded intent without an order', intent.id);
    return;
  }
  const outcome = await fulfilOrder(orderId, intent.id, { currency: 'usd', minor: intent.amount });
  // A rejection (order cancelled, amount changed) will not change on retry: log it, answer 200.
  if (outcome.status === 'rejected') console.error('[stripe-webhook] intent', intent.id, 'not fulfilled:', outcome.reason);
}

/**
 * A charge refunded in full, by us (the admin's refund, whose steps then already ran or are
 * running) or in Stripe's dashboard (the same steps run now): exactly once either way
 * (server/commerce/refunds.ts). A partial refund is not ours to act on (refunds here are always full).
 */
async function handleChargeRefunded(event: Stripe.Event): Promise<void> {
  if (event.type !== 'charge.refunded') return;
  const charge = event.data.object;
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  if (!intentId || !charge.refunded) {
    console.warn('[stripe-webhook] charge', charge.id, 'refunded in part or without a payment intent: left alone');
    return;
  }
  const result = await refundFromProvider(intentId, charge.refunds?.data[0]?.id ?? null);
  if (result === 'unknown-payment') console.warn('[stripe-webhook] refunded charge', charge.id, 'pays no order of ours');
}

const HANDLERS: Partial<Record<Stripe.Event.Type, EventHandler>> = {
  'payment_intent.succeeded': handlePaymentIntentSucceeded,
  'charge.refunded': handleChargeRefunded,
};

/** Verifies and dispatches one delivery; `secret` is STRIPE_WEBHOOK_SECRET. */
export async function handleStripeWebhook(payload: string, signature: string | null, secret: string | undefined): Promise<WebhookAnswer> {
  if (!secret) {
    console.error('[stripe-webhook] STRIPE_WEBHOOK_SECRET is not set; delivery refused');
    return { status: 503, body: { received: false, message: 'Webhooks are not configured' } };
  }
  if (!signature) return { status: 400, body: { received: false, message: 'Missing Stripe-Signature header' } };
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    return { status: 400, body: { received: false, message: 'Invalid signature' } };
  }
  const handler = HANDLERS[event.type];
  if (!handler) return { status: 200, body: { received: true } };
  try {
    await handler(event);
    return { status: 200, body: { received: true } };
  } catch (error) {
    console.error('[stripe-webhook] handling', event.type, event.id, 'failed', error);
    return { status: 500, body: { received: false, message: 'Handling failed; Stripe will retry' } };
  }
}
