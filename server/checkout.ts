import 'server-only';
import { formatPrice } from '@/lib/format';
import { fulfilOrder } from './fulfilment';
import { HttpError } from './http';
import { claimFirstPaymentStart, findOwnOrder, getOrderForOwner, priceOrder, recordPaymentIntent } from './orders';
import type { Order } from './orders';
import { paymentGateway } from './payments';
import { intentPaysOrder } from './payments/gateway';
import type { GatewayIntent } from './payments/gateway';
import { SandboxGateway, intentIdOfClientSecret } from './payments/sandbox-gateway';
import type { CardDetails } from './payments/sandbox-cards';
import { loadPurchasableItem } from './purchasable-items';
import type { User } from './users';
import { WRITE_LIMITS, takeWriteAllowance } from './write-limits';

// Paying an order (spec §4 Payment): start an intent for the item's price as the database has it
// at that moment, then accept the provider's word — never the browser's — that it succeeded, and fulfil.

type Caller = Pick<User, 'id'>;

export const NO_LONGER_ON_SALE = 'This course or book is no longer on sale, so this order cannot be paid. You can cancel it in My Order.';

/** The price an order is paid at: the catalogue's now. `previousPriceCents` is what the order said, when that differs. */
export type PriceReview = { onSale: true; priceCents: number; previousPriceCents: number | null } | { onSale: false };

/** The item's current price, read from the database (never a per-process cache), against the order's. */
export async function reviewOrderPrice(order: Pick<Order, 'itemId' | 'itemKind' | 'priceCents'>): Promise<PriceReview> {
  const item = await loadPurchasableItem(order.itemId, order.itemKind);
  if (!item) return { onSale: false };
  return { onSale: true, priceCents: item.priceCents, previousPriceCents: item.priceCents === order.priceCents ? null : order.priceCents };
}

/** The caller's order as it would be paid now: an unpaid order of an item on sale shows the current price (GET /api/payment/{id}). */
export async function getOrderToPay(caller: Caller, orderId: string): Promise<Order> {
  const order = await getOrderForOwner(caller, orderId);
  if (order.paid) return order;
  const review = await reviewOrderPrice(order);
  return review.onSale ? { ...order, priceCents: review.priceCents } : order;
}

export type StartedPayment = { clientSecret: string; order: Order };

/**
 * The client secret for paying `orderId` at the item's current price, whatever the client sent:
 * a changed price is written to the order and to its intent (one intent per order), a withdrawn
 * item cannot be paid (409; an intent already handed out is cancelled). Starts that meet, on any
 * instance, get the same intent: the provider keeps one per order and amount. The first start of an
 * order is bounded by the order allowance; every later start of it (a reload, a second click, a
 * script) counts against the account's payment-intent allowance (429).
 */
export async function startPayment(caller: Caller, orderId: string): Promise<StartedPayment> {
  const stored = await getOrderForOwner(caller, orderId);
  if (stored.paid) throw new HttpError(409, 'This order is already paid');
  const gateway = paymentGateway();
  if (stored.paymentIntentId || !(await claimFirstPaymentStart(stored.id))) await takeWriteAllowance(`payment-intent:${caller.id}`, WRITE_LIMITS.paymentIntent);
  const existing = stored.paymentIntentId ? await gateway.retrieveIntent(stored.paymentIntentId) : null;
  if (existing?.status === 'succeeded') {
    // Paid, but nobody reported it yet: settled at the price it was started with, not a newer one.
    await confirmOrderPayment(caller, stored.id, existing.id);
    throw new HttpError(409, 'This order is already paid');
  }
  const review = await reviewOrderPrice(stored);
  if (!review.onSale) {
    if (existing) await gateway.cancelIntent(existing.id);
    throw new HttpError(409, NO_LONGER_ON_SALE);
  }
  // The order first: a payment of the old amount arriving meanwhile is then refused, not fulfilled at the old price.
  await priceOrder(stored.id, review.priceCents);
  const order: Order = { ...stored, priceCents: review.priceCents };
  const intent = await intentFor(order, existing);
  if (!intent.clientSecret) throw new Error(`Payment intent ${intent.id} came back without a client secret`);
  // A reload or second click gets the same intent back: nothing new to record.
  if (order.paymentIntentId !== intent.id) await recordPaymentIntent(order.id, intent.id);
  return { clientSecret: intent.clientSecret, order };
}

/** The order's intent at the order's price: the existing one (its amount updated if need be) or a new one. */
async function intentFor(order: Order, existing: GatewayIntent | null): Promise<GatewayIntent> {
  const gateway = paymentGateway();
  const intent =
    existing && existing.status !== 'canceled'
      ? existing
      : await gateway.createIntent({ orderId: order.id, amountCents: order.priceCents, description: `Knowledge Zone: ${order.productName}` });
  if (intent.amountCents === order.priceCents) return intent;
  const updated = await gateway.updateIntentAmount(intent.id, order.priceCents);
  // The provider would not change it (a payment is under way): the buyer tries again in a moment.
  if (updated?.amountCents !== order.priceCents) throw new HttpError(409, 'The payment is being processed. Please reload the page in a moment.');
  return updated;
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
  if (intent.status !== 'succeeded') {
    // The price is the database's at the moment of payment: a card is never charged one the catalogue no longer asks.
    const review = await reviewOrderPrice(order);
    if (!review.onSale) throw new HttpError(409, NO_LONGER_ON_SALE);
    if (review.priceCents !== intent.amountCents) {
      throw new HttpError(409, `The price of this item is now ${formatPrice(review.priceCents)}. Reload the page to see it before you pay.`);
    }
  }
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
