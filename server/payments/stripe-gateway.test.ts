import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { StripeGateway, createStripeClient } from './stripe-gateway';

// The Stripe gateway's requests, checked by Stripe's own mock server (stripe-mock validates every
// request against Stripe's OpenAPI specification and answers with fixture objects).

let mock: ChildProcess;
let gateway: StripeGateway;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('stripe-mock did not start');
}

beforeAll(async () => {
  const binary = execFileSync('bash', ['-c', 'source scripts/lib.sh && stripe_mock_binary'], { encoding: 'utf8' }).trim();
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  mock = spawn(binary, ['-http-port', String(httpPort), '-https-port', String(httpsPort)], { stdio: 'ignore' });
  await waitForPort(httpPort);
  gateway = new StripeGateway(createStripeClient({ secretKey: 'sk_test_123', apiUrl: `http://127.0.0.1:${httpPort}` }));
}, 120_000);

afterAll(() => {
  mock?.kill();
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
