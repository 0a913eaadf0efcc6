import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';

// Exactly-once fulfilment against the real embedded database: concurrent calls, a second payment,
// a wrong amount, a price the catalogue no longer has, and a fulfilment whose process died half-way.
selectPrivateDatabase('kz_jest_fulfilment');
const outbox = mkdtempSync(path.join(tmpdir(), 'kz-fulfilment-outbox-'));
process.env.MAIL_OUTBOX_DIR = outbox;
delete process.env.SMTP_URL;

type Modules = { fulfilment: typeof import('./fulfilment'); db: typeof import('../platform/db') };
let m: Modules;

beforeAll(async () => {
  m = { fulfilment: await import('./fulfilment'), db: await import('../platform/db') };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['orders', 'courses', 'fulfilments', 'fulfilmentClaims'].map((name) => db.collection(name).deleteMany({})));
  for (const file of readdirSync(outbox)) rmSync(path.join(outbox, file), { force: true });
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  rmSync(outbox, { recursive: true, force: true });
  await m.db.closeDb();
});

const receipts = () => readdirSync(outbox).filter((name) => name.endsWith('.eml'));

async function paidCourseOrder() {
  const course = await insertCourse({ Enrolled: 25, priceCents: 1999 });
  const order = await insertOrder(makeBuyer('Buyer'), course, { itemKind: 'course', productName: course.title });
  return { course, order, orderId: order._id.toHexString() };
}

describe('fulfilOrder', () => {
  it('marks the order paid, counts the enrolment (announced to the page caches) and sends one receipt', async () => {
    const { course, order, orderId } = await paidCourseOrder();
    const newestAnnouncement = async () => (await (await m.db.collection('publicChanges')).find({}).sort({ _id: -1 }).limit(1).toArray())[0];

    expect(await m.fulfilment.fulfilOrder(orderId, 'pi_once', { currency: 'usd', minor: 1999 })).toEqual({ status: 'fulfilled' });
    // Every instance forgets its cached course page, which shows the new count, and nothing else.
    expect(await newestAnnouncement()).toMatchObject({ tags: [`course:${course._id.toHexString()}`] });

    expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: true, transactionId: 'pi_once' });
    expect(await (await m.db.collection('courses')).findOne({ _id: course._id })).toMatchObject({ Enrolled: 26 });
    expect(await (await m.db.collection('fulfilments')).findOne({ _id: order._id })).toMatchObject({
      completedAt: expect.any(Date),
      receiptSentAt: expect.any(Date),
    });
    expect(receipts()).toHaveLength(1);
  });

  it('keeps the buyer\'s typed name out of the receipt, so a name cannot turn it into phishing', async () => {
    const course = await insertCourse({ priceCents: 1999 });
    const phisher = { ...makeBuyer('phisher'), name: 'URGENT refund pending visit http://evil.example/r now' };
    const order = await insertOrder(phisher, course, { itemKind: 'course', productName: course.title });
    await m.fulfilment.fulfilOrder(order._id.toHexString(), 'pi_named', { currency: 'usd', minor: 1999 });
    const [receipt = ''] = receipts();
    const text = readFileSync(path.join(outbox, receipt), 'utf8');
    expect(text).toContain('Hello,');
    expect(text).not.toContain('evil.example');
  });

  it('fulfils once when the same payment arrives 20 times at once', async () => {
    const { course, orderId } = await paidCourseOrder();

    const outcomes = await Promise.all(Array.from({ length: 20 }, () => m.fulfilment.fulfilOrder(orderId, 'pi_same', { currency: 'usd', minor: 1999 })));

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'already-fulfilled')).toHaveLength(19);
    expect(await (await m.db.collection('fulfilments')).countDocuments({})).toBe(1);
    expect(await (await m.db.collection('courses')).findOne({ _id: course._id })).toMatchObject({ Enrolled: 26 });
    expect(receipts()).toHaveLength(1);
  });

  it('counts every enrolment when different orders for one course are paid at the same moment', async () => {
    const course = await insertCourse({ Enrolled: 25, priceCents: 1999 });
    const orders = await Promise.all(
      Array.from({ length: 12 }, (_, index) => insertOrder(makeBuyer(`Buyer${index}`), course, { itemKind: 'course', productName: course.title })),
    );

    const outcomes = await Promise.all(orders.map((order, index) => m.fulfilment.fulfilOrder(order._id.toHexString(), `pi_many_${index}`, { currency: 'usd', minor: 1999 })));

    expect(outcomes.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    // FerretDB applies $inc as a read followed by a write: unserialized, some of these are lost.
    expect(await (await m.db.collection('courses')).findOne({ _id: course._id })).toMatchObject({ Enrolled: 37 });
  });

  it('keeps the first payment when a second one for the same order arrives', async () => {
    const { course, order, orderId } = await paidCourseOrder();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    await m.fulfilment.fulfilOrder(orderId, 'pi_first', { currency: 'usd', minor: 1999 });
    expect(await m.fulfilment.fulfilOrder(orderId, 'pi_second', { currency: 'usd', minor: 1999 })).toEqual({ status: 'rejected', reason: 'paid-by-another-payment' });

    expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ transactionId: 'pi_first' });
    expect(await (await m.db.collection('courses')).findOne({ _id: course._id })).toMatchObject({ Enrolled: 26 });
  });

  it('refuses an amount other than the stored price and changes nothing', async () => {
    const { order, orderId } = await paidCourseOrder();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    expect(await m.fulfilment.fulfilOrder(orderId, 'pi_cheap', { currency: 'usd', minor: 1 })).toEqual({ status: 'rejected', reason: 'amount-mismatch' });

    expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: false });
    expect(await (await m.db.collection('fulfilments')).countDocuments({})).toBe(0);
  });

  it('refuses a kept payment at a price the catalogue changed since it was shown, once the hold has passed', async () => {
    // A payment may not keep a price the catalogue has since raised: an order made at $19.99, the
    // course raised to $500, and an intent from back then confirmed directly at the provider
    // (Stripe.js needs no call to this server).
    const { course, order, orderId } = await paidCourseOrder();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await (await m.db.collection('courses')).updateOne({ _id: course._id }, { $set: { priceCents: 50_000 } });
    const shownLongAgo = new Date(Date.now() - m.fulfilment.PRICE_HOLD_MS - 60_000);
    await (await m.db.collection('orders')).updateOne({ _id: order._id }, { $set: { pricedAt: shownLongAgo } });

    expect(await m.fulfilment.fulfilOrder(orderId, 'pi_stale', { currency: 'usd', minor: 1999 })).toEqual({ status: 'rejected', reason: 'price-changed' });
    expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: false });
    expect(await (await m.db.collection('fulfilments')).countDocuments({})).toBe(0);

    // A deleted course cannot be paid either.
    await (await m.db.collection('courses')).deleteOne({ _id: course._id });
    expect(await m.fulfilment.fulfilOrder(orderId, 'pi_stale', { currency: 'usd', minor: 1999 })).toEqual({ status: 'rejected', reason: 'price-changed' });
  });

  it('honours the price shown within the hold, and a payment it already accepted, after a price change', async () => {
    const { course, order, orderId } = await paidCourseOrder();
    await (await m.db.collection('courses')).updateOne({ _id: course._id }, { $set: { priceCents: 50_000 } });

    // The buyer was on the payment page when the price changed: they pay what they saw.
    expect(await m.fulfilment.fulfilOrder(orderId, 'pi_paying', { currency: 'usd', minor: 1999 })).toEqual({ status: 'fulfilled' });
    expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: true, transactionId: 'pi_paying' });

    // A payment accepted before the change, whose process died before marking the order paid, is
    // finished by Stripe's retry long after, not judged by the new price again.
    const begun = await insertOrder(makeBuyer('Begun'), { _id: course._id, priceCents: 1999 }, { itemKind: 'course', pricedAt: new Date(0) });
    await (await m.db.collection('fulfilments')).insertOne({ _id: begun._id, paymentIntentId: 'pi_begun', amountCents: 1999, createdAt: new Date(), attempt: 1, leaseUntil: new Date(Date.now() + 60_000) });
    expect(await m.fulfilment.fulfilOrder(begun._id.toHexString(), 'pi_begun', { currency: 'usd', minor: 1999 })).toEqual({ status: 'already-fulfilled' });
    expect(await (await m.db.collection('orders')).findOne({ _id: begun._id })).toMatchObject({ paid: true, transactionId: 'pi_begun' });
  });

  it('refuses unknown and malformed orders', async () => {
    expect(await m.fulfilment.fulfilOrder('0123456789abcdef01234567', 'pi_x', { currency: 'usd', minor: 100 })).toEqual({ status: 'rejected', reason: 'unknown-order' });
    expect(await m.fulfilment.fulfilOrder('nope', 'pi_x', { currency: 'usd', minor: 100 })).toEqual({ status: 'rejected', reason: 'unknown-order' });
  });

  it('finishes, once, a fulfilment whose process died after taking the lock', async () => {
    const { course, order, orderId } = await paidCourseOrder();
    // The state a killed server leaves: the lock is taken, its lease has run out, nothing else done.
    const crashedAt = new Date(Date.now() - 5 * 60_000);
    await (await m.db.collection('fulfilments')).insertOne({
      _id: order._id,
      paymentIntentId: 'pi_crashed',
      amountCents: 1999,
      createdAt: crashedAt,
      attempt: 1,
      leaseUntil: new Date(crashedAt.getTime() + 60_000),
    });

    // Stripe retries the webhook after the restart, several times over.
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => m.fulfilment.fulfilOrder(orderId, 'pi_crashed', { currency: 'usd', minor: 1999 })));

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: true, transactionId: 'pi_crashed' });
    expect(await (await m.db.collection('courses')).findOne({ _id: course._id })).toMatchObject({ Enrolled: 26 });
    expect(receipts()).toHaveLength(1);
    expect(await m.fulfilment.fulfilOrder(orderId, 'pi_crashed', { currency: 'usd', minor: 1999 })).toEqual({ status: 'already-fulfilled' });
  });

  it('records the payment during a holder\'s lease (it may have died before doing so) but leaves the receipt to it', async () => {
    const { course, order, orderId } = await paidCourseOrder();
    // The state an app killed right after taking the lock leaves, seconds after its restart.
    await (await m.db.collection('fulfilments')).insertOne({
      _id: order._id,
      paymentIntentId: 'pi_running',
      amountCents: 1999,
      createdAt: new Date(),
      attempt: 1,
      leaseUntil: new Date(Date.now() + 60_000),
    });

    const outcomes = await Promise.all(Array.from({ length: 5 }, () => m.fulfilment.fulfilOrder(orderId, 'pi_running', { currency: 'usd', minor: 1999 })));

    expect(outcomes.every((outcome) => outcome.status === 'already-fulfilled')).toBe(true);
    expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: true, transactionId: 'pi_running' });
    expect(await (await m.db.collection('courses')).findOne({ _id: course._id })).toMatchObject({ Enrolled: 26 });
    expect(receipts()).toHaveLength(0);
  });

  it('a sweep finishes a fulfilment whose lease ran out (no webhook will come), once, and leaves live ones alone', async () => {
    const { course, order } = await paidCourseOrder();
    const other = await paidCourseOrder();
    const crashedAt = new Date(Date.now() - 5 * 60_000);
    const fulfilments = await m.db.collection('fulfilments');
    await fulfilments.insertOne({ _id: order._id, paymentIntentId: 'pi_swept', amountCents: 1999, createdAt: crashedAt, attempt: 1, leaseUntil: new Date(crashedAt.getTime() + 60_000) });
    await fulfilments.insertOne({ _id: other.order._id, paymentIntentId: 'pi_live', amountCents: 1999, createdAt: new Date(), attempt: 1, leaseUntil: new Date(Date.now() + 60_000) });

    const finished = await Promise.all([m.fulfilment.resumeInterruptedFulfilments(), m.fulfilment.resumeInterruptedFulfilments()]);

    expect(finished[0] + finished[1]).toBe(1);
    expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: true, transactionId: 'pi_swept', paidAt: crashedAt });
    expect(await (await m.db.collection('courses')).findOne({ _id: course._id })).toMatchObject({ Enrolled: 26 });
    expect(await fulfilments.findOne({ _id: order._id })).toMatchObject({ completedAt: expect.any(Date), receiptSentAt: expect.any(Date) });
    expect(await fulfilments.findOne({ _id: other.order._id })).not.toHaveProperty('completedAt');
    expect(receipts()).toHaveLength(1);
    expect(await m.fulfilment.resumeInterruptedFulfilments()).toBe(0);
  });
});
