import { ObjectId } from 'mongodb';
import { NextRequest } from 'next/server';
import type { CourseDocument } from '../platform/documents';
import { paymentIntentSchema } from '@/lib/schemas/orders';
import { insertBookOnSale, insertCourse, makeBuyer } from '@/tests/support/commerce-fixtures';
import { expectHttpError } from '@/tests/support/expectations';
import { temporaryOutbox } from '@/tests/support/mail-outbox';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { caller } from '@/tests/support/signed-in-caller';
import type { Actor } from '../accounts/permissions';
import type { User } from '../accounts/users';

jest.mock('../accounts/guards', () => jest.requireActual('@/tests/support/signed-in-caller').guards);
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

// Promo codes against the real embedded database, the real sandbox gateway and the real
// fulfilment: limits under concurrency, per-buyer limits, case-insensitive codes, every
// refusal, the amount charged, free orders, exactly-once redemption, seats given back, and the doors' permissions.
selectPrivateDatabase('kz_jest_promo_codes');
const outbox = temporaryOutbox('kz-promo-outbox-');
delete process.env.STRIPE_SECRET_KEY;

type Modules = {
  promo: typeof import('./promo-codes');
  redemptions: typeof import('./promo-redemptions');
  checkout: typeof import('./checkout');
  orders: typeof import('./orders');
  fulfilment: typeof import('./fulfilment');
  db: typeof import('../platform/db');
};
let m: Modules;

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
let promoRoutes: { list: Record<string, Handler>; one: Record<string, Handler> };

const admin: Actor = { id: new ObjectId().toHexString(), email: 'admin@example.com', role: 'admin' };
const learner: Actor = { id: new ObjectId().toHexString(), email: 'learner@example.com', role: 'user' };
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };

beforeAll(async () => {
  m = {
    promo: await import('./promo-codes'),
    redemptions: await import('./promo-redemptions'),
    checkout: await import('./checkout'),
    orders: await import('./orders'),
    fulfilment: await import('./fulfilment'),
    db: await import('../platform/db'),
  };
  promoRoutes = {
    list: (await import('@/app/api/promo-codes/route')) as unknown as Record<string, Handler>,
    one: (await import('@/app/api/promo-codes/[id]/route')) as unknown as Record<string, Handler>,
  };
});

const COLLECTIONS = ['orders', 'courses', 'books', 'bookFileMeta', 'bookFiles', 'fulfilments', 'fulfilmentClaims', 'sandboxPaymentIntents', 'promoCodes', 'promoRedemptions', 'promoCodeBuyers', 'rateLimits', 'auditLog'];

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(COLLECTIONS.map((name) => db.collection(name).deleteMany({})));
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  await m.db.closeDb();
});

type CodeInput = Record<string, unknown>;

function codeBody(overrides: CodeInput = {}): CodeInput {
  return { code: 'SAVE10', discountType: 'percent', percentOff: 10, amountOff: null, validFrom: '', validTo: '', usageLimit: '', perBuyerLimit: '', appliesTo: 'all', active: true, ...overrides };
}

async function createCode(overrides: CodeInput = {}) {
  return m.promo.createPromoCode(admin, codeBody(overrides));
}

async function storedCode(code: string) {
  return (await m.db.collection('promoCodes')).findOne({ code });
}

/** A buyer with an unpaid order for `course` whose payment page is open (the intent started at the full price). */
async function buyerAtPayment(course: CourseDocument, name = 'Buyer') {
  const buyer = makeBuyer(name);
  const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
  await m.checkout.startCheckout(buyer, order.id);
  return { buyer, orderId: order.id };
}

async function intentOf(orderId: string) {
  return (await m.db.collection('sandboxPaymentIntents')).findOne({ orderId: new ObjectId(orderId) });
}

async function redemptionOf(orderId: string) {
  return (await m.db.collection('promoRedemptions')).findOne({ _id: new ObjectId(orderId) });
}

function statusOf(outcome: PromiseSettledResult<unknown>): number | 'ok' {
  return outcome.status === 'fulfilled' ? 'ok' : ((outcome.reason as { status?: number }).status ?? -1);
}

describe('limits under concurrency', () => {
  it('a code with a limit of 5 applied by 20 concurrent buyers is reserved and redeemed exactly 5 times', async () => {
    const course = await insertCourse({ priceCents: 2000 });
    await createCode({ code: 'FIVE', usageLimit: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, index) => buyerAtPayment(course, `Racer${index}`)));

    const outcomes = await Promise.allSettled(buyers.map(({ buyer, orderId }) => m.promo.applyPromoCode(buyer, orderId, { code: 'five' })));
    const statuses = outcomes.map(statusOf);
    expect(statuses.filter((status) => status === 'ok')).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect((outcome.reason as Error).message).toBe('This promo code has been used up.');
    expect(await storedCode('FIVE')).toMatchObject({ used: 5 });

    // The five pay, all at once, at the discounted amount.
    const winners = buyers.filter((_, index) => outcomes[index]?.status === 'fulfilled');
    const payments = await Promise.all(
      winners.map(async ({ buyer, orderId }) => {
        const intent = await intentOf(orderId);
        return m.checkout.payWithSandboxCard(buyer, intent!.clientSecret, GOOD_CARD);
      }),
    );
    expect(payments.every((payment) => payment.ok && payment.order.priceCents === 1800)).toBe(true);
    expect(await (await m.db.collection('promoRedemptions')).countDocuments({ state: 'redeemed' })).toBe(5);
    expect(await storedCode('FIVE')).toMatchObject({ used: 5 });
    expect(await m.promo.summarizePromoSales(admin)).toEqual([{ code: 'FIVE', redemptions: 5, discount: { usd: 1000, bdt: 0 }, revenue: { usd: 9000, bdt: 0 } }]);
  });

  it('accepts no more than the limit when 20 payments whose reservations lapsed arrive at once', async () => {
    // Twenty carts that held seats, all released (abandoned past their hold), then twenty payments
    // at the discounted price: fulfilment must take a seat again, and only 5 exist.
    const course = await insertCourse({ priceCents: 2000 });
    await createCode({ code: 'LATE5', usageLimit: 20 });
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, index) => buyerAtPayment(course, `Late${index}`)));
    for (const { buyer, orderId } of buyers) await m.promo.applyPromoCode(buyer, orderId, { code: 'LATE5' });
    await (await m.db.collection('promoRedemptions')).updateMany({}, { $set: { holdUntil: new Date(Date.now() - 1000) } });
    expect(await m.promo.releaseExpiredPromoReservations()).toBe(20);
    expect(await storedCode('LATE5')).toMatchObject({ used: 0 });
    await (await m.db.collection('promoCodes')).updateOne({ code: 'LATE5' }, { $set: { usageLimit: 5 } });

    const outcomes = await Promise.all(buyers.map(async ({ orderId }) => m.fulfilment.fulfilOrder(orderId, `pi_late_${orderId}`, { currency: 'usd', minor: 1800 })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected' && outcome.reason === 'promo-code-unavailable')).toHaveLength(15);
    expect(await storedCode('LATE5')).toMatchObject({ used: 5 });
    expect(await (await m.db.collection('promoRedemptions')).countDocuments({ state: 'redeemed' })).toBe(5);
    expect(await (await m.db.collection('orders')).countDocuments({ paid: true })).toBe(5);
  });

  it('holds the per-buyer limit, also for one buyer applying the code to five orders at once', async () => {
    const courses = await Promise.all(Array.from({ length: 5 }, (_, index) => insertCourse({ title: `Course ${index}`, priceCents: 1500 })));
    await createCode({ code: 'TWICE', perBuyerLimit: 2 });
    const buyer = makeBuyer('Greedy');
    const orders = [];
    for (const course of courses) {
      const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
      await m.checkout.startCheckout(buyer, order.id);
      orders.push(order.id);
    }
    const outcomes = await Promise.allSettled(orders.map((orderId) => m.promo.applyPromoCode(buyer, orderId, { code: 'TWICE' })));
    expect(outcomes.map(statusOf).filter((status) => status === 'ok')).toHaveLength(2);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, message: 'You have already used this promo code as many times as it allows.' });
    expect(await (await m.db.collection('promoCodeBuyers')).findOne({})).toMatchObject({ used: 2 });
    // Another buyer is not limited by this one.
    const other = await buyerAtPayment(courses[0]!, 'Other');
    await expect(m.promo.applyPromoCode(other.buyer, other.orderId, { code: 'TWICE' })).resolves.toMatchObject({ promo: { code: 'TWICE' } });
    // Taking the code off one order gives the buyer's use back.
    const applied = orders.filter((_, index) => outcomes[index]?.status === 'fulfilled');
    await m.promo.removePromoCode(buyer, applied[0]!);
    const rest = orders.filter((orderId) => !applied.includes(orderId));
    await expect(m.promo.applyPromoCode(buyer, rest[0]!, { code: 'TWICE' })).resolves.toMatchObject({ promo: { code: 'TWICE' } });
  });
});

describe('applying a code', () => {
  it('is case-insensitive: stored upper-cased, found however it is typed, unique in any case', async () => {
    const created = await createCode({ code: '  Spring-Sale ' });
    expect(created.code).toBe('SPRING-SALE');
    await expectHttpError(createCode({ code: 'spring-SALE' }), 409);
    const course = await insertCourse({ priceCents: 3000 });
    const { buyer, orderId } = await buyerAtPayment(course);
    expect(await m.promo.applyPromoCode(buyer, orderId, { code: ' spring-sale ' })).toMatchObject({
      listPriceCents: 3000,
      priceCents: 2700,
      promo: { code: 'SPRING-SALE', discountCents: 300, description: '10% off', discount: { kind: 'percent', percent: 10 } },
      free: false,
    });
  });

  it('treats limit fields a store left out as no limit (FerretDB drops nulls from $setOnInsert)', async () => {
    const course = await insertCourse({ priceCents: 1000 });
    const now = new Date();
    await (await m.db.getDb()).collection('promoCodes').insertOne({ _id: new ObjectId(), code: 'BARE', discount: { kind: 'percent', percent: 10 }, scope: { kind: 'courses' }, active: true, used: 0, createdAt: now, updatedAt: now });
    const { buyer, orderId } = await buyerAtPayment(course);
    await expect(m.promo.applyPromoCode(buyer, orderId, { code: 'bare' })).resolves.toMatchObject({ priceCents: 900 });
    expect((await m.promo.listPromoCodes(admin, 1)).items[0]).toMatchObject({ code: 'BARE', usageLimit: null, perBuyerLimit: null, used: 1, status: 'active' });
  });

  it('charges the discounted amount computed on the server, whatever the client sent, and records it once with the payment', async () => {
    const course = await insertCourse({ priceCents: 1999 });
    await createCode({ code: 'KZ2026' });
    const buyer = makeBuyer('Sumaiya');
    const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
    // The legacy body's price (1 cent) is ignored.
    const started = await m.checkout.startCheckout(buyer, paymentIntentSchema.parse({ id: order.id, price: 0.01 }).orderId);
    expect(started).toMatchObject({ listPriceCents: 1999, promo: null, order: { priceCents: 1999 } });

    const answer = await m.promo.applyPromoCode(buyer, order.id, { code: 'kz2026' });
    expect(answer).toMatchObject({ listPriceCents: 1999, priceCents: 1799, promo: { code: 'KZ2026', discountCents: 200 }, clientSecret: started.clientSecret });
    // One intent per order: the same one, now at the discounted amount; the order says so too.
    expect(await intentOf(order.id)).toMatchObject({ amountCents: 1799, clientSecret: started.clientSecret });
    expect(await m.checkout.getOrderToPay(buyer, order.id)).toMatchObject({ priceCents: 1799 });

    // A reload keeps the code and the amount.
    expect(m.promo.checkoutAnswer(await m.checkout.startCheckout(buyer, order.id))).toMatchObject({ priceCents: 1799, promo: { code: 'KZ2026' } });
    // A payment of any other amount is refused and changes nothing.
    expect(await m.fulfilment.fulfilOrder(order.id, 'pi_full_price', { currency: 'usd', minor: 1999 })).toEqual({ status: 'rejected', reason: 'amount-mismatch' });
    expect(await m.fulfilment.fulfilOrder(order.id, 'pi_one_cent', { currency: 'usd', minor: 1 })).toEqual({ status: 'rejected', reason: 'amount-mismatch' });
    expect(await redemptionOf(order.id)).toMatchObject({ state: 'reserved' });

    const paid = await m.checkout.payWithSandboxCard(buyer, started.clientSecret!, GOOD_CARD);
    expect(paid).toMatchObject({ ok: true, order: { paid: true, priceCents: 1799 } });
    expect(await intentOf(order.id)).toMatchObject({ status: 'succeeded', amountCents: 1799 });
    expect(await (await m.db.collection('fulfilments')).findOne({ _id: new ObjectId(order.id) })).toMatchObject({ amountCents: 1799 });
    expect(await redemptionOf(order.id)).toMatchObject({ state: 'redeemed', code: 'KZ2026', listPriceCents: 1999, discountCents: 200, priceCents: 1799, paymentIntentId: paid.ok ? paid.transactionId : '' });
    const [receipt] = outbox.messages();
    expect(receipt).toContain('Promo code KZ2026: -$2.00');
    expect(receipt).toContain('Amount paid: $17.99');
    // Once paid the code cannot be taken off or changed.
    await expectHttpError(m.promo.removePromoCode(buyer, order.id), 409);
  });

  it('marks an order once a code is applied to it, looks up no code for an unmarked one, and still looks on orders made before the mark', async () => {
    const course = await insertCourse({ priceCents: 2000 });
    await createCode({ code: 'MARKED' });
    const orders = await m.db.collection('orders');
    const buyer = makeBuyer('Marked');
    const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
    expect(await orders.findOne({ _id: new ObjectId(order.id) })).toMatchObject({ promoCodeEntered: false });
    expect(await m.checkout.startCheckout(buyer, order.id)).toMatchObject({ promo: null, order: { priceCents: 2000 } });
    await m.promo.applyPromoCode(buyer, order.id, { code: 'MARKED' });
    expect(await orders.findOne({ _id: new ObjectId(order.id) })).toMatchObject({ promoCodeEntered: true });
    await m.promo.removePromoCode(buyer, order.id);
    expect(await orders.findOne({ _id: new ObjectId(order.id) })).toMatchObject({ promoCodeEntered: true });

    // The mark decides: a redemption of an order marked as never having had a code is not looked at.
    const unmarked = makeBuyer('Unmarked');
    const { order: unmarkedOrder } = await m.orders.createOrder(unmarked, course._id.toHexString());
    await m.promo.applyPromoCode(unmarked, unmarkedOrder.id, { code: 'MARKED' });
    await orders.updateOne({ _id: new ObjectId(unmarkedOrder.id) }, { $set: { promoCodeEntered: false } });
    expect(await m.checkout.startCheckout(unmarked, unmarkedOrder.id)).toMatchObject({ promo: null, order: { priceCents: 2000 } });

    // An order from before the field, holding a code: the field is absent, so the code is looked up and charged.
    const older = makeBuyer('Older');
    const { order: olderOrder } = await m.orders.createOrder(older, course._id.toHexString());
    await m.promo.applyPromoCode(older, olderOrder.id, { code: 'MARKED' });
    await orders.updateOne({ _id: new ObjectId(olderOrder.id) }, { $unset: { promoCodeEntered: '' } });
    expect(await m.checkout.startCheckout(older, olderOrder.id)).toMatchObject({ promo: { code: 'MARKED' }, order: { priceCents: 1800 } });
  });

  it('refuses unknown, inactive, not-yet-valid, expired and not-applicable codes with a clear message and reserves nothing', async () => {
    const course = await insertCourse({ classCourse: 'classNine', priceCents: 1000 });
    const book = await insertBookOnSale({ priceCents: 800 });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await createCode({ code: 'OFF-NOW', active: false });
    await createCode({ code: 'SOON', validFrom: day(3) });
    await createCode({ code: 'OLD', validFrom: day(-30), validTo: day(-1) });
    await createCode({ code: 'BOOKS', appliesTo: 'books' });
    await createCode({ code: 'CLASS10', appliesTo: 'lists', lists: ['classTen'] });
    await createCode({ code: 'ONEBOOK', appliesTo: 'items', itemIds: [book._id.toHexString()] });
    await createCode({ code: 'TODAY', validFrom: day(0), validTo: day(0) });
    const { buyer, orderId } = await buyerAtPayment(course);

    const attempt = (code: string) => m.promo.applyPromoCode(buyer, orderId, { code });
    await expect(attempt('NOPE')).rejects.toMatchObject({ status: 404, message: 'This promo code does not exist. Check the spelling and try again.' });
    await expect(attempt('off-now')).rejects.toMatchObject({ status: 409, message: 'This promo code is no longer active.' });
    await expect(attempt('SOON')).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/^This promo code is not valid yet\. It can be used from \d+ \w+ \d{4}\.$/) });
    await expect(attempt('OLD')).rejects.toMatchObject({ status: 409, message: 'This promo code has expired.' });
    await expect(attempt('BOOKS')).rejects.toMatchObject({ status: 409, message: 'This promo code cannot be used for this course.' });
    await expect(attempt('CLASS10')).rejects.toMatchObject({ status: 409, message: 'This promo code cannot be used for this course.' });
    await expect(attempt('ONEBOOK')).rejects.toMatchObject({ status: 409, message: 'This promo code cannot be used for this course.' });
    expect(await (await m.db.collection('promoRedemptions')).countDocuments({})).toBe(0);
    expect(await (await m.db.collection('promoCodes')).countDocuments({ used: { $gt: 0 } })).toBe(0);
    // The first and last day are included.
    await expect(attempt('TODAY')).resolves.toMatchObject({ promo: { code: 'TODAY' } });
    // A code for one book applies to that book.
    const reader = makeBuyer('Reader');
    const { order: bookOrder } = await m.orders.createOrder(reader, book._id.toHexString());
    await expect(m.promo.applyPromoCode(reader, bookOrder.id, { code: 'onebook' })).resolves.toMatchObject({ priceCents: 720 });
    await expectHttpError(m.promo.applyPromoCode(reader, bookOrder.id, { code: 'class10' }), 409);
  });

  it('rate-limits guessing: every try counts, and the eleventh within 15 minutes is 429 with Retry-After', async () => {
    const course = await insertCourse();
    await createCode({ code: 'REAL-ONE' });
    const { buyer, orderId } = await buyerAtPayment(course);
    for (let index = 0; index < 10; index += 1) await expectHttpError(m.promo.applyPromoCode(buyer, orderId, { code: `GUESS${index}` }), 404);
    const refusal = await m.promo.applyPromoCode(buyer, orderId, { code: 'REAL-ONE' }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ status: 429, message: 'Too many promo code attempts. Please wait a few minutes and try again.', headers: { 'Retry-After': expect.stringMatching(/^\d+$/) } });
    expect(await redemptionOf(orderId)).toBeNull();
    // Malformed input is refused before it counts.
    await expect(m.promo.applyPromoCode(makeBuyer('Typo'), orderId, { code: '$ne' })).rejects.toMatchObject({ name: 'ZodError' });
    await expect(m.promo.applyPromoCode(buyer, orderId, { code: { $ne: null } })).rejects.toMatchObject({ name: 'ZodError' });
  });

  it("refuses another buyer's order and unknown orders without trying the code", async () => {
    const course = await insertCourse();
    await createCode({ code: 'MINE' });
    const { orderId } = await buyerAtPayment(course);
    const intruder = makeBuyer('Intruder');
    await expectHttpError(m.promo.applyPromoCode(intruder, orderId, { code: 'MINE' }), 403);
    await expectHttpError(m.promo.applyPromoCode(intruder, new ObjectId().toHexString(), { code: 'MINE' }), 404);
    await expectHttpError(m.promo.removePromoCode(intruder, orderId), 403);
    expect(await (await m.db.collection('rateLimits')).countDocuments({ _id: `promo-code:${intruder.id}` })).toBe(0);
  });

  it('replaces one code by another and gives the first one’s seat back', async () => {
    const course = await insertCourse({ priceCents: 4000 });
    await createCode({ code: 'TEN', usageLimit: 1 });
    await createCode({ code: 'FIVER', discountType: 'amount', percentOff: null, amountOff: '5' });
    const { buyer, orderId } = await buyerAtPayment(course);
    await m.promo.applyPromoCode(buyer, orderId, { code: 'TEN' });
    expect(await m.promo.applyPromoCode(buyer, orderId, { code: 'FIVER' })).toMatchObject({ priceCents: 3500, promo: { code: 'FIVER', discountCents: 500, description: '$5.00 off', discount: { kind: 'amount', amountCents: 500 } } });
    expect(await storedCode('TEN')).toMatchObject({ used: 0 });
    expect(await storedCode('FIVER')).toMatchObject({ used: 1 });
    expect(await intentOf(orderId)).toMatchObject({ amountCents: 3500 });
  });
});

describe('seats given back', () => {
  it('removing the code restores the full price (order and intent) and frees the seat for someone else', async () => {
    const course = await insertCourse({ priceCents: 2500 });
    await createCode({ code: 'ONLYONE', usageLimit: 1 });
    const first = await buyerAtPayment(course, 'First');
    const second = await buyerAtPayment(course, 'Second');
    await m.promo.applyPromoCode(first.buyer, first.orderId, { code: 'ONLYONE' });
    await expect(m.promo.applyPromoCode(second.buyer, second.orderId, { code: 'ONLYONE' })).rejects.toMatchObject({ status: 409, message: 'This promo code has been used up.' });

    expect(await m.promo.removePromoCode(first.buyer, first.orderId)).toMatchObject({ priceCents: 2500, promo: null, free: false });
    expect(await intentOf(first.orderId)).toMatchObject({ amountCents: 2500 });
    expect(await m.orders.getOrderForOwner(first.buyer, first.orderId)).toMatchObject({ priceCents: 2500 });
    expect(await redemptionOf(first.orderId)).toBeNull();
    // A payment at the old discounted amount is now refused.
    expect(await m.fulfilment.fulfilOrder(first.orderId, 'pi_stale', { currency: 'usd', minor: 2250 })).toEqual({ status: 'rejected', reason: 'amount-mismatch' });
    await expect(m.promo.applyPromoCode(second.buyer, second.orderId, { code: 'ONLYONE' })).resolves.toMatchObject({ priceCents: 2250 });
  });

  it('cancelling the order gives the seat back', async () => {
    const course = await insertCourse();
    await createCode({ code: 'CANCELME', usageLimit: 1, perBuyerLimit: 1 });
    const { buyer, orderId } = await buyerAtPayment(course);
    await m.promo.applyPromoCode(buyer, orderId, { code: 'CANCELME' });
    await m.orders.cancelUnpaidOrder(buyer, orderId);
    expect(await storedCode('CANCELME')).toMatchObject({ used: 0 });
    expect(await (await m.db.collection('promoCodeBuyers')).findOne({})).toMatchObject({ used: 0 });
    expect(await redemptionOf(orderId)).toBeNull();
  });

  it('releases a reservation left unpaid past its hold; the buyer then sees the full price and why, or gets the code back if a seat is free', async () => {
    const course = await insertCourse({ priceCents: 1000 });
    await createCode({ code: 'HOLD1', usageLimit: 1 });
    const abandoned = await buyerAtPayment(course, 'Abandoned');
    const later = await buyerAtPayment(course, 'Later');
    await m.promo.applyPromoCode(abandoned.buyer, abandoned.orderId, { code: 'HOLD1' });
    await (await m.db.collection('promoRedemptions')).updateOne({ _id: new ObjectId(abandoned.orderId) }, { $set: { holdUntil: new Date(Date.now() - 1000) } });

    // A buyer who finds the code used up first frees the seats abandoned past their hold.
    await expect(m.promo.applyPromoCode(later.buyer, later.orderId, { code: 'HOLD1' })).resolves.toMatchObject({ priceCents: 900 });
    expect(await redemptionOf(abandoned.orderId)).toMatchObject({ state: 'released' });
    expect(await storedCode('HOLD1')).toMatchObject({ used: 1 });

    // The abandoned buyer comes back: the code is used up now, so the full price, with the reason.
    const back = m.promo.checkoutAnswer(await m.checkout.startCheckout(abandoned.buyer, abandoned.orderId));
    expect(back).toMatchObject({ priceCents: 1000, promo: null, promoNotice: 'Promo code HOLD1 no longer applies: it has been used up. You pay the full price.', promoLapse: { code: 'HOLD1', refusal: 'used-up' } });
    expect(await intentOf(abandoned.orderId)).toMatchObject({ amountCents: 1000 });
    expect(await redemptionOf(abandoned.orderId)).toBeNull();
    expect(await storedCode('HOLD1')).toMatchObject({ used: 1 });
  });

  it('the sweep leaves a seat whose payment succeeded: it fulfils the order and redeems the code instead', async () => {
    const course = await insertCourse({ priceCents: 1000 });
    await createCode({ code: 'SWEPT' });
    const { buyer, orderId } = await buyerAtPayment(course);
    const { clientSecret } = m.promo.checkoutAnswer(await (async () => {
      await m.promo.applyPromoCode(buyer, orderId, { code: 'SWEPT' });
      return m.checkout.startCheckout(buyer, orderId);
    })());
    // Paid at the provider, never reported by the browser; the hold has run out.
    const gateway = (await import('./payments')).paymentGateway() as import('./payments/sandbox-gateway').SandboxGateway;
    await gateway.confirmCard(clientSecret!, GOOD_CARD);
    await (await m.db.collection('promoRedemptions')).updateOne({ _id: new ObjectId(orderId) }, { $set: { holdUntil: new Date(Date.now() - 1000) } });
    expect(await m.promo.releaseExpiredPromoReservations()).toBe(0);
    expect(await redemptionOf(orderId)).toMatchObject({ state: 'redeemed' });
    expect(await m.orders.getOrderForOwner(buyer, orderId)).toMatchObject({ paid: true, priceCents: 900 });
    expect(await storedCode('SWEPT')).toMatchObject({ used: 1 });
  });
});

describe('a code changed after the buyer applied it', () => {
  it('is honoured within the hold when deactivated, and no longer once the hold has run out', async () => {
    const course = await insertCourse({ priceCents: 2000 });
    const code = await createCode({ code: 'WITHDRAWN' });
    const { buyer, orderId } = await buyerAtPayment(course);
    await m.promo.applyPromoCode(buyer, orderId, { code: 'WITHDRAWN' });
    await m.promo.setPromoCodeActive(admin, code.id, false);
    // Within the hold: the price the buyer saw, and the hold is not renewed by a reload.
    const holdBefore = (await redemptionOf(orderId))!.holdUntil;
    expect(await m.checkout.startCheckout(buyer, orderId)).toMatchObject({ order: { priceCents: 1800 }, promoNotice: null });
    expect((await redemptionOf(orderId))!.holdUntil).toEqual(holdBefore);
    // Past the hold: the full price, and why.
    await (await m.db.collection('promoRedemptions')).updateOne({ _id: new ObjectId(orderId) }, { $set: { holdUntil: new Date(Date.now() - 1000) } });
    const started = await m.checkout.startCheckout(buyer, orderId);
    expect(m.promo.checkoutAnswer(started)).toMatchObject({ priceCents: 2000, promo: null, promoNotice: 'Promo code WITHDRAWN no longer applies: it was withdrawn. You pay the full price.', promoLapse: { code: 'WITHDRAWN', refusal: 'inactive' } });
    expect(await storedCode('WITHDRAWN')).toMatchObject({ used: 0 });
  });

  it('refuses a payment at the discounted price whose seat lapsed when the code has expired since', async () => {
    const course = await insertCourse({ priceCents: 2000 });
    const code = await createCode({ code: 'BRIEF' });
    const { buyer, orderId } = await buyerAtPayment(course);
    await m.promo.applyPromoCode(buyer, orderId, { code: 'BRIEF' });
    await (await m.db.collection('promoRedemptions')).updateOne({ _id: new ObjectId(orderId) }, { $set: { holdUntil: new Date(Date.now() - 1000) } });
    await m.promo.releaseExpiredPromoReservations();
    await m.promo.updatePromoCode(admin, code.id, codeBody({ code: 'BRIEF', validFrom: '2020-01-01', validTo: '2020-01-31' }));
    // With Stripe the browser confirms by itself: the payment arrives anyway, and is refused.
    expect(await m.fulfilment.fulfilOrder(orderId, 'pi_after_expiry', { currency: 'usd', minor: 1800 })).toEqual({ status: 'rejected', reason: 'promo-code-unavailable' });
    expect(await m.orders.getOrderForOwner(buyer, orderId)).toMatchObject({ paid: false });
  });

  it('keeps a discounted order payable after the price hold when the catalogue price is unchanged', async () => {
    const course = await insertCourse({ priceCents: 2000 });
    await createCode({ code: 'STEADY' });
    const { buyer, orderId } = await buyerAtPayment(course);
    await m.promo.applyPromoCode(buyer, orderId, { code: 'STEADY' });
    await (await m.db.collection('orders')).updateOne({ _id: new ObjectId(orderId) }, { $set: { pricedAt: new Date(Date.now() - m.fulfilment.PRICE_HOLD_MS - 60_000) } });
    expect(await m.fulfilment.fulfilOrder(orderId, 'pi_steady', { currency: 'usd', minor: 1800 })).toEqual({ status: 'fulfilled' });
    expect(await m.orders.getOrderForOwner(buyer, orderId)).toMatchObject({ paid: true });
  });
});

describe('free orders', () => {
  it('a 100 % code makes a free order, completed without a card through the exactly-once fulfilment', async () => {
    const course = await insertCourse({ priceCents: 3000 });
    await createCode({ code: 'FREE100', percentOff: 100, perBuyerLimit: 1 });
    const { buyer, orderId } = await buyerAtPayment(course);
    await expectHttpError(m.checkout.completeFreeOrder(buyer, orderId), 409);

    const answer = await m.promo.applyPromoCode(buyer, orderId, { code: 'free100' });
    expect(answer).toMatchObject({ listPriceCents: 3000, priceCents: 0, free: true, clientSecret: null, promo: { discountCents: 3000 } });
    // The legacy start answers 409: there is nothing to charge a card for.
    await expect(m.checkout.startPayment(buyer, orderId)).rejects.toMatchObject({ status: 409, coded: m.checkout.FREE_ORDER });

    const completions = await Promise.all(Array.from({ length: 5 }, () => m.checkout.completeFreeOrder(buyer, orderId)));
    expect(completions.every((order) => order.paid && order.priceCents === 0 && order.transactionId === `free_${orderId}`)).toBe(true);
    expect(await (await m.db.collection('fulfilments')).countDocuments({})).toBe(1);
    expect(await redemptionOf(orderId)).toMatchObject({ state: 'redeemed', priceCents: 0, discountCents: 3000 });
    // The intent the page had started at the full price can no longer be paid.
    expect(await intentOf(orderId)).toMatchObject({ status: 'canceled' });
    expect(outbox.mails()).toHaveLength(1);

    // Not a second paid item free: the buyer's one use is spent.
    const other = await insertCourse({ title: 'Another course', priceCents: 3000 });
    const { order: second } = await m.orders.createOrder(buyer, other._id.toHexString());
    await expect(m.promo.applyPromoCode(buyer, second.id, { code: 'FREE100' })).rejects.toMatchObject({ status: 409, message: 'You have already used this promo code as many times as it allows.' });
    await expectHttpError(m.checkout.completeFreeOrder(buyer, second.id), 409);
    // The free transaction id proves nothing to the card confirmation.
    await expectHttpError(m.checkout.confirmOrderPayment(buyer, second.id, `free_${second.id}`), 409);
    expect(await m.orders.getOrderForOwner(buyer, second.id)).toMatchObject({ paid: false });
  });

  it('a code that no longer makes the order free (removed) leaves nothing to complete for free', async () => {
    const course = await insertCourse({ priceCents: 3000 });
    await createCode({ code: 'GIFT', discountType: 'amount', percentOff: null, amountOff: 30 });
    const { buyer, orderId } = await buyerAtPayment(course);
    await m.promo.applyPromoCode(buyer, orderId, { code: 'GIFT' });
    await m.promo.removePromoCode(buyer, orderId);
    await expectHttpError(m.checkout.completeFreeOrder(buyer, orderId), 409);
    expect(await m.orders.getOrderForOwner(buyer, orderId)).toMatchObject({ paid: false, priceCents: 3000 });
  });
});

describe('exactly once', () => {
  it('records the redemption once when fulfilment runs 20 times at once', async () => {
    const course = await insertCourse({ priceCents: 1000 });
    await createCode({ code: 'ONCE', usageLimit: 3 });
    const { buyer, orderId } = await buyerAtPayment(course);
    const answer = await m.promo.applyPromoCode(buyer, orderId, { code: 'ONCE' });
    const gateway = (await import('./payments')).paymentGateway() as import('./payments/sandbox-gateway').SandboxGateway;
    const confirmation = await gateway.confirmCard(answer.clientSecret!, GOOD_CARD);
    expect(confirmation.ok).toBe(true);
    const intentId = confirmation.intent!.id;

    const outcomes = await Promise.all(Array.from({ length: 20 }, () => m.fulfilment.fulfilOrder(orderId, intentId, { currency: 'usd', minor: 900 })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'already-fulfilled')).toHaveLength(19);
    expect(await redemptionOf(orderId)).toMatchObject({ state: 'redeemed', paymentIntentId: intentId });
    expect(await storedCode('ONCE')).toMatchObject({ used: 1 });
    expect(await (await m.db.collection('promoCodeBuyers')).findOne({})).toMatchObject({ used: 1 });
    expect(await m.promo.summarizePromoSales(admin)).toEqual([{ code: 'ONCE', redemptions: 1, discount: { usd: 100, bdt: 0 }, revenue: { usd: 900, bdt: 0 } }]);
  });
});

describe('amount-off codes in a currency', () => {
  /** A course priced in both currencies, and a buyer at its payment page (both prices fixed on the order). */
  async function takaCourse() {
    return insertCourse({ priceCents: 1999, pricePaisa: 85_000 });
  }

  /** Pays the order in taka as bKash or SSLCommerz would end: fulfilment with an attempt's id and the taka amount. */
  async function payInTaka(orderId: string, paisa: number) {
    return m.fulfilment.fulfilOrder(orderId, `ssl_${new ObjectId().toHexString()}`, { currency: 'bdt', minor: paisa });
  }

  async function payByCard(buyer: ReturnType<typeof makeBuyer>, orderId: string) {
    const paid = await m.checkout.payWithSandboxCard(buyer, (await intentOf(orderId))?.clientSecret ?? '', GOOD_CARD);
    if (!paid.ok) throw new Error(paid.message);
    return paid.order;
  }

  it('takes ৳100 off a taka payment and nothing off a dollar one; $5 the reverse; a percentage off both', async () => {
    const course = await takaCourse();
    const taka = await createCode({ code: 'TAKA100', discountType: 'amount', percentOff: null, amountOff: 100, currency: 'bdt' });
    const dollars = await createCode({ code: 'FIVE-USD', discountType: 'amount', percentOff: null, amountOff: '5', currency: 'usd' });
    await createCode({ code: 'TENPC', percentOff: 10 });
    expect(taka.discount).toEqual({ kind: 'amount', amountCents: 10_000, currency: 'bdt' });
    expect(dollars.discount).toEqual({ kind: 'amount', amountCents: 500, currency: 'usd' });

    // ৳100 off: the taka charge drops, the dollar one does not.
    const paysTaka = await buyerAtPayment(course, 'PaysTaka');
    expect(await m.promo.applyPromoCode(paysTaka.buyer, paysTaka.orderId, { code: 'taka100' })).toMatchObject({
      priceCents: 1999,
      listPricePaisa: 85_000,
      pricePaisa: 75_000,
      promo: { code: 'TAKA100', discountCents: 0, discountPaisa: 10_000, description: '৳100 off', discount: { kind: 'amount', amountCents: 10_000, currency: 'bdt' } },
    });
    expect(await payInTaka(paysTaka.orderId, 75_000)).toEqual({ status: 'fulfilled' });
    expect(await redemptionOf(paysTaka.orderId)).toMatchObject({ state: 'redeemed', redeemedCurrency: 'bdt', discountPaisa: 10_000, pricePaisa: 75_000 });
    // Paid by card with the same code: the full dollar price, and the code was not used (its seat goes back).
    const paysDollars = await buyerAtPayment(course, 'PaysDollars');
    await m.promo.applyPromoCode(paysDollars.buyer, paysDollars.orderId, { code: 'TAKA100' });
    expect(await intentOf(paysDollars.orderId)).toMatchObject({ amountCents: 1999 });
    expect(await payByCard(paysDollars.buyer, paysDollars.orderId)).toMatchObject({ paid: true, priceCents: 1999 });
    expect(await redemptionOf(paysDollars.orderId)).toBeNull();
    expect(await storedCode('TAKA100')).toMatchObject({ used: 1 });

    // $5 off: the card charge drops, the taka one does not.
    const card = await buyerAtPayment(course, 'Card');
    expect(await m.promo.applyPromoCode(card.buyer, card.orderId, { code: 'FIVE-USD' })).toMatchObject({
      priceCents: 1499,
      pricePaisa: 85_000,
      promo: { discountCents: 500, discountPaisa: 0, description: '$5.00 off', discount: { kind: 'amount', amountCents: 500, currency: 'usd' } },
    });
    expect(await payByCard(card.buyer, card.orderId)).toMatchObject({ paid: true, priceCents: 1499 });
    const bkash = await buyerAtPayment(course, 'Bkash');
    await m.promo.applyPromoCode(bkash.buyer, bkash.orderId, { code: 'FIVE-USD' });
    expect(await payInTaka(bkash.orderId, 85_000)).toEqual({ status: 'fulfilled' });
    expect(await redemptionOf(bkash.orderId)).toBeNull();

    // A percentage takes off in both.
    const either = await buyerAtPayment(course, 'Either');
    expect(await m.promo.applyPromoCode(either.buyer, either.orderId, { code: 'TENPC' })).toMatchObject({ priceCents: 1799, pricePaisa: 76_500, promo: { discountCents: 200, discountPaisa: 8_500 } });

    // The sales view counts each code's discounts in the currency they were given in.
    expect(await m.promo.summarizePromoSales(admin)).toEqual([
      { code: 'FIVE-USD', redemptions: 1, discount: { usd: 500, bdt: 0 }, revenue: { usd: 1499, bdt: 0 } },
      { code: 'TAKA100', redemptions: 1, discount: { usd: 0, bdt: 10_000 }, revenue: { usd: 0, bdt: 75_000 } },
    ]);
    // A dollar code stored before codes had a currency keeps working, and is answered as dollars.
    await (await m.db.collection('promoCodes')).updateOne({ code: 'FIVE-USD' }, { $unset: { 'discount.currency': '' } });
    expect((await m.promo.listPromoCodes(admin, 1)).items.find((code) => code.code === 'FIVE-USD')?.discount).toEqual({ kind: 'amount', amountCents: 500, currency: 'usd' });
    const later = await buyerAtPayment(course, 'Later');
    expect(await m.promo.applyPromoCode(later.buyer, later.orderId, { code: 'FIVE-USD' })).toMatchObject({ priceCents: 1499, pricePaisa: 85_000, promo: { discount: { currency: 'usd' } } });
  });

  describe('through the API', () => {
    const ORIGIN = 'http://127.0.0.1:3000';

    function call(handler: Handler | undefined, method: string, path: string, body?: unknown, params: Record<string, string> = {}) {
      if (!handler) throw new Error(`no ${method} handler`);
      const headers: Record<string, string> = { host: '127.0.0.1:3000', ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
      const request = new NextRequest(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return handler(request, { params: Promise.resolve(params) });
    }

    beforeEach(() => {
      caller.user = { ...admin, name: 'Admin', image: null, hasPassword: true, googleLinked: false, emailVerified: true, sessionVersion: 0, endedSessions: [], education: null } as unknown as User;
    });

    afterEach(() => {
      caller.user = null;
    });

    it('takes and answers the currency of an amount off: whole taka from ৳10 to ৳500,000, dollars as before; 400 for a bad currency or amount', async () => {
      const amount = (overrides: CodeInput) => codeBody({ code: 'TAKA', discountType: 'amount', percentOff: null, ...overrides });
      const refusals: [CodeInput, string, string][] = [
        [amount({ amountOff: 100, currency: 'eur' }), 'currency', 'Choose dollars or taka'],
        [amount({ amountOff: 100, currency: ['bdt'] }), 'currency', 'Choose dollars or taka'],
        [amount({ amountOff: 99.5, currency: 'bdt' }), 'amountOff', 'Amount off in taka must be a whole number'],
        [amount({ amountOff: 5, currency: 'bdt' }), 'amountOff', 'Amount off in taka must be from 10 to 500000'],
        [amount({ amountOff: 500_001, currency: 'bdt' }), 'amountOff', 'Amount off in taka must be from 10 to 500000'],
        [amount({ amountOff: null, currency: 'bdt' }), 'amountOff', 'Amount off is required'],
        [amount({ amountOff: '2.505', currency: 'usd' }), 'amountOff', 'Amount off can have at most two decimals'],
      ];
      for (const [body, field, message] of refusals) {
        const response = await call(promoRoutes.list.POST, 'POST', '/api/promo-codes', body);
        expect({ body, status: response.status }).toEqual({ body, status: 400 });
        expect(await response.json()).toMatchObject({ fieldErrors: { [field]: [message] } });
      }
      expect(await (await m.db.collection('promoCodes')).countDocuments({})).toBe(0);

      const created = await call(promoRoutes.list.POST, 'POST', '/api/promo-codes', amount({ amountOff: '500000', currency: 'bdt' }));
      expect(created.status).toBe(201);
      const view = (await created.json()) as { id: string; discount: unknown };
      expect(view.discount).toEqual({ kind: 'amount', amountCents: 50_000_000, currency: 'bdt' });
      const listed = await call(promoRoutes.list.GET, 'GET', '/api/promo-codes');
      expect(await listed.json()).toMatchObject({ items: [{ code: 'TAKA', discount: { kind: 'amount', amountCents: 50_000_000, currency: 'bdt' } }] });
      // Changed to dollars; no currency given is dollars.
      const changed = await call(promoRoutes.one.PUT, 'PUT', `/api/promo-codes/${view.id}`, amount({ amountOff: 2.5 }), { id: view.id });
      expect(changed.status).toBe(200);
      expect(await changed.json()).toMatchObject({ discount: { kind: 'amount', amountCents: 250, currency: 'usd' } });
      const refused = await call(promoRoutes.one.PUT, 'PUT', `/api/promo-codes/${view.id}`, amount({ amountOff: 10, currency: 'BDT' }), { id: view.id });
      expect(refused.status).toBe(400);
      expect(await storedCode('TAKA')).toMatchObject({ discount: { kind: 'amount', amountCents: 250, currency: 'usd' } });
      const audit = await (await m.db.collection('auditLog')).find({ entity: 'promo-code' }).sort({ createdAt: 1, _id: 1 }).toArray();
      expect(audit.map((entry) => entry.summary)).toEqual(['Added the promo code TAKA (৳500,000 off)', 'Updated the promo code TAKA ($2.50 off)']);
    });
  });
});

describe('admin operations', () => {
  it('are refused to a non-admin with 403 and write nothing', async () => {
    const code = await createCode({ code: 'ADMINONLY' });
    const before = await (await m.db.collection('promoCodes')).find({}).toArray();
    const attempts = [
      m.promo.createPromoCode(learner, codeBody({ code: 'HIJACK' })),
      m.promo.updatePromoCode(learner, code.id, codeBody({ code: 'HIJACK', percentOff: 100 })),
      m.promo.setPromoCodeActive(learner, code.id, false),
      m.promo.deletePromoCode(learner, code.id),
      m.promo.listPromoCodes(learner, 1),
      m.promo.listPromoItemChoices(learner),
      m.promo.summarizePromoSales(learner),
    ];
    for (const attempt of attempts) await expectHttpError(attempt, 403);
    expect(await (await m.db.collection('promoCodes')).find({}).toArray()).toEqual(before);
    expect(await (await m.db.collection('rateLimits')).countDocuments({ _id: `admin-write:${learner.id}` })).toBe(0);
  });

  it('validates input (400), finds nothing for unknown ids (404), checks chosen items exist and audits changes', async () => {
    await expect(m.promo.createPromoCode(admin, {})).rejects.toMatchObject({ name: 'ZodError' });
    await expect(m.promo.createPromoCode(admin, codeBody({ role: 'admin' }))).rejects.toMatchObject({ name: 'ZodError' });
    await expect(m.promo.createPromoCode(admin, codeBody({ percentOff: 101 }))).rejects.toMatchObject({ name: 'ZodError' });
    await expect(m.promo.createPromoCode(admin, codeBody({ validFrom: '2026-05-02', validTo: '2026-05-01' }))).rejects.toMatchObject({ name: 'ZodError' });
    await expectHttpError(m.promo.createPromoCode(admin, codeBody({ appliesTo: 'items', itemIds: [new ObjectId().toHexString()] })), 400);
    await expectHttpError(m.promo.updatePromoCode(admin, new ObjectId().toHexString(), codeBody()), 404);
    await expectHttpError(m.promo.deletePromoCode(admin, new ObjectId().toHexString()), 404);
    await expectHttpError(m.promo.deletePromoCode(admin, 'not-an-id'), 400);

    const created = await createCode({ code: 'EDITME', usageLimit: 10, validTo: '2030-12-31' });
    expect(created).toMatchObject({ validTo: '2030-12-31', usageLimit: 10, status: 'active', used: 0 });
    const updated = await m.promo.updatePromoCode(admin, created.id, codeBody({ code: 'EDITED', discountType: 'amount', percentOff: null, amountOff: '2.5', appliesTo: 'lists', lists: ['classNine', 'classNine'] }));
    expect(updated).toMatchObject({ code: 'EDITED', discount: { kind: 'amount', amountCents: 250, currency: 'usd' }, scope: { kind: 'lists', lists: ['classNine'] }, validTo: null });
    expect((await m.promo.setPromoCodeActive(admin, created.id, false)).status).toBe('inactive');
    await m.promo.deletePromoCode(admin, created.id);
    expect((await m.promo.listPromoCodes(admin, 1)).items).toEqual([]);
    const audit = await (await m.db.collection('auditLog')).find({ entity: 'promo-code' }).sort({ createdAt: 1, _id: 1 }).toArray();
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'update', 'delete']);
  });
});

describe('the code a course page shows', () => {
  it('shows only a code that exists, is valid now, applies to the course and has uses left', async () => {
    const nine = await insertCourse({ classCourse: 'classNine', promoCode: 'kz2026' });
    const ten = await insertCourse({ classCourse: 'classTen', promoCode: 'KZ2026' });
    const shown = (course: CourseDocument, promoCode = course.promoCode) => m.promo.promoCodeShownFor(course._id.toHexString(), course.classCourse, promoCode);
    expect(await shown(nine)).toBeNull();
    const code = await createCode({ code: 'KZ2026', appliesTo: 'lists', lists: ['classNine'], usageLimit: 1 });
    expect(await shown(nine)).toBe('KZ2026');
    expect(await shown(ten)).toBeNull();
    expect(await shown(nine, '')).toBeNull();
    expect(await shown(nine, 'NOT A CODE!')).toBeNull();
    await (await m.db.collection('promoCodes')).updateOne({ code: 'KZ2026' }, { $set: { used: 1 } });
    expect(await shown(nine)).toBeNull();
    await m.promo.updatePromoCode(admin, code.id, codeBody({ code: 'KZ2026', validTo: '2020-01-01' }));
    expect(await shown(nine)).toBeNull();
  });
});
