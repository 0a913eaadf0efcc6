import { insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';

// A production server with neither Stripe keys nor ALLOW_SANDBOX_PAYMENTS:
// every door into checkout answers 503 "Payments are not configured" and nothing is paid or stored.
selectPrivateDatabase('kz_jest_checkout_unavailable');
Object.assign(process.env, { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'false', KZ_DEMO_MODE: 'false' });
delete process.env.STRIPE_SECRET_KEY;
delete process.env.STRIPE_PUBLISHABLE_KEY;

type Modules = {
  orders: typeof import('../orders');
  checkout: typeof import('../checkout');
  sandbox: typeof import('./sandbox-gateway');
  mode: typeof import('./mode');
  db: typeof import('../../platform/db');
  http: typeof import('../../platform/http');
};
let m: Modules;

beforeAll(async () => {
  m = {
    orders: await import('../orders'),
    checkout: await import('../checkout'),
    sandbox: await import('./sandbox-gateway'),
    mode: await import('./mode'),
    db: await import('../../platform/db'),
    http: await import('../../platform/http'),
  };
});

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  Object.assign(process.env, { NODE_ENV: 'test' });
  await m.db.closeDb();
});

async function expectNotConfigured(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(m.http.HttpError);
  expect(error).toMatchObject({ status: 503, coded: m.mode.PAYMENTS_NOT_CONFIGURED });
}

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };

describe('checkout on a production server without payment settings', () => {
  it('is off', () => {
    expect(m.mode.checkoutMode()).toEqual({ kind: 'unavailable' });
  });

  it('makes no order (POST /api/order answers 503)', async () => {
    const course = await insertCourse();
    await expectNotConfigured(m.orders.createOrder(makeBuyer('Early'), course._id.toHexString()));
    expect(await (await m.db.collection('orders')).countDocuments({ itemId: course._id })).toBe(0);
  });

  it('starts no payment and takes no test card, even for an intent left from a demo', async () => {
    const course = await insertCourse({ priceCents: 2500 });
    const buyer = makeBuyer('Attacker');
    const order = await insertOrder(buyer, course, { itemKind: 'course', productName: course.title });
    await expectNotConfigured(m.checkout.startPayment(buyer, order._id.toHexString()));
    expect(await (await m.db.collection('sandboxPaymentIntents')).countDocuments({ orderId: order._id })).toBe(0);

    const leftOver = await new m.sandbox.SandboxGateway().createIntent({ orderId: order._id.toHexString(), amountCents: 2500, description: 'x' });
    await expectNotConfigured(m.checkout.payWithSandboxCard(buyer, leftOver.clientSecret ?? '', GOOD_CARD));
    expect(await m.orders.getOrderForOwner(buyer, order._id.toHexString())).toMatchObject({ paid: false });
    expect(await new m.sandbox.SandboxGateway().retrieveIntent(leftOver.id)).toMatchObject({ status: 'requires_payment_method' });
  });
});
