import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { insertCourse, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';

// The sandbox gateway and the checkout on top of it, against the real embedded database: one
// intent per order, Stripe's test-card outcomes, and the rule that only the provider's word pays.
selectPrivateDatabase('kz_jest_sandbox_gateway');
const outbox = mkdtempSync(path.join(tmpdir(), 'kz-sandbox-outbox-'));
process.env.MAIL_OUTBOX_DIR = outbox;
delete process.env.SMTP_URL;
delete process.env.STRIPE_SECRET_KEY;

type Modules = {
  sandbox: typeof import('./sandbox-gateway');
  checkout: typeof import('../checkout');
  orders: typeof import('../orders');
  db: typeof import('../../platform/db');
  http: typeof import('../../platform/http');
};
let m: Modules;

beforeAll(async () => {
  m = {
    sandbox: await import('./sandbox-gateway'),
    checkout: await import('../checkout'),
    orders: await import('../orders'),
    db: await import('../../platform/db'),
    http: await import('../../platform/http'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['orders', 'courses', 'fulfilments', 'fulfilmentClaims', 'sandboxPaymentIntents'].map((name) => db.collection(name).deleteMany({})));
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  rmSync(outbox, { recursive: true, force: true });
  await m.db.closeDb();
});

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };

async function orderToPay(priceCents = 1500) {
  const course = await insertCourse({ priceCents, Enrolled: 25 });
  const buyer = makeBuyer('Payer');
  const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
  return { course, buyer, order };
}

async function expectStatus(promise: Promise<unknown>, status: number): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(m.http.HttpError);
  expect((error as InstanceType<typeof m.http.HttpError>).status).toBe(status);
}

describe('SandboxGateway', () => {
  it('creates one intent per order, whatever the number of concurrent calls', async () => {
    const { order } = await orderToPay();
    const gateway = new m.sandbox.SandboxGateway();
    const intents = await Promise.all(Array.from({ length: 20 }, () => gateway.createIntent({ orderId: order.id, amountCents: 1500, description: 'x' })));

    expect(new Set(intents.map((intent) => intent.id)).size).toBe(1);
    expect(intents[0]).toMatchObject({ status: 'requires_payment_method', amountCents: 1500, currency: 'usd', orderId: order.id });
    expect(intents[0]?.clientSecret).toMatch(/^pi_sandbox_[0-9a-f]+_secret_/);
  });

  it('declines with Stripe’s message and leaves the intent payable', async () => {
    const { order } = await orderToPay();
    const gateway = new m.sandbox.SandboxGateway();
    const intent = await gateway.createIntent({ orderId: order.id, amountCents: 1500, description: 'x' });

    const declined = await gateway.confirmCard(intent.clientSecret ?? '', { ...GOOD_CARD, number: '4000 0000 0000 0002' });
    expect(declined).toMatchObject({ ok: false, message: 'yourCardWasDeclined' });
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({ status: 'requires_payment_method', lastErrorMessage: 'Your card was declined.' });

    const paid = await gateway.confirmCard(intent.clientSecret ?? '', GOOD_CARD);
    expect(paid).toMatchObject({ ok: true, intent: { status: 'succeeded', lastErrorMessage: null } });
  });

  it('refuses a wrong client secret', async () => {
    const { order } = await orderToPay();
    const gateway = new m.sandbox.SandboxGateway();
    const intent = await gateway.createIntent({ orderId: order.id, amountCents: 1500, description: 'x' });
    const forged = `${intent.id}_secret_forgedforgedforged`;
    expect(await gateway.confirmCard(forged, GOOD_CARD)).toMatchObject({ ok: false, message: 'No such payment_intent.' });
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({ status: 'requires_payment_method' });
  });

  it('does not confirm a cancelled intent', async () => {
    const { order } = await orderToPay();
    const gateway = new m.sandbox.SandboxGateway();
    const intent = await gateway.createIntent({ orderId: order.id, amountCents: 1500, description: 'x' });
    expect(await gateway.cancelIntent(intent.id)).toMatchObject({ status: 'canceled' });
    expect(await gateway.confirmCard(intent.clientSecret ?? '', GOOD_CARD)).toMatchObject({ ok: false });
  });

  it('changes the amount of an intent waiting for a card, but not of a paid one', async () => {
    const { order } = await orderToPay();
    const gateway = new m.sandbox.SandboxGateway();
    const intent = await gateway.createIntent({ orderId: order.id, amountCents: 1500, description: 'x' });
    expect(await gateway.updateIntentAmount(intent.id, 50_000)).toMatchObject({ id: intent.id, amountCents: 50_000 });
    await gateway.confirmCard(intent.clientSecret ?? '', GOOD_CARD);
    expect(await gateway.updateIntentAmount(intent.id, 100)).toMatchObject({ status: 'succeeded', amountCents: 50_000 });
  });
});

describe('checkout with the sandbox', () => {
  it('pays with 4242: the order becomes paid and the course gains one enrolment', async () => {
    const { course, buyer, order } = await orderToPay();
    const { clientSecret } = await m.checkout.startPayment(buyer, order.id);

    const result = await m.checkout.payWithSandboxCard(buyer, clientSecret, GOOD_CARD);

    expect(result).toMatchObject({ ok: true, transactionId: expect.stringMatching(/^pi_sandbox_/), order: { paid: true } });
    expect(await (await m.db.collection('courses')).findOne({ _id: course._id })).toMatchObject({ Enrolled: 26 });
    // The legacy client's follow-up call is idempotent.
    if (result.ok) await expect(m.checkout.confirmOrderPayment(buyer, order.id, result.transactionId)).resolves.toMatchObject({ paid: true });
    await expectStatus(m.checkout.startPayment(buyer, order.id), 409);
  });

  it('leaves the order unpaid after a declined card', async () => {
    const { buyer, order } = await orderToPay();
    const { clientSecret } = await m.checkout.startPayment(buyer, order.id);

    const result = await m.checkout.payWithSandboxCard(buyer, clientSecret, { ...GOOD_CARD, number: '4000000000009995' });

    expect(result).toEqual({ ok: false, message: 'yourCardHasInsufficientFunds' });
    expect(await m.orders.getOrderForOwner(buyer, order.id)).toMatchObject({ paid: false });
  });

  it("refuses to confirm someone else's payment", async () => {
    const { buyer, order } = await orderToPay();
    const { clientSecret } = await m.checkout.startPayment(buyer, order.id);
    await expectStatus(m.checkout.payWithSandboxCard(makeBuyer('Thief'), clientSecret, GOOD_CARD), 403);
    expect(await m.orders.getOrderForOwner(buyer, order.id)).toMatchObject({ paid: false });
  });

  it('answers 409 and changes nothing for a made-up, unconfirmed or foreign transaction id', async () => {
    const { buyer, order } = await orderToPay();
    const { clientSecret } = await m.checkout.startPayment(buyer, order.id);
    const intentId = m.sandbox.intentIdOfClientSecret(clientSecret) ?? '';

    await expectStatus(m.checkout.confirmOrderPayment(buyer, order.id, 'pi_madeup123'), 409);
    // A real intent for this very order, but never confirmed.
    await expectStatus(m.checkout.confirmOrderPayment(buyer, order.id, intentId), 409);

    // A succeeded intent of the buyer's other (cheaper) order.
    const cheap = await orderToPay(100);
    const other = await m.orders.createOrder(buyer, cheap.course._id.toHexString());
    const cheapSecret = (await m.checkout.startPayment(buyer, other.order.id)).clientSecret;
    await m.checkout.payWithSandboxCard(buyer, cheapSecret, GOOD_CARD);
    const cheapIntent = m.sandbox.intentIdOfClientSecret(cheapSecret) ?? '';
    await expectStatus(m.checkout.confirmOrderPayment(buyer, order.id, cheapIntent), 409);

    expect(await m.orders.getOrderForOwner(buyer, order.id)).toMatchObject({ paid: false });
    expect(await (await m.db.collection('fulfilments')).countDocuments({ _id: new ObjectId(order.id) })).toBe(0);
  });

  it('settles a payment the provider completed but the browser never reported', async () => {
    const { buyer, order } = await orderToPay();
    const { clientSecret } = await m.checkout.startPayment(buyer, order.id);
    const intentId = m.sandbox.intentIdOfClientSecret(clientSecret) ?? '';

    // Started but not confirmed: nothing to settle.
    expect(await m.checkout.settleStartedPayment(buyer, order.id)).toMatchObject({ paid: false });
    await new m.sandbox.SandboxGateway().confirmCard(clientSecret, GOOD_CARD);
    expect(await m.checkout.settleStartedPayment(buyer, order.id, 'pi_bogus')).toMatchObject({ paid: false });
    expect(await m.checkout.settleStartedPayment(makeBuyer('Other'), order.id)).toBeNull();
    // The intent stored on the order is enough (the tab was closed before the browser reported).
    expect(await m.checkout.settleStartedPayment(buyer, order.id)).toMatchObject({ paid: true, transactionId: intentId });
  });
});
