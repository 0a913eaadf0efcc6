import 'server-only';
import { coded } from '@/lib/coded-message';
import { formatPrice } from '@/lib/format';
import { lapsedPromoNotice } from '@/lib/promo-codes';
import type { PromoLapse } from '@/lib/promo-codes';
import { fulfilOrder } from './fulfilment';
import { HttpError } from '../platform/http';
import { englishText } from '../platform/english-text';
import { findOwnOrder, getOrderForOwner, priceOrder, recordPaymentIntent } from './orders';
import type { Order } from './orders';
import type { Money } from '@/lib/money';
import { assertCheckoutAvailable, cardGateway, paymentGateway } from './payments';
import { PAYMENTS_NOT_CONFIGURED } from './payments/mode';
import { intentPaysOrder } from './payments/gateway';
import type { GatewayIntent } from './payments/gateway';
import { SandboxGateway, intentIdOfClientSecret } from './payments/sandbox-gateway';
import type { CardDetails } from './payments/sandbox-cards';
import { appliedPromoOf, dropPromo, forgetLapsedPromo, holdPromoForPayment, promoRefOf } from './promo-redemptions';
import type { AppliedPromo, HeldPromo } from './promo-redemptions';
import { loadPurchasableItem, takaPriceOf } from './purchasable-items';
import type { User } from '../accounts/users';
import { WRITE_LIMITS, takeWriteAllowance } from '../platform/write-limits';

// Paying an order (docs/product.md §4 Payment): start an intent for the item's price as the database has it
// at that moment, then accept the provider's word — never the browser's — that it succeeded, and fulfil.

type Caller = Pick<User, 'id'>;

/** A refunded order keeps its spent payment: the item is bought again through a new order. */
export const ORDER_REFUNDED = 'thisOrderWasRefundedSoItCannotBePaidAgainToBuy';

export const NO_LONGER_ON_SALE = 'thisCourseOrBookIsNoLongerOnSaleSoThisOrder';

/**
 * The price an order is paid at: the catalogue's now, in dollars and (null when the item has none)
 * in taka. `previousPriceCents` is what the order said, when that differs.
 */
export type PriceReview = { onSale: true; priceCents: number; pricePaisa: number | null; previousPriceCents: number | null } | { onSale: false };

/** The item's current price, read from the database (never a per-process cache), against the order's. */
export async function reviewOrderPrice(order: Pick<Order, 'itemId' | 'itemKind' | 'priceCents'>): Promise<PriceReview> {
  const item = await loadPurchasableItem(order.itemId, order.itemKind);
  if (!item) return { onSale: false };
  return { onSale: true, priceCents: item.priceCents, pricePaisa: takaPriceOf(item), previousPriceCents: item.priceCents === order.priceCents ? null : order.priceCents };
}

/** The order's charges fixed from the catalogue and the promo code it holds, written to the order. */
export type FixedPrices = {
  order: Order;
  listPriceCents: number;
  listPricePaisa: number | null;
  held: HeldPromo;
};

/** The caller's unpaid order about to start a payment, and whether it is its first start (as read). */
export type OrderToStart = { order: Order; caller: Caller; firstStart: boolean };

/**
 * Prices the unpaid order for a payment starting now: the catalogue's prices less the code the
 * order holds a seat for, in dollars and taka, written to the order before any payment is started
 * (a payment of an older amount arriving meanwhile is then refused, not fulfilled at the old price).
 * A first start claims the order in the same write; one that loses that claim to another start of
 * the order meanwhile counts as a later start (the payment-intent allowance).
 * `promo: 'drop'` takes the code off (its seat given back only once the order no longer carries it).
 * Null when the item is no longer on sale.
 */
export async function fixOrderPrices({ order: stored, caller, firstStart }: OrderToStart, promoChoice: 'keep' | 'drop' = 'keep'): Promise<FixedPrices | null> {
  const review = await reviewOrderPrice(stored);
  if (!review.onSale) return null;
  const held = promoChoice === 'drop' ? WITHOUT_PROMO : await holdPromoForPayment(promoRefOf(stored), review.priceCents, new Date(), review.pricePaisa);
  const chargeCents = held.promo?.priceCents ?? review.priceCents;
  const chargePaisa = held.promo ? held.promo.pricePaisa : review.pricePaisa;
  if (!(await priceOrder(stored.id, chargeCents, chargePaisa, { claimFirstStart: firstStart }))) {
    await takePaymentStartAllowance(caller);
    await priceOrder(stored.id, chargeCents, chargePaisa);
  }
  if (promoChoice === 'drop') await dropPromo(promoRefOf(stored)._id);
  else if (held.lapsed) await forgetLapsedPromo(promoRefOf(stored)._id);
  return { order: { ...stored, priceCents: chargeCents, pricePaisa: chargePaisa, paymentStarted: true }, listPriceCents: review.priceCents, listPricePaisa: review.pricePaisa, held };
}

function takePaymentStartAllowance(caller: Caller): Promise<void> {
  return takeWriteAllowance(`payment-intent:${caller.id}`, WRITE_LIMITS.paymentIntent);
}

/**
 * The caller's unpaid order, about to start a payment: refused when paid or refunded. The first
 * start of an order is bounded by the order allowance; every later start of it (a reload, a second
 * click, another method, a script) counts against the account's payment-intent allowance (429).
 */
export async function orderToStartPaying(caller: Caller, orderId: string): Promise<OrderToStart> {
  const order = await getOrderForOwner(caller, orderId);
  if (order.paid) throw new HttpError(409, 'thisOrderIsAlreadyPaid');
  if (order.refundedAt) throw new HttpError(409, ORDER_REFUNDED);
  const firstStart = !order.paymentStarted && !order.paymentIntentId;
  if (!firstStart) await takePaymentStartAllowance(caller);
  return { order, caller, firstStart };
}

/** The caller's order as it would be paid now: an unpaid order of an item on sale shows the current price (GET /api/payment/{id}). */
export async function getOrderToPay(caller: Caller, orderId: string): Promise<Order> {
  const order = await getOrderForOwner(caller, orderId);
  if (order.paid) return order;
  const review = await reviewOrderPrice(order);
  if (!review.onSale) return order;
  const promo = await appliedPromoOf(promoRefOf(order), review.priceCents);
  return { ...order, priceCents: promo?.priceCents ?? review.priceCents };
}

export type StartedPayment = { clientSecret: string; order: Order };

/** What the payment page needs to take a payment: the price with any promo code, and the card's client secret. */
export type CheckoutStart = {
  /** `priceCents` is the amount charged: the catalogue's price less the promo code's discount. */
  order: Order;
  /** The catalogue's price now, in dollars and (null: none) in taka. */
  listPriceCents: number;
  listPricePaisa: number | null;
  promo: AppliedPromo | null;
  /** Why a code the buyer had applied no longer applies: in English, and as data for pages in other languages. */
  promoNotice: string | null;
  promoLapse: PromoLapse | null;
  /** Nothing to charge in dollars (a free course, or a promo code that took the whole price): completeFreeOrder. */
  free: boolean;
  /** The card payment's client secret; null for a free order, and on a server that takes no card. */
  clientSecret: string | null;
};

export const FREE_ORDER = 'thisOrderIsFreeCompleteItOnThePaymentPage';

/** Removing the buyer's code: the full price, and the seat given back once the order says so. */
const WITHOUT_PROMO: HeldPromo = { promo: null, lapsed: null };

/**
 * The client secret for paying `orderId` at the item's current price, whatever the client sent:
 * a changed price is written to the order and to its intent (one intent per order), a withdrawn
 * item cannot be paid (409; an intent already handed out is cancelled). Starts that meet, on any
 * instance, get the same intent: the provider keeps one per order and amount. The first start of an
 * order is bounded by the order allowance; every later start of it (a reload, a second click, a
 * script) counts against the account's payment-intent allowance (429).
 */
export async function startPayment(caller: Caller, orderId: string): Promise<StartedPayment> {
  const started = await startCheckout(caller, orderId);
  if (started.free) throw new HttpError(409, FREE_ORDER);
  if (started.clientSecret === null) throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
  return { clientSecret: started.clientSecret, order: started.order };
}

/**
 * startPayment for the payment page: the amount charged is the catalogue's price less the promo
 * code the order holds a seat for (server/commerce/promo-redemptions.ts), computed here from the database,
 * never taken from the client. `promo: 'drop'` takes the buyer's code off: the order and its
 * intent go back to the full price first, then the code's seat is given back. A code that took the
 * whole price leaves nothing to charge: no intent, `clientSecret` null.
 */
export async function startCheckout(caller: Caller, orderId: string, { promo: promoChoice = 'keep' }: { promo?: 'keep' | 'drop' } = {}): Promise<CheckoutStart> {
  assertCheckoutAvailable();
  // Null on a server that takes bKash and SSLCommerz but no card: the prices are fixed all the same.
  const gateway = cardGateway();
  const starting = await orderToStartPaying(caller, orderId);
  const stored = starting.order;
  const existing = gateway && stored.paymentIntentId ? await gateway.retrieveIntent(stored.paymentIntentId) : null;
  if (existing?.status === 'succeeded') {
    // Paid, but nobody reported it yet: settled at the price it was started with, not a newer one.
    await confirmOrderPayment(caller, stored.id, existing.id);
    throw new HttpError(409, 'thisOrderIsAlreadyPaid');
  }
  const fixed = await fixOrderPrices(starting, promoChoice);
  if (!fixed) {
    if (existing && gateway) await gateway.cancelIntent(existing.id);
    throw new HttpError(409, NO_LONGER_ON_SALE);
  }
  const { order, held } = fixed;
  const chargeCents = order.priceCents;
  const started = {
    order,
    listPriceCents: fixed.listPriceCents,
    listPricePaisa: fixed.listPricePaisa,
    promo: held.promo,
    promoNotice: held.lapsed ? englishText(lapsedPromoNotice(held.lapsed.code, held.lapsed.refusal)) : null,
    promoLapse: held.lapsed,
  };
  // Nothing to charge: no intent (a card cannot be charged $0). An intent started before the code
  // was applied is left as it is, for the buyer who takes the code off again.
  if (chargeCents === 0) return { ...started, free: true, clientSecret: null };
  if (!gateway) return { ...started, free: false, clientSecret: null };
  const intent = await intentFor(order, existing);
  if (!intent.clientSecret) throw new Error(`Payment intent ${intent.id} came back without a client secret`);
  // A reload or second click gets the same intent back: nothing new to record.
  if (order.paymentIntentId !== intent.id) await recordPaymentIntent(order.id, intent.id);
  return { ...started, free: false, clientSecret: intent.clientSecret };
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
  if (updated?.amountCents !== order.priceCents) throw new HttpError(409, 'thePaymentIsBeingProcessedPleaseReloadThePageInAMoment');
  return updated;
}

const NOT_VERIFIED = 'thePaymentCouldNotBeVerifiedForThisOrder';

/**
 * Marks the caller's order paid by `transactionId` only if the provider confirms that intent
 * succeeded for this order and amount; otherwise 409 and nothing changes. Idempotent.
 */
export async function confirmOrderPayment(caller: Caller, orderId: string, transactionId: string): Promise<Order> {
  const order = await getOrderForOwner(caller, orderId);
  if (order.paid) {
    if (order.transactionId === transactionId) return order;
    throw new HttpError(409, 'thisOrderIsAlreadyPaid');
  }
  // Its payment still reads "succeeded" at the provider after the refund: it must not pay again.
  if (order.refundedAt) throw new HttpError(409, ORDER_REFUNDED);
  const intent = await paymentGateway().retrieveIntent(transactionId);
  if (!intent || !intentPaysOrder(intent, order)) throw new HttpError(409, NOT_VERIFIED);
  const outcome = await fulfilOrder(order.id, intent.id, { currency: 'usd', minor: intent.amountCents });
  if (outcome.status === 'rejected') throw new HttpError(409, NOT_VERIFIED);
  return getOrderForOwner(caller, orderId);
}

/** The transaction id of a free order: no provider's payment stands behind it. */
export function freeTransactionId(orderId: string): string {
  return `free_${orderId}`;
}

const NOT_FREE = 'thisOrderIsNotFreePayItByCard';

/**
 * Completes a free order without a card: the price is computed again from the database (the
 * catalogue's, less the code the order holds a seat for, if any) and must be $0; then the same
 * exactly-once fulfilment as a card payment, with amount 0, which redeems the code. A second call
 * answers the paid order.
 */
export async function completeFreeOrder(caller: Caller, orderId: string): Promise<Order> {
  const order = await getOrderForOwner(caller, orderId);
  const transactionId = freeTransactionId(order.id);
  if (order.paid) {
    if (order.transactionId === transactionId) return order;
    throw new HttpError(409, 'thisOrderIsAlreadyPaid');
  }
  if (order.refundedAt) throw new HttpError(409, ORDER_REFUNDED);
  assertCheckoutAvailable();
  await takePaymentStartAllowance(caller);
  const review = await reviewOrderPrice(order);
  if (!review.onSale) throw new HttpError(409, NO_LONGER_ON_SALE);
  const held = await holdPromoForPayment(promoRefOf(order), review.priceCents, new Date(), review.pricePaisa);
  const chargeCents = held.promo?.priceCents ?? review.priceCents;
  const chargePaisa = held.promo ? held.promo.pricePaisa : review.pricePaisa;
  // Free in dollars, or in taka (a taka amount-off code that covers the whole taka price).
  const free: Money | null = chargeCents === 0 ? { currency: 'usd', minor: 0 } : chargePaisa === 0 ? { currency: 'bdt', minor: 0 } : null;
  if (!free) {
    throw new HttpError(409, held.lapsed ? lapsedPromoNotice(held.lapsed.code, held.lapsed.refusal, 'reloadToPayByCard') : NOT_FREE);
  }
  await priceOrder(order.id, chargeCents, chargePaisa);
  if (order.paymentIntentId) {
    // Started before the code was applied; it must not be paid now. If it was, that is the payment.
    const intent = await paymentGateway().cancelIntent(order.paymentIntentId);
    if (intent?.status === 'succeeded') {
      await confirmOrderPayment(caller, order.id, intent.id);
      throw new HttpError(409, 'thisOrderIsAlreadyPaid');
    }
  }
  const outcome = await fulfilOrder(order.id, transactionId, free);
  if (outcome.status === 'rejected') throw new HttpError(409, NOT_FREE);
  return getOrderForOwner(caller, orderId);
}

export type SandboxCardResult = { ok: true; transactionId: string; order: Order } | { ok: false; message: string };

/** The sandbox card form's submit: the sandbox plays Stripe, then the order is fulfilled at once. */
export async function payWithSandboxCard(caller: Caller, clientSecret: string, card: CardDetails): Promise<SandboxCardResult> {
  const gateway = paymentGateway();
  if (!(gateway instanceof SandboxGateway)) throw new HttpError(404, 'theSandboxGatewayIsNotInUse');
  const intentId = intentIdOfClientSecret(clientSecret);
  const intent = intentId ? await gateway.retrieveIntent(intentId) : null;
  if (!intent?.orderId) throw new HttpError(404, 'noSuchPayment');
  // 403 for someone else's payment, before the card is even looked at.
  const order = await getOrderForOwner(caller, intent.orderId);
  if (intent.status !== 'succeeded') {
    // The price is the database's at the moment of payment: a card is never charged one the catalogue no longer asks.
    const review = await reviewOrderPrice(order);
    if (!review.onSale) throw new HttpError(409, NO_LONGER_ON_SALE);
    // With the promo code the order holds, if it still holds one (its hold renewed, or lapsed).
    const held = await holdPromoForPayment(promoRefOf(order), review.priceCents, new Date(), review.pricePaisa);
    const chargeCents = held.promo?.priceCents ?? review.priceCents;
    if (chargeCents !== intent.amountCents) {
      const price = formatPrice(chargeCents);
      throw new HttpError(409, held.lapsed ? lapsedPromoNotice(held.lapsed.code, held.lapsed.refusal, 'priceChanged', price) : coded('thePriceOfThisItemIsNow', { price }));
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
  if (!order || order.paid || order.refundedAt || !intentId) return order;
  try {
    return await confirmOrderPayment(caller, orderId, intentId);
  } catch (error) {
    // Not paid (yet): the page shows the card form again.
    if (error instanceof HttpError) return order;
    throw error;
  }
}
