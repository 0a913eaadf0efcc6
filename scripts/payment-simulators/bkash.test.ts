import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { driveHostedPage, readForm, startWebhookRecorder } from './bkash/drive-hosted-page';
import { startBkashSimulator, type BkashSimulator } from './bkash/simulator';

// The bKash simulator itself, over HTTP: its API's refusals, its hosted page as a browser without
// JavaScript sees it, its test hooks, its SNS deliveries, and its command line.
let simulator: BkashSimulator;
let token = '';

beforeAll(async () => {
  simulator = await startBkashSimulator({ deliveryRetries: 0 });
}, 30_000);

afterAll(() => simulator.close());

beforeEach(async () => {
  simulator.reset();
  simulator.setWebhookUrl(null);
  const grant = await api('token/grant', { app_key: simulator.credentials.appKey, app_secret: simulator.credentials.appSecret }, { username: simulator.credentials.username, password: simulator.credentials.password });
  token = grant.body.id_token as string;
});

async function api(operation: string, body: unknown, headers: Record<string, string> = { authorization: token, 'x-app-key': simulator.credentials.appKey }) {
  const response = await fetch(`${simulator.baseUrl}/${operation}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function hook(method: string, hookPath: string, body?: unknown) {
  const response = await fetch(`${simulator.origin}/__simulator${hookPath}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as unknown };
}

const CREATE = { mode: '0011', payerReference: '01770618575', callbackURL: 'http://127.0.0.1:3999/cb?order=abc', amount: '850.00', currency: 'BDT', intent: 'sale', merchantInvoiceNumber: 'order-1' };

async function createPayment(overrides: Record<string, unknown> = {}) {
  const created = await api('create', { ...CREATE, ...overrides });
  return created.body as { paymentID: string; bkashURL: string; statusCode: string };
}

describe('the bKash simulator', () => {
  it('answers bKash’s codes for requests it refuses', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ mode: '0001' }, '2063'],
      [{ amount: '850.001' }, '2006'],
      [{ amount: '-1' }, '2006'],
      [{ amount: '0' }, '2006'],
      [{ currency: 'USD' }, '2007'],
      [{ intent: 'authorization' }, '2008'],
      [{ callbackURL: 'javascript:alert(1)' }, '2049'],
      [{ merchantInvoiceNumber: undefined }, '2065'],
    ];
    for (const [change, code] of refusals) expect((await api('create', { ...CREATE, ...change })).body).toMatchObject({ statusCode: code });
    expect((await api('create', 'not json')).body).toMatchObject({ statusCode: '2025' });
    expect(await api('create', CREATE, { authorization: 'made-up', 'x-app-key': simulator.credentials.appKey })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect(await api('create', CREATE, { authorization: token, 'x-app-key': 'another' })).toMatchObject({ status: 200, body: { statusCode: '2001' } });
    expect((await api('payment/refund', { paymentID: 'TR0011X', trxID: 'X', amount: '1', sku: 's', reason: 'r' })).body).toEqual({ errorCode: '2002', errorMessage: 'Invalid Payment ID' });
  });

  it('serves a hosted page that works without JavaScript and on a phone, labelled as a simulator', async () => {
    const payment = await createPayment({ merchantInvoiceNumber: '<script>alert(1)</script>' });
    const page = await fetch(payment.bkashURL);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:3999");
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('Local bKash simulator');
    expect(html).not.toContain('<script');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toMatch(/<label for="wallet">[^<]+<\/label>\s*<input id="wallet" name="wallet" type="tel" inputmode="numeric"/);
    expect(html).toContain('formnovalidate');
    expect(readForm(html, payment.bkashURL)).toEqual({ action: `${simulator.origin}/redirect/tokenized/`, method: 'post', hidden: { paymentID: payment.paymentID, hash: expect.any(String), step: 'wallet' } });

    const otp = await driveHostedPage(payment.bkashURL, [{ action: 'confirm', fields: { wallet: '01770618575' } }]);
    expect(otp.html).toContain('Simulator OTP: 123456');
    expect(otp.html).toContain('autocomplete="one-time-code"');
  });

  it('asks again after a wrong wallet number, OTP or PIN, fails after three wrong PINs, and keeps the callback’s own query', async () => {
    const payment = await createPayment();
    const result = await driveHostedPage(payment.bkashURL, [
      { action: 'confirm', fields: { wallet: '12345' } },
      { action: 'confirm', fields: { wallet: '01770618575' } },
      { action: 'confirm', fields: { otp: '000000' } },
      { action: 'confirm', fields: { otp: '123456' } },
      { action: 'confirm', fields: { pin: '11111' } },
      { action: 'confirm', fields: { pin: '22222' } },
      { action: 'confirm', fields: { pin: '33333' } },
    ]);
    const back = new URL(result.redirect ?? '');
    expect(Object.fromEntries(back.searchParams)).toEqual({ order: 'abc', paymentID: payment.paymentID, status: 'failure', signature: expect.any(String), apiVersion: '1.2.0-beta' });
    expect(simulator.payment(payment.paymentID)).toMatchObject({ status: 'Failed', failureReason: 'Wrong PIN count exceeded' });

    const retry = await createPayment();
    const wrongWallet = await driveHostedPage(retry.bkashURL, [{ action: 'confirm', fields: { wallet: '12345' } }]);
    expect(wrongWallet.html).toContain('Enter an 11-digit bKash account number');
    expect(wrongWallet.html).toContain('name="step" value="wallet"');
    const wrongOtp = await driveHostedPage(retry.bkashURL, [{ action: 'confirm', fields: { wallet: '01770618575' } }, { action: 'confirm', fields: { otp: '000000' } }]);
    expect(wrongOtp.html).toContain('Wrong verification code.');
  });

  it('refuses a link with the wrong hash, and shows a finished payment as finished', async () => {
    const payment = await createPayment();
    const forged = new URL(payment.bkashURL);
    forged.searchParams.set('hash', 'guessed');
    expect((await fetch(forged)).status).toBe(404);
    await driveHostedPage(payment.bkashURL, [{ action: 'cancel' }]);
    const again = await fetch(payment.bkashURL);
    expect(await again.text()).toContain('no longer waiting');
  });

  it('offers its test hooks over HTTP: faults, the clock, what it received (secrets redacted), payments, and a shortcut past the hosted page', async () => {
    const payment = await createPayment();
    expect((await hook('POST', `/payments/${payment.paymentID}/authorize`, { outcome: 'success' })).body).toEqual({ redirectUrl: expect.stringContaining(`paymentID=${payment.paymentID}&status=success`) });
    expect((await hook('POST', '/faults', { operation: 'execute', kind: 'error', statusCode: '2062', statusMessage: 'The payment has already been completed' })).status).toBe(200);
    expect((await api('execute', { paymentID: payment.paymentID })).body).toEqual({ statusCode: '2062', statusMessage: 'The payment has already been completed' });
    expect((await api('execute', { paymentID: payment.paymentID })).body).toMatchObject({ statusCode: '0000', transactionStatus: 'Completed' });
    expect((await hook('GET', `/payments/${payment.paymentID}`)).body).toMatchObject({ status: 'Completed', wallet: '01770618575', trxID: expect.any(String) });

    expect((await hook('POST', '/clock', { advanceMs: 3_601_000 })).body).toMatchObject({ offsetMs: 3_601_000 });
    expect(await api('payment/status', { paymentID: payment.paymentID })).toEqual({ status: 401, body: { message: 'The incoming token has expired' } });

    const { body: requests } = await hook('GET', '/requests');
    const text = JSON.stringify(requests);
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(simulator.credentials.appSecret);
    expect(text).not.toContain(simulator.credentials.password);
    expect((requests as { operation: string; fault: string | null }[]).map(({ operation, fault }) => `${operation}${fault ? `:${fault}` : ''}`)).toEqual([
      'grant',
      'create',
      'execute:error',
      'execute',
      'status',
    ]);
    expect((await hook('POST', '/faults', { operation: 'execute', kind: 'meteor' })).status).toBe(400);
    expect((await hook('GET', '/nothing')).status).toBe(404);
  });

  it('delivers signed notifications, retries a failing webhook, resends on request and confirms subscriptions', async () => {
    let failures = 1;
    const webhook = await startWebhookRecorder(() => (failures-- > 0 ? 500 : 200));
    const retrying = await startBkashSimulator({ webhookUrl: webhook.url, deliveryRetries: 2, retryDelayMs: 20, subscribeOnStart: true });
    try {
      await retrying.deliveriesSettled();
      expect(retrying.notifications()).toEqual([expect.objectContaining({ type: 'SubscriptionConfirmation', status: 'delivered', attempts: [500, 200] })]);
      const confirmation = JSON.parse(webhook.received.at(-1)?.body ?? '{}') as { SubscribeURL: string };
      expect((await fetch(confirmation.SubscribeURL)).status).toBe(200);
      expect(retrying.subscriptions()).toEqual([{ token: expect.any(String), confirmedAt: expect.any(String) }]);
      expect((await fetch(confirmation.SubscribeURL.replace(/Token=[^&]+/, 'Token=forged'))).status).toBe(400);

      const published = await (await fetch(`${retrying.origin}/__simulator/sns/publish`, { method: 'POST', body: JSON.stringify({ message: { hello: 'bKash' } }) })).json();
      expect(published).toMatchObject({ type: 'Notification', status: 'delivered' });
      const again = await (await fetch(`${retrying.origin}/__simulator/notifications/${published.messageId}/resend`, { method: 'POST' })).json();
      expect(again).toMatchObject({ messageId: published.messageId, status: 'delivered' });
      // SNS repeats a message exactly: same id, same signature.
      expect(webhook.received.at(-1)?.body).toBe(webhook.received.at(-2)?.body);
      expect(webhook.received.at(-1)?.headers).toMatchObject({ 'x-amz-sns-message-type': 'Notification', 'x-amz-sns-message-id': published.messageId, 'x-amz-sns-topic-arn': retrying.topicArn });
      const certificate = await fetch(retrying.certificateUrl);
      expect(await certificate.text()).toMatch(/^-----BEGIN CERTIFICATE-----/);
    } finally {
      await retrying.close();
      await webhook.close();
    }
  });

  it('runs as a process: prints where it listens as JSON and stops on SIGTERM', async () => {
    const root = path.resolve(__dirname, '../..');
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/payment-simulators/bkash.ts', '--port', '0', '--signature-version', '2'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      const started = JSON.parse(line) as { event: string; origin: string; baseUrl: string; certificateOrigin: string };
      expect(started).toMatchObject({ event: 'listening', origin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), baseUrl: expect.stringMatching(/\/v1\.2\.0-beta\/tokenized\/checkout$/) });
      const summary = await (await fetch(`${started.origin}/__simulator`)).json();
      expect(summary).toMatchObject({ signatureVersion: '2', baseUrl: started.baseUrl });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 30_000);
});
