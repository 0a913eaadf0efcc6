import { ObjectId } from 'mongodb';
import { driveHostedPage, payOnHostedPage } from '@/scripts/payment-simulators/bkash/drive-hosted-page';
import type { HostedResult } from '@/scripts/payment-simulators/bkash/drive-hosted-page';
import { startBkashSimulator } from '@/scripts/payment-simulators/bkash/simulator';
import type { BkashSimulator } from '@/scripts/payment-simulators/bkash/simulator';
import { startSslcommerzSimulator } from '@/scripts/payment-simulators/sslcommerz';
import type { SslcommerzSimulator } from '@/scripts/payment-simulators/sslcommerz';
import { insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { temporaryOutbox } from '@/tests/support/mail-outbox';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { startRecordingSite, useSimulatedProviders } from '@/tests/support/payment-providers';
import type { Posted, RecordingSite } from '@/tests/support/payment-providers';
import type { Buyer } from './orders';

// Payments through a provider's own page (server/commerce/payment-attempts.ts) against the real embedded
// database and both local simulators over real HTTP: the buyer's part is played by sending the
// simulators' hosted pages' forms; what a simulator posts to the shop (SSLCommerz's IPN, bKash's
// SNS notifications) lands on a recorder standing at SITE_URL and is fed to the doors
// (server/commerce/payment-doors/*) as the route handlers would. No Next server, no mocks.
selectPrivateDatabase('kz_jest_payment_attempts');
const outbox = temporaryOutbox('kz-payment-attempts-outbox-');
delete process.env.STRIPE_SECRET_KEY;

type Modules = {
  attempts: typeof import('./payment-attempts');
  sslDoor: typeof import('./payment-doors/sslcommerz');
  bkashDoor: typeof import('./payment-doors/bkash');
  orders: typeof import('./orders');
  db: typeof import('../platform/db');
};
let m: Modules;

let site: RecordingSite;
let ssl: SslcommerzSimulator;
let bkash: BkashSimulator;

beforeAll(async () => {
  site = await startRecordingSite();
  ssl = await startSslcommerzSimulator();
  bkash = await startBkashSimulator({ webhookUrl: `${site.url}/api/payments/bkash/webhook`, deliveryRetries: 0 });
  useSimulatedProviders(site.url, ssl, bkash);
  m = {
    attempts: await import('./payment-attempts'),
    sslDoor: await import('./payment-doors/sslcommerz'),
    bkashDoor: await import('./payment-doors/bkash'),
    orders: await import('./orders'),
    db: await import('../platform/db'),
  };
}, 30_000);

const COLLECTIONS = ['orders', 'courses', 'books', 'fulfilments', 'fulfilmentClaims', 'paymentAttempts', 'rateLimits', 'promoCodes', 'promoRedemptions', 'promoCodeBuyers', 'certificates'];

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(COLLECTIONS.map((name) => db.collection(name).deleteMany({})));
  site.posts.length = 0;
  // The domain logs refusals and refunds on purpose; the tests check the state instead.
  for (const level of ['info', 'warn', 'error'] as const) jest.spyOn(console, level).mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  await bkash?.close();
  await ssl?.close();
  await site?.close();
  await m?.db.closeDb();
});

const PRICE_PAISA = 85_000;

/** A course priced in taka and the buyer's unpaid order for it (made as the Buy button makes it). */
async function orderFor(pricePaisa: number | null = PRICE_PAISA, name = 'Buyer') {
  const course = await insertCourse({ Enrolled: 25, priceCents: 1999, ...(pricePaisa === null ? {} : { pricePaisa }) });
  const buyer = makeBuyer(name);
  const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
  return { course, buyer, orderId: order.id };
}

async function orderDoc(orderId: string) {
  return (await m.db.collection('orders')).findOne({ _id: new ObjectId(orderId) });
}

async function attemptDoc(attemptId: string) {
  return (await m.db.collection('paymentAttempts')).findOne({ _id: attemptId });
}

async function enrolled(courseId: ObjectId): Promise<number | undefined> {
  return (await (await m.db.collection('courses')).findOne({ _id: courseId }))?.Enrolled;
}

async function fulfilments() {
  return (await m.db.collection('fulfilments')).find({}).toArray();
}

/** What the order's payment came to: paid or not, by which attempt, its course's enrolment count, its receipts, its fulfilments. */
async function outcome(orderId: string, courseId: ObjectId) {
  const order = await orderDoc(orderId);
  return {
    paid: order?.paid,
    transactionId: order?.transactionId ?? null,
    enrolled: await enrolled(courseId),
    receipts: outbox.messages().filter((message) => message.includes(orderId)).length,
    fulfilments: (await fulfilments()).filter((fulfilment) => fulfilment._id.toHexString() === orderId).length,
  };
}

// ---- bKash -----------------------------------------------------------------------------------

async function startBkash(buyer: Buyer, orderId: string) {
  const started = await m.attempts.startRedirectPayment(buyer, orderId, 'bkash', 'en');
  const paymentID = new URL(started.redirectUrl).searchParams.get('paymentID') ?? '';
  expect(paymentID).not.toBe('');
  return { ...started, paymentID };
}

/** Where bKash's page sent the buyer: our callback address, with paymentID and status. */
function callbackOf(page: HostedResult): { paymentID: string; status: 'success' | 'failure' | 'cancel' } {
  expect(page.redirect).not.toBeNull();
  const url = new URL(page.redirect ?? '');
  expect(`${url.origin}${url.pathname}`).toBe(`${site.url}/api/payments/bkash/callback`);
  const status = url.searchParams.get('status');
  if (status !== 'success' && status !== 'failure' && status !== 'cancel') throw new Error(`unexpected callback status ${status}`);
  return { paymentID: url.searchParams.get('paymentID') ?? '', status };
}

/** The SNS notifications bKash posted to our webhook about `paymentID`. */
async function bkashNotices(paymentID: string): Promise<Posted[]> {
  await bkash.deliveriesSettled();
  return site.posts.filter((post) => post.path === '/api/payments/bkash/webhook' && (JSON.parse(post.body) as { Message?: string }).Message?.includes(paymentID));
}

function messageType(post: Posted): string | null {
  const header = post.headers['x-amz-sns-message-type'];
  return typeof header === 'string' ? header : null;
}

const executions = (paymentID: string) =>
  bkash.requests().filter((request) => request.operation === 'execute' && request.statusCode === '0000' && (request.body as { paymentID?: string }).paymentID === paymentID).length;

// ---- SSLCommerz --------------------------------------------------------------------------------

type SslChoice = 'success' | 'risky' | 'fail' | 'cancel';

/** The buyer on SSLCommerz's hosted page presses a button; answers where the browser is sent back and the form it posts there. */
async function sslBuyerChooses(gatewayUrl: string, choice: SslChoice): Promise<{ outcome: 'success' | 'fail' | 'cancel'; form: string; fields: Record<string, string> }> {
  const checkout = await (await fetch(gatewayUrl)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(checkout)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error('the hosted page has no form');
  const back = await (await fetch(new URL(action, gatewayUrl), { method: 'POST', body: new URLSearchParams({ method: 'BKASH-BKash', outcome: choice }) })).text();
  const fields = Object.fromEntries(
    [...back.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1] ?? '', (match[2] ?? '').replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)))]),
  );
  const returnUrl = /<form id="back" method="post" action="([^"]+)"/.exec(back)?.[1] ?? '';
  const prefix = `${site.url}/api/payments/sslcommerz/return/`;
  expect(returnUrl.startsWith(prefix)).toBe(true);
  const outcome = returnUrl.slice(prefix.length);
  if (outcome !== 'success' && outcome !== 'fail' && outcome !== 'cancel') throw new Error(`unexpected return address ${returnUrl}`);
  return { outcome, form: new URLSearchParams(fields).toString(), fields };
}

/** The IPNs SSLCommerz posted to our IPN address about `tranId`, as posted. */
function sslIpns(tranId: string): string[] {
  return site.posts.filter((post) => post.path === '/api/payments/sslcommerz/ipn' && new URLSearchParams(post.body).get('tran_id') === tranId).map((post) => post.body);
}

async function sslHook(name: string, query = ''): Promise<Record<string, unknown>> {
  return (await (await fetch(`${ssl.baseUrl}/__simulator/${name}${query}`, { method: 'POST' })).json()) as Record<string, unknown>;
}

/** How many refunds the SSLCommerz simulator has made in all (the hook also settles any held ones). */
async function sslRefundCount(): Promise<number> {
  return Number((await sslHook('settle-refunds')).refunds);
}

const soon = () => new Date(Date.now() + 60_000);

describe('bKash through its hosted page', () => {
  it('pays the order once in taka, with one receipt; the callback again and the webhook notice change nothing', async () => {
    const { course, buyer, orderId } = await orderFor();
    const started = await startBkash(buyer, orderId);
    expect(await attemptDoc(started.attemptId)).toMatchObject({ method: 'bkash', status: 'pending', currency: 'bdt', amountMinor: PRICE_PAISA, providerPaymentId: started.paymentID });
    expect(bkash.payment(started.paymentID)).toMatchObject({ amount: '850.00', merchantInvoiceNumber: started.attemptId, status: 'Initiated' });

    const back = callbackOf(await payOnHostedPage(started.redirectUrl));
    expect(back).toEqual({ paymentID: started.paymentID, status: 'success' });
    // Authorized on the page, but nothing is paid before the shop executes it.
    expect(await outcome(orderId, course._id)).toMatchObject({ paid: false, enrolled: 25, receipts: 0 });

    const view = await m.bkashDoor.handleBkashCallback(back.paymentID, back.status);
    expect(view).toMatchObject({ id: started.attemptId, orderId, status: 'paid', method: 'bkash', amountMinor: PRICE_PAISA, currency: 'bdt' });
    const order = await orderDoc(orderId);
    expect(order).toMatchObject({ paid: true, transactionId: started.attemptId, pricePaisa: PRICE_PAISA });
    expect(await fulfilments()).toEqual([expect.objectContaining({ _id: order?._id, paymentIntentId: started.attemptId, currency: 'bdt', amountCents: order?.pricePaisa, completedAt: expect.any(Date) })]);
    expect(await attemptDoc(started.attemptId)).toMatchObject({ status: 'paid', providerTxnId: bkash.payment(started.paymentID)?.trxID, verifiedAt: expect.any(Date) });
    expect(await enrolled(course._id)).toBe(26);
    expect(outbox.messages()).toEqual([expect.stringContaining(started.attemptId)]);

    const notices = await bkashNotices(started.paymentID);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    if (!notice) throw new Error('no webhook notice');
    expect(await m.bkashDoor.handleBkashWebhook(notice.body, messageType(notice))).toEqual({ status: 200, body: { received: true } });
    expect(await m.bkashDoor.handleBkashCallback(back.paymentID, 'success')).toMatchObject({ status: 'paid' });
    expect(await m.bkashDoor.handleBkashCallback(back.paymentID, 'cancel')).toMatchObject({ status: 'paid' });
    expect(await outcome(orderId, course._id)).toEqual({ paid: true, transactionId: started.attemptId, enrolled: 26, receipts: 1, fulfilments: 1 });
    expect(executions(started.paymentID)).toBe(1);
  });

  it('a payment the buyer cancelled or that failed on the page ends so only once bKash says so; the order stays unpaid and can be paid by a later start', async () => {
    for (const way of ['cancel', 'failure'] as const) {
      const { course, buyer, orderId } = await orderFor(PRICE_PAISA, `Buyer-${way}`);
      const first = await startBkash(buyer, orderId);
      // The browser saying so while the buyer is still on bKash's page changes nothing.
      expect(await m.bkashDoor.handleBkashCallback(first.paymentID, way)).toMatchObject({ status: 'pending' });

      const page = way === 'cancel' ? await driveHostedPage(first.redirectUrl, [{ action: 'cancel' }]) : await payOnHostedPage(first.redirectUrl, { wallet: '01823074817' });
      const back = callbackOf(page);
      expect(back).toEqual({ paymentID: first.paymentID, status: way });
      expect(await m.bkashDoor.handleBkashCallback(back.paymentID, back.status)).toMatchObject({ status: way === 'cancel' ? 'cancelled' : 'failed' });
      expect(await attemptDoc(first.attemptId)).toMatchObject({ status: way === 'cancel' ? 'cancelled' : 'failed', reason: way === 'cancel' ? 'Cancelled on bKash' : 'bKash: Failed' });
      expect(await attemptDoc(first.attemptId)).not.toHaveProperty('checkAfter');
      expect(await outcome(orderId, course._id)).toMatchObject({ paid: false, enrolled: 25, receipts: 0, fulfilments: 0 });

      const second = await startBkash(buyer, orderId);
      expect(second.attemptId).not.toBe(first.attemptId);
      const paid = callbackOf(await payOnHostedPage(second.redirectUrl));
      expect(await m.bkashDoor.handleBkashCallback(paid.paymentID, paid.status)).toMatchObject({ status: 'paid' });
      expect(await outcome(orderId, course._id)).toEqual({ paid: true, transactionId: second.attemptId, enrolled: 26, receipts: 1, fulfilments: 1 });
      expect(await attemptDoc(first.attemptId)).toMatchObject({ status: way === 'cancel' ? 'cancelled' : 'failed' });
    }
  });

  it('stops the start when bKash refuses to create the payment: 502, and the attempt is recorded as failed', async () => {
    const { buyer, orderId } = await orderFor();
    bkash.injectFault({ operation: 'create', kind: 'error', statusCode: '2006', statusMessage: 'Invalid amount' });
    const error = await m.attempts.startRedirectPayment(buyer, orderId, 'bkash', 'en').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'HttpError', status: 502, coded: m.attempts.PROVIDER_DID_NOT_START });
    expect(await (await m.db.collection('paymentAttempts')).find({}).toArray()).toEqual([expect.objectContaining({ method: 'bkash', status: 'failed' })]);
    expect((await orderDoc(orderId))?.paid).toBe(false);
  });
});

describe('SSLCommerz through its hosted page', () => {
  it('pays the order once from the IPN, and the return changes nothing more', async () => {
    const { course, buyer, orderId } = await orderFor();
    const started = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'bn');
    expect(await attemptDoc(started.attemptId)).toMatchObject({ method: 'sslcommerz', status: 'pending', currency: 'bdt', amountMinor: PRICE_PAISA, locale: 'bn', providerPaymentId: expect.any(String) });

    const back = await sslBuyerChooses(started.redirectUrl, 'success');
    expect(back.outcome).toBe('success');
    expect(back.fields).toMatchObject({ status: 'VALID', tran_id: started.attemptId, amount: '850.00', currency: 'BDT', val_id: expect.any(String) });
    const ipns = sslIpns(started.attemptId);
    expect(ipns).toHaveLength(1);
    expect(await outcome(orderId, course._id)).toMatchObject({ paid: false, receipts: 0 });

    expect(await m.sslDoor.handleSslcommerzIpn(ipns[0] ?? '')).toEqual({ status: 200, body: { received: true } });
    const order = await orderDoc(orderId);
    expect(order).toMatchObject({ paid: true, transactionId: started.attemptId });
    expect(await fulfilments()).toEqual([expect.objectContaining({ paymentIntentId: started.attemptId, currency: 'bdt', amountCents: PRICE_PAISA })]);
    expect(await attemptDoc(started.attemptId)).toMatchObject({ status: 'paid', valId: back.fields.val_id, providerTxnId: back.fields.bank_tran_id, providerTxnKey: `sslcommerz:${back.fields.bank_tran_id}` });

    const view = await m.sslDoor.handleSslcommerzReturn('success', back.form);
    expect(view).toMatchObject({ id: started.attemptId, orderId, status: 'paid', locale: 'bn' });
    expect(m.attempts.returnPagePath(view ?? ({} as never), 'success')).toBe(`/bn/payment/${orderId}?attempt=${started.attemptId}&returned=success`);
    expect(await m.sslDoor.handleSslcommerzIpn(ipns[0] ?? '')).toEqual({ status: 200, body: { received: true } });
    expect(await outcome(orderId, course._id)).toEqual({ paid: true, transactionId: started.attemptId, enrolled: 26, receipts: 1, fulfilments: 1 });
  });

  it('pays from the return alone when the IPN has not come', async () => {
    const { course, buyer, orderId } = await orderFor();
    await sslHook('drop-next-ipn');
    const started = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');
    const back = await sslBuyerChooses(started.redirectUrl, 'success');
    expect(sslIpns(started.attemptId)).toEqual([]);
    expect(await m.sslDoor.handleSslcommerzReturn(back.outcome, back.form)).toMatchObject({ status: 'paid' });
    expect(await outcome(orderId, course._id)).toEqual({ paid: true, transactionId: started.attemptId, enrolled: 26, receipts: 1, fulfilments: 1 });
  });

  it('a payment cancelled or failed on the page ends so only once SSLCommerz says so; the order stays unpaid and a later start pays it', async () => {
    for (const [choice, status, posted] of [
      ['cancel', 'cancelled', 'CANCELLED'],
      ['fail', 'failed', 'FAILED'],
    ] as const) {
      const { course, buyer, orderId } = await orderFor(PRICE_PAISA, `Buyer-${choice}`);
      const first = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');
      // Posted by a browser (or anyone) while the buyer is still on SSLCommerz's page: nothing changes.
      expect(await m.sslDoor.handleSslcommerzReturn(choice, new URLSearchParams({ tran_id: first.attemptId, status: posted }).toString())).toMatchObject({ status: 'pending' });
      expect(await attemptDoc(first.attemptId)).toMatchObject({ status: 'pending' });

      const back = await sslBuyerChooses(first.redirectUrl, choice);
      expect(back).toMatchObject({ outcome: choice, fields: { status: posted, tran_id: first.attemptId } });
      expect(back.fields).not.toHaveProperty('val_id');
      expect(await m.sslDoor.handleSslcommerzReturn(back.outcome, back.form)).toMatchObject({ status });
      expect(await m.sslDoor.handleSslcommerzIpn(sslIpns(first.attemptId)[0] ?? '')).toEqual({ status: 200, body: { received: true } });
      expect(await attemptDoc(first.attemptId)).toMatchObject({ status });
      expect(await outcome(orderId, course._id)).toMatchObject({ paid: false, enrolled: 25, receipts: 0 });

      const second = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');
      const paid = await sslBuyerChooses(second.redirectUrl, 'success');
      expect(await m.sslDoor.handleSslcommerzReturn(paid.outcome, paid.form)).toMatchObject({ status: 'paid' });
      expect(await outcome(orderId, course._id)).toMatchObject({ paid: true, transactionId: second.attemptId, enrolled: 26, receipts: 1 });
      expect(await attemptDoc(first.attemptId)).toMatchObject({ status });
    }
  });

  it('holds a payment SSLCommerz flags as risky for an admin: the order is not paid', async () => {
    const { course, buyer, orderId } = await orderFor();
    const started = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');
    const back = await sslBuyerChooses(started.redirectUrl, 'risky');
    expect(back.fields).toMatchObject({ status: 'VALID', risk_level: '1' });
    expect(await m.sslDoor.handleSslcommerzIpn(sslIpns(started.attemptId)[0] ?? '')).toEqual({ status: 200, body: { received: true } });
    expect(await m.sslDoor.handleSslcommerzReturn(back.outcome, back.form)).toMatchObject({ status: 'held' });
    const held = await attemptDoc(started.attemptId);
    expect(held).toMatchObject({ status: 'held', providerTxnId: back.fields.bank_tran_id, verifiedAt: expect.any(Date) });
    expect(held).not.toHaveProperty('checkAfter');
    // Nor does the reconciler pay it: an admin decides.
    await m.attempts.reconcilePaymentAttempts(soon());
    expect(await attemptDoc(started.attemptId)).toMatchObject({ status: 'held' });
    expect(await outcome(orderId, course._id)).toEqual({ paid: false, transactionId: null, enrolled: 25, receipts: 0, fulfilments: 0 });
  });
});

describe('exactly once under concurrency', () => {
  it('SSLCommerz: ten copies of the IPN and the return at once pay the order once', async () => {
    const { course, buyer, orderId } = await orderFor();
    const started = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');
    const back = await sslBuyerChooses(started.redirectUrl, 'success');
    const [ipn = ''] = sslIpns(started.attemptId);

    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => m.sslDoor.handleSslcommerzIpn(ipn)),
      m.sslDoor.handleSslcommerzReturn(back.outcome, back.form).then((view) => ({ status: 200, body: { received: view?.status === 'paid' } })),
    ]);

    expect(answers).toEqual(Array.from({ length: 11 }, () => ({ status: 200, body: { received: true } })));
    expect(await outcome(orderId, course._id)).toEqual({ paid: true, transactionId: started.attemptId, enrolled: 26, receipts: 1, fulfilments: 1 });
    expect(await attemptDoc(started.attemptId)).toMatchObject({ status: 'paid' });
    expect(await (await m.db.collection('fulfilmentClaims')).countDocuments({ _id: `${orderId}:enrolment` })).toBe(1);
  });

  it('bKash: ten callbacks, the webhook notices and the reconciler at once pay the order once', async () => {
    const { course, buyer, orderId } = await orderFor();
    const started = await startBkash(buyer, orderId);
    const back = callbackOf(await payOnHostedPage(started.redirectUrl));
    // A notice about this payment published on bKash's topic (genuinely signed) before it was executed.
    await bkash.publish({ trxID: 'PRENOTICE1', paymentID: started.paymentID, amount: '850.00', currency: 'BDT', transactionStatus: 'Completed', merchantInvoiceNumber: started.attemptId, dateTime: '20250101120000' });
    const [early] = await bkashNotices(started.paymentID);
    if (!early) throw new Error('no webhook notice');

    await Promise.all([
      ...Array.from({ length: 10 }, () => m.bkashDoor.handleBkashCallback(back.paymentID, 'success')),
      ...Array.from({ length: 3 }, () => m.bkashDoor.handleBkashWebhook(early.body, messageType(early))),
      m.attempts.reconcilePaymentAttempts(soon()),
    ]);
    // The notice bKash sent once the payment was executed, delivered twice more.
    const notices = await bkashNotices(started.paymentID);
    expect(notices).toHaveLength(2);
    const executed = notices[1];
    if (!executed) throw new Error('no notice of the execution');
    await Promise.all([m.bkashDoor.handleBkashWebhook(executed.body, messageType(executed)), m.bkashDoor.handleBkashWebhook(executed.body, messageType(executed)), m.bkashDoor.handleBkashCallback(back.paymentID, 'success')]);

    expect(await outcome(orderId, course._id)).toEqual({ paid: true, transactionId: started.attemptId, enrolled: 26, receipts: 1, fulfilments: 1 });
    expect(await attemptDoc(started.attemptId)).toMatchObject({ status: 'paid', providerTxnId: bkash.payment(started.paymentID)?.trxID });
    expect(executions(started.paymentID)).toBe(1);
  });
});

describe('what the provider answers is matched to the attempt', () => {
  it('a bKash answer naming another amount or another invoice pays nothing; the true answer later does', async () => {
    const { course, buyer, orderId } = await orderFor();
    const started = await startBkash(buyer, orderId);
    const back = callbackOf(await payOnHostedPage(started.redirectUrl));
    bkash.injectFault({ operation: 'execute', kind: 'override', fields: { amount: '8.50' } });
    expect(await m.bkashDoor.handleBkashCallback(back.paymentID, back.status)).toMatchObject({ status: 'pending' });
    bkash.injectFault({ operation: 'status', kind: 'override', fields: { merchantInvoiceNumber: `bk_${new ObjectId().toHexString()}` } });
    expect(await m.bkashDoor.handleBkashCallback(back.paymentID, back.status)).toMatchObject({ status: 'pending' });
    expect(await attemptDoc(started.attemptId)).not.toHaveProperty('providerTxnId');
    expect(await outcome(orderId, course._id)).toMatchObject({ paid: false, enrolled: 25, receipts: 0, fulfilments: 0 });

    expect(await m.attempts.reconcilePaymentAttempts(soon())).toBe(1);
    expect(await outcome(orderId, course._id)).toEqual({ paid: true, transactionId: started.attemptId, enrolled: 26, receipts: 1, fulfilments: 1 });
  });

  it('an answer naming a transaction that already paid another attempt pays nothing (and does not fail the door); the true answer later does', async () => {
    const first = await orderFor(PRICE_PAISA, 'First');
    const paidAttempt = await startBkash(first.buyer, first.orderId);
    const paidBack = callbackOf(await payOnHostedPage(paidAttempt.redirectUrl));
    expect(await m.bkashDoor.handleBkashCallback(paidBack.paymentID, paidBack.status)).toMatchObject({ status: 'paid' });
    const usedTrxId = bkash.payment(paidAttempt.paymentID)?.trxID ?? '';

    const second = await orderFor(PRICE_PAISA, 'Second');
    const started = await startBkash(second.buyer, second.orderId);
    const back = callbackOf(await payOnHostedPage(started.redirectUrl));
    // bKash's answer to the execute names the first payment's transaction (a fault, or a man in the middle).
    bkash.injectFault({ operation: 'execute', kind: 'override', fields: { trxID: usedTrxId } });
    expect(await m.bkashDoor.handleBkashCallback(back.paymentID, back.status)).toMatchObject({ id: started.attemptId, status: 'pending' });
    const unproven = await attemptDoc(started.attemptId);
    expect(unproven).toMatchObject({ status: 'pending', providerTxnKey: started.attemptId });
    expect(unproven).not.toHaveProperty('providerTxnId');
    expect(await outcome(second.orderId, second.course._id)).toMatchObject({ paid: false, enrolled: 25, receipts: 0, fulfilments: 0 });
    expect(await outcome(first.orderId, first.course._id)).toEqual({ paid: true, transactionId: paidAttempt.attemptId, enrolled: 26, receipts: 1, fulfilments: 1 });

    // Asked again without the fault, bKash names the payment's own transaction.
    expect(await m.attempts.reconcilePaymentAttempts(soon())).toBe(1);
    const trxID = bkash.payment(started.paymentID)?.trxID;
    expect(trxID).not.toBe(usedTrxId);
    expect(await attemptDoc(started.attemptId)).toMatchObject({ status: 'paid', providerTxnId: trxID });
    expect(await outcome(second.orderId, second.course._id)).toEqual({ paid: true, transactionId: started.attemptId, enrolled: 26, receipts: 1, fulfilments: 1 });
  });
});

describe('two methods paid for one order', () => {
  it('bKash paid first: the SSLCommerz payment started earlier and paid later is refunded once through SSLCommerz', async () => {
    const { course, buyer, orderId } = await orderFor();
    const earlier = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');
    const viaBkash = await startBkash(buyer, orderId);
    const back = callbackOf(await payOnHostedPage(viaBkash.redirectUrl));
    expect(await m.bkashDoor.handleBkashCallback(back.paymentID, back.status)).toMatchObject({ status: 'paid' });
    const refundsBefore = await sslRefundCount();

    const paid = await sslBuyerChooses(earlier.redirectUrl, 'success');
    expect(await m.sslDoor.handleSslcommerzIpn(sslIpns(earlier.attemptId)[0] ?? '')).toEqual({ status: 200, body: { received: true } });

    const refunded = await attemptDoc(earlier.attemptId);
    expect(refunded).toMatchObject({
      status: 'refunded',
      providerTxnId: paid.fields.bank_tran_id,
      rejection: 'theOrderWasAlreadyPaidByAnotherPaymentSoThisOneIs',
      refundId: expect.any(String),
      refundedAt: expect.any(Date),
    });
    expect(refunded).not.toHaveProperty('checkAfter');
    expect(await sslRefundCount()).toBe(refundsBefore + 1);

    // The return and the IPN again: still one refund, and the order stays paid by bKash.
    expect(await m.sslDoor.handleSslcommerzReturn(paid.outcome, paid.form)).toMatchObject({ status: 'refunded' });
    expect(await m.sslDoor.handleSslcommerzIpn(sslIpns(earlier.attemptId)[0] ?? '')).toEqual({ status: 200, body: { received: true } });
    await m.attempts.reconcilePaymentAttempts(soon());
    expect(await sslRefundCount()).toBe(refundsBefore + 1);
    expect(await outcome(orderId, course._id)).toEqual({ paid: true, transactionId: viaBkash.attemptId, enrolled: 26, receipts: 1, fulfilments: 1 });
  });

  it('SSLCommerz paid first: the bKash payment made later is refunded once through bKash', async () => {
    const { course, buyer, orderId } = await orderFor();
    const viaBkash = await startBkash(buyer, orderId);
    const viaSsl = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');
    const paid = await sslBuyerChooses(viaSsl.redirectUrl, 'success');
    expect(await m.sslDoor.handleSslcommerzReturn(paid.outcome, paid.form)).toMatchObject({ status: 'paid' });

    const back = callbackOf(await payOnHostedPage(viaBkash.redirectUrl));
    expect(await m.bkashDoor.handleBkashCallback(back.paymentID, back.status)).toMatchObject({ status: 'refunded' });
    const payment = bkash.payment(viaBkash.paymentID);
    expect(payment).toMatchObject({ status: 'Completed', refunds: [{ amount: '850.00', sku: viaBkash.attemptId, reason: expect.stringContaining('already paid by another payment') }] });
    expect(await attemptDoc(viaBkash.attemptId)).toMatchObject({ status: 'refunded', refundId: payment?.refunds[0]?.refundTrxID, rejection: 'theOrderWasAlreadyPaidByAnotherPaymentSoThisOneIs' });

    for (const notice of await bkashNotices(viaBkash.paymentID)) await m.bkashDoor.handleBkashWebhook(notice.body, messageType(notice));
    expect(await m.bkashDoor.handleBkashCallback(back.paymentID, 'success')).toMatchObject({ status: 'refunded' });
    await m.attempts.reconcilePaymentAttempts(soon());
    expect(bkash.payment(viaBkash.paymentID)?.refunds).toHaveLength(1);
    expect(bkash.requests().filter((request) => request.operation === 'refund' && (request.body as { paymentID?: string }).paymentID === viaBkash.paymentID)).toHaveLength(1);
    expect(await outcome(orderId, course._id)).toEqual({ paid: true, transactionId: viaSsl.attemptId, enrolled: 26, receipts: 1, fulfilments: 1 });
  });

  it('a refund SSLCommerz holds as processing is asked about by the reconciler until it settles, and counted once', async () => {
    const { course, buyer, orderId } = await orderFor();
    const viaSsl = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');
    const viaBkash = await startBkash(buyer, orderId);
    const back = callbackOf(await payOnHostedPage(viaBkash.redirectUrl));
    await m.bkashDoor.handleBkashCallback(back.paymentID, back.status);
    const refundsBefore = await sslRefundCount();
    await sslHook('hold-refunds');
    try {
      const paid = await sslBuyerChooses(viaSsl.redirectUrl, 'success');
      await m.sslDoor.handleSslcommerzReturn(paid.outcome, paid.form);
      const requested = await attemptDoc(viaSsl.attemptId);
      expect(requested).toMatchObject({ status: 'refunding', refundId: expect.any(String), refundRequestedAt: expect.any(Date), checkAfter: expect.any(Date) });
      expect(requested).not.toHaveProperty('refundedAt');

      // Still processing: the reconciler asks, and asks again later.
      expect(await m.attempts.reconcilePaymentAttempts(soon())).toBe(0);
      expect(await attemptDoc(viaSsl.attemptId)).toMatchObject({ status: 'refunding', refundId: requested?.refundId });
      // The IPN meanwhile does not start another refund.
      await m.sslDoor.handleSslcommerzIpn(sslIpns(viaSsl.attemptId)[0] ?? '');

      expect(await sslRefundCount()).toBe(refundsBefore + 1); // settles it
      expect(await m.attempts.reconcilePaymentAttempts(new Date(Date.now() + 5 * 60_000))).toBe(1);
      expect(await attemptDoc(viaSsl.attemptId)).toMatchObject({ status: 'refunded', refundId: requested?.refundId, refundedAt: expect.any(Date) });
      expect(await m.attempts.reconcilePaymentAttempts(new Date(Date.now() + 60 * 60_000))).toBe(0);
      expect(await sslRefundCount()).toBe(refundsBefore + 1);
      expect(await outcome(orderId, course._id)).toEqual({ paid: true, transactionId: viaBkash.attemptId, enrolled: 26, receipts: 1, fulfilments: 1 });
    } finally {
      await sslHook('hold-refunds', '?hold=false');
    }
  });
});

describe('the reconciler', () => {
  it('pays an SSLCommerz payment whose IPN was lost and whose buyer never came back, once its check is due', async () => {
    const { course, buyer, orderId } = await orderFor();
    await sslHook('drop-next-ipn');
    const started = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');
    await sslBuyerChooses(started.redirectUrl, 'success');
    expect(sslIpns(started.attemptId)).toEqual([]);
    expect(ssl.sentIpns().find((sent) => sent.fields.tran_id === started.attemptId)).toMatchObject({ status: null });

    // Not due yet.
    expect(await m.attempts.reconcilePaymentAttempts(new Date())).toBe(0);
    expect((await orderDoc(orderId))?.paid).toBe(false);

    expect(await m.attempts.reconcilePaymentAttempts(soon())).toBe(1);
    expect(await attemptDoc(started.attemptId)).toMatchObject({ status: 'paid' });
    expect(await outcome(orderId, course._id)).toEqual({ paid: true, transactionId: started.attemptId, enrolled: 26, receipts: 1, fulfilments: 1 });
    expect(await m.attempts.reconcilePaymentAttempts(new Date(Date.now() + 3_600_000))).toBe(0);
  });

  it('executes and pays a bKash payment authorized on the page whose buyer closed the tab before the callback', async () => {
    const { course, buyer, orderId } = await orderFor();
    const started = await startBkash(buyer, orderId);
    callbackOf(await payOnHostedPage(started.redirectUrl)); // …and the browser never follows it
    expect(bkash.payment(started.paymentID)).toMatchObject({ status: 'Initiated', authorized: true });

    expect(await m.attempts.reconcilePaymentAttempts(soon())).toBe(1);
    expect(bkash.payment(started.paymentID)).toMatchObject({ status: 'Completed' });
    expect(await attemptDoc(started.attemptId)).toMatchObject({ status: 'paid', providerTxnId: bkash.payment(started.paymentID)?.trxID });
    expect(await outcome(orderId, course._id)).toEqual({ paid: true, transactionId: started.attemptId, enrolled: 26, receipts: 1, fulfilments: 1 });
  });

  it('asks less often about an attempt nobody paid, and gives it up after a day', async () => {
    const { course, buyer, orderId } = await orderFor();
    const viaBkash = await startBkash(buyer, orderId);
    const viaSsl = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');

    expect(await m.attempts.reconcilePaymentAttempts(soon())).toBe(0);
    for (const id of [viaBkash.attemptId, viaSsl.attemptId]) {
      const asked = await attemptDoc(id);
      expect(asked).toMatchObject({ status: 'pending', checks: 1 });
      expect(asked?.checkAfter?.getTime()).toBeGreaterThan(soon().getTime() + 60_000);
    }
    expect(await m.attempts.reconcilePaymentAttempts(new Date(Date.now() + 25 * 3_600_000))).toBe(0);
    for (const id of [viaBkash.attemptId, viaSsl.attemptId]) expect(await attemptDoc(id)).toMatchObject({ status: 'expired', reason: expect.stringContaining('within a day') });
    expect(await outcome(orderId, course._id)).toMatchObject({ paid: false, fulfilments: 0 });
  });
});

describe('starting a payment', () => {
  async function refusal(promise: Promise<unknown>) {
    return promise.then(
      () => null,
      (caught: unknown) => caught,
    );
  }

  it('refuses an unknown method, another buyer’s order, a paid order and an item without a taka price, and records no attempt', async () => {
    const creates = () => bkash.requests().filter((request) => request.operation === 'create').length;
    const createsBefore = creates();
    const { buyer, orderId } = await orderFor();
    expect(await refusal(m.attempts.startRedirectPayment(buyer, orderId, 'nagad', 'en'))).toMatchObject({ name: 'HttpError', status: 400, coded: m.attempts.METHOD_NOT_OFFERED });
    expect(await refusal(m.attempts.startRedirectPayment(buyer, orderId, 'card', 'en'))).toMatchObject({ name: 'HttpError', status: 400 });
    expect(await refusal(m.attempts.startRedirectPayment(buyer, orderId, { method: 'bkash' }, 'en'))).toMatchObject({ name: 'HttpError', status: 400 });

    const stranger = makeBuyer('Stranger');
    expect(await refusal(m.attempts.startRedirectPayment(stranger, orderId, 'bkash', 'en'))).toMatchObject({ name: 'HttpError', status: 403 });
    expect(await refusal(m.attempts.startRedirectPayment(stranger, orderId, 'sslcommerz', 'en'))).toMatchObject({ name: 'HttpError', status: 403 });
    expect(await refusal(m.attempts.startRedirectPayment(buyer, '0123456789abcdef01234567', 'bkash', 'en'))).toMatchObject({ name: 'HttpError', status: 404 });

    const course = await insertCourse({ priceCents: 1999, pricePaisa: PRICE_PAISA });
    const paidOrder = await insertOrder(buyer, course, { itemKind: 'course', paid: true, transactionId: 'pi_earlier', pricePaisa: PRICE_PAISA });
    for (const method of ['bkash', 'sslcommerz']) {
      expect(await refusal(m.attempts.startRedirectPayment(buyer, paidOrder._id.toHexString(), method, 'en'))).toMatchObject({ name: 'HttpError', status: 409 });
    }

    const dollarsOnly = await orderFor(null, 'DollarBuyer');
    for (const method of ['bkash', 'sslcommerz']) {
      expect(await refusal(m.attempts.startRedirectPayment(dollarsOnly.buyer, dollarsOnly.orderId, method, 'en'))).toMatchObject({ name: 'HttpError', status: 409, coded: m.attempts.NO_TAKA_PRICE });
    }

    expect(await (await m.db.collection('paymentAttempts')).countDocuments({})).toBe(0);
    expect(creates()).toBe(createsBefore);
  });
});
