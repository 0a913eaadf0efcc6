import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { driveHostedPage, payOnHostedPage } from '@/scripts/payment-simulators/bkash/drive-hosted-page';
import { startBkashSimulator, type BkashSimulator } from '@/scripts/payment-simulators/bkash/simulator';
import { BkashClient, paymentPaysOrder, type BkashSettings } from './client';

// The bKash client against the local bKash simulator over real HTTP: the same paths and answers as
// bKash's sandbox, with the buyer's part played by sending the simulator's hosted page's forms.
let simulator: BkashSimulator;
let invoices = 0;
const CALLBACK = 'http://127.0.0.1:3999/bkash/callback';

beforeAll(async () => {
  simulator = await startBkashSimulator({ deliveryRetries: 0 });
}, 30_000);

afterAll(() => simulator.close());

beforeEach(() => simulator.reset());

function client(settings: Partial<BkashSettings> = {}): BkashClient {
  return new BkashClient({ baseUrl: simulator.baseUrl, ...simulator.credentials, timeoutMs: 5_000, ...settings });
}

function nextInvoice(): string {
  invoices += 1;
  return `order-${invoices}`;
}

/** A payment created at the simulator; `pay`: the buyer also authorizes it on the hosted page. */
async function created(bkash: BkashClient, amountPaisa = 85000) {
  const invoiceNumber = nextInvoice();
  const result = await bkash.createPayment({ amountPaisa, invoiceNumber, payerReference: '01770618575', callbackUrl: CALLBACK });
  if (!result.ok) throw new Error(`create failed: ${result.code} ${result.message}`);
  return { ...result.payment, invoiceNumber };
}

async function paid(bkash: BkashClient, amountPaisa = 85000) {
  const payment = await created(bkash, amountPaisa);
  const page = await payOnHostedPage(payment.bkashUrl);
  expect(page.redirect).not.toBeNull();
  const executed = await bkash.executePayment(payment.paymentId);
  if (!executed.ok) throw new Error(`execute failed: ${executed.code} ${executed.message}`);
  return executed.payment;
}

function operations(): string[] {
  return simulator.requests().map((request) => request.operation);
}

describe('the bKash client against the simulator', () => {
  it('grants a token, creates a payment, sends the buyer through the hosted page, executes, reads back and refunds it', async () => {
    const bkash = client();
    const token = await bkash.grantToken();
    expect(token).toEqual({ ok: true, idToken: expect.any(String), expiresAt: expect.any(Number) });

    const invoiceNumber = nextInvoice();
    const create = await bkash.createPayment({ amountPaisa: 85000, invoiceNumber, payerReference: '01770618575', callbackUrl: CALLBACK });
    expect(create).toEqual({
      ok: true,
      payment: { paymentId: expect.stringMatching(/^TR0011/), bkashUrl: expect.any(String), amountPaisa: 85000, invoiceNumber, status: 'Initiated', createTime: expect.stringMatching(/GMT\+0600$/) },
    });
    if (!create.ok) return;
    const { paymentId, bkashUrl } = create.payment;
    // What went over the wire: the amount as bKash writes it.
    expect(simulator.requests().find((request) => request.operation === 'create')?.body).toMatchObject({ amount: '850.00', currency: 'BDT', intent: 'sale', mode: '0011' });

    const page = await payOnHostedPage(bkashUrl, { wallet: '01929918378' });
    const back = new URL(page.redirect ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('paymentID')).toBe(paymentId);
    expect(back.searchParams.get('status')).toBe('success');

    const executed = await bkash.executePayment(paymentId);
    expect(executed).toEqual({
      ok: true,
      payment: {
        paymentId,
        status: 'Completed',
        trxId: expect.stringMatching(/^[A-Z0-9]{10}$/),
        amountPaisa: 85000,
        currency: 'BDT',
        intent: 'sale',
        invoiceNumber,
        payerReference: '01770618575',
        customerMsisdn: '01929918378',
        executeTime: expect.stringMatching(/GMT\+0600$/),
      },
    });
    if (!executed.ok) return;
    expect(paymentPaysOrder(executed.payment, { invoiceNumber, amountPaisa: 85000 })).toBe(true);
    expect(paymentPaysOrder(executed.payment, { invoiceNumber, amountPaisa: 85001 })).toBe(false);
    expect(paymentPaysOrder(executed.payment, { invoiceNumber: 'another-order', amountPaisa: 85000 })).toBe(false);

    const status = await bkash.queryPayment(paymentId);
    expect(status).toEqual({ ok: true, payment: executed.payment });

    const trxId = executed.payment.trxId ?? '';
    const refund = await bkash.refundPayment({ paymentId, trxId, amountPaisa: 30050, sku: 'course-1', reason: 'Refund requested by the buyer' });
    expect(refund).toEqual({
      ok: true,
      refund: { originalTrxId: trxId, refundTrxId: expect.stringMatching(/^[A-Z0-9]{10}$/), status: 'Completed', amountPaisa: 30050, chargePaisa: 0, currency: 'BDT', completedTime: expect.any(String) },
    });
    expect(simulator.requests().find((request) => request.operation === 'refund')?.body).toMatchObject({ amount: '300.50', trxID: trxId });
    if (!refund.ok) return;
    expect(await bkash.refundStatus({ paymentId, trxId })).toEqual(refund);

    // One grant served every call.
    expect(operations()).toEqual(['grant', 'create', 'execute', 'status', 'refund', 'refund-status']);
  });

  it('sends odd paisa exactly and reads them back exactly', async () => {
    const bkash = client();
    for (const [amountPaisa, wire] of [
      [85050, '850.50'],
      [1, '0.01'],
      [123456789, '1234567.89'],
    ] as const) {
      const payment = await paid(bkash, amountPaisa);
      expect(payment.amountPaisa).toBe(amountPaisa);
      expect(simulator.requests().filter((request) => request.operation === 'create').at(-1)?.body).toMatchObject({ amount: wire });
    }
  });

  it('a buyer who cancels comes back with status=cancel, and the payment cannot be executed', async () => {
    const bkash = client();
    const payment = await created(bkash);
    const page = await driveHostedPage(payment.bkashUrl, [{ action: 'confirm', fields: { wallet: '01770618575' } }, { action: 'cancel' }]);
    const back = new URL(page.redirect ?? '');
    expect(back.searchParams.get('status')).toBe('cancel');
    expect(back.searchParams.get('paymentID')).toBe(payment.paymentId);
    expect(await bkash.executePayment(payment.paymentId)).toEqual({ ok: false, kind: 'provider', code: '2056', message: 'Invalid Payment State' });
    expect(await bkash.queryPayment(payment.paymentId)).toMatchObject({ ok: true, payment: { status: 'Cancelled', trxId: null } });
  });

  it('a wallet without the balance, or the failure button, comes back with status=failure', async () => {
    const bkash = client();
    const poor = await created(bkash);
    const page = await payOnHostedPage(poor.bkashUrl, { wallet: '01823074817' });
    expect(new URL(page.redirect ?? '').searchParams.get('status')).toBe('failure');
    expect(await bkash.executePayment(poor.paymentId)).toMatchObject({ ok: false, kind: 'provider', code: '2056' });
    expect(await bkash.queryPayment(poor.paymentId)).toMatchObject({ ok: true, payment: { status: 'Failed' } });

    const failing = await created(bkash);
    const failed = await driveHostedPage(failing.bkashUrl, [{ action: 'fail' }]);
    expect(new URL(failed.redirect ?? '').searchParams.get('status')).toBe('failure');
    expect(await bkash.queryPayment(failing.paymentId)).toMatchObject({ ok: true, payment: { status: 'Failed' } });
  });

  it('executing twice is refused with 2117, and the payment reads back as completed', async () => {
    const bkash = client();
    const payment = await paid(bkash);
    expect(await bkash.executePayment(payment.paymentId)).toEqual({ ok: false, kind: 'provider', code: '2117', message: 'Payment execution already been called before' });
    expect(await bkash.queryPayment(payment.paymentId)).toEqual({ ok: true, payment });
  });

  it('executing before the buyer authorized is refused with 2056; an unknown payment with 2002', async () => {
    const bkash = client();
    const payment = await created(bkash);
    expect(await bkash.executePayment(payment.paymentId)).toMatchObject({ ok: false, kind: 'provider', code: '2056' });
    expect(await bkash.queryPayment(payment.paymentId)).toMatchObject({ ok: true, payment: { status: 'Initiated', trxId: null } });
    expect(await bkash.queryPayment('TR0011UNKNOWN')).toMatchObject({ ok: false, kind: 'provider', code: '2002' });
  });

  it('an expired token is refused with 401, replaced by a new grant, and the call goes through', async () => {
    const bkash = client();
    const payment = await created(bkash);
    simulator.advanceClock(3601_000); // bKash's clock passes the token's hour; ours does not know
    expect(await bkash.queryPayment(payment.paymentId)).toMatchObject({ ok: true, payment: { paymentId: payment.paymentId } });
    const statusCalls = simulator.requests().filter((request) => request.operation === 'status');
    expect(statusCalls.map((request) => request.httpStatus)).toEqual([401, 200]);
    expect(operations().filter((operation) => operation === 'grant')).toHaveLength(2);
  });

  it('a token close to its expiry is refreshed before use, and granted anew when the refresh is refused', async () => {
    let now = Date.parse('2025-06-01T10:00:00Z');
    const bkash = client({ now: () => now });
    expect((await bkash.grantToken()).ok).toBe(true);
    now += 50 * 60_000; // ten minutes left: kept
    await created(bkash);
    now += 6 * 60_000; // four minutes left: refreshed
    await created(bkash);
    expect(operations()).toEqual(['grant', 'create', 'refresh', 'create']);

    now += 60 * 60_000;
    simulator.injectFault({ operation: 'refresh', kind: 'error', statusCode: '2080', statusMessage: 'Invalid refresh token' });
    await created(bkash);
    expect(operations().slice(4)).toEqual(['refresh', 'grant', 'create']);
  });

  it('a system error (9999) drops the token and repeats a read once, but never a refund', async () => {
    const bkash = client();
    const payment = await paid(bkash);
    simulator.injectFault({ operation: 'status', kind: 'error' });
    expect(await bkash.queryPayment(payment.paymentId)).toMatchObject({ ok: true, payment: { status: 'Completed' } });
    expect(operations().slice(-3)).toEqual(['status', 'grant', 'status']);

    simulator.injectFault({ operation: 'refund', kind: 'error' });
    expect(await bkash.refundPayment({ paymentId: payment.paymentId, trxId: payment.trxId ?? '', amountPaisa: 100, sku: 's', reason: 'r' })).toEqual({
      ok: false,
      kind: 'provider',
      code: '9999',
      message: 'System Error',
    });
    expect(operations().slice(-1)).toEqual(['refund']);
  });

  it('wrong credentials are refused with bKash codes, as results', async () => {
    expect(await client({ appSecret: 'wrong' }).createPayment({ amountPaisa: 100, invoiceNumber: 'x', payerReference: 'y', callbackUrl: CALLBACK })).toMatchObject({
      ok: false,
      kind: 'provider',
      code: '2079',
    });
    expect(await client({ appKey: 'wrong' }).grantToken()).toMatchObject({ ok: false, kind: 'provider', code: '2001' });
    // A token refused twice: one fresh grant in between, then the refusal is the result.
    simulator.reset();
    simulator.injectFault({ operation: 'status', kind: 'unauthorized' });
    simulator.injectFault({ operation: 'status', kind: 'unauthorized' });
    expect(await client().queryPayment('TR0011X')).toMatchObject({ ok: false, kind: 'unauthorized' });
    expect(operations()).toEqual(['grant', 'status', 'grant', 'status']);
  });

  it('a timeout is a result; an execute that timed out after taking effect reads back as completed', async () => {
    const bkash = client({ timeoutMs: 300 });
    const payment = await created(bkash);
    await payOnHostedPage(payment.bkashUrl);
    simulator.injectFault({ operation: 'execute', kind: 'timeout', applied: true });
    expect(await bkash.executePayment(payment.paymentId)).toMatchObject({ ok: false, kind: 'timeout' });
    expect(await bkash.queryPayment(payment.paymentId)).toMatchObject({ ok: true, payment: { status: 'Completed', trxId: expect.any(String) } });

    simulator.injectFault({ operation: 'create', kind: 'http-status', status: 503 });
    expect(await bkash.createPayment({ amountPaisa: 100, invoiceNumber: nextInvoice(), payerReference: 'y', callbackUrl: CALLBACK })).toMatchObject({ ok: false, kind: 'unavailable', code: '503' });
  });

  it('refunds only within 15 days and never beyond what was paid', async () => {
    const bkash = client();
    const payment = await paid(bkash);
    const trxId = payment.trxId ?? '';
    const refund = (amountPaisa: number) => bkash.refundPayment({ paymentId: payment.paymentId, trxId, amountPaisa, sku: 'course-1', reason: 'requested' });

    expect((await refund(50000)).ok).toBe(true);
    expect(await refund(40000)).toMatchObject({ ok: false, kind: 'provider', code: '2026' });
    expect((await refund(35000)).ok).toBe(true);
    expect(await refund(1)).toMatchObject({ ok: false, kind: 'provider', code: '2034' });
    expect(await bkash.refundPayment({ paymentId: payment.paymentId, trxId: 'ANOTHERTRX', amountPaisa: 1, sku: 's', reason: 'r' })).toMatchObject({ ok: false, code: '2028' });

    const late = await paid(bkash);
    simulator.advanceClock(15 * 86_400_000 + 60_000);
    expect(await bkash.refundPayment({ paymentId: late.paymentId, trxId: late.trxId ?? '', amountPaisa: 100, sku: 's', reason: 'r' })).toEqual({
      ok: false,
      kind: 'provider',
      code: '2071',
      message: 'Refund period has expired',
    });
  });

  it('refuses amounts and texts that cannot be sent, without sending anything', async () => {
    const bkash = client();
    for (const amountPaisa of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER]) {
      expect(await bkash.createPayment({ amountPaisa, invoiceNumber: 'x', payerReference: 'y', callbackUrl: CALLBACK })).toMatchObject({ ok: false, kind: 'invalid-request', code: 'invalid-amount' });
    }
    expect(await bkash.createPayment({ amountPaisa: 100, invoiceNumber: ' ', payerReference: 'y', callbackUrl: CALLBACK })).toMatchObject({ ok: false, kind: 'invalid-request' });
    expect(await bkash.createPayment({ amountPaisa: 100, invoiceNumber: 'x', payerReference: 'y', callbackUrl: 'javascript:alert(1)' })).toMatchObject({ ok: false, kind: 'invalid-request' });
    expect(await bkash.refundPayment({ paymentId: 'p', trxId: 't', amountPaisa: -5, sku: 's', reason: 'r' })).toMatchObject({ ok: false, kind: 'invalid-request' });
    expect(await bkash.executePayment('')).toMatchObject({ ok: false, kind: 'invalid-request' });
    expect(simulator.requests()).toEqual([]);
  });

  it('answers it cannot trust are failures: another amount, another payment, an amount with three decimals', async () => {
    const bkash = client();
    simulator.injectFault({ operation: 'create', kind: 'override', fields: { amount: '1.00' } });
    expect(await bkash.createPayment({ amountPaisa: 85000, invoiceNumber: nextInvoice(), payerReference: 'y', callbackUrl: CALLBACK })).toMatchObject({
      ok: false,
      kind: 'malformed',
      code: 'answer-mismatch',
    });

    const payment = await paid(bkash);
    simulator.injectFault({ operation: 'status', kind: 'override', fields: { paymentID: 'TR0011SOMEONEELSE' } });
    expect(await bkash.queryPayment(payment.paymentId)).toMatchObject({ ok: false, kind: 'malformed', code: 'answer-mismatch' });
    simulator.injectFault({ operation: 'status', kind: 'override', fields: { amount: '850.001' } });
    expect(await bkash.queryPayment(payment.paymentId)).toMatchObject({ ok: false, kind: 'malformed', message: expect.stringContaining('amount') });
    simulator.injectFault({ operation: 'status', kind: 'override', fields: { transactionStatus: 'Teleported' } });
    expect(await bkash.queryPayment(payment.paymentId)).toMatchObject({ ok: false, kind: 'malformed' });
    simulator.injectFault({ operation: 'status', kind: 'override', fields: { trxID: undefined } });
    expect(await bkash.queryPayment(payment.paymentId)).toMatchObject({ ok: false, kind: 'malformed' });
    simulator.injectFault({ operation: 'status', kind: 'junk' });
    expect(await bkash.queryPayment(payment.paymentId)).toMatchObject({ ok: false, kind: 'malformed', code: 'malformed-answer' });
  });
});

describe('the bKash client against a server answering junk', () => {
  let junk: Server;
  let answer: { status: number; body: string } = { status: 200, body: '' };
  let baseUrl = '';

  beforeAll(async () => {
    junk = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body));
    });
    await new Promise<void>((resolve) => junk.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(junk.address() as AddressInfo).port}/v1.2.0-beta/tokenized/checkout`;
  });

  afterAll(() => new Promise<void>((resolve) => junk.close(() => resolve())));

  const settings = () => ({ baseUrl, appKey: 'k', appSecret: 's', username: 'u', password: 'p', timeoutMs: 2_000 });

  it('answers ok:false for anything bKash would not say, never throwing', async () => {
    const cases: [typeof answer, string][] = [
      [{ status: 200, body: '<html>oops</html>' }, 'malformed'],
      [{ status: 200, body: '' }, 'malformed'],
      [{ status: 200, body: 'null' }, 'malformed'],
      [{ status: 200, body: '[]' }, 'malformed'],
      [{ status: 200, body: '{"statusCode":"0000"}' }, 'malformed'],
      [{ status: 200, body: '{"id_token":"t","expires_in":-5}' }, 'malformed'],
      [{ status: 200, body: '{"errorCode":"2001","errorMessage":"Invalid App Key"}' }, 'provider'],
      [{ status: 404, body: '{"message":"Not Found"}' }, 'malformed'],
      [{ status: 502, body: 'Bad Gateway' }, 'unavailable'],
      [{ status: 401, body: '{"message":"Unauthorized"}' }, 'unauthorized'],
    ];
    for (const [reply, kind] of cases) {
      answer = reply;
      await expect(new BkashClient(settings()).grantToken()).resolves.toMatchObject({ ok: false, kind });
    }
  });

  it('a token followed by junk for the payment is a malformed result naming the missing fields', async () => {
    const bkash = new BkashClient(settings());
    answer = { status: 200, body: '{"statusCode":"0000","id_token":"t","expires_in":3600,"refresh_token":"r"}' };
    expect((await bkash.grantToken()).ok).toBe(true);
    answer = { status: 200, body: '{"statusCode":"0000","statusMessage":"Successful"}' };
    const result = await bkash.createPayment({ amountPaisa: 100, invoiceNumber: 'x', payerReference: 'y', callbackUrl: CALLBACK });
    expect(result).toMatchObject({ ok: false, kind: 'malformed', message: expect.stringContaining('paymentID') });
  });

  it('a server that is not there is a network result', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const bkash = new BkashClient({ ...settings(), baseUrl: `http://127.0.0.1:${port}/v1.2.0-beta/tokenized/checkout` });
    expect(await bkash.queryPayment('TR0011X')).toMatchObject({ ok: false, kind: 'network' });
  });

  it('refuses a base URL without TLS unless it is on this machine', () => {
    expect(() => new BkashClient({ ...settings(), baseUrl: 'http://tokenized.sandbox.bka.sh/v1.2.0-beta/tokenized/checkout' })).toThrow('https://');
    expect(() => new BkashClient({ ...settings(), baseUrl: 'https://tokenized.sandbox.bka.sh/v1.2.0-beta/tokenized/checkout' })).not.toThrow();
  });
});
