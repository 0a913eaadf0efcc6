import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import Stripe from 'stripe';
import { insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { startStripeMock } from '@/tests/support/stripe-mock';
import type { StripeMock } from '@/tests/support/stripe-mock';
import type { Actor } from '../../accounts/permissions';

// Refunds through the Stripe gateway, against Stripe's own mock server (stripe-mock checks every
// request against Stripe's API specification), and Stripe's `charge.refunded` webhook signed by the
// SDK's test helper: a refund made in the dashboard has the same effect as an admin's, and however
// often the event arrives, also while an admin refunds the same order, the order is refunded once:
// one refund at Stripe, one e-mail, one enrolment fewer, one audit entry.
selectPrivateDatabase('kz_jest_stripe_refunds');
const SECRET = 'whsec_test_knowledge_zone_refund_secret';
const outbox = mkdtempSync(path.join(tmpdir(), 'kz-stripe-refunds-outbox-'));
process.env.MAIL_OUTBOX_DIR = outbox;
delete process.env.SMTP_URL;

type Modules = {
  route: typeof import('@/app/api/stripe/webhook/route');
  refunds: typeof import('../refunds');
  orders: typeof import('../orders');
  db: typeof import('../../platform/db');
};
let m: Modules;
let mock: StripeMock;

beforeAll(async () => {
  mock = await startStripeMock();
  // Read when the gateway is first made: Stripe is this server's gateway, at stripe-mock.
  process.env.STRIPE_SECRET_KEY = 'sk_test_123';
  process.env.STRIPE_API_URL = mock.apiUrl;
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  m = {
    route: await import('@/app/api/stripe/webhook/route'),
    refunds: await import('../refunds'),
    orders: await import('../orders'),
    db: await import('../../platform/db'),
  };
}, 120_000);

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['orders', 'courses', 'fulfilments', 'fulfilmentClaims', 'refunds', 'refundRequests', 'auditLog', 'rateLimits'].map((name) => db.collection(name).deleteMany({})));
  for (const file of readdirSync(outbox)) rmSync(path.join(outbox, file), { force: true });
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  mock?.stop();
  rmSync(outbox, { recursive: true, force: true });
  await m.db.closeDb();
});

const admin: Actor = { id: new ObjectId().toHexString(), email: 'admin@example.com', role: 'admin' };

/** A course order paid with Stripe intent `intentId` (as fulfilment leaves it; the course counted the enrolment). */
async function paidCourseOrder(intentId: string) {
  const course = await insertCourse({ priceCents: 1999, Enrolled: 26 });
  const order = await insertOrder(makeBuyer('Stripe'), course, { itemKind: 'course', productName: course.title, paid: true, transactionId: intentId, paidAt: new Date() });
  return { course, order, orderId: order._id.toHexString() };
}

function chargeRefunded(intentId: string, { refunded = true, eventId = 'evt_refund_1' } = {}): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_${intentId.slice(3)}`,
        object: 'charge',
        amount: 1999,
        amount_refunded: refunded ? 1999 : 500,
        currency: 'usd',
        payment_intent: intentId,
        refunded,
        refunds: { object: 'list', data: [{ id: 're_dashboard_1', object: 'refund', amount: refunded ? 1999 : 500 }] },
      },
    },
  });
}

function deliver(payload: string): Promise<Response> {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return m.route.POST(
    new Request('http://127.0.0.1:3000/api/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    }),
  );
}

const refundMails = () => readdirSync(outbox).filter((name) => name.endsWith('.eml') && readFileSync(path.join(outbox, name), 'utf8').includes('Subject: Your Knowledge Zone refund'));

async function expectRefundedOnce(order: { _id: ObjectId }, courseId: ObjectId): Promise<void> {
  expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: false, refundedAt: expect.any(Date) });
  expect(await (await m.db.collection('refunds')).countDocuments({})).toBe(1);
  expect(await (await m.db.collection('refunds')).findOne({ _id: order._id })).toMatchObject({ completedAt: expect.any(Date) });
  expect(await (await m.db.collection('courses')).findOne({ _id: courseId })).toMatchObject({ Enrolled: 25 });
  expect(await (await m.db.collection('auditLog')).countDocuments({ action: 'refund' })).toBe(1);
  expect(refundMails()).toHaveLength(1);
}

describe('refunds with Stripe', () => {
  it('an admin refund goes to Stripe (a request stripe-mock accepts) and ends access', async () => {
    const { course, order, orderId } = await paidCourseOrder('pi_admin_refund');

    const refund = await m.refunds.refundOrder(admin, orderId);

    expect(refund).toMatchObject({ orderId, amountCents: 1999 });
    expect(await (await m.db.collection('refunds')).findOne({ _id: order._id })).toMatchObject({ providerRefundId: expect.stringMatching(/^re_/), source: 'admin' });
    expect(await m.orders.hasPaidOrder({ id: order.userId.toHexString() }, course._id.toHexString())).toBe(false);
    await expectRefundedOnce(order, course._id);
  });

  it('a refund made in the dashboard (charge.refunded) has the same effect, audited as Stripe’s', async () => {
    const { course, order } = await paidCourseOrder('pi_dashboard');

    const response = await deliver(chargeRefunded('pi_dashboard'));

    expect(response.status).toBe(200);
    await expectRefundedOnce(order, course._id);
    expect(await (await m.db.collection('refunds')).findOne({ _id: order._id })).toMatchObject({ source: 'provider', providerRefundId: 're_dashboard_1' });
    expect(await (await m.db.collection('auditLog')).findOne({ action: 'refund' })).toMatchObject({ actorEmail: 'Stripe dashboard', entityId: order._id.toHexString() });
  });

  it('refunds once when charge.refunded arrives 20 times at once, together with an admin refund, and again later', async () => {
    const { course, order, orderId } = await paidCourseOrder('pi_storm');
    const payload = chargeRefunded('pi_storm');

    const [adminOutcome, ...responses] = await Promise.all([
      m.refunds.refundOrder(admin, orderId).then(
        (outcome) => outcome,
        (error: unknown) => error,
      ),
      ...Array.from({ length: 20 }, () => deliver(payload)),
    ]);

    // The admin either refunded it or was told it already was (or was being) refunded.
    if (adminOutcome instanceof Error) expect(adminOutcome).toMatchObject({ status: 409 });
    else expect(adminOutcome).toMatchObject({ orderId });
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 200));
    await expectRefundedOnce(order, course._id);

    // Stripe retries for days: replays, and a second event of the same refund, change nothing.
    for (let replay = 0; replay < 20; replay += 1) expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(chargeRefunded('pi_storm', { eventId: 'evt_refund_2' }))).status).toBe(200);
    await expectRefundedOnce(order, course._id);
  });

  it('refunds once when the events arrive while the admin’s refund holds the lock', async () => {
    const { course, order, orderId } = await paidCourseOrder('pi_under_way');
    const payload = chargeRefunded('pi_under_way');

    const adminRefund = m.refunds.refundOrder(admin, orderId);
    // Stripe sends charge.refunded for the admin's own refund: here while that refund is running.
    for (let wait = 0; wait < 500 && !(await (await m.db.collection('refunds')).findOne({ _id: order._id })); wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const responses = await Promise.all(Array.from({ length: 20 }, () => deliver(payload)));

    expect(await adminRefund).toMatchObject({ orderId, amountCents: 1999 });
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 200));
    await expectRefundedOnce(order, course._id);
    expect(await (await m.db.collection('refunds')).findOne({ _id: order._id })).toMatchObject({ source: 'admin', providerRefundedAt: expect.any(Date) });
  });

  it('leaves a partial refund made in the dashboard alone', async () => {
    const { order } = await paidCourseOrder('pi_partial');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect((await deliver(chargeRefunded('pi_partial', { refunded: false }))).status).toBe(200);

    expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: true });
    expect(await (await m.db.collection('refunds')).countDocuments({})).toBe(0);
  });

  it('acknowledges a refunded charge that pays no order of ours, writing nothing', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect((await deliver(chargeRefunded('pi_not_ours'))).status).toBe(200);
    expect(await (await m.db.collection('refunds')).countDocuments({})).toBe(0);
  });
});
