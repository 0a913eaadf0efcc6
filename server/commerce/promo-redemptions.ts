import 'server-only';
import { ObjectId } from 'mongodb';
import { discountFor } from '@/lib/promo-codes';
import type { Money } from '@/lib/money';
import type { PromoDiscount, PromoRefusal } from '@/lib/promo-codes';
import type { CourseList } from '@/lib/catalogue';
import { collection, isDuplicateKey, withDb } from '../platform/db';
import type { OrderDocument, PromoCodeDocument, PromoRedemptionDocument } from '../platform/documents';
import { revalidatePromoCodePages } from '../catalogue/catalogue-cache';
import { loadPurchasableItem } from './purchasable-items';

// The seats of promo codes: how a code applied to an order is reserved, kept, given back and
// redeemed, exactly once and never past its limits, with any number of app instances on one
// database and no transactions. The doors (admin screens, the payment page, the API) are in
// server/commerce/promo-codes.ts; checkout (server/commerce/checkout.ts) and fulfilment (server/commerce/fulfilment.ts) call
// in here.
//
// Collections
//   promoCodes        the code; `used` counts the seats taken (reservations + redemptions).
//   promoCodeBuyers   one document per code and buyer (`{codeId}:{userId}`) counting that buyer's seats.
//   promoRedemptions  one document per order (`_id` = order id): the code applied to it, the
//                     prices it gives, and the state of its seat.
//
// A seat is taken with two guarded single-document increments, the buyer's first:
//   promoCodeBuyers.updateOne({_id, used: {$lt: perBuyerLimit}}, {$inc: {used: 1}}, {upsert: true})
//   promoCodes.findOneAndUpdate({_id, usageLimit: L, used: {$lt: L}}, {$inc: {used: 1}})
// Each is atomic on MongoDB (and on the patched FerretDB), so of 20 buyers racing for the last 5
// seats exactly 5 increments match, on any number of instances; `used` can never pass the limit,
// so neither can redemptions. The order's promoRedemptions document is written after both; a
// second apply racing on the same order collides on its _id and gives its seats back.
//
// States of an order's document, and who moves it (each move is one guarded update, so exactly
// one caller wins it and only the winner touches the counters):
//   reserved  holds a seat until `holdUntil` (PROMO_HOLD_MS after the payment last started with a
//             code that was still valid then). Written when the buyer applies the code.
//   released  the hold ran out before a payment came (server/commerce/promo-codes.ts sweep, or a buyer who
//             found the code used up), or a payment start found the code no longer valid: the
//             seat is back, the order is still priced with the discount. A payment that arrives
//             anyway must take a seat again (and the code must still be valid), or it is refused.
//   redeemed  the payment at the discounted amount was accepted: the seat stays taken unless
//             the order is refunded. Moved by fulfilment before it takes its exactly-once lock,
//             so 20 runs redeem once.
//   refunded  the order was refunded (server/commerce/refunds.ts): the seat is back, and the sales view no
//             longer counts the discount. Final: the order is never paid again (buying again
//             makes a new order).
// Removing the code (buyer) or cancelling the order deletes the document and gives the seat back.
// The order is repriced to the full price *before* that, so a payment at the discounted amount
// arriving in between is refused by fulfilment (amount mismatch) instead of going through
// without a seat.
//
// Changes to a code after the buyer applied it (deactivated, expired, edited, deleted) are
// honoured like a price change (server/commerce/fulfilment.ts PRICE_HOLD_MS): the reservation keeps the
// terms it was applied with until its hold ends; a payment start while the code is valid renews
// the hold, one after it lapsed does not, and the buyer then sees the full price and why.
//
// A process that dies between the two increments, or between them and the document, leaves a
// seat counted that nobody holds: the code can then be redeemed one time fewer than its limit,
// never one time more. Nothing ever decrements without having won a state change first.

/** How long a reservation holds its seat without a payment: the same as a shown price (PRICE_HOLD_MS). */
export const PROMO_HOLD_MS = 30 * 60_000;

export type PromoItem = { id: string; kind: 'course' | 'book'; list: CourseList | null };

/** The code applied to an order, priced in dollars and, when the item has a taka price, in taka (else the paisa fields are null). */
export type AppliedPromo = {
  code: string;
  discount: PromoDiscount;
  listPriceCents: number;
  discountCents: number;
  priceCents: number;
  listPricePaisa: number | null;
  discountPaisa: number | null;
  pricePaisa: number | null;
};

function appliesTo(scope: PromoCodeDocument['scope'], item: PromoItem): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'courses':
      return item.kind === 'course';
    case 'books':
      return item.kind === 'book';
    case 'items':
      return scope.itemIds.some((id) => id.toHexString() === item.id);
    case 'lists':
      return item.kind === 'course' && item.list !== null && scope.lists.includes(item.list);
  }
}

/** Why `code` cannot be used for `item` now, apart from its limits (those are the guarded writes); null when it can. */
export function promoRefusalFor(code: PromoCodeDocument | null, item: PromoItem, now: Date): PromoRefusal | null {
  if (!code) return 'unknown';
  if (!code.active) return 'inactive';
  if (code.startsAt && code.startsAt > now) return 'not-started';
  if (code.endsAt && code.endsAt <= now) return 'ended';
  if (!appliesTo(code.scope, item)) return 'not-applicable';
  return null;
}

/** Whether the code has no seat left (a reservation past its hold may still free one). */
export function isUsedUp(code: Pick<PromoCodeDocument, 'used' | 'usageLimit'>): boolean {
  return code.usageLimit != null && code.used >= code.usageLimit;
}

export function pricePromo(code: string, discount: PromoDiscount, listPriceCents: number, listPricePaisa: number | null = null): AppliedPromo {
  const discountCents = discountFor(discount, { currency: 'usd', minor: listPriceCents });
  const discountPaisa = listPricePaisa === null ? null : discountFor(discount, { currency: 'bdt', minor: listPricePaisa });
  return {
    code,
    discount,
    listPriceCents,
    discountCents,
    priceCents: listPriceCents - discountCents,
    listPricePaisa,
    discountPaisa,
    pricePaisa: listPricePaisa === null || discountPaisa === null ? null : listPricePaisa - discountPaisa,
  };
}

/** The fields a redemption document keeps of a priced code (the taka ones unset when there is no taka price). */
function pricedFields(promo: AppliedPromo) {
  const taka = promo.listPricePaisa === null ? {} : { listPricePaisa: promo.listPricePaisa, discountPaisa: promo.discountPaisa ?? 0, pricePaisa: promo.pricePaisa ?? promo.listPricePaisa };
  return { listPriceCents: promo.listPriceCents, discountCents: promo.discountCents, priceCents: promo.priceCents, ...taka };
}

/** A stored redemption as a priced code. */
function appliedOf(current: PromoRedemptionDocument): AppliedPromo {
  const { code, discount, listPriceCents, discountCents, priceCents } = current;
  return { code, discount, listPriceCents, discountCents, priceCents, listPricePaisa: current.listPricePaisa ?? null, discountPaisa: current.discountPaisa ?? null, pricePaisa: current.pricePaisa ?? null };
}

/** The price the code leaves in `currency` (null: the redemption has no taka price). */
function redemptionPrice(current: PromoRedemptionDocument, currency: Money['currency']): number | null {
  return currency === 'usd' ? current.priceCents : (current.pricePaisa ?? null);
}

function buyerSeatKey(codeId: ObjectId, userId: ObjectId): string {
  return `${codeId.toHexString()}:${userId.toHexString()}`;
}

/** The buyer's seat: one guarded increment (an upsert for the first use). False at the per-buyer limit. */
async function takeBuyerSeat(code: PromoCodeDocument, userId: ObjectId): Promise<boolean> {
  const buyers = await collection('promoCodeBuyers');
  const _id = buyerSeatKey(code._id, userId);
  // Counted for codes without a per-buyer limit too, so a limit set later knows earlier uses.
  const perBuyerLimit = code.perBuyerLimit ?? null;
  const filter = perBuyerLimit === null ? { _id } : { _id, used: { $lt: perBuyerLimit } };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await buyers.updateOne(filter, { $inc: { used: 1 }, $setOnInsert: { codeId: code._id, userId } }, { upsert: true });
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // The document exists: at the limit, or inserted a moment ago by this buyer's other order (try again).
      const current = await buyers.findOne({ _id });
      if (current && perBuyerLimit !== null && current.used >= perBuyerLimit) return false;
    }
  }
  return false;
}

async function giveBackBuyerSeat(codeId: ObjectId, userId: ObjectId): Promise<void> {
  await (await collection('promoCodeBuyers')).updateOne({ _id: buyerSeatKey(codeId, userId), used: { $gt: 0 } }, { $inc: { used: -1 } });
}

/**
 * The code's seat: an increment guarded by the limit the code had when it was read (and that it
 * still has, so an admin raising or lowering it meanwhile is never overrun). Course pages stop
 * showing a code once its last seat is taken, so that moment is announced.
 */
async function takeCodeSeat(code: PromoCodeDocument): Promise<boolean> {
  const codes = await collection('promoCodes');
  // A limit that is not there (null, or a field a store left out) is no limit; `usageLimit: null` matches both.
  let limit = code.usageLimit ?? null;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const filter = limit === null ? { _id: code._id, usageLimit: null } : { _id: code._id, usageLimit: limit, used: { $lt: limit } };
    const after = await codes.findOneAndUpdate(filter, { $inc: { used: 1 } }, { returnDocument: 'after' });
    if (after) {
      if (after.usageLimit != null && after.used >= after.usageLimit) await revalidatePromoCodePages();
      return true;
    }
    const current = await codes.findOne({ _id: code._id }, { projection: { used: 1, usageLimit: 1 } });
    if (!current || (current.usageLimit ?? null) === limit) return false;
    limit = current.usageLimit ?? null;
  }
  return false;
}

async function giveBackCodeSeat(codeId: ObjectId): Promise<void> {
  const after = await (await collection('promoCodes')).findOneAndUpdate(
    { _id: codeId, used: { $gt: 0 } },
    { $inc: { used: -1 } },
    { returnDocument: 'after' },
  );
  // A code that was used up is available again: course pages show it again.
  if (after && after.usageLimit != null && after.used === after.usageLimit - 1) await revalidatePromoCodePages();
}

export type SeatOutcome = 'taken' | 'used-up' | 'buyer-limit';

/** Takes one seat of `code` for the buyer: the buyer's first, then the code's (the buyer's is given back when the code has none). */
export async function takePromoSeat(code: PromoCodeDocument, userId: ObjectId): Promise<SeatOutcome> {
  return withDb(async () => {
    if (!(await takeBuyerSeat(code, userId))) return 'buyer-limit';
    if (await takeCodeSeat(code)) return 'taken';
    await giveBackBuyerSeat(code._id, userId);
    return 'used-up';
  });
}

/** Gives one seat back; only ever called by the caller that won the state change freeing it. */
async function giveBackSeats(codeId: ObjectId, userId: ObjectId): Promise<void> {
  await giveBackCodeSeat(codeId);
  await giveBackBuyerSeat(codeId, userId);
}

/** The order as redemptions are keyed; `mayHoldPromo` false: no code was ever applied to it, so none is looked up. */
type OrderRef = Pick<OrderDocument, '_id' | 'userId' | 'itemId' | 'itemKind'> & { mayHoldPromo?: boolean };

/** The order as this module keys it. */
export function promoRefOf(order: { id: string; userId: string; itemId: string; itemKind: OrderDocument['itemKind']; mayHoldPromo: boolean }): OrderRef {
  return { _id: new ObjectId(order.id), userId: new ObjectId(order.userId), itemId: new ObjectId(order.itemId), itemKind: order.itemKind, mayHoldPromo: order.mayHoldPromo };
}

export type ReserveOutcome = { status: 'reserved'; promo: AppliedPromo } | { status: 'refused'; refusal: 'used-up' | 'buyer-limit' } | { status: 'order-has-a-code' };

/**
 * Reserves a seat of `code` for the order (which holds no code now): the seats, then the order's
 * document. `order-has-a-code` when another request applied a code to the order at the same moment.
 */
export async function reservePromo(order: OrderRef, code: PromoCodeDocument, listPriceCents: number, now = new Date(), listPricePaisa: number | null = null): Promise<ReserveOutcome> {
  const seat = await takePromoSeat(code, order.userId);
  if (seat !== 'taken') return { status: 'refused', refusal: seat };
  const promo = pricePromo(code.code, code.discount, listPriceCents, listPricePaisa);
  const document: PromoRedemptionDocument = {
    _id: order._id,
    codeId: code._id,
    code: code.code,
    userId: order.userId,
    itemId: order.itemId,
    itemKind: order.itemKind,
    discount: code.discount,
    ...pricedFields(promo),
    state: 'reserved',
    appliedAt: now,
    holdUntil: new Date(now.getTime() + PROMO_HOLD_MS),
  };
  return withDb(async () => {
    // The order says it may hold a code before the code is there, so a payment starting meanwhile looks.
    await (await collection('orders')).updateOne({ _id: order._id }, { $set: { promoCodeEntered: true } });
    try {
      await (await collection('promoRedemptions')).insertOne(document);
      return { status: 'reserved', promo };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await giveBackSeats(code._id, order.userId);
      return { status: 'order-has-a-code' };
    }
  });
}

export async function findPromoRedemption(orderId: ObjectId): Promise<PromoRedemptionDocument | null> {
  return withDb(async () => (await collection('promoRedemptions')).findOne({ _id: orderId }));
}

/** reserved → released (the hold ran out, or the code stopped being valid): the seat goes back. True when this call released it. */
export async function releasePromoReservation(orderId: ObjectId, now = new Date()): Promise<boolean> {
  return withDb(async () => {
    const redemptions = await collection('promoRedemptions');
    const reserved = await redemptions.findOne({ _id: orderId, state: 'reserved' });
    if (!reserved) return false;
    const released = await redemptions.updateOne({ _id: orderId, state: 'reserved' }, { $set: { state: 'released', releasedAt: now } });
    if (released.modifiedCount !== 1) return false;
    await giveBackSeats(reserved.codeId, reserved.userId);
    return true;
  });
}

/**
 * Takes the code off the order (removed by the buyer, order cancelled, paid without it): a held
 * seat goes back. A redeemed code stays. Callers reprice the order first (see the header).
 */
export async function dropPromo(orderId: ObjectId): Promise<void> {
  await withDb(async () => {
    const redemptions = await collection('promoRedemptions');
    const current = await redemptions.findOne({ _id: orderId });
    if (!current || current.state === 'redeemed' || current.state === 'refunded') return;
    const dropped = await redemptions.deleteOne({ _id: orderId, state: current.state });
    if (dropped.deletedCount === 1 && current.state === 'reserved') await giveBackSeats(current.codeId, current.userId);
  });
}

async function itemOf(order: OrderRef): Promise<PromoItem> {
  const item = await loadPurchasableItem(order.itemId.toHexString(), order.itemKind);
  return { id: order.itemId.toHexString(), kind: order.itemKind, list: item?.list ?? null };
}

async function loadCode(codeId: ObjectId): Promise<PromoCodeDocument | null> {
  return (await collection('promoCodes')).findOne({ _id: codeId });
}

export type HeldPromo = {
  /** The code the payment is made with, priced at `listPriceCents`; null for none. */
  promo: AppliedPromo | null;
  /** A code the buyer had applied that no longer applies, and why. */
  lapsed: { code: string; refusal: PromoRefusal } | null;
};

const NO_PROMO: HeldPromo = { promo: null, lapsed: null };

/**
 * The code the order is paid with when its payment starts (the payment page, the sandbox card's
 * check): a reservation is repriced at the catalogue's `listPriceCents` with the terms it was
 * applied with, and its hold renewed while the code is valid; a released one takes a seat again
 * if the code is still valid. A code that no longer applies comes back in `lapsed`; its document
 * stays (released) until the caller has repriced the order (forgetLapsedPromo).
 */
export async function holdPromoForPayment(order: OrderRef, listPriceCents: number, now = new Date(), listPricePaisa: number | null = null): Promise<HeldPromo> {
  if (order.mayHoldPromo === false) return NO_PROMO;
  return withDb(async () => {
    const redemptions = await collection('promoRedemptions');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const current = await redemptions.findOne({ _id: order._id });
      if (!current) return NO_PROMO;
      // A refunded order is never paid again (checkout refuses it before this).
      if (current.state === 'refunded') return NO_PROMO;
      // Redeemed by a payment that is being recorded right now: the order keeps the price it was paid at.
      if (current.state === 'redeemed') return { promo: appliedOf(current), lapsed: null };
      const code = await loadCode(current.codeId);
      const refusal = promoRefusalFor(code, await itemOf(order), now);
      if (current.state === 'reserved') {
        const stillHeld = refusal === null || current.holdUntil > now;
        if (!stillHeld) {
          await releasePromoReservation(order._id, now);
          return { promo: null, lapsed: { code: current.code, refusal: refusal ?? 'ended' } };
        }
        const promo = pricePromo(current.code, current.discount, listPriceCents, listPricePaisa);
        // The hold is renewed only while the code is valid: a withdrawn code is honoured for the rest of its hold, no longer.
        const holdUntil = refusal === null ? new Date(now.getTime() + PROMO_HOLD_MS) : current.holdUntil;
        const kept = await redemptions.updateOne(
          { _id: order._id, state: 'reserved' },
          { $set: { ...pricedFields(promo), holdUntil } },
        );
        if (kept.matchedCount === 1) return { promo, lapsed: null };
        continue;
      }
      // Released: the hold ran out; the code applies again only with a seat taken now.
      if (!code || refusal !== null) return { promo: null, lapsed: { code: current.code, refusal: refusal ?? 'unknown' } };
      const seat = await takePromoSeat(code, order.userId);
      if (seat !== 'taken') return { promo: null, lapsed: { code: current.code, refusal: seat } };
      const promo = pricePromo(code.code, code.discount, listPriceCents, listPricePaisa);
      const retaken = await redemptions.updateOne(
        { _id: order._id, state: 'released' },
        {
          $set: {
            state: 'reserved',
            discount: code.discount,
            ...pricedFields(promo),
            holdUntil: new Date(now.getTime() + PROMO_HOLD_MS),
          },
          $unset: { releasedAt: '' },
        },
      );
      if (retaken.modifiedCount === 1) return { promo, lapsed: null };
      await giveBackSeats(code._id, order.userId);
    }
    // The document kept changing under us (other tabs of the same buyer): pay without a code this time.
    return NO_PROMO;
  });
}

/**
 * The order paid with a code was refunded: redeemed → refunded, and the seat goes back to the code
 * and the buyer (the payment that used it was returned). Once, by whichever call wins the state
 * change; true when this call gave the seat back.
 */
export async function returnPromoSeatOfRefund(orderId: ObjectId, now = new Date()): Promise<boolean> {
  return withDb(async () => {
    const redemptions = await collection('promoRedemptions');
    const redeemed = await redemptions.findOne({ _id: orderId, state: 'redeemed' });
    if (!redeemed) return false;
    const moved = await redemptions.updateOne({ _id: orderId, state: 'redeemed' }, { $set: { state: 'refunded', refundedAt: now } });
    if (moved.modifiedCount !== 1) return false;
    await giveBackSeats(redeemed.codeId, redeemed.userId);
    return true;
  });
}

/** Deletes a lapsed (released) code once the order no longer carries its discount. */
export async function forgetLapsedPromo(orderId: ObjectId): Promise<void> {
  await withDb(async () => (await collection('promoRedemptions')).deleteOne({ _id: orderId, state: 'released' }));
}

/** For pages: the code the order holds a seat for, priced at `listPriceCents` (no writes). */
export async function appliedPromoOf(order: Pick<OrderRef, '_id' | 'mayHoldPromo'>, listPriceCents: number, listPricePaisa: number | null = null): Promise<AppliedPromo | null> {
  if (order.mayHoldPromo === false) return null;
  const current = await findPromoRedemption(order._id);
  return current?.state === 'reserved' ? pricePromo(current.code, current.discount, listPriceCents, listPricePaisa) : null;
}

/**
 * Fulfilment's step, before its lock: records the redemption of the code the payment of
 * `amountCents` was made with. True when the payment may be accepted: no code, the code redeemed
 * (now, or by an earlier run), or a payment that did not use it (its seat is given back). False
 * when the payment used a discount whose seat lapsed and cannot be taken again (used up since, or
 * the code no longer valid): it must not be accepted, or the code would pass its limit.
 */
export async function redeemPromoForPayment(order: OrderDocument, paymentIntentId: string, amount: Money, now = new Date()): Promise<boolean> {
  return withDb(async () => {
    const redemptions = await collection('promoRedemptions');
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const current = await redemptions.findOne({ _id: order._id });
      // Refunded: a replayed confirmation of the refunded payment, which fulfilment ignores.
      if (!current || current.state === 'redeemed' || current.state === 'refunded') return true;
      const priceField = amount.currency === 'usd' ? 'priceCents' : 'pricePaisa';
      const discountIn = amount.currency === 'usd' ? current.discountCents : (current.discountPaisa ?? 0);
      if (redemptionPrice(current, amount.currency) !== amount.minor || discountIn === 0) {
        // Paid at another amount (the order was repriced without the code meanwhile), or in a
        // currency the code takes nothing off (a dollar amount-off code, paid in taka): the code was not used.
        await dropPromo(order._id);
        return true;
      }
      if (current.state === 'reserved') {
        const redeemed = await redemptions.updateOne(
          { _id: order._id, state: 'reserved', [priceField]: amount.minor },
          { $set: { state: 'redeemed', redeemedAt: now, paymentIntentId, redeemedCurrency: amount.currency } },
        );
        if (redeemed.matchedCount === 1) return true;
        continue;
      }
      const code = await loadCode(current.codeId);
      if (!code || promoRefusalFor(code, await itemOf(order), now) !== null) return false;
      if ((await takePromoSeat(code, order.userId)) !== 'taken') return false;
      const redeemed = await redemptions.updateOne(
        { _id: order._id, state: 'released', [priceField]: amount.minor },
        { $set: { state: 'redeemed', redeemedAt: now, paymentIntentId, redeemedCurrency: amount.currency }, $unset: { releasedAt: '' } },
      );
      if (redeemed.matchedCount === 1) return true;
      await giveBackSeats(code._id, order.userId);
    }
    throw new Error(`The promo code of order ${order._id.toHexString()} kept changing during its payment; try again`);
  });
}

/**
 * The catalogue price the order's discounted price was computed from, when it was (fulfilment
 * compares that, not the discounted price, with the catalogue); null for an order priced without a code.
 */
export async function promoListPriceOf(orderId: ObjectId, paid: Money): Promise<number | null> {
  const current = await findPromoRedemption(orderId);
  if (!current || redemptionPrice(current, paid.currency) !== paid.minor) return null;
  return paid.currency === 'usd' ? current.listPriceCents : (current.listPricePaisa ?? null);
}

/** The code a paid order was redeemed with, for its receipt, in the currency it was paid in. */
export async function redeemedPromoOf(orderId: ObjectId): Promise<{ code: string; discount: Money; listPrice: Money } | null> {
  const current = await findPromoRedemption(orderId);
  if (current?.state !== 'redeemed') return null;
  const currency = current.redeemedCurrency ?? 'usd';
  const [discount, listPrice] = currency === 'usd' ? [current.discountCents, current.listPriceCents] : [current.discountPaisa ?? 0, current.listPricePaisa ?? 0];
  return { code: current.code, discount: { currency, minor: discount }, listPrice: { currency, minor: listPrice } };
}
