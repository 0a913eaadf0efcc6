/** @jest-environment node */
import { insertCourse, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { startSslcommerzSimulator } from '@/scripts/payment-simulators/sslcommerz';
import type { SslcommerzSimulator } from '@/scripts/payment-simulators/sslcommerz';

// A production server in Bangladesh with SSLCommerz and no Stripe: orders are made and paid in taka,
// the payment page's checkout answer fixes the prices without a card intent, and the card stays off.
selectPrivateDatabase('kz_jest_taka_only_checkout');
Object.assign(process.env, { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'false', KZ_DEMO_MODE: 'false', SITE_URL: 'http://127.0.0.1:3999' });
delete process.env.STRIPE_SECRET_KEY;
delete process.env.STRIPE_PUBLISHABLE_KEY;
delete process.env.BKASH_APP_KEY;

type Modules = {
  orders: typeof import('../orders');
  checkout: typeof import('../checkout');
  attempts: typeof import('../payment-attempts');
  methods: typeof import('./methods');
  mode: typeof import('./mode');
  db: typeof import('../../platform/db');
};
let m: Modules;
let simulator: SslcommerzSimulator;

beforeAll(async () => {
  simulator = await startSslcommerzSimulator();
  Object.assign(process.env, { SSLCOMMERZ_STORE_ID: simulator.storeId, SSLCOMMERZ_STORE_PASSWORD: simulator.storePassword, SSLCOMMERZ_API_URL: simulator.baseUrl });
  m = {
    orders: await import('../orders'),
    checkout: await import('../checkout'),
    attempts: await import('../payment-attempts'),
    methods: await import('./methods'),
    mode: await import('./mode'),
    db: await import('../../platform/db'),
  };
});

afterAll(async () => {
  Object.assign(process.env, { NODE_ENV: 'test' });
  await m.db.closeDb();
  await simulator.close();
});

describe('a server that takes SSLCommerz and no card', () => {
  it('offers SSLCommerz only', () => {
    expect(m.mode.checkoutMode()).toEqual({ kind: 'unavailable' });
    expect(m.methods.offeredMethods()).toEqual(['sslcommerz']);
  });

  it('makes the order, fixes its prices for the payment page without a card intent, and starts an SSLCommerz payment', async () => {
    const course = await insertCourse({ priceCents: 2500, pricePaisa: 300_000 });
    const buyer = makeBuyer('Taka Only');
    const orderId = (await m.orders.createOrder(buyer, course._id.toHexString())).order.id;
    const answer = await m.checkout.startCheckout(buyer, orderId);
    expect(answer).toMatchObject({ free: false, clientSecret: null, listPricePaisa: 300_000, order: { pricePaisa: 300_000 } });
    const started = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'bn');
    expect(started.redirectUrl.startsWith(simulator.baseUrl)).toBe(true);
    expect(await (await m.db.collection('paymentAttempts')).findOne({ _id: started.attemptId })).toMatchObject({ status: 'pending', amountMinor: 300_000, currency: 'bdt', locale: 'bn' });
    // The card's legacy door says the card is not configured here.
    await expect(m.checkout.startPayment(buyer, orderId)).rejects.toMatchObject({ status: 503, coded: m.mode.PAYMENTS_NOT_CONFIGURED });
  });
});
