/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSslcommerzSimulator } from '@/scripts/payment-simulators/sslcommerz';
import type { SslcommerzSimulator } from '@/scripts/payment-simulators/sslcommerz';
import { createSession, queryTransaction, refundPayment, refundStatus, validatePayment } from './client';
import type { SslcommerzSettings } from './client';
import { ipnSignatureValid } from './ipn';

// The SSLCommerz client (on the platform's fetch) against the local simulator over
// real HTTP: a session, the hosted page's choices, the IPN it posts, validation, queries, refunds,
// and what the client makes of a gateway that answers junk or nothing.

let simulator: SslcommerzSimulator;
let settings: SslcommerzSettings;
let shop: http.Server;
let shopUrl = '';
const ipns: Record<string, string>[] = [];

beforeAll(async () => {
  simulator = await startSslcommerzSimulator();
  settings = { baseUrl: simulator.baseUrl, storeId: simulator.storeId, storePassword: simulator.storePassword };
  shop = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      ipns.push(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString())));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await simulator.close();
  await new Promise((resolve) => shop.close(resolve));
});

let serial = 0;
function sessionRequest(amountPaisa = 85_000) {
  serial += 1;
  return {
    tranId: `KZT${Date.now().toString(36)}${serial}`,
    amountPaisa,
    successUrl: `${shopUrl}/success`,
    failUrl: `${shopUrl}/fail`,
    cancelUrl: `${shopUrl}/cancel`,
    ipnUrl: `${shopUrl}/ipn`,
    customer: { name: 'Rahim Uddin', email: 'rahim@example.com', phone: '01700000000' },
    product: { name: 'Physics for Class Nine', category: 'course' },
    valueA: 'order-1',
  };
}

/** The buyer on the hosted page: opens it, presses a button; answers the fields posted back to the shop and where to. */
async function buyerChooses(gatewayUrl: string, outcome: 'success' | 'risky' | 'fail' | 'cancel'): Promise<{ action: string; fields: Record<string, string> }> {
  const checkout = await (await fetch(gatewayUrl)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(checkout)?.[1]?.replace(/&amp;/g, '&');
  expect(action).toBeTruthy();
  const back = await (await fetch(new URL(action ?? '', gatewayUrl), { method: 'POST', body: new URLSearchParams({ method: 'BKASH-BKash', outcome }) })).text();
  const fields = Object.fromEntries([...back.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1] ?? '', (match[2] ?? '').replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)))]));
  return { action: /<form id="back" method="post" action="([^"]+)"/.exec(back)?.[1] ?? '', fields };
}

describe('a payment on the hosted page', () => {
  it('is validated once it succeeded: the IPN is signed, validation answers VALID then VALIDATED with the exact amount', async () => {
    const request = sessionRequest(85_050);
    const session = await createSession(settings, request);
    if (!session.ok) throw new Error(session.reason);
    const back = await buyerChooses(session.gatewayUrl, 'success');
    expect(back.action).toBe(`${shopUrl}/success`);
    expect(back.fields).toMatchObject({ status: 'VALID', tran_id: request.tranId, amount: '850.50', value_a: 'order-1' });
    expect(ipnSignatureValid(back.fields, simulator.storePassword)).toBe(true);

    const ipn = ipns.find((fields) => fields.tran_id === request.tranId);
    expect(ipn).toMatchObject({ status: 'VALID', val_id: back.fields.val_id });
    expect(ipnSignatureValid(ipn ?? {}, simulator.storePassword)).toBe(true);

    const first = await validatePayment(settings, back.fields.val_id ?? '');
    expect(first).toEqual({
      ok: true,
      validation: { status: 'valid', tranId: request.tranId, valId: back.fields.val_id, amountPaisa: 85_050, currency: 'BDT', bankTranId: back.fields.bank_tran_id, riskLevel: 0, cardType: 'BKASH-BKash', valueA: 'order-1' },
    });
    expect(await validatePayment(settings, back.fields.val_id ?? '')).toMatchObject({ ok: true, validation: { status: 'validated' } });

    const query = await queryTransaction(settings, request.tranId);
    expect(query).toEqual({ ok: true, attempts: [{ status: 'VALIDATED', valId: back.fields.val_id, amountPaisa: 85_050, bankTranId: back.fields.bank_tran_id, riskLevel: 0 }] });
  });

  it('says a payment flagged as risky is so', async () => {
    const session = await createSession(settings, sessionRequest());
    if (!session.ok) throw new Error(session.reason);
    const back = await buyerChooses(session.gatewayUrl, 'risky');
    expect(await validatePayment(settings, back.fields.val_id ?? '')).toMatchObject({ ok: true, validation: { status: 'valid', riskLevel: 1 } });
  });

  it('sends a failed or cancelled payment back to its address, with nothing to validate', async () => {
    for (const [outcome, path, status] of [['fail', '/fail', 'FAILED'], ['cancel', '/cancel', 'CANCELLED']] as const) {
      const request = sessionRequest();
      const session = await createSession(settings, request);
      if (!session.ok) throw new Error(session.reason);
      const back = await buyerChooses(session.gatewayUrl, outcome);
      expect({ action: back.action, status: back.fields.status, valId: back.fields.val_id }).toEqual({ action: `${shopUrl}${path}`, status, valId: undefined });
      expect(await queryTransaction(settings, request.tranId)).toMatchObject({ ok: true, attempts: [{ status, valId: '' }] });
    }
    expect(await validatePayment(settings, 'NO-SUCH-VAL-ID')).toEqual({ ok: true, validation: { status: 'invalid' } });
    expect(await validatePayment(settings, '../../etc')).toEqual({ ok: true, validation: { status: 'invalid' } });
  });

  it('refuses sessions with the wrong store password or an amount outside 10 to 500,000 taka', async () => {
    expect(await createSession({ ...settings, storePassword: 'wrong' }, sessionRequest())).toEqual({ ok: false, reason: expect.stringContaining('Store Credential Error') });
    expect(await createSession(settings, sessionRequest(999))).toEqual({ ok: false, reason: expect.stringContaining('Invalid amount') });
    expect(await createSession(settings, sessionRequest(50_000_001))).toEqual({ ok: false, reason: expect.stringContaining('Invalid amount') });
  });
});

describe('refunds', () => {
  it('refunds a validated payment once up to its amount, and reports a refund still processing until it settles', async () => {
    const session = await createSession(settings, sessionRequest(120_000));
    if (!session.ok) throw new Error(session.reason);
    const back = await buyerChooses(session.gatewayUrl, 'success');
    const bankTranId = back.fields.bank_tran_id ?? '';
    await fetch(`${simulator.baseUrl}/__simulator/hold-refunds`, { method: 'POST' });
    const refund = await refundPayment(settings, { bankTranId, amountPaisa: 120_000, reference: 'refund-order-1', remarks: 'Buyer asked for a refund & got it' });
    expect(refund).toEqual({ ok: true, refund: { status: 'processing', refundRefId: expect.any(String) } });
    const reference = refund.ok && refund.refund.status !== 'failed' ? refund.refund.refundRefId : '';
    expect(await refundStatus(settings, reference)).toEqual({ ok: true, refund: { status: 'processing', refundRefId: reference } });
    await fetch(`${simulator.baseUrl}/__simulator/settle-refunds`, { method: 'POST' });
    expect(await refundStatus(settings, reference)).toEqual({ ok: true, refund: { status: 'refunded', refundRefId: reference } });
    await fetch(`${simulator.baseUrl}/__simulator/hold-refunds?hold=false`, { method: 'POST' });
    // Nothing is left to pay back.
    expect(await refundPayment(settings, { bankTranId, amountPaisa: 100, reference: 'again', remarks: 'again' })).toEqual({ ok: true, refund: { status: 'failed', reason: expect.stringContaining('exceeds') } });
    expect(await refundPayment(settings, { bankTranId: 'NOPE', amountPaisa: 100, reference: 'x', remarks: 'x' })).toEqual({ ok: true, refund: { status: 'failed', reason: 'Invalid bank_tran_id' } });
  });
});

describe('a gateway that answers junk or nothing', () => {
  it('is a failure the caller can handle, not a crash or a success', async () => {
    const junk = http.createServer((req, res) => {
      if (req.url?.includes('validationserverAPI')) return void res.end('<html>maintenance</html>');
      if (req.url?.includes('merchantTrans')) return void setTimeout(() => res.end('{}'), 2_000);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'SUCCESS', sessionkey: 'x', GatewayPageURL: 'not a url' }));
    });
    await new Promise<void>((resolve) => junk.listen(0, '127.0.0.1', resolve));
    const broken = { ...settings, baseUrl: `http://127.0.0.1:${(junk.address() as AddressInfo).port}`, timeoutMs: 500 };
    try {
      expect(await createSession(broken, sessionRequest())).toEqual({ ok: false, reason: 'SSLCommerz answered something unexpected' });
      expect(await validatePayment(broken, 'ABC')).toEqual({ ok: false, reason: 'SSLCommerz answered something unexpected' });
      expect(await refundStatus(broken, 'R1')).toEqual({ ok: false, reason: 'SSLCommerz did not answer within 500 ms' });
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedPort = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      const refused = await queryTransaction({ ...settings, baseUrl: `http://127.0.0.1:${closedPort}` }, 'T1');
      expect(refused).toEqual({ ok: false, reason: 'SSLCommerz could not be reached (ECONNREFUSED)' });
      // The addresses carry the store password in their query: it is never passed on in a reason.
      expect(JSON.stringify(refused)).not.toContain(settings.storePassword);
    } finally {
      junk.closeAllConnections();
      await new Promise((resolve) => junk.close(resolve));
    }
  });
});

describe('the IPN signature', () => {
  const signed = async () => {
    const session = await createSession(settings, sessionRequest());
    if (!session.ok) throw new Error(session.reason);
    return (await buyerChooses(session.gatewayUrl, 'success')).fields;
  };

  it('fails for a changed field, another store password, a missing or malformed signature, or a key list that leaves the amount out', async () => {
    const fields = await signed();
    expect(ipnSignatureValid(fields, simulator.storePassword)).toBe(true);
    expect(ipnSignatureValid({ ...fields, amount: '850.01' }, simulator.storePassword)).toBe(false);
    expect(ipnSignatureValid({ ...fields, tran_id: 'OTHER' }, simulator.storePassword)).toBe(false);
    expect(ipnSignatureValid({ ...fields, status: 'VALID', val_id: 'FORGED' }, simulator.storePassword)).toBe(false);
    expect(ipnSignatureValid(fields, 'another-password')).toBe(false);
    const { verify_sign: _sign, ...unsigned } = fields;
    expect(ipnSignatureValid(unsigned, simulator.storePassword)).toBe(false);
    expect(ipnSignatureValid({ ...fields, verify_sign: 'zz' }, simulator.storePassword)).toBe(false);
    expect(ipnSignatureValid({ ...fields, verify_key: (fields.verify_key ?? '').replace('amount,', '') }, simulator.storePassword)).toBe(false);
    expect(ipnSignatureValid({ ...fields, verify_key: `${fields.verify_key},not_posted` }, simulator.storePassword)).toBe(false);
  });
});
