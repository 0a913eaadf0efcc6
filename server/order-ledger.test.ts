import { ObjectId } from 'mongodb';
import { insertCourse, makeBuyer } from '@/tests/support/commerce-fixtures';
import { usePrivateDatabase } from '@/tests/support/private-database';
import type { OrderDocument } from './documents';
import type { HttpError } from './http';

// The per-user order ledger against the real embedded database: built from orders written
// without it, kept right under concurrent orders and cancellations, and repaired when it lost
// an order.
usePrivateDatabase('kz_jest_order_ledger');

type Modules = {
  ledger: typeof import('./order-ledger');
  orders: typeof import('./orders');
  db: typeof import('./db');
};
let m: Modules;

beforeAll(async () => {
  m = { ledger: await import('./order-ledger'), orders: await import('./orders'), db: await import('./db') };
});

afterAll(async () => {
  await m.db.closeDb();
});

/** An order written straight into the collection, as a seed script or an older version did. */
async function writeOrderWithoutLedger(buyer: ReturnType<typeof makeBuyer>, itemId: ObjectId, createdAt: Date): Promise<OrderDocument> {
  const order: OrderDocument = {
    _id: new ObjectId(),
    userId: new ObjectId(buyer.id),
    userName: buyer.name,
    email: buyer.email,
    itemKind: 'course',
    itemId,
    productName: 'Course',
    img: '/demo/item.webp',
    priceCents: 500,
    paid: false,
    createdAt,
  };
  await (await m.db.collection('orders')).insertOne(order);
  return order;
}

it('rebuilds every ledger from the orders, oldest first, in one pass', async () => {
  const [ada, bo] = [makeBuyer('Ada'), makeBuyer('Bo')];
  const first = await writeOrderWithoutLedger(ada, new ObjectId(), new Date('2026-01-02'));
  const second = await writeOrderWithoutLedger(ada, new ObjectId(), new Date('2026-01-01'));
  const third = await writeOrderWithoutLedger(bo, new ObjectId(), new Date('2026-01-03'));

  const built = await m.ledger.rebuildOrderLedgers();
  expect(built.orders).toBeGreaterThanOrEqual(3);
  expect((await m.ledger.readLedger(new ObjectId(ada.id))).map((entry) => entry.orderId.toHexString())).toEqual([second._id.toHexString(), first._id.toHexString()]);
  expect((await m.ledger.readLedger(new ObjectId(bo.id))).map((entry) => entry.orderId.toHexString())).toEqual([third._id.toHexString()]);
  const page = await m.orders.listOrders(ada, 'all', 1);
  expect(page.items.map((order) => order.id)).toEqual([first._id.toHexString(), second._id.toHexString()]);
  expect(page.total).toBe(2);
});

it('keeps every one of many concurrent orders and cancellations of one user', async () => {
  const buyer = makeBuyer('Busy');
  const courses = await Promise.all(Array.from({ length: 12 }, (_, index) => insertCourse({ title: `Course ${index}` })));
  const created = await Promise.all(courses.map((course) => m.orders.createOrder(buyer, course._id.toHexString())));
  expect(created.every((result) => result.created)).toBe(true);
  const cancelled = created.slice(0, 4).map((result) => result.order.id);
  await Promise.all(cancelled.map((id) => m.orders.cancelUnpaidOrder(buyer, id)));

  const page = await m.orders.listOrders(buyer, 'all', 1);
  expect(page.total).toBe(8);
  expect(new Set(page.items.map((order) => order.id))).toEqual(new Set(created.slice(4).map((result) => result.order.id)));
  const ledger = await m.ledger.readLedger(new ObjectId(buyer.id));
  expect(ledger).toHaveLength(8);
});

it('finds and re-records an order the ledger lost instead of creating a second one', async () => {
  await m.ledger.ensureOrderLedgers();
  const buyer = makeBuyer('Lost');
  const course = await insertCourse();
  // The process stopped after writing the order and before recording it in the ledger.
  const lost = await writeOrderWithoutLedger(buyer, course._id, new Date());
  expect(await m.orders.listOrders(buyer, 'all', 1)).toMatchObject({ total: 0 });

  const again = await m.orders.createOrder(buyer, course._id.toHexString());
  expect(again).toMatchObject({ created: false, order: { id: lost._id.toHexString() } });
  expect((await m.orders.listOrders(buyer, 'all', 1)).items.map((order) => order.id)).toEqual([lost._id.toHexString()]);
  expect(await m.orders.orderStatusForItem(buyer, course._id.toHexString())).toEqual({ paid: false, orderId: lost._id.toHexString() });
});

it('skips an entry whose order is gone', async () => {
  const buyer = makeBuyer('Gone');
  const course = await insertCourse();
  const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
  await (await m.db.collection('orders')).deleteOne({ _id: new ObjectId(order.id) });
  expect((await m.orders.listOrders(buyer, 'unpaid', 1)).items).toEqual([]);
  expect(await m.orders.orderStatusForItem(buyer, course._id.toHexString())).toEqual({ paid: false, orderId: null });

  // Buying the item again makes a new order, which takes the gone one's place in the ledger.
  const again = await m.orders.createOrder(buyer, course._id.toHexString());
  expect(again.created).toBe(true);
  expect(again.order.id).not.toBe(order.id);
  expect((await m.ledger.readLedger(new ObjectId(buyer.id))).map((entry) => entry.orderId.toHexString())).toEqual([again.order.id]);
});

// The ledger this process last wrote is remembered to skip a read; the database still decides.
it('keeps entries written by another process while this one remembered an older ledger', async () => {
  const buyer = makeBuyer('Elsewhere');
  const [first, second, third] = await Promise.all([insertCourse(), insertCourse(), insertCourse()]);
  const { order: firstOrder } = await m.orders.createOrder(buyer, first._id.toHexString());
  // Another process (a seed script's rebuild) records an order this process never saw.
  const foreign = await writeOrderWithoutLedger(buyer, second._id, new Date());
  await m.ledger.rebuildOrderLedgers();
  const { order: thirdOrder } = await m.orders.createOrder(buyer, third._id.toHexString());
  expect((await m.ledger.readLedger(new ObjectId(buyer.id))).map((entry) => entry.orderId.toHexString())).toEqual([
    firstOrder.id,
    foreign._id.toHexString(),
    thirdOrder.id,
  ]);
});

it('records an order again after its ledger was removed behind its back', async () => {
  const buyer = makeBuyer('Removed');
  const course = await insertCourse();
  const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
  await (await m.db.getDb()).collection('orderLedgers').deleteOne({ _id: new ObjectId(buyer.id) });
  // The insert meets the existing order, which is looked up and put back into a new ledger.
  expect(await m.orders.createOrder(buyer, course._id.toHexString())).toMatchObject({ created: false, order: { id: order.id } });
  expect((await m.ledger.readLedger(new ObjectId(buyer.id))).map((entry) => entry.orderId.toHexString())).toEqual([order.id]);
});

describe('the per-account order allowance, kept in the ledger', () => {
  // The order limit as configured (server/write-limits.ts): 120 per 15 minutes.
  const { max, windowSeconds } = { max: 120, windowSeconds: 15 * 60 };

  /** Sets the account's count as if `used` requests were made `secondsAgo` into the window (a new version, as another process would write). */
  async function setAllowance(buyer: ReturnType<typeof makeBuyer>, used: number, secondsAgo = 0) {
    const orderAllowance = { failures: used, windowStartedAt: new Date(Date.now() - secondsAgo * 1000) };
    await (await m.db.getDb()).collection('orderLedgers').updateOne({ _id: new ObjectId(buyer.id) }, { $set: { orderAllowance, version: Date.now() } }, { upsert: true });
  }

  async function ordersOf(buyer: ReturnType<typeof makeBuyer>) {
    return (await m.db.collection('orders')).countDocuments({ userId: new ObjectId(buyer.id) });
  }

  it('uses the configured order limit', async () => {
    expect((await import('./write-limits')).WRITE_LIMITS.order).toEqual({ max, windowSeconds });
  });

  it('counts every order request, a repeated one too; past the budget 429 with Retry-After, and nothing is stored', async () => {
    await m.ledger.ensureOrderLedgers();
    const buyer = makeBuyer('Budget');
    const [first, second] = await Promise.all([insertCourse(), insertCourse()]);
    await setAllowance(buyer, max - 2);
    const placed = await m.orders.createOrder(buyer, first._id.toHexString());
    expect(placed.created).toBe(true);
    expect(await m.orders.createOrder(buyer, first._id.toHexString())).toMatchObject({ created: false, order: { id: placed.order.id } });

    const refused = m.orders.createOrder(buyer, second._id.toHexString());
    await expect(refused).rejects.toMatchObject({ status: 429, message: 'Too many requests. Please try again later.' });
    const error = (await refused.catch((caught: unknown) => caught)) as HttpError;
    const retryAfter = Number(error.headers['Retry-After']);
    expect(retryAfter).toBeGreaterThan(windowSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(await ordersOf(buyer)).toBe(1);
    expect((await m.ledger.readLedger(new ObjectId(buyer.id))).map((entry) => entry.orderId.toHexString())).toEqual([placed.order.id]);
  });

  it('opens again once the window is over', async () => {
    await m.ledger.ensureOrderLedgers();
    const buyer = makeBuyer('Later');
    const course = await insertCourse();
    await setAllowance(buyer, max, windowSeconds + 1);
    expect((await m.orders.createOrder(buyer, course._id.toHexString())).created).toBe(true);
  });

  it('lets exactly the rest of the budget through when many orders arrive at once', async () => {
    await m.ledger.ensureOrderLedgers();
    const buyer = makeBuyer('Burst');
    const courses = await Promise.all(Array.from({ length: 12 }, () => insertCourse()));
    await setAllowance(buyer, max - 5);
    const outcomes = await Promise.allSettled(courses.map((course) => m.orders.createOrder(buyer, course._id.toHexString())));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as HttpError] : []));
    expect(refusals.map((error) => error.status)).toEqual(Array(7).fill(429));
    expect(await ordersOf(buyer)).toBe(5);
    expect(await m.ledger.readLedger(new ObjectId(buyer.id))).toHaveLength(5);
  });
});
