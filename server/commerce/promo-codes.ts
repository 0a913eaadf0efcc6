import 'server-only';
import { coded } from '@/lib/coded-message';
import { ObjectId } from 'mongodb';
import { cache } from 'react';
import { pageCountOf, skipFor } from '@/lib/pagination';
import type { PageInfo } from '@/lib/pagination';
import type { CourseList } from '@/lib/catalogue';
import type { Currency } from '@/lib/money';
import { currencyOf, noAmounts } from '@/lib/money-totals';
import type { AmountsByCurrency } from '@/lib/money-totals';
import { PROMO_CODE_PATTERN, PROMO_TOO_MANY_TRIES, amountOffOf, describeDiscount, normalizePromoCode, promoRefusalMessage } from '@/lib/promo-codes';
import type { PromoDiscount, PromoLapse, PromoScope } from '@/lib/promo-codes';
import { promoCodeEntrySchema, promoCodeSchema } from '@/lib/schemas/promo-code';
import type { PromoCodeValues } from '@/lib/schemas/promo-code';
import { recordAudit } from '../platform/audit';
import { revalidatePromoCodePages } from '../catalogue/catalogue-cache';
import { NO_LONGER_ON_SALE, ORDER_REFUNDED, startCheckout } from './checkout';
import type { CheckoutStart } from './checkout';
import { collection, groupSums, isDuplicateKey, parseObjectId, withDb } from '../platform/db';
import type { PromoCodeDocument, PromoRedemptionDocument } from '../platform/documents';
import { acceptedPaymentOf, fulfilOrder } from './fulfilment';
import { hasOpenAttempt } from './payment-attempts';
import { HttpError } from '../platform/http';
import { getOrderForOwner } from './orders';
import type { Order } from './orders';
import { assertCheckoutAvailable, paymentGateway } from './payments';
import { authorize } from '../accounts/permissions';
import type { Actor } from '../accounts/permissions';
import { appliedPromoOf, findPromoRedemption, isUsedUp, promoRefOf, promoRefusalFor, redeemPromoForPayment, releasePromoReservation, reservePromo } from './promo-redemptions';
import type { ReserveOutcome } from './promo-redemptions';
import { loadPurchasableItem, takaPriceOf } from './purchasable-items';
import type { User } from '../accounts/users';
import { WRITE_LIMITS, takeAdminWriteAllowance, takeWriteAllowance } from '../platform/write-limits';

// Promo codes: the admin's codes, the buyer's code on the payment page, the code a
// course page advertises, and the discounts in the sales view. Every door (the admin screen's
// server actions, the payment page, the REST API) calls these operations, which authorize the
// actor, validate with lib/schemas/promo-code.ts and take the write allowances themselves.
//
// How a code's seats are reserved, redeemed and given back, exactly once and never past a limit
// on any number of instances, is server/commerce/promo-redemptions.ts (read its header first). In short:
// applying a code takes a seat with guarded single-document increments and records it on the
// order (promoRedemptions, keyed by the order id); the payment is then started at the discounted
// price computed here from the database (server/commerce/checkout.ts startCheckout); fulfilment turns the
// seat into a redemption once, before its exactly-once lock; removing the code or cancelling the
// order gives the seat back; a reservation left unpaid for PROMO_HOLD_MS is released by the sweep
// below (or at once when a buyer finds the code used up), so abandoned carts do not hold a code.
// A buyer's tries, right or wrong, count against a small allowance (WRITE_LIMITS.promoCode), so
// codes cannot be found by guessing.

export const PROMO_CODES_PAGE_SIZE = 50;

const DAY_MS = 24 * 60 * 60_000;

export type PromoCodeStatus = 'active' | 'inactive' | 'scheduled' | 'expired' | 'used-up';

/** A code as the admin screen and the API show it; days are yyyy-mm-dd (UTC), the last day included. */
export type PromoCodeView = {
  id: string;
  code: string;
  discount: PromoDiscount;
  validFrom: string | null;
  validTo: string | null;
  usageLimit: number | null;
  perBuyerLimit: number | null;
  scope: PromoScope;
  active: boolean;
  /** Seats taken: payments under way with the code and payments made with it. */
  used: number;
  status: PromoCodeStatus;
  createdAt: string;
  updatedAt: string;
};

export type PromoCodePage = PageInfo & { items: PromoCodeView[] };

function statusOf(document: PromoCodeDocument, now: Date): PromoCodeStatus {
  if (!document.active) return 'inactive';
  if (document.endsAt && document.endsAt <= now) return 'expired';
  if (document.startsAt && document.startsAt > now) return 'scheduled';
  if (isUsedUp(document)) return 'used-up';
  return 'active';
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The discount as the API answers it: an amount-off code always names its currency (one stored before taka codes has none: dollars). */
function discountView(discount: PromoDiscount): PromoDiscount {
  return discount.kind === 'amount' ? { kind: 'amount', amountCents: discount.amountCents, currency: amountOffOf(discount).currency } : discount;
}

function toView(document: PromoCodeDocument, now = new Date()): PromoCodeView {
  return {
    id: document._id.toHexString(),
    code: document.code,
    discount: discountView(document.discount),
    validFrom: document.startsAt ? dayOf(document.startsAt) : null,
    // Stored as the moment it stops: shown as the last day it works.
    validTo: document.endsAt ? dayOf(new Date(document.endsAt.getTime() - DAY_MS)) : null,
    usageLimit: document.usageLimit ?? null,
    perBuyerLimit: document.perBuyerLimit ?? null,
    scope:
      document.scope.kind === 'items'
        ? { kind: 'items', itemIds: document.scope.itemIds.map((id) => id.toHexString()) }
        : document.scope.kind === 'lists'
          ? { kind: 'lists', lists: [...document.scope.lists] }
          : { kind: document.scope.kind },
    active: document.active,
    used: document.used,
    status: statusOf(document, now),
    createdAt: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
  };
}

/** The stored fields of validated form values: days become UTC moments, ids ObjectIds. */
function storedFields(values: PromoCodeValues): Omit<PromoCodeDocument, '_id' | 'used' | 'createdAt' | 'updatedAt'> {
  const scope: PromoCodeDocument['scope'] =
    values.scope.kind === 'items'
      ? { kind: 'items', itemIds: values.scope.itemIds.map((id) => new ObjectId(id)) }
      : values.scope.kind === 'lists'
        ? { kind: 'lists', lists: values.scope.lists }
        : { kind: values.scope.kind };
  return {
    code: values.code,
    discount: values.discount,
    startsAt: values.validFrom ? new Date(`${values.validFrom}T00:00:00Z`) : null,
    endsAt: values.validTo ? new Date(Date.parse(`${values.validTo}T00:00:00Z`) + DAY_MS) : null,
    usageLimit: values.usageLimit,
    perBuyerLimit: values.perBuyerLimit,
    scope,
    active: values.active,
  };
}

/** Chosen courses and books must exist (a typo'd id would make a code that applies to nothing). */
async function assertItemsExist(scope: PromoCodeDocument['scope']): Promise<void> {
  if (scope.kind !== 'items') return;
  const ids = scope.itemIds;
  const [courses, books] = await Promise.all([
    (await collection('courses')).countDocuments({ _id: { $in: ids } }),
    (await collection('books')).countDocuments({ _id: { $in: ids } }),
  ]);
  if (courses + books < ids.length) throw new HttpError(400, 'someOfTheChosenCoursesOrBooksDoNotExistAnyMore');
}

function duplicateCode(code: string): HttpError {
  return new HttpError(409, coded('aPromoCodeAlreadyExists', { code }));
}

/** Course pages show the codes that exist and apply: any change to codes may change them. */
async function announceCodeChange(): Promise<void> {
  await revalidatePromoCodePages();
}

function summaryOf(values: { code: string; discount: PromoDiscount }): string {
  return `${values.code} (${describeDiscount(values.discount)})`;
}

/** One page of codes, newest first (the admin screen, GET /api/promo-codes). */
export async function listPromoCodes(actor: Actor, page: number): Promise<PromoCodePage> {
  authorize(actor, 'managePromotions');
  return withDb(async () => {
    const codes = await collection('promoCodes');
    const total = await codes.estimatedDocumentCount();
    const pageCount = pageCountOf(total, PROMO_CODES_PAGE_SIZE);
    const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
    const documents = await codes.find({}).sort({ createdAt: -1, _id: -1 }).skip(skipFor(current, PROMO_CODES_PAGE_SIZE)).limit(PROMO_CODES_PAGE_SIZE).toArray();
    const now = new Date();
    return { items: documents.map((document) => toView(document, now)), page: current, pageCount, total, pageSize: PROMO_CODES_PAGE_SIZE };
  });
}

function codeObjectId(id: string): ObjectId {
  const objectId = parseObjectId(id);
  if (!objectId) throw new HttpError(400, 'invalidId');
  return objectId;
}

const NOT_FOUND = 'promoCodeNotFound';

/** Adds a code (admin). 409 when the code exists already, in any case. */
export async function createPromoCode(actor: Actor, input: unknown): Promise<PromoCodeView> {
  authorize(actor, 'managePromotions');
  const values = promoCodeSchema.parse(input);
  const fields = storedFields(values);
  await assertItemsExist(fields.scope);
  await takeAdminWriteAllowance(actor);
  const now = new Date();
  const document: PromoCodeDocument = { _id: new ObjectId(), ...fields, used: 0, createdAt: now, updatedAt: now };
  await withDb(async () => {
    try {
      await (await collection('promoCodes')).insertOne(document);
    } catch (error) {
      if (isDuplicateKey(error)) throw duplicateCode(values.code);
      throw error;
    }
  });
  await recordAudit({ actor, action: 'create', entity: 'promo-code', entityId: document._id.toHexString(), summary: `Added the promo code ${summaryOf(values)}` });
  await announceCodeChange();
  return toView(document, now);
}

/**
 * Changes a code (admin): everything but the seats it has given. A payment already started with
 * the code keeps the terms it was applied with until its hold ends (server/commerce/promo-redemptions.ts).
 */
export async function updatePromoCode(actor: Actor, id: string, input: unknown): Promise<PromoCodeView> {
  authorize(actor, 'managePromotions');
  const objectId = codeObjectId(id);
  const values = promoCodeSchema.parse(input);
  const fields = storedFields(values);
  await assertItemsExist(fields.scope);
  await takeAdminWriteAllowance(actor);
  const updated = await withDb(async () => {
    try {
      return await (await collection('promoCodes')).findOneAndUpdate({ _id: objectId }, { $set: { ...fields, updatedAt: new Date() } }, { returnDocument: 'after' });
    } catch (error) {
      if (isDuplicateKey(error)) throw duplicateCode(values.code);
      throw error;
    }
  });
  if (!updated) throw new HttpError(404, NOT_FOUND);
  await recordAudit({ actor, action: 'update', entity: 'promo-code', entityId: id, summary: `Updated the promo code ${summaryOf(values)}${values.active ? '' : ' (inactive)'}` });
  await announceCodeChange();
  return toView(updated);
}

/** Turns a code off (or on again) without touching its other terms (admin). */
export async function setPromoCodeActive(actor: Actor, id: string, active: boolean): Promise<PromoCodeView> {
  authorize(actor, 'managePromotions');
  const objectId = codeObjectId(id);
  await takeAdminWriteAllowance(actor);
  const updated = await withDb(async () =>
    (await collection('promoCodes')).findOneAndUpdate({ _id: objectId }, { $set: { active, updatedAt: new Date() } }, { returnDocument: 'after' }),
  );
  if (!updated) throw new HttpError(404, NOT_FOUND);
  await recordAudit({ actor, action: 'update', entity: 'promo-code', entityId: id, summary: `${active ? 'Activated' : 'Deactivated'} the promo code ${updated.code}` });
  await announceCodeChange();
  return toView(updated);
}

/**
 * Deletes a code (admin). Its redemptions stay in the sales view (they carry the code's name);
 * payments under way with it are honoured until their hold ends, like a deactivated code.
 */
export async function deletePromoCode(actor: Actor, id: string): Promise<void> {
  authorize(actor, 'managePromotions');
  const objectId = codeObjectId(id);
  await takeAdminWriteAllowance(actor);
  const deleted = await withDb(async () => (await collection('promoCodes')).findOneAndDelete({ _id: objectId }));
  if (!deleted) throw new HttpError(404, NOT_FOUND);
  await withDb(async () => (await collection('promoCodeBuyers')).deleteMany({ codeId: objectId }));
  await recordAudit({ actor, action: 'delete', entity: 'promo-code', entityId: id, summary: `Deleted the promo code ${summaryOf(deleted)}` });
  await announceCodeChange();
}

export type PromoItemChoices = {
  courses: { id: string; title: string; list: CourseList }[];
  books: { id: string; name: string }[];
};

/** The courses and books a code can be limited to, by name (the admin form's picker). */
export async function listPromoItemChoices(actor: Actor): Promise<PromoItemChoices> {
  authorize(actor, 'managePromotions');
  return withDb(async () => {
    // Every item, names only: the whole catalogue is what the admin chooses from.
    const [courses, books] = await Promise.all([
      (await collection('courses')).find({}, { projection: { title: 1, classCourse: 1 } }).toArray(),
      (await collection('books')).find({}, { projection: { bookName: 1 } }).toArray(),
    ]);
    return {
      courses: courses.map((course) => ({ id: course._id.toHexString(), title: course.title, list: course.classCourse })).sort((a, b) => a.title.localeCompare(b.title)),
      books: books.map((book) => ({ id: book._id.toHexString(), name: book.bookName })).sort((a, b) => a.name.localeCompare(b.name)),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The buyer's code on the payment page

/** The applied code: the discount in English words (`description`) and as data (`discount`, for pages in other languages). */
type CheckoutPromo = { code: string; discountCents: number; discountPaisa: number | null; description: string; discount: PromoDiscount };

function checkoutPromo(promo: { code: string; discountCents: number; discountPaisa: number | null; discount: PromoDiscount }): CheckoutPromo {
  return { code: promo.code, discountCents: promo.discountCents, discountPaisa: promo.discountPaisa, description: describeDiscount(promo.discount), discount: discountView(promo.discount) };
}

/** What the payment page shows and pays with (POST /api/create-payment-intent and /api/order/{id}/promo). */
export type CheckoutAnswer = {
  orderId: string;
  /** The catalogue's price now. */
  listPriceCents: number;
  /** What the buyer pays: the catalogue's price less the code's discount. */
  priceCents: number;
  /** The same in taka, for bKash and SSLCommerz (null: the item has no taka price). */
  listPricePaisa: number | null;
  pricePaisa: number | null;
  promo: CheckoutPromo | null;
  promoNotice: string | null;
  /** promoNotice as data: the payment page words it in its own language. */
  promoLapse: PromoLapse | null;
  /** A promo code took the whole price: completed without a card (POST /api/order/{id}/complete-free). */
  free: boolean;
  /** The card payment's client secret; null for a free order. */
  clientSecret: string | null;
};

export function checkoutAnswer(started: CheckoutStart): CheckoutAnswer {
  return {
    orderId: started.order.id,
    listPriceCents: started.listPriceCents,
    priceCents: started.order.priceCents,
    listPricePaisa: started.listPricePaisa,
    pricePaisa: started.order.pricePaisa,
    promo: started.promo ? checkoutPromo(started.promo) : null,
    promoNotice: started.promoNotice,
    promoLapse: started.promoLapse,
    free: started.free,
    clientSecret: started.clientSecret,
  };
}

/** For the payment page's first render: the code the unpaid order holds, priced at `listPriceCents` (no writes). */
export async function promoOnPaymentPage(order: Order, listPriceCents: number, listPricePaisa: number | null): Promise<CheckoutPromo | null> {
  const promo = await appliedPromoOf(promoRefOf(order), listPriceCents, listPricePaisa);
  return promo ? checkoutPromo(promo) : null;
}

/** The caller's order that can still take or lose a code: unpaid, not refunded. */
async function orderForPromo(buyer: Pick<User, 'id'>, orderId: string): Promise<Order> {
  const order = await getOrderForOwner(buyer, orderId);
  if (order.paid) throw new HttpError(409, 'thisOrderIsAlreadyPaid');
  if (order.refundedAt) throw new HttpError(409, ORDER_REFUNDED);
  // 503 before anything is reserved when this server takes no payments.
  assertCheckoutAvailable();
  return order;
}

/** Counts one try of a code; a buyer past the allowance is told so in words (429 with Retry-After). */
async function countPromoTry(buyer: Pick<User, 'id'>): Promise<void> {
  try {
    await takeWriteAllowance(`promo-code:${buyer.id}`, WRITE_LIMITS.promoCode);
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) throw new HttpError(429, PROMO_TOO_MANY_TRIES, error.headers);
    throw error;
  }
}

/**
 * Applies the code the buyer typed to their unpaid order: 404 for a code that does not exist, 409
 * with the reason for one that cannot be used (inactive, not yet or no longer valid, not for this
 * item, used up, used as often as the buyer may). Takes a seat of the code, then restarts the
 * payment at the discounted price computed from the database. A code replacing another gives the
 * other's seat back first. Every try counts against the buyer's promo-code allowance (429).
 */
export async function applyPromoCode(buyer: Pick<User, 'id'>, orderId: string, input: unknown): Promise<CheckoutAnswer> {
  const { code } = promoCodeEntrySchema.parse(input);
  const order = await orderForPromo(buyer, orderId);
  await countPromoTry(buyer);
  const item = await loadPurchasableItem(order.itemId, order.itemKind);
  if (!item) throw new HttpError(409, NO_LONGER_ON_SALE);
  const now = new Date();
  const document = await withDb(async () => (await collection('promoCodes')).findOne({ code }));
  if (!document) throw new HttpError(404, promoRefusalMessage('unknown', order.itemKind));
  const refusal = promoRefusalFor(document, { id: order.itemId, kind: order.itemKind, list: item.list }, now);
  if (refusal) throw new HttpError(409, promoRefusalMessage(refusal, order.itemKind, document.startsAt));
  const ref = promoRefOf(order);
  const current = await findPromoRedemption(ref._id);
  if (current?.state === 'reserved' && current.codeId.equals(document._id)) return checkoutAnswer(await startCheckout(buyer, orderId));
  // Another code (or a lapsed one): off first, the order repriced without it, its seat given back.
  if (current) await startCheckout(buyer, orderId, { promo: 'drop' });
  let outcome: ReserveOutcome = await reservePromo(ref, document, item.priceCents, now, takaPriceOf(item));
  // Seats held by carts abandoned past their hold are given back before anyone is told "used up".
  if (outcome.status === 'refused' && outcome.refusal === 'used-up' && (await releaseExpiredPromoReservations(now, document._id)) > 0) {
    outcome = await reservePromo(ref, document, item.priceCents, now, takaPriceOf(item));
  }
  if (outcome.status === 'refused') throw new HttpError(409, promoRefusalMessage(outcome.refusal, order.itemKind));
  if (outcome.status === 'order-has-a-code') throw new HttpError(409, 'anotherPromoCodeWasAppliedToThisOrderAtTheSameMoment');
  return checkoutAnswer(await startCheckout(buyer, orderId));
}

/** Takes the code off the buyer's unpaid order: the full price again, and the code's seat given back. */
export async function removePromoCode(buyer: Pick<User, 'id'>, orderId: string): Promise<CheckoutAnswer> {
  await orderForPromo(buyer, orderId);
  return checkoutAnswer(await startCheckout(buyer, orderId, { promo: 'drop' }));
}

// ---------------------------------------------------------------------------------------------
// Reservations left unpaid

const PAYMENT_UNDER_WAY = new Set(['processing', 'requires_action', 'requires_capture', 'requires_confirmation']);

/** The order's payment at the provider: fulfilled when it succeeded (true), or still under way (true): its seat must stay. */
async function paymentKeepsSeat(document: PromoRedemptionDocument): Promise<boolean> {
  const order = await withDb(async () => (await collection('orders')).findOne({ _id: document._id }));
  if (!order) return false;
  if (order.paid) {
    // Paid while the code was being applied, or fulfilment stopped half-way: the redemption step
    // settles it (redeemed if the payment was the discounted amount, given back otherwise).
    const accepted = await acceptedPaymentOf(order._id);
    await redeemPromoForPayment(order, accepted?.paymentId ?? order.transactionId ?? '', accepted?.paid ?? { currency: 'usd', minor: order.priceCents });
    return true;
  }
  // A taka payment still open at bKash or SSLCommerz (the reconciler settles it or gives it up after a day).
  if (await hasOpenAttempt(order._id)) return true;
  if (!order.paymentIntentId) return false;
  let intent;
  try {
    intent = await paymentGateway().retrieveIntent(order.paymentIntentId);
  } catch (error) {
    // This server takes no payments (503): nothing can be under way here.
    if (error instanceof HttpError) return false;
    throw error;
  }
  if (intent?.status === 'succeeded') {
    await fulfilOrder(order._id.toHexString(), intent.id, { currency: 'usd', minor: intent.amountCents });
    return true;
  }
  return intent !== null && PAYMENT_UNDER_WAY.has(intent.status);
}

/**
 * Releases reservations whose hold ran out without a payment (all codes, or one), so abandoned
 * carts do not keep a code used up: a payment that succeeded meanwhile is fulfilled instead, one
 * still under way keeps its seat. Run by the background sweep on one instance at a time, and for
 * one code when a buyer finds it used up. Answers how many seats it gave back.
 */
export async function releaseExpiredPromoReservations(now = new Date(), codeId?: ObjectId): Promise<number> {
  const expired = await withDb(async () =>
    (await collection('promoRedemptions'))
      .find(codeId ? { codeId, state: 'reserved', holdUntil: { $lt: now } } : { state: 'reserved', holdUntil: { $lt: now } })
      .limit(200)
      .toArray(),
  );
  let released = 0;
  for (const document of expired) {
    if (await paymentKeepsSeat(document)) continue;
    if (await releasePromoReservation(document._id, now)) released += 1;
  }
  return released;
}

// ---------------------------------------------------------------------------------------------
// Course pages and the sales view

/**
 * The code a course page advertises (its `promoCode` field), only when that code exists, is
 * active and within its dates, applies to this course and has seats left; null otherwise.
 */
export const promoCodeShownFor = cache(async (courseId: string, list: CourseList, promoCode: string): Promise<string | null> => {
  const code = normalizePromoCode(promoCode);
  if (!PROMO_CODE_PATTERN.test(code)) return null;
  const document = await withDb(async () => (await collection('promoCodes')).findOne({ code }));
  if (!document || isUsedUp(document)) return null;
  return promoRefusalFor(document, { id: courseId, kind: 'course', list }, new Date()) === null ? document.code : null;
});

/** Per code: paid orders that redeemed it, and per currency (never added together) the money its discounts took off and what those orders paid. */
export type PromoCodeSales = { code: string; redemptions: number; discount: AmountsByCurrency; revenue: AmountsByCurrency };

type PromoSalesKey = { codeId: ObjectId; code: string; currency?: Currency | null };

/**
 * Discounts given per code (the sales view): the redeemed seats grouped by code and by the currency
 * they were paid in (`redeemedCurrency`, unset for dollars), each summed in that currency's fields.
 */
export async function summarizePromoSales(actor: Actor): Promise<PromoCodeSales[]> {
  authorize(actor, 'viewBusinessRecords');
  return withDb(async () => {
    const groups = await groupSums<PromoSalesKey, PromoRedemptionDocument>(
      await collection('promoRedemptions'),
      { state: 'redeemed' },
      { codeId: '$codeId', code: '$code', currency: '$redeemedCurrency' },
      { redemptions: 1, discountCents: '$discountCents', priceCents: '$priceCents', discountPaisa: '$discountPaisa', pricePaisa: '$pricePaisa' },
    );
    // One row per code: a code renamed between sales comes back once per name, merged here.
    const rows = new Map<string, PromoCodeSales>();
    for (const { key, totals } of groups) {
      const id = key.codeId.toHexString();
      const row = rows.get(id) ?? { code: key.code, redemptions: 0, discount: noAmounts(), revenue: noAmounts() };
      const currency = currencyOf(key.currency);
      row.redemptions += totals.redemptions ?? 0;
      row.discount[currency] += (currency === 'usd' ? totals.discountCents : totals.discountPaisa) ?? 0;
      row.revenue[currency] += (currency === 'usd' ? totals.priceCents : totals.pricePaisa) ?? 0;
      rows.set(id, row);
    }
    return [...rows.values()].sort((a, b) => b.redemptions - a.redemptions || a.code.localeCompare(b.code));
  });
}
