import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Collection } from 'mongodb';
import Stripe from 'stripe';
import { insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';

// POST /api/stripe/webhook through its exported handler, with deliveries signed by the Stripe SDK's
// own test helper: signature and replay checks, ignored events, concurrency and retries on failure.
selectPrivateDatabase('kz_jest_stripe_webhook');
const SECRET = 'whsec_test_knowledge_zone_webhook_secret';
process.env.STRIPE_WEBHOOK_SECRET = SECRET;
const outbox = mkdtempSync(path.join(tmpdir(), 'kz-webhook-outbox-'));
process.env.MAIL_OUTBOX_DIR = outbox;
delete process.env.SMTP_URL;

type Modules = {
  route: typeof import('@/app/api/stripe/webhook/route');
  db: typeof import('../../platform/db');
};
let m: Modules;

beforeAll(async () => {
  m = {
    route: await import('@/app/api/stripe/webhook/route'),
    db: await import('../../platform/db'),
  };
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

function eventPayload(type: string, intent: { id: string; amount: number; orderId?: string }, eventId = 'evt_test_1'): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        currency: 'usd',
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        metadata: intent.orderId ? { orderId: intent.orderId } : {},
      },
    },
  });
}

type DeliveryOptions = { secret?: string; timestamp?: number; body?: string; headers?: Record<string, string> };

function deliver(payload: string, { secret = SECRET, timestamp, body, headers = {} }: DeliveryOptions = {}): Promise<Response> {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  return m.route.POST(
    new Request('http://127.0.0.1:3000/api/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature, ...headers },
      body: body ?? payload,
    }),
  );
}

async function unpaidCourseOrder() {
  const course = await insertCourse({ priceCents: 1999, Enrolled: 25 });
  const order = await insertOrder(makeBuyer('Webhook'), course, { itemKind: 'course' });
  return { course, order, orderId: order._id.toHexString() };
}

const receipts = () => readdirSync(outbox).filter((name) => name.endsWith('.eml'));

async function expectNothingWritten(order: { _id: import('mongodb').ObjectId }): Promise<void> {
  expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: false });
  expect(await (await m.db.collection('fulfilments')).countDocuments({})).toBe(0);
  expect(receipts()).toHaveLength(0);
}

describe('POST /api/stripe/webhook', () => {
  it('fulfils the order of a verified payment_intent.succeeded, even cross-site', async () => {
    const { course, order, orderId } = await unpaidCourseOrder();
    const response = await deliver(eventPayload('payment_intent.succeeded', { id: 'pi_webhook_1', amount: 1999, orderId }), {
      headers: { origin: 'https://stripe.com', 'sec-fetch-site': 'cross-site' },
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: true, transactionId: 'pi_webhook_1' });
    expect(await (await m.db.collection('courses')).findOne({ _id: course._id })).toMatchObject({ Enrolled: 26 });
    expect(receipts()).toHaveLength(1);
  });

  it('answers 400 and writes nothing for a wrong secret, an altered body or no signature', async () => {
    const { order, orderId } = await unpaidCourseOrder();
    const payload = eventPayload('payment_intent.succeeded', { id: 'pi_forged', amount: 1999, orderId });

    expect((await deliver(payload, { secret: 'whsec_someone_else' })).status).toBe(400);
    expect((await deliver(payload, { body: payload.replace('"amount":1999', '"amount":1998') })).status).toBe(400);
    const unsigned = await m.route.POST(new Request('http://127.0.0.1:3000/api/stripe/webhook', { method: 'POST', body: payload }));
    expect(unsigned.status).toBe(400);
    await expectNothingWritten(order);
  });

  it('answers 400 to a replay older than the 5-minute tolerance', async () => {
    const { order, orderId } = await unpaidCourseOrder();
    const payload = eventPayload('payment_intent.succeeded', { id: 'pi_replayed', amount: 1999, orderId });

    const response = await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });

    expect(response.status).toBe(400);
    await expectNothingWritten(order);
    // Within the tolerance the same delivery is accepted.
    expect((await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 240 })).status).toBe(200);
  });

  it('answers 200 to event types it does not handle, without acting on them', async () => {
    const { order, orderId } = await unpaidCourseOrder();
    const response = await deliver(eventPayload('payment_intent.payment_failed', { id: 'pi_failed', amount: 1999, orderId }));
    expect(response.status).toBe(200);
    expect((await deliver(eventPayload('customer.created', { id: 'cus_1', amount: 0 }))).status).toBe(200);
    await expectNothingWritten(order);
  });

  it('fulfils once when the same event arrives 20 times at once, and for a second event of the same payment', async () => {
    const { course, order, orderId } = await unpaidCourseOrder();
    const payload = eventPayload('payment_intent.succeeded', { id: 'pi_storm', amount: 1999, orderId });

    const responses = await Promise.all(Array.from({ length: 20 }, () => deliver(payload)));
    const again = await deliver(eventPayload('payment_intent.succeeded', { id: 'pi_storm', amount: 1999, orderId }, 'evt_test_2'));

    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(again.status).toBe(200);
    expect(await (await m.db.collection('fulfilments')).countDocuments({})).toBe(1);
    expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: true });
    expect(await (await m.db.collection('courses')).findOne({ _id: course._id })).toMatchObject({ Enrolled: 26 });
    expect(receipts()).toHaveLength(1);
  });

  it('does not pay an order for an amount other than its price', async () => {
    const { order, orderId } = await unpaidCourseOrder();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await deliver(eventPayload('payment_intent.succeeded', { id: 'pi_short', amount: 100, orderId }));
    // A verified event that will never apply: acknowledged so Stripe stops, but nothing changes.
    expect(response.status).toBe(200);
    await expectNothingWritten(order);
  });

  it('answers 500 when handling fails, so Stripe retries, and the retry fulfils', async () => {
    const { order, orderId } = await unpaidCourseOrder();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const payload = eventPayload('payment_intent.succeeded', { id: 'pi_retry', amount: 1999, orderId });
    // The first database read of the fulfilment fails once, as on a dropped connection.
    jest.spyOn(Collection.prototype, 'findOne').mockRejectedValueOnce(new Error('database went away'));

    expect((await deliver(payload)).status).toBe(500);
    expect((await deliver(payload)).status).toBe(200);
    expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: true, transactionId: 'pi_retry' });
  });
});
