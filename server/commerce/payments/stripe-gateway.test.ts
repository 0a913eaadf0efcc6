import { startStripeMock } from '@/tests/support/stripe-mock';
import type { StripeMock } from '@/tests/support/stripe-mock';
import { StripeGateway, createStripeClient } from './stripe-gateway';

// The Stripe gateway's requests, checked by Stripe's own mock server (stripe-mock validates every
// request against Stripe's OpenAPI specification and answers with fixture objects).

let mock: StripeMock;
let gateway: StripeGateway;

beforeAll(async () => {
  mock = await startStripeMock();
  gateway = new StripeGateway(createStripeClient({ secretKey: 'sk_test_123', apiUrl: mock.apiUrl }));
}, 120_000);

afterAll(() => {
  mock?.stop();
});

describe('the Stripe gateway against stripe-mock', () => {
  it('creates a PaymentIntent with a request Stripe accepts', async () => {
    const intent = await gateway.createIntent({ orderId: '65f0a1b2c3d4e5f6a7b8c9d0', amountCents: 1999, description: 'Physics for Class Nine' });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.amountCents).toBe(1999);
    expect(intent.currency).toBe('usd');
  });

  it('updates the amount of an intent with a request Stripe accepts (the catalogue price changed)', async () => {
    const created = await gateway.createIntent({ orderId: '65f0a1b2c3d4e5f6a7b8c9d2', amountCents: 1000, description: 'A course' });
    expect((await gateway.updateIntentAmount(created.id, 50_000))?.id).toMatch(/^pi_/);
  });

  it('refunds a payment in full with a request Stripe accepts', async () => {
    const refund = await gateway.refundPayment({ orderId: '65f0a1b2c3d4e5f6a7b8c9d3', paymentIntentId: 'pi_1234567890' });
    expect(refund.id).toMatch(/^re_/);
    expect(['succeeded', 'pending']).toContain(refund.status);
  });

  it('retrieves and cancels an intent', async () => {
    const created = await gateway.createIntent({ orderId: '65f0a1b2c3d4e5f6a7b8c9d1', amountCents: 500, description: 'A book' });
    expect((await gateway.retrieveIntent(created.id))?.id).toMatch(/^pi_/);
    expect((await gateway.cancelIntent(created.id))?.id).toMatch(/^pi_/);
  });
});
