import 'server-only';
import { fulfilOrder } from './fulfilment';
import { HttpError } from './http';
import { keyedQueue } from './keyed-queue';
import { findOwnOrder, getOrderForOwner, recordPaymentIntent } from './orders';
import type { Order } from './orders';
import { paymentGateway } from './payments';
import { intentPaysOrder } from './payments/gateway';
import { SandboxGateway, intentIdOfClientSecret } from './payments/sandbox-gateway';
import type { CardDetails } from './payments/sandbox-cards';
import type { User } from './users';
import { WRITE_LIMITS, takeWriteAllowance } from './write-limits';

// Paying an order (spec §4 Payment): start an intent for the stored amount, then accept the
// provider's word — never the browser's — that it succeeded, and fulfil.

type Caller = Pick<User, 'id'>;

// Requests to start paying the same order take turns in this process, so only the first can find
// the order without an intent (see startPayment).
const startingPayment = keyedQueue('startPayment');

/**
 * The client secret for paying `orderId`; the amount is the order's stored price whatever the
 * client sent. The first start of an order is bounded by the order allowance (an order has one
 * intent: the provider gets an idempotency key per order); asking again for an order that already
 * has one (a reload, a script) counts against the account's payment-intent allowance (429).
 */
export function startPayment(caller: Caller, orderId: string): Promise<{ clientSecret: string; order: Order }> {
  return startingPayment(orderId, async () => {
    const order = await getOrderForOwner(caller, orderId);
    if (order.paid) throw new HttpError(409, 'This order is already paid');
    if (order.paymentIntentId) await takeWriteAllowance(`payment-intent:${caller.id}`, WRITE_LIMITS.paymentIntent);
    const intent = await paymentGateway().createIntent({
      orderId: order.id,
      amountCents: order.priceCents,
      description: `Knowledge Zone: ${order.productName}`,
    });
    if (!intent.clientSecret) throw new Error(`Payment intent ${intent.id} came back without a client secret`);
    // A reload or second click gets the same intent back: nothing new to record.
    if (order.paymentIntentId !== intent.id) await recordPaymentIntent(order.id, intent.id);
    return { clientSecret: intent.clientSecret, order };
  });
}

const NOT_VERIFIED = 'The payment could not be verified for this order';

/**
 * Marks the caller's order paid by `transactionId` only if the provider confirms that intent
 * succeeded for this order and amount; otherwise 409 and nothing changes. Idempotent.
 */
export async function confirmOrderPayment(caller: Caller, orderId: string, transactionId: string): Promise<Order> {
  const order = await getOrderForOwner(caller, orderId);
  if (order.paid) {
    if (order.transactionId === transactionId) return order;
    throw new HttpError(409, 'This order is already paid');
  }
  const intent = await paymentGateway().retrieveIntent(transactionId);
  if (!intent || !intentPaysOrder(intent, order)) throw new HttpError(409, NOT_VERIFIED);
  const outcome = await fulfilOrder(order.id, intent.id, intent.amountCents);
  if (outcome.status === 'rejected') throw new HttpError(409, NOT_VERIFIED);
  return getOrderForOwner(caller, orderId);
}

export type SandboxCardResult = { ok: true; transactionId: string; order: Order } | { ok: false; message: string };

/** The sandbox card form's submit: the sandbox plays Stripe, then the order is fulfilled at once. */
export async function payWithSandboxCard(caller: Caller, clientSecret: string, card: CardDetails): Promise<SandboxCardResult> {
  const gateway = paymentGateway();
  if (!(gateway instanceof SandboxGateway)) throw new HttpError(404, 'The sandbox gateway is not in use');
  const intentId = intentIdOfClientSecret(clientSecret);
  const intent = intentId ? await gateway.retrieveIntent(intentId) : null;
  if (!intent?.orderId) throw new HttpError(404, 'No such payment');
  // 403 for someone else's payment, before the card is even looked at.
  const order = await getOrderForOwner(caller, intent.orderId);
  const confirmation = await gateway.confirmCard(clientSecret, card);
  if (!confirmation.ok) return { ok: false, message: confirmation.message };
  return { ok: true, transactionId: confirmation.intent.id, order: await confirmOrderPayment(caller, order.id, confirmation.intent.id) };
}

/**
 * The payment page's view of an order. A payment the provider completed but nobody reported
 * (Stripe's return_url carries `payment_intent`; a closed tab carries nothing, so the intent stored
 * on the order is used) is retrieved on the server and fulfilled. Null for anyone but the owner.
 */
export async function settleStartedPayment(caller: Caller, orderId: string, returnedIntentId?: string): Promise<Order | null> {
  const order = await findOwnOrder(caller, orderId);
  const intentId = returnedIntentId ?? order?.paymentIntentId;
  if (!order || order.paid || !intentId) return order;
  try {
    return await confirmOrderPayment(caller, orderId, intentId);
  } catch (error) {
    // Not paid (yet): the page shows the card form again.
    if (error instanceof HttpError) return order;
    throw error;
  }
}
