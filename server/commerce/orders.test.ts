import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { salesFilterSchema } from '@/lib/schemas/sales';
import { createOrderSchema, paymentIntentSchema } from '@/lib/schemas/orders';
import { insertBookOnSale, insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { expectHttpError } from '@/tests/support/expectations';
import { englishText } from '@/server/platform/english-text';

/** An admin reading the business records (permissions are checked by the operations). */
const READER = { id: '65f0a1b2c3d4e5f6a7b8c9d0', email: 'reader@example.com', role: 'admin' as const };

// Orders against the real embedded database: prices from the catalogue, one order per user and
// item, owner-only access, cancellation rules, lists and the admin's sales summary.
selectPrivateDatabase('kz_jest_orders');
const outbox = mkdtempSync(path.join(tmpdir(), 'kz-orders-outbox-'));
process.env.MAIL_OUTBOX_DIR = outbox;
delete process.env.SMTP_URL;
delete process.env.STRIPE_SECRET_KEY;

type Modules = {
  orders: typeof import('./orders');
  checkout: typeof import('./checkout');
  fulfilment: typeof import('./fulfilment');
  db: typeof import('../platform/db');
  http: typeof import('../platform/http');
};
let m: Modules;

beforeAll(async () => {
  m = {
    orders: await import('./orders'),
    checkout: await import('./checkout'),
    fulfilment: await import('./fulfilment'),
    db: await import('../platform/db'),
    http: await import('../platform/http'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['orders', 'courses', 'books', 'fulfilments', 'fulfilmentClaims', 'sandboxPaymentIntents'].map((name) => db.collection(name).deleteMany({})));
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  rmSync(outbox, { recursive: true, force: true });
  await m.db.closeDb();
});

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };


describe('createOrder', () => {
  it('copies name, image and price from the catalogue whatever the client sent', async () => {
    const course = await insertCourse({ priceCents: 4999, title: 'Higher Math' });
    const buyer = makeBuyer('Ayesha');
    // The legacy body carries a price of one cent and a made-up name; only `id` survives parsing.
    const body = createOrderSchema.parse({ id: course._id.toHexString(), price: 0.01, productName: 'Free!', img: 'x', paid: true, userName: 'x', email: 'x' });
    const { order, created } = await m.orders.createOrder(buyer, body.id);

    expect(created).toBe(true);
    expect(order).toMatchObject({ productName: 'Higher Math', img: course.img, priceCents: 4999, paid: false, itemKind: 'course', email: buyer.email, userName: 'Ayesha' });
    expect(m.orders.toLegacyOrder(order)).toMatchObject({ price: 49.99, id: course._id.toHexString(), paid: false });
  });

  it('orders books as well as courses', async () => {
    const book = await insertBookOnSale({ priceCents: 650 });
    const { order } = await m.orders.createOrder(makeBuyer('Rafi'), book._id.toHexString());
    expect(order).toMatchObject({ itemKind: 'book', productName: book.bookName, priceCents: 650 });
  });

  it('keeps one order per user and item, even for 10 concurrent clicks', async () => {
    const course = await insertCourse();
    const buyer = makeBuyer('Nadia');
    const results = await Promise.all(Array.from({ length: 10 }, () => m.orders.createOrder(buyer, course._id.toHexString())));

    expect(new Set(results.map((result) => result.order.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await (await m.db.collection('orders')).countDocuments({})).toBe(1);
    // Someone else can still order the same course.
    await m.orders.createOrder(makeBuyer('Other'), course._id.toHexString());
    expect(await (await m.db.collection('orders')).countDocuments({})).toBe(2);
  });

  it('refuses to order an item already paid for', async () => {
    const course = await insertCourse();
    const buyer = makeBuyer('Karim');
    await insertOrder(buyer, course, { itemKind: 'course', paid: true, transactionId: 'pi_paid' });
    await expectHttpError(m.orders.createOrder(buyer, course._id.toHexString()), 409);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    await expectHttpError(m.orders.createOrder(makeBuyer('A'), 'not-an-id'), 400);
    await expectHttpError(m.orders.createOrder(makeBuyer('A'), new ObjectId().toHexString()), 404);
    expect(createOrderSchema.safeParse({ id: { $ne: null } }).success).toBe(false);
    expect(createOrderSchema.safeParse({ id: new ObjectId().toHexString(), role: 'admin' }).success).toBe(false);
  });
});

describe('payment amounts', () => {
  it('creates the payment intent for the stored price, ignoring the price in the body', async () => {
    const course = await insertCourse({ priceCents: 2500 });
    const buyer = makeBuyer('Sumaiya');
    const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
    const body = paymentIntentSchema.parse({ id: order.id, price: 1 });
    const { clientSecret } = await m.checkout.startPayment(buyer, body.orderId);

    const intents = await m.db.collection('sandboxPaymentIntents');
    const intent = await intents.findOne({ orderId: new ObjectId(order.id) });
    expect(intent).toMatchObject({ amountCents: 2500, currency: 'usd', clientSecret });
    // A second start (double click, reload) reuses the same intent.
    await m.checkout.startPayment(buyer, order.id);
    expect(await intents.countDocuments({})).toBe(1);
  });

  // An order is charged at the catalogue's price when it is paid: one made at $10 is not paid at $10 once
  // the admin has set the course to $500.
  it('charges the catalogue price at the moment of payment, not the one the order was made at', async () => {
    const course = await insertCourse({ priceCents: 1000 });
    const buyer = makeBuyer('Tareq');
    const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
    const first = await m.checkout.startPayment(buyer, order.id);
    // The admin's change, straight in the database: no per-process price cache may hide it.
    await (await m.db.collection('courses')).updateOne({ _id: course._id }, { $set: { priceCents: 50_000 } });

    const stored = await m.orders.getOrderForOwner(buyer, order.id);
    expect(await m.checkout.reviewOrderPrice(stored)).toEqual({ onSale: true, priceCents: 50_000, pricePaisa: null, previousPriceCents: 1000 });
    // The legacy payment page's read (GET /api/payment/{id}) shows the new price too.
    expect(await m.checkout.getOrderToPay(buyer, order.id)).toMatchObject({ priceCents: 50_000, paid: false });
    const again = await m.checkout.startPayment(buyer, order.id);
    // One intent per order: the same one, at the new amount; the order says the new price too.
    expect(again).toMatchObject({ clientSecret: first.clientSecret, order: { priceCents: 50_000 } });
    const intents = await m.db.collection('sandboxPaymentIntents');
    expect(await intents.find({ orderId: new ObjectId(order.id) }).toArray()).toEqual([expect.objectContaining({ amountCents: 50_000 })]);
    expect(await m.orders.getOrderForOwner(buyer, order.id)).toMatchObject({ priceCents: 50_000, paid: false });

    const paid = await m.checkout.payWithSandboxCard(buyer, first.clientSecret, GOOD_CARD);
    expect(paid).toMatchObject({ ok: true, order: { paid: true, priceCents: 50_000 } });
    expect(await (await m.db.collection('fulfilments')).findOne({ _id: new ObjectId(order.id) })).toMatchObject({ amountCents: 50_000 });
  });

  it('takes a book’s current price as well', async () => {
    const book = await insertBookOnSale({ priceCents: 650 });
    const buyer = makeBuyer('Reader');
    const { order } = await m.orders.createOrder(buyer, book._id.toHexString());
    await (await m.db.collection('books')).updateOne({ _id: book._id }, { $set: { priceCents: 900 } });
    expect(await m.checkout.startPayment(buyer, order.id)).toMatchObject({ order: { priceCents: 900 } });
    expect(await (await m.db.collection('sandboxPaymentIntents')).findOne({ orderId: new ObjectId(order.id) })).toMatchObject({ amountCents: 900 });
  });

  it('refuses the test card at the old price when the price changed after the payment page opened', async () => {
    const course = await insertCourse({ priceCents: 1000 });
    const buyer = makeBuyer('Stale');
    const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
    const { clientSecret } = await m.checkout.startPayment(buyer, order.id);
    await (await m.db.collection('courses')).updateOne({ _id: course._id }, { $set: { priceCents: 50_000 } });

    await expect(m.checkout.payWithSandboxCard(buyer, clientSecret, GOOD_CARD)).rejects.toMatchObject({ status: 409, message: expect.stringContaining('$500.00') });
    expect(await m.orders.getOrderForOwner(buyer, order.id)).toMatchObject({ paid: false });
    expect(await (await m.db.collection('sandboxPaymentIntents')).findOne({ orderId: new ObjectId(order.id) })).toMatchObject({ status: 'requires_payment_method', amountCents: 1000 });
  });

  it('lets nobody pay for a deleted course; the intent already handed out is cancelled', async () => {
    const course = await insertCourse({ priceCents: 1000 });
    const buyer = makeBuyer('Late');
    const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
    const { clientSecret } = await m.checkout.startPayment(buyer, order.id);
    await (await m.db.collection('courses')).deleteOne({ _id: course._id });

    expect(await m.checkout.reviewOrderPrice(await m.orders.getOrderForOwner(buyer, order.id))).toEqual({ onSale: false });
    await expect(m.checkout.startPayment(buyer, order.id)).rejects.toMatchObject({ status: 409, coded: m.checkout.NO_LONGER_ON_SALE });
    expect(await (await m.db.collection('sandboxPaymentIntents')).findOne({ orderId: new ObjectId(order.id) })).toMatchObject({ status: 'canceled' });
    await expect(m.checkout.payWithSandboxCard(buyer, clientSecret, GOOD_CARD)).rejects.toMatchObject({ status: 409 });
    expect(await m.orders.getOrderForOwner(buyer, order.id)).toMatchObject({ paid: false });
  });
});

describe('the payment-intent allowance', () => {
  const PAYMENT_INTENT_LIMIT = 120;

  async function spendAllowance(buyer: ReturnType<typeof makeBuyer>, used: number) {
    await (await m.db.collection('rateLimits')).replaceOne({ _id: `payment-intent:${buyer.id}` }, { failures: used, windowStartedAt: new Date() }, { upsert: true });
  }

  it('uses the configured limit', async () => {
    expect((await import('../platform/write-limits')).WRITE_LIMITS.paymentIntent).toEqual({ max: PAYMENT_INTENT_LIMIT, windowSeconds: 15 * 60 });
  });

  it("leaves an order's first start to the order allowance and counts every start after it", async () => {
    const course = await insertCourse();
    const buyer = makeBuyer('Repeat');
    const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
    await spendAllowance(buyer, PAYMENT_INTENT_LIMIT);
    const { clientSecret } = await m.checkout.startPayment(buyer, order.id);
    expect(clientSecret).toMatch(/^pi_sandbox_/);
    await expectHttpError(m.checkout.startPayment(buyer, order.id), 429);
    expect(await (await m.db.collection('sandboxPaymentIntents')).countDocuments({ orderId: new ObjectId(order.id) })).toBe(1);
  });

  it('makes one intent for many starts of one order at once, and counts all but the first', async () => {
    const course = await insertCourse();
    const buyer = makeBuyer('Clicker');
    const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
    await spendAllowance(buyer, PAYMENT_INTENT_LIMIT - 2);
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => m.checkout.startPayment(buyer, order.id)));
    const secrets = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.clientSecret] : []));
    expect(secrets).toHaveLength(3);
    expect(new Set(secrets).size).toBe(1);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as InstanceType<typeof m.http.HttpError>).status] : []));
    expect(refusals).toEqual([429, 429]);
    expect(await (await m.db.collection('sandboxPaymentIntents')).countDocuments({ orderId: new ObjectId(order.id) })).toBe(1);
  });
});

describe('ownership', () => {
  it("refuses another user's order, payment and cancellation", async () => {
    const course = await insertCourse();
    const owner = makeBuyer('Owner');
    const intruder = makeBuyer('Intruder');
    const { order } = await m.orders.createOrder(owner, course._id.toHexString());

    await expectHttpError(m.orders.getOrderForOwner(intruder, order.id), 403);
    await expectHttpError(m.checkout.startPayment(intruder, order.id), 403);
    await expectHttpError(m.orders.cancelUnpaidOrder(intruder, order.id), 403);
    await expectHttpError(m.checkout.confirmOrderPayment(intruder, order.id, 'pi_anything'), 403);
    expect(await m.orders.findOwnOrder(intruder, order.id)).toBeNull();
    expect(await m.orders.findOwnOrder(owner, order.id)).toMatchObject({ id: order.id });
    expect(await (await m.db.collection('orders')).countDocuments({})).toBe(1);
  });

  it('answers 400 and 404 for malformed and unknown order ids', async () => {
    const buyer = makeBuyer('A');
    await expectHttpError(m.orders.getOrderForOwner(buyer, '123'), 400);
    await expectHttpError(m.orders.getOrderForOwner(buyer, new ObjectId().toHexString()), 404);
    expect(await m.orders.findOwnOrder(buyer, '123')).toBeNull();
  });
});

describe('cancelUnpaidOrder', () => {
  it('deletes an unpaid order and cancels its payment intent', async () => {
    const course = await insertCourse();
    const buyer = makeBuyer('Ishrat');
    const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
    await m.checkout.startPayment(buyer, order.id);

    await m.orders.cancelUnpaidOrder(buyer, order.id);

    expect(await (await m.db.collection('orders')).countDocuments({})).toBe(0);
    expect(await (await m.db.collection('sandboxPaymentIntents')).findOne({})).toMatchObject({ status: 'canceled' });
    // The item can be ordered again afterwards.
    expect((await m.orders.createOrder(buyer, course._id.toHexString())).created).toBe(true);
  });

  it('refuses to cancel a paid order', async () => {
    const course = await insertCourse();
    const buyer = makeBuyer('Habib');
    const order = await insertOrder(buyer, course, { itemKind: 'course', paid: true, transactionId: 'pi_x' });
    await expectHttpError(m.orders.cancelUnpaidOrder(buyer, order._id.toHexString()), 409);
    expect(await (await m.db.collection('orders')).countDocuments({ paid: true })).toBe(1);
  });

  it('keeps (and fulfils) an order whose payment went through before the cancellation', async () => {
    const course = await insertCourse();
    const buyer = makeBuyer('Late');
    const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
    const { clientSecret } = await m.checkout.startPayment(buyer, order.id);
    // The card is confirmed at the provider, but the browser never reported back.
    const gateway = (await import('./payments')).paymentGateway() as import('./payments/sandbox-gateway').SandboxGateway;
    await gateway.confirmCard(clientSecret, { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' });

    await expectHttpError(m.orders.cancelUnpaidOrder(buyer, order.id), 409);
    expect(await m.orders.getOrderForOwner(buyer, order.id)).toMatchObject({ paid: true });
  });
});

describe('lists and status', () => {
  it('pages a user’s orders newest first and filters paid and unpaid', async () => {
    const buyer = makeBuyer('Lister');
    const other = makeBuyer('Other');
    for (let index = 0; index < 23; index += 1) {
      const course = await insertCourse();
      await insertOrder(buyer, course, { itemKind: 'course', paid: index % 2 === 0, createdAt: new Date(Date.UTC(2026, 0, 1 + index)) });
    }
    await insertOrder(other, await insertCourse(), { itemKind: 'course' });

    const first = await m.orders.listOrders(buyer, 'all', 1);
    const second = await m.orders.listOrders(buyer, 'all', 2);
    expect(first).toMatchObject({ total: 23, pageCount: 2, page: 1 });
    expect(first.items).toHaveLength(m.orders.ORDERS_PER_PAGE);
    expect(second.items).toHaveLength(3);
    expect(first.items[0]?.createdAt).toBe(new Date(Date.UTC(2026, 0, 23)).toISOString());
    expect((await m.orders.listPaidOrders(buyer, 1)).total).toBe(12);
    expect((await m.orders.listUnpaidOrders(buyer, 1)).total).toBe(11);
    expect((await m.orders.listPaidOrders(buyer, 1)).items.every((order) => order.paid)).toBe(true);
  });

  it('tells a detail page whether the item is ordered or paid', async () => {
    const course = await insertCourse();
    const buyer = makeBuyer('Status');
    expect(await m.orders.orderStatusForItem(buyer, course._id.toHexString())).toEqual({ paid: false, orderId: null });
    const order = await insertOrder(buyer, course, { itemKind: 'course' });
    expect(await m.orders.orderStatusForItem(buyer, course._id.toHexString())).toEqual({ paid: false, orderId: order._id.toHexString() });
    await (await m.db.collection('orders')).updateOne({ _id: order._id }, { $set: { paid: true } });
    expect(await m.orders.hasPaidOrder(buyer, course._id.toHexString())).toBe(true);
    expect(await m.orders.hasPaidOrder(makeBuyer('Someone'), course._id.toHexString())).toBe(false);
  });
});

describe('listAllOrders with a sales filter', () => {
  it('finds orders by the start of the buyer’s e-mail, the item, the state and the days ordered, together', async () => {
    const course = await insertCourse({ title: 'Filtered Course' });
    const book = await insertBookOnSale({ priceCents: 250 });
    const day = (iso: string) => new Date(`${iso}T12:00:00.000Z`);
    const rahim = { ...makeBuyer('Rahim'), email: 'rahim.uddin@example.com' };
    const karim = { ...makeBuyer('Karim'), email: 'karim@example.com' };
    const paidCourse = await insertOrder(rahim, course, { itemKind: 'course', paid: true, createdAt: day('2026-03-01') });
    const unpaidBook = await insertOrder(rahim, book, { itemKind: 'book', createdAt: day('2026-03-05') });
    const refundedCourse = await insertOrder(karim, course, { itemKind: 'course', paid: false, refundedAt: day('2026-03-12'), createdAt: day('2026-03-10') });
    const ids = async (filter: Record<string, string>) =>
      (await m.orders.listAllOrders(READER, 1, salesFilterSchema.parse(filter))).items.map((order) => order.id);

    expect(await ids({ buyer: 'RAHIM' })).toEqual([unpaidBook._id.toHexString(), paidCourse._id.toHexString()]);
    // A prefix, not a pattern: the dot is a dot.
    expect(await ids({ buyer: 'rahim.' })).toHaveLength(2);
    expect(await ids({ buyer: 'rahim.*' })).toEqual([]);
    expect(await ids({ item: course._id.toHexString() })).toEqual([refundedCourse._id.toHexString(), paidCourse._id.toHexString()]);
    expect(await ids({ state: 'paid' })).toEqual([paidCourse._id.toHexString()]);
    expect(await ids({ state: 'unpaid' })).toEqual([unpaidBook._id.toHexString()]);
    expect(await ids({ state: 'refunded' })).toEqual([refundedCourse._id.toHexString()]);
    // Whole days, both ends included.
    expect(await ids({ from: '2026-03-05', to: '2026-03-10' })).toEqual([refundedCourse._id.toHexString(), unpaidBook._id.toHexString()]);
    expect(await ids({ buyer: 'rahim', item: course._id.toHexString(), state: 'paid', from: '2026-03-01', to: '2026-03-01' })).toEqual([paidCourse._id.toHexString()]);
    const page = await m.orders.listAllOrders(READER, 1, salesFilterSchema.parse({ buyer: 'karim' }));
    expect(page).toMatchObject({ total: 1, pageCount: 1 });
  });

  it('refuses a malformed filter with messages an admin can act on, and reads nothing with it', () => {
    const refused = salesFilterSchema.safeParse({ from: '2026-02-30', to: 'yesterday', state: 'lost', item: 'x' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => englishText(issue.message)).sort()).toEqual(['From must be a date (YYYY-MM-DD)', 'Invalid id', 'State must be all, paid, unpaid or refunded', 'To must be a date (YYYY-MM-DD)']);
    expect(salesFilterSchema.safeParse({ from: '2026-03-10', to: '2026-03-01' }).error?.issues[0]?.message).toBe('fromMustNotBeAfterTo');
    // Empty fields, as a GET form sends them, mean "any".
    expect(salesFilterSchema.parse({ buyer: '', item: '', state: '', from: '', to: '' })).toEqual({ state: 'all' });
  });
});

describe('summarizeSales', () => {
  it('counts paid orders and revenue overall and by item', async () => {
    const course = await insertCourse({ priceCents: 1000, title: 'Course A' });
    const book = await insertBookOnSale({ priceCents: 250 });
    await insertOrder(makeBuyer('A'), course, { itemKind: 'course', productName: 'Course A', paid: true });
    await insertOrder(makeBuyer('B'), course, { itemKind: 'course', productName: 'Course A (renamed)', paid: true });
    await insertOrder(makeBuyer('C'), book, { itemKind: 'book', productName: 'Book B', paid: true });
    await insertOrder(makeBuyer('D'), book, { itemKind: 'book', productName: 'Book B' });

    const summary = await m.orders.summarizeSales(READER);

    expect(summary).toMatchObject({ paidOrders: 3, unpaidOrders: 1, revenue: { usd: 2250, bdt: 0 } });
    expect(summary.byItem).toEqual([
      expect.objectContaining({ itemId: course._id.toHexString(), itemKind: 'course', paidOrders: 2, revenue: { usd: 2000, bdt: 0 } }),
      expect.objectContaining({ itemId: book._id.toHexString(), itemKind: 'book', productName: 'Book B', paidOrders: 1, revenue: { usd: 250, bdt: 0 } }),
    ]);
    expect((await m.orders.listAllOrders(READER, 1)).total).toBe(4);
  });

  it('keeps dollars and taka apart: a taka sale counts in taka only, at what it was paid, and each row says what its order paid', async () => {
    const course = await insertCourse({ priceCents: 1999, pricePaisa: 85_000, title: 'Taka and dollars' });
    const byCard = await insertOrder(makeBuyer('Card'), course, { itemKind: 'course', productName: 'Taka and dollars', pricePaisa: 85_000 });
    const byBkash = await insertOrder(makeBuyer('Bkash'), course, { itemKind: 'course', productName: 'Taka and dollars', pricePaisa: 85_000 });
    const refunded = await insertOrder(makeBuyer('Refunded'), course, { itemKind: 'course', productName: 'Taka and dollars', pricePaisa: 85_000 });
    const unpaid = await insertOrder(makeBuyer('Unpaid'), course, { itemKind: 'course', productName: 'Taka and dollars', pricePaisa: 85_000 });
    const taka = { currency: 'bdt' as const, minor: 85_000 };
    // Through the one door every payment ends in: a card's intent in dollars, bKash and SSLCommerz attempts in taka.
    expect(await m.fulfilment.fulfilOrder(byCard._id.toHexString(), 'pi_card_sale', { currency: 'usd', minor: 1999 })).toEqual({ status: 'fulfilled' });
    expect(await m.fulfilment.fulfilOrder(byBkash._id.toHexString(), `bk_${new ObjectId().toHexString()}`, taka)).toEqual({ status: 'fulfilled' });
    const sslId = `ssl_${new ObjectId().toHexString()}`;
    expect(await m.fulfilment.fulfilOrder(refunded._id.toHexString(), sslId, taka)).toEqual({ status: 'fulfilled' });
    // Refunded: no longer paid (server/commerce/refunds.ts marks it so), so out of the net revenue.
    await (await m.db.collection('orders')).updateOne({ _id: refunded._id }, { $set: { paid: false, refundedAt: new Date() } });

    const summary = await m.orders.summarizeSales(READER);

    expect(summary).toMatchObject({ paidOrders: 2, unpaidOrders: 1, revenue: { usd: 1999, bdt: 85_000 } });
    expect(summary.byItem).toEqual([expect.objectContaining({ itemId: course._id.toHexString(), paidOrders: 2, revenue: { usd: 1999, bdt: 85_000 } })]);
    const page = await m.orders.listAllOrders(READER, 1);
    const paid = await m.orders.paidAmountsOf(page.items);
    expect(Object.fromEntries(paid)).toEqual({
      [byCard._id.toHexString()]: { currency: 'usd', minor: 1999 },
      [byBkash._id.toHexString()]: taka,
      // A refunded order still says what it was paid.
      [refunded._id.toHexString()]: taka,
    });
    expect(paid.has(unpaid._id.toHexString())).toBe(false);
    // An order paid before its fulfilment kept an amount: its price in the currency its payment id says.
    expect(m.fulfilment.amountPaidFor({ priceCents: 1999, pricePaisa: 85_000, transactionId: sslId }, null)).toEqual(taka);
    expect(m.fulfilment.amountPaidFor({ priceCents: 1999, pricePaisa: 85_000, transactionId: 'pi_old' }, null)).toEqual({ currency: 'usd', minor: 1999 });
  });
});
