import 'server-only';
import { ObjectId } from 'mongodb';
import type { Filter } from 'mongodb';
import { centsToDollars } from '@/lib/format';
import { pageCountOf, skipFor } from '@/lib/pagination';
import type { PageInfo } from '@/lib/pagination';
import type { Money } from '@/lib/money';
import { addAmounts, noAmounts } from '@/lib/money-totals';
import type { AmountsByCurrency } from '@/lib/money-totals';
import type { LegacyOrder } from '@/lib/schemas/orders';
import { NO_SALES_FILTER, isFiltered } from '@/lib/schemas/sales';
import type { SalesFilter } from '@/lib/schemas/sales';
import { escapeRegex } from '@/lib/regex';
import { attemptIdsIn } from '@/lib/payment-methods';
import { collection, groupSums, isDuplicateKey, parseObjectId, withDb } from '../platform/db';
import type { OrderDocument } from '../platform/documents';
import { acceptedPaymentsOf, amountPaidFor, fulfilOrder } from './fulfilment';
import { HttpError } from '../platform/http';
import { absoluteImageAddress } from '../legacy/legacy-images';
import { assertCheckoutAvailable, paymentGateway } from './payments';
import { dropPromo } from './promo-redemptions';
import { loadPurchasableItem } from './purchasable-items';
import { contactOf } from '../accounts/users';
import type { User } from '../accounts/users';
import { WRITE_LIMITS, takeWriteAllowance } from '../platform/write-limits';
import { authorize } from '../accounts/permissions';
import type { Actor } from '../accounts/permissions';

// Orders (docs/product.md §3 Order, §4 Order): made from the catalogue, owned by one user, paid only through
// server/commerce/fulfilment.ts. Functions take the signed-in user; ownership is checked here, not in pages.

export const ORDERS_PER_PAGE = 20;

export type Buyer = Pick<User, 'id' | 'email' | 'name'> & Partial<Pick<User, 'mobileNumber'>>;

export type OrderItemKind = OrderDocument['itemKind'];

export type Order = {
  id: string;
  userId: string;
  userName: string;
  email: string;
  itemKind: OrderItemKind;
  /** The course or book id (the legacy field `id`). */
  itemId: string;
  productName: string;
  img: string;
  priceCents: number;
  /** The taka charge, once the payment page priced the order in taka (null before, or without a taka price). */
  pricePaisa: number | null;
  paid: boolean;
  /** The payment started for the order, if any (not part of the legacy answer). */
  paymentIntentId: string | null;
  /** A payment of the order was started before (any method; not part of the legacy answer). */
  paymentStarted: boolean;
  /** A promo code may have been applied to it (false: never; not part of the legacy answer). */
  mayHoldPromo: boolean;
  transactionId: string | null;
  createdAt: string;
  paidAt: string | null;
  /** Set once refunded (server/commerce/refunds.ts): `paid` is false again and the order cannot be paid. */
  refundedAt: string | null;
};

/** The ids of the orders' items of one kind (courses or books), for one query per kind. */
export function itemIdsOf(orders: Pick<Order, 'itemId' | 'itemKind'>[], kind: Order['itemKind']): ObjectId[] {
  return orders.filter((order) => order.itemKind === kind).map((order) => new ObjectId(order.itemId));
}

export type OrderPage = PageInfo & { items: Order[] };

export type OrderFilter = 'all' | 'unpaid' | 'paid';


function toOrder(document: OrderDocument): Order {
  return {
    id: document._id.toHexString(),
    userId: document.userId.toHexString(),
    userName: document.userName,
    email: document.email,
    itemKind: document.itemKind,
    itemId: document.itemId.toHexString(),
    productName: document.productName,
    img: document.img,
    priceCents: document.priceCents,
    pricePaisa: document.pricePaisa ?? null,
    paid: document.paid,
    paymentIntentId: document.paymentIntentId ?? null,
    paymentStarted: document.paymentStartedAt !== undefined,
    mayHoldPromo: document.promoCodeEntered !== false,
    transactionId: document.transactionId ?? null,
    createdAt: document.createdAt.toISOString(),
    paidAt: document.paidAt?.toISOString() ?? null,
    refundedAt: document.refundedAt?.toISOString() ?? null,
  };
}

export function toLegacyOrder(order: Order): LegacyOrder {
  return {
    _id: order.id,
    userName: order.userName,
    email: order.email,
    productName: order.productName,
    img: absoluteImageAddress(order.img),
    price: centsToDollars(order.priceCents),
    priceCents: order.priceCents,
    paid: order.paid,
    id: order.itemId,
    ...(order.transactionId ? { transactionId: order.transactionId } : {}),
    ...(order.refundedAt ? { refundedAt: order.refundedAt } : {}),
  };
}

function userObjectId(buyer: Pick<User, 'id'>): ObjectId {
  const id = parseObjectId(buyer.id);
  if (!id) throw new Error(`Malformed user id ${buyer.id}`);
  return id;
}

export type CreatedOrder = { order: Order; created: boolean };

/** An order that already exists for the item: found again (a second Buy Now), or 409 once paid. */
function existingOrder(document: OrderDocument): CreatedOrder {
  if (document.paid) throw new HttpError(409, 'youHaveAlreadyPaidForThisItem');
  return { order: toOrder(document), created: false };
}

/**
 * An unpaid order for a course or book, priced from the catalogue. A second call for the same
 * item finds the first order (the unique {userId, itemId} index decides races, on any number of
 * instances); 409 once paid. Counted against the account's order allowance (429 past it). 503
 * when this server takes no payments: checkout does not start.
 */
export async function createOrder(buyer: Buyer, itemId: string): Promise<CreatedOrder> {
  const itemObjectId = parseObjectId(itemId);
  if (!itemObjectId) throw new HttpError(400, 'invalidId');
  assertCheckoutAvailable();
  const item = await loadPurchasableItem(itemId);
  if (!item) throw new HttpError(404, 'courseOrBookNotFound');
  const userId = userObjectId(buyer);
  await takeWriteAllowance(`order:${buyer.id}`, WRITE_LIMITS.order);
  return withDb(async () => {
    const orders = await collection('orders');
    const recorded = await orders.findOne({ userId, itemId: itemObjectId });
    // A refunded order is never paid again (its id keys the spent payment, fulfilment and refund):
    // buying anew replaces it with a new order. Its history stays in `refunds`.
    if (recorded?.refundedAt) await orders.deleteOne({ _id: recorded._id, refundedAt: { $exists: true } });
    else if (recorded) return existingOrder(recorded);
    const document: OrderDocument = {
      _id: new ObjectId(),
      userId,
      userName: buyer.name,
      email: contactOf(buyer),
      itemKind: item.kind,
      itemId: itemObjectId,
      productName: item.name,
      img: item.img,
      priceCents: item.priceCents,
      paid: false,
      promoCodeEntered: false,
      createdAt: new Date(),
    };
    try {
      await orders.insertOne(document);
    } catch (error) {
      // Another click made the order a moment before: that one is the order.
      const existing = isDuplicateKey(error) ? await orders.findOne({ userId, itemId: itemObjectId }) : null;
      if (!existing) throw error;
      return existingOrder(existing);
    }
    return { order: toOrder(document), created: true };
  });
}

/** The user's order for an item (null when none). */
async function findUserOrderForItem(userId: ObjectId, itemId: ObjectId): Promise<OrderDocument | null> {
  return (await collection('orders')).findOne({ userId, itemId });
}

const FILTERS: Record<OrderFilter, Filter<OrderDocument>> = {
  all: {},
  // A refunded order is not waiting to be paid (it cannot be).
  unpaid: { paid: false, refundedAt: { $exists: false } },
  paid: { paid: true },
};

/** One page of a user's orders, newest first (the user_newest_first and user_paid_newest_first indexes). */
export async function listOrders(buyer: Pick<User, 'id'>, filter: OrderFilter, page: number): Promise<OrderPage> {
  const query = { userId: userObjectId(buyer), ...FILTERS[filter] };
  return withDb(async () => {
    const orders = await collection('orders');
    const [documents, total] = await Promise.all([
      orders.find(query).sort({ createdAt: -1, _id: -1 }).skip(skipFor(page, ORDERS_PER_PAGE)).limit(ORDERS_PER_PAGE).toArray(),
      orders.countDocuments(query),
    ]);
    return { items: documents.map(toOrder), page, pageCount: pageCountOf(total, ORDERS_PER_PAGE), total, pageSize: ORDERS_PER_PAGE };
  });
}

export function listUnpaidOrders(buyer: Pick<User, 'id'>, page: number): Promise<OrderPage> {
  return listOrders(buyer, 'unpaid', page);
}

export function listPaidOrders(buyer: Pick<User, 'id'>, page: number): Promise<OrderPage> {
  return listOrders(buyer, 'paid', page);
}

async function findOrderDocument(orderId: string): Promise<OrderDocument | null> {
  const objectId = parseObjectId(orderId);
  if (!objectId) throw new HttpError(400, 'invalidId');
  return withDb(async () => (await collection('orders')).findOne({ _id: objectId }));
}

/** The stored order, if `buyer` owns it: 400 malformed id, 404 unknown, 403 someone else's. */
async function findOwnedOrderDocument(buyer: Pick<User, 'id'>, orderId: string): Promise<OrderDocument> {
  const document = await findOrderDocument(orderId);
  if (!document) throw new HttpError(404, 'orderNotFound');
  if (document.userId.toHexString() !== buyer.id) throw new HttpError(403, 'forbiddenAccess');
  return document;
}

/** The order, if `buyer` owns it: 400 malformed id, 404 unknown, 403 someone else's. */
export async function getOrderForOwner(buyer: Pick<User, 'id'>, orderId: string): Promise<Order> {
  return toOrder(await findOwnedOrderDocument(buyer, orderId));
}

/** For pages: the caller's own order, or null for anything else (the page answers 404). */
export async function findOwnOrder(buyer: Pick<User, 'id'>, orderId: string): Promise<Order | null> {
  if (!parseObjectId(orderId)) return null;
  const document = await findOrderDocument(orderId);
  return document && document.userId.toHexString() === buyer.id ? toOrder(document) : null;
}

/**
 * Sets what the unpaid order charges (the catalogue's, read at payment): in dollars, and in taka
 * when the item has a taka price (`pricePaisa` null: none, unset); and when the buyer was shown it
 * (server/commerce/fulfilment.ts honours that price for a while if it changes again).
 *
 * `claimFirstStart`: the same write claims the order's first payment start, on whichever instance
 * it arrives; the answer says whether it did (false: another start claimed it first, nothing is
 * written). Without it the answer is true.
 */
export async function priceOrder(
  orderId: string,
  priceCents: number,
  pricePaisa: number | null,
  { claimFirstStart = false, now = new Date() }: { claimFirstStart?: boolean; now?: Date } = {},
): Promise<boolean> {
  const objectId = parseObjectId(orderId);
  if (!objectId) throw new HttpError(400, 'invalidId');
  const prices = { priceCents, pricedAt: now, ...(pricePaisa === null ? {} : { pricePaisa }), ...(claimFirstStart ? { paymentStartedAt: now } : {}) };
  const update = pricePaisa === null ? { $set: prices, $unset: { pricePaisa: '' as const } } : { $set: prices };
  const filter = claimFirstStart ? { _id: objectId, paid: false, paymentStartedAt: { $exists: false } } : { _id: objectId, paid: false };
  const priced = await withDb(async () => (await collection('orders')).updateOne(filter, update));
  return !claimFirstStart || priced.matchedCount === 1;
}

/** Remembers the intent started for an order, so cancelling the order can cancel it too. */
export async function recordPaymentIntent(orderId: string, paymentIntentId: string): Promise<void> {
  const objectId = parseObjectId(orderId);
  if (!objectId) throw new HttpError(400, 'invalidId');
  await withDb(async () => (await collection('orders')).updateOne({ _id: objectId, paid: false }, { $set: { paymentIntentId } }));
}

/**
 * Deletes the caller's unpaid order (docs/product.md §4: cancel only while unpaid). A payment already started
 * is cancelled at the provider first; if it went through meanwhile, the order is fulfilled and stays.
 */
export async function cancelUnpaidOrder(buyer: Pick<User, 'id'>, orderId: string): Promise<void> {
  const order = await findOwnedOrderDocument(buyer, orderId);
  const paidAlready = new HttpError(409, 'aPaidOrderCannotBeCancelled');
  if (order.paid) throw paidAlready;
  // Kept as the buyer's record of the refund; buying the item again replaces it.
  if (order.refundedAt) throw new HttpError(409, 'aRefundedOrderCannotBeCancelled');
  if (order.paymentIntentId) {
    const intent = await paymentGateway().cancelIntent(order.paymentIntentId);
    if (intent?.status === 'succeeded') {
      await fulfilOrder(orderId, intent.id, { currency: 'usd', minor: intent.amountCents });
      throw paidAlready;
    }
  }
  const result = await withDb(async () => (await collection('orders')).deleteOne({ _id: order._id, userId: order.userId, paid: false }));
  if (result.deletedCount === 0) throw paidAlready;
  // The order is gone, so no payment can use its promo code any more: the seat goes back.
  await dropPromo(order._id);
}

export type ItemOrderStatus = { paid: boolean; orderId: string | null };

/** The buyer's order of a course or book, if any: 400 for a malformed id. */
export async function findOrderForItem(buyer: Pick<User, 'id'>, itemId: string): Promise<Order | null> {
  const itemObjectId = parseObjectId(itemId);
  if (!itemObjectId) throw new HttpError(400, 'invalidId');
  const document = await withDb(() => findUserOrderForItem(userObjectId(buyer), itemObjectId));
  return document && toOrder(document);
}

/** Whether an order (findOrderForItem) is there and paid. */
export function orderStatusOf(order: Order | null): ItemOrderStatus {
  return { paid: order?.paid ?? false, orderId: order?.id ?? null };
}

/** Whether the user has ordered / paid for a course or book. */
export async function orderStatusForItem(buyer: Pick<User, 'id'>, itemId: string): Promise<ItemOrderStatus> {
  return orderStatusOf(await findOrderForItem(buyer, itemId));
}

export async function hasPaidOrder(buyer: Pick<User, 'id'>, itemId: string): Promise<boolean> {
  return (await orderStatusForItem(buyer, itemId)).paid;
}

export type ItemSales = {
  itemId: string;
  itemKind: OrderItemKind;
  productName: string;
  paidOrders: number;
  /** What its paid orders paid, per currency (never added together). */
  revenue: AmountsByCurrency;
};

export type SalesSummary = {
  paidOrders: number;
  unpaidOrders: number;
  /** Net of refunds (a refunded order is no longer paid), per currency. */
  revenue: AmountsByCurrency;
  byItem: ItemSales[];
};

type SalesKey = { itemId: ObjectId; itemKind: OrderItemKind; productName: string };

/**
 * Payments in taka are bKash's and SSLCommerz's, whose ids are payment attempts'
 * (lib/payment-methods.ts); every other payment of an order (a card's intent, a free order's
 * `free_…`) is in dollars. A paid order's charge in the currency it was paid in is its price in that
 * currency (fulfilment accepts no other amount), so sums of orders need no other read.
 */
const TAKA_PAYMENT_ID = attemptIdsIn('bdt');

/**
 * What each paid or refunded order of a page was paid (by order id), from their fulfilments: one
 * read by _id however many orders. Unpaid orders are left out (they show their prices).
 */
export async function paidAmountsOf(orders: Pick<Order, 'id' | 'paid' | 'refundedAt' | 'priceCents' | 'pricePaisa' | 'transactionId'>[]): Promise<Map<string, Money>> {
  const settled = orders.filter((order) => order.paid || order.refundedAt !== null);
  const accepted = await acceptedPaymentsOf(settled.map((order) => new ObjectId(order.id)));
  return new Map(settled.map((order) => [order.id, amountPaidFor(order, accepted.get(order.id))]));
}

/**
 * Orders, revenue and sales by item for the admin, revenue per currency. Two sums over the paid
 * orders grouped by item: all of them in dollars, and those paid in taka (their payment ids, the
 * `transaction` index) in both currencies; the dollar revenue is the first less the second.
 */
export async function summarizeSales(actor: Actor): Promise<SalesSummary> {
  authorize(actor, 'viewBusinessRecords');
  return withDb(async () => {
    const orders = await collection('orders');
    const byItemKey = { itemId: '$itemId', itemKind: '$itemKind', productName: '$productName' };
    const [all, taka, unpaidOrders] = await Promise.all([
      groupSums<SalesKey, OrderDocument>(orders, { paid: true }, byItemKey, { paidOrders: 1, cents: '$priceCents' }),
      groupSums<SalesKey, OrderDocument>(orders, { paid: true, transactionId: { $regex: TAKA_PAYMENT_ID } }, byItemKey, { cents: '$priceCents', paisa: '$pricePaisa' }),
      orders.countDocuments({ paid: false, refundedAt: { $exists: false } }),
    ]);
    // An item renamed between sales comes back once per name: merged into one row per item.
    const items = new Map<string, ItemSales>();
    const rowOf = (key: SalesKey) => {
      const itemId = key.itemId.toHexString();
      const row = items.get(itemId) ?? { itemId, itemKind: key.itemKind, productName: key.productName, paidOrders: 0, revenue: noAmounts() };
      items.set(itemId, row);
      return row;
    };
    for (const { key, totals } of all) {
      const row = rowOf(key);
      row.paidOrders += totals.paidOrders ?? 0;
      row.revenue.usd += totals.cents ?? 0;
    }
    // The taka orders were summed above at their dollar prices: those come off, their taka go on.
    for (const { key, totals } of taka) {
      const row = rowOf(key);
      row.revenue.usd -= totals.cents ?? 0;
      row.revenue.bdt += totals.paisa ?? 0;
    }
    const byItem = [...items.values()].sort(
      (a, b) => b.paidOrders - a.paidOrders || b.revenue.usd - a.revenue.usd || b.revenue.bdt - a.revenue.bdt || a.productName.localeCompare(b.productName),
    );
    return {
      paidOrders: byItem.reduce((sum, row) => sum + row.paidOrders, 0),
      unpaidOrders,
      revenue: byItem.reduce((sum, row) => addAmounts(sum, row.revenue), noAmounts()),
      byItem,
    };
  });
}

/** The orders a sales filter keeps, as a query an index answers (buyer, item or the date, newest first). */
function salesQuery(filter: SalesFilter): Filter<OrderDocument> {
  const query: Filter<OrderDocument> = {};
  // Anchored at the start, so the e-mail index is used.
  if (filter.buyer) query.email = { $regex: `^${escapeRegex(filter.buyer)}` };
  if (filter.item) query.itemId = new ObjectId(filter.item);
  if (filter.from || filter.to) {
    query.createdAt = {
      ...(filter.from ? { $gte: new Date(`${filter.from}T00:00:00.000Z`) } : {}),
      ...(filter.to ? { $lte: new Date(`${filter.to}T23:59:59.999Z`) } : {}),
    };
  }
  if (filter.state === 'paid') query.paid = true;
  if (filter.state === 'unpaid') Object.assign(query, { paid: false, refundedAt: { $exists: false } });
  if (filter.state === 'refunded') query.refundedAt = { $exists: true };
  return query;
}

/** The orders the admin's sales view lists: all, or those a filter keeps; newest first. */
export async function listAllOrders(actor: Actor, page: number, filter: SalesFilter = NO_SALES_FILTER): Promise<OrderPage> {
  authorize(actor, 'viewBusinessRecords');
  return withDb(async () => {
    const orders = await collection('orders');
    const query = salesQuery(filter);
    const [documents, total] = await Promise.all([
      orders.find(query).sort({ createdAt: -1, _id: -1 }).skip(skipFor(page, ORDERS_PER_PAGE)).limit(ORDERS_PER_PAGE).toArray(),
      isFiltered(filter) ? orders.countDocuments(query) : orders.estimatedDocumentCount(),
    ]);
    return { items: documents.map(toOrder), page, pageCount: pageCountOf(total, ORDERS_PER_PAGE), total, pageSize: ORDERS_PER_PAGE };
  });
}
