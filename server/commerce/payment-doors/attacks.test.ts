import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { payOnHostedPage } from '@/scripts/payment-simulators/bkash/drive-hosted-page';
import { startBkashSimulator } from '@/scripts/payment-simulators/bkash/simulator';
import type { BkashSimulator } from '@/scripts/payment-simulators/bkash/simulator';
import { signIpn, startSslcommerzSimulator } from '@/scripts/payment-simulators/sslcommerz';
import type { SslcommerzSimulator } from '@/scripts/payment-simulators/sslcommerz';
import { insertCourse, makeBuyer } from '@/tests/support/commerce-fixtures';
import { temporaryOutbox } from '@/tests/support/mail-outbox';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { startRecordingSite, useSimulatedProviders } from '@/tests/support/payment-providers';
import type { Posted, RecordingSite } from '@/tests/support/payment-providers';
import type { Buyer } from '../orders';

// The unauthenticated doors of bKash and SSLCommerz payments (server/commerce/payment-doors/*) under attack:
// forged, replayed and tampered IPNs, return forms, callbacks and webhook notifications, made from
// genuine parts the local simulators produce over real HTTP (a payment the attacker really made, a
// notice SNS really signed) and then changed. Each one must leave every order unpaid (or as it
// was), every enrolment count, fulfilment and receipt as it was, and no attempt moved to paid.
// Real database, real simulators, no mocks of the code under test.
selectPrivateDatabase('kz_jest_payment_doors');
const outbox = temporaryOutbox('kz-payment-doors-outbox-');
delete process.env.STRIPE_SECRET_KEY;

type Modules = {
  attempts: typeof import('../payment-attempts');
  sslDoor: typeof import('./sslcommerz');
  bkashDoor: typeof import('./bkash');
  orders: typeof import('../orders');
  bkashClient: typeof import('../payments/bkash/client');
  db: typeof import('../../platform/db');
};
let m: Modules;

let site: RecordingSite;
let ssl: SslcommerzSimulator;
let bkash: BkashSimulator;
/** Another SNS stand-in on the same topic, signing with its own key: what an attacker can run. */
let rogueSns: BkashSimulator;
/** The merchant's own API access to the bKash simulator (what the app's client holds). */
let merchant: InstanceType<Modules['bkashClient']['BkashClient']>;

beforeAll(async () => {
  site = await startRecordingSite();
  ssl = await startSslcommerzSimulator();
  bkash = await startBkashSimulator({ webhookUrl: `${site.url}/api/payments/bkash/webhook`, deliveryRetries: 0 });
  rogueSns = await startBkashSimulator({ topicArn: bkash.topicArn, deliveryRetries: 0 });
  useSimulatedProviders(site.url, ssl, bkash);
  m = {
    attempts: await import('../payment-attempts'),
    sslDoor: await import('./sslcommerz'),
    bkashDoor: await import('./bkash'),
    orders: await import('../orders'),
    bkashClient: await import('../payments/bkash/client'),
    db: await import('../../platform/db'),
  };
  merchant = new m.bkashClient.BkashClient({ baseUrl: bkash.baseUrl, ...bkash.credentials, timeoutMs: 5_000 });
}, 30_000);

const COLLECTIONS = ['orders', 'courses', 'books', 'fulfilments', 'fulfilmentClaims', 'paymentAttempts', 'rateLimits', 'promoCodes', 'promoRedemptions', 'promoCodeBuyers', 'certificates'];

let warnings: jest.SpyInstance;

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(COLLECTIONS.map((name) => db.collection(name).deleteMany({})));
  site.posts.length = 0;
  // The doors log every refusal; the tests read the webhook's reasons from these.
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  await rogueSns?.close();
  await bkash?.close();
  await ssl?.close();
  await site?.close();
  await m?.db.closeDb();
});

// ---- the ledger every attack must leave as it was ------------------------------------------------

/** Everything a successful attack would change: paid orders, fulfilments, enrolments, receipts, attempts proven. */
async function ledger() {
  const db = await m.db.getDb();
  const courses = await db.collection('courses').find({}).toArray();
  return {
    paidOrders: await db.collection('orders').countDocuments({ paid: true }),
    fulfilments: await db.collection('fulfilments').countDocuments({}),
    enrolments: courses.reduce((sum, course) => sum + Number(course.Enrolled ?? 0), 0),
    enrolmentClaims: await db.collection('fulfilmentClaims').countDocuments({ _id: /:enrolment$/ }),
    receipts: outbox.mails().length,
    provenAttempts: await db.collection('paymentAttempts').countDocuments({ status: { $in: ['paid', 'held'] } }),
  };
}

const NOTHING_PAID = { paidOrders: 0, fulfilments: 0, enrolments: 0, enrolmentClaims: 0, receipts: 0, provenAttempts: 0 };

/** Runs the attack and checks it changed none of it. */
async function expectNothingPaidBy(attack: () => Promise<void>): Promise<void> {
  const before = await ledger();
  await attack();
  expect(await ledger()).toEqual(before);
}

async function attemptDoc(attemptId: string) {
  return (await m.db.collection('paymentAttempts')).findOne({ _id: attemptId });
}

async function orderDoc(orderId: string) {
  return (await m.db.collection('orders')).findOne({ _id: new ObjectId(orderId) });
}

// ---- the parties ---------------------------------------------------------------------------------

const VICTIM_PAISA = 120_000;
const ATTACKER_PAISA = 85_000;

/** A course priced in taka and a buyer's unpaid order for it. */
async function orderFor(pricePaisa: number, name: string) {
  const course = await insertCourse({ Enrolled: 0, priceCents: 1999, pricePaisa });
  const buyer = makeBuyer(name);
  const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
  return { course, buyer, orderId: order.id };
}

/** The SSLCommerz hosted page: the buyer presses a button; answers the (signed) fields the browser posts back. */
async function sslBuyerChooses(gatewayUrl: string, choice: 'success' | 'fail' | 'cancel'): Promise<Record<string, string>> {
  const checkout = await (await fetch(gatewayUrl)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(checkout)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error('the hosted page has no form');
  const back = await (await fetch(new URL(action, gatewayUrl), { method: 'POST', body: new URLSearchParams({ method: 'BKASH-BKash', outcome: choice }) })).text();
  return Object.fromEntries(
    [...back.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1] ?? '', (match[2] ?? '').replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)))]),
  );
}

/** The IPN SSLCommerz posted to our address about `tranId`, as fields. */
function capturedIpn(tranId: string): Record<string, string> {
  const post = site.posts.find((candidate) => candidate.path === '/api/payments/sslcommerz/ipn' && new URLSearchParams(candidate.body).get('tran_id') === tranId);
  if (!post) throw new Error(`no IPN for ${tranId}`);
  return Object.fromEntries(new URLSearchParams(post.body));
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Fields signed as SSLCommerz signs them, with our store password: what only SSLCommerz (or a leaked password) can make. */
const signedWithStorePassword = (fields: Record<string, string>) => ({ ...fields, ...signIpn(fields, ssl.storePassword) });

/** The victim's order with an SSLCommerz attempt started and nothing paid. */
async function sslVictim() {
  const { course, buyer, orderId } = await orderFor(VICTIM_PAISA, 'Victim');
  const started = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');
  return { course, buyer, orderId, attemptId: started.attemptId };
}

/**
 * The attacker's own SSLCommerz payment, really made (at a lower price) but not yet reported to the
 * shop: its genuine signed IPN and return form are theirs to tamper with. Accepted as it is, it
 * would pay the attacker's order (so a tampered copy that got through shows in the ledger).
 */
async function attackerSslPayment(pricePaisa = ATTACKER_PAISA) {
  const { buyer, orderId } = await orderFor(pricePaisa, 'Attacker');
  const started = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');
  const returned = await sslBuyerChooses(started.redirectUrl, 'success');
  return { orderId, attemptId: started.attemptId, returned, ipn: capturedIpn(started.attemptId) };
}

async function startBkash(buyer: Buyer, orderId: string) {
  const started = await m.attempts.startRedirectPayment(buyer, orderId, 'bkash', 'en');
  return { ...started, paymentID: new URL(started.redirectUrl).searchParams.get('paymentID') ?? '' };
}

/** The SNS notifications bKash posted to our webhook mentioning `text`. */
async function noticesMentioning(text: string): Promise<Posted[]> {
  await bkash.deliveriesSettled();
  return site.posts.filter((post) => post.path === '/api/payments/bkash/webhook' && post.body.includes(text));
}

/**
 * A victim's bKash payment that bKash executed but the shop never recorded (the callback's process
 * died after execute): the one a genuine notice would pay, so a forged notice that got through
 * shows in the ledger. Answers the genuine notice too.
 */
async function bkashExecutedButUnrecorded() {
  const { course, buyer, orderId } = await orderFor(VICTIM_PAISA, 'Victim');
  const started = await startBkash(buyer, orderId);
  await payOnHostedPage(started.redirectUrl);
  const executed = await merchant.executePayment(started.paymentID);
  if (!executed.ok) throw new Error(executed.message);
  const [notice] = await noticesMentioning(started.paymentID);
  if (!notice) throw new Error('no notice of the execution');
  expect(await attemptDoc(started.attemptId)).toMatchObject({ status: 'pending' });
  return { course, orderId, ...started, trxID: executed.payment.trxId ?? '', notice };
}

/** Rewrites an SNS envelope's fields (the signature is left as it was). */
function edited(body: string, change: (envelope: Record<string, string>) => void): string {
  const envelope = JSON.parse(body) as Record<string, string>;
  change(envelope);
  return JSON.stringify(envelope);
}

function editedMessage(body: string, change: (message: Record<string, unknown>) => void): string {
  return edited(body, (envelope) => {
    const message = JSON.parse(envelope.Message ?? '{}') as Record<string, unknown>;
    change(message);
    envelope.Message = JSON.stringify(message);
  });
}

/** The reason the webhook door logged for its last refusal. */
function lastRefusal(): string {
  const logged = warnings.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith('[bkash-webhook] refused:'));
  return logged.at(-1) ?? '';
}

const REFUSED = { status: 401, body: { received: false, error: 'Not a genuine notification' } };
const BAD_SIGNATURE = { status: 401, body: { received: false, error: 'Invalid signature' } };
const ACKNOWLEDGED = { status: 200, body: { received: true } };

// ---- SSLCommerz IPN --------------------------------------------------------------------------------

describe('forged SSLCommerz IPNs', () => {
  it('refuses the attacker’s own signed IPN re-pointed at the victim’s tran_id and amount (bad verify_sign)', async () => {
    const victim = await sslVictim();
    const attacker = await attackerSslPayment();
    await expectNothingPaidBy(async () => {
      expect(await m.sslDoor.handleSslcommerzIpn(form({ ...attacker.ipn, tran_id: victim.attemptId, amount: '1200.00', currency_amount: '1200.00' }))).toEqual(BAD_SIGNATURE);
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
    expect(await attemptDoc(victim.attemptId)).toMatchObject({ status: 'pending' });
  });

  it('refuses a made-up verify_sign on an otherwise genuine IPN', async () => {
    const attacker = await attackerSslPayment();
    await expectNothingPaidBy(async () => {
      for (const sign of [randomBytes(16).toString('hex'), '0'.repeat(32), 'zz', '']) {
        expect(await m.sslDoor.handleSslcommerzIpn(form({ ...attacker.ipn, verify_sign: sign }))).toEqual(BAD_SIGNATURE);
      }
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
    expect(await attemptDoc(attacker.attemptId)).toMatchObject({ status: 'pending' });
  });

  it('refuses an IPN without verify_sign or without verify_key', async () => {
    const attacker = await attackerSslPayment();
    const { verify_sign: _sign, ...unsigned } = attacker.ipn;
    const { verify_key: _key, ...keyless } = attacker.ipn;
    await expectNothingPaidBy(async () => {
      expect(await m.sslDoor.handleSslcommerzIpn(form(unsigned))).toEqual(BAD_SIGNATURE);
      expect(await m.sslDoor.handleSslcommerzIpn(form(keyless))).toEqual(BAD_SIGNATURE);
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
  });

  it('refuses an IPN whose verify_key does not cover its status or its amount, even when the signature over the rest is right', async () => {
    const victim = await sslVictim();
    const attacker = await attackerSslPayment();
    const valId = attacker.ipn.val_id ?? '';
    const withoutStatus = { ...signedWithStorePassword({ tran_id: attacker.attemptId, val_id: valId, amount: '850.00', currency: 'BDT' }), status: 'VALID' };
    const withoutAmount = { ...signedWithStorePassword({ status: 'VALID', tran_id: victim.attemptId, val_id: valId, currency: 'BDT' }), amount: '1200.00' };
    const unlisted = { ...attacker.ipn, verify_key: `${attacker.ipn.verify_key},not_posted` };
    await expectNothingPaidBy(async () => {
      for (const forged of [withoutStatus, withoutAmount, unlisted]) expect(await m.sslDoor.handleSslcommerzIpn(form(forged))).toEqual(BAD_SIGNATURE);
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
  });

  it('refuses a genuine IPN whose amount was changed by one paisa after signing', async () => {
    const attacker = await attackerSslPayment();
    expect(attacker.ipn.amount).toBe('850.00');
    await expectNothingPaidBy(async () => {
      expect(await m.sslDoor.handleSslcommerzIpn(form({ ...attacker.ipn, amount: '850.01' }))).toEqual(BAD_SIGNATURE);
      expect(await m.sslDoor.handleSslcommerzIpn(form({ ...attacker.ipn, amount: '849.99' }))).toEqual(BAD_SIGNATURE);
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
  });

  it('refuses a genuine IPN whose currency was changed after signing', async () => {
    const attacker = await attackerSslPayment();
    await expectNothingPaidBy(async () => {
      expect(await m.sslDoor.handleSslcommerzIpn(form({ ...attacker.ipn, currency: 'USD' }))).toEqual(BAD_SIGNATURE);
      expect(await m.sslDoor.handleSslcommerzIpn(form({ ...attacker.ipn, currency: 'USD', currency_type: 'USD' }))).toEqual(BAD_SIGNATURE);
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
  });

  it('pays nothing for a correctly signed IPN naming the victim’s tran_id with the attacker’s val_id (another order’s payment of the same amount)', async () => {
    const victim = await sslVictim();
    const attacker = await attackerSslPayment(VICTIM_PAISA);
    const forged = signedWithStorePassword({ status: 'VALID', tran_id: victim.attemptId, val_id: attacker.ipn.val_id ?? '', amount: '1200.00', currency: 'BDT', bank_tran_id: attacker.ipn.bank_tran_id ?? '' });
    await expectNothingPaidBy(async () => {
      // The signature checks (a leaked password would make one): only SSLCommerz's validation API stands between it and the order.
      expect(await m.sslDoor.handleSslcommerzIpn(form(forged))).toEqual(ACKNOWLEDGED);
      expect(await m.sslDoor.handleSslcommerzReturn('success', form(forged))).toMatchObject({ id: victim.attemptId, status: 'pending' });
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
    const untouched = await attemptDoc(victim.attemptId);
    expect(untouched).toMatchObject({ status: 'pending', providerTxnKey: victim.attemptId });
    expect(untouched).not.toHaveProperty('providerTxnId');
    expect(await attemptDoc(attacker.attemptId)).toMatchObject({ status: 'pending' });
  });

  it('pays nothing for a replayed val_id of an attempt already used, named for a new attempt', async () => {
    const { buyer, orderId } = await orderFor(ATTACKER_PAISA, 'Replayer');
    const used = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');
    await sslBuyerChooses(used.redirectUrl, 'success');
    const usedIpn = capturedIpn(used.attemptId);
    expect(await m.sslDoor.handleSslcommerzIpn(form(usedIpn))).toEqual(ACKNOWLEDGED);
    expect(await orderDoc(orderId)).toMatchObject({ paid: true, transactionId: used.attemptId });

    const other = await orderFor(ATTACKER_PAISA, 'Replayer');
    const fresh = await m.attempts.startRedirectPayment(other.buyer, other.orderId, 'sslcommerz', 'en');
    await expectNothingPaidBy(async () => {
      // As it was: the used attempt is paid already; nothing more happens.
      expect(await m.sslDoor.handleSslcommerzIpn(form(usedIpn))).toEqual(ACKNOWLEDGED);
      // Re-pointed at the new attempt: the signature breaks.
      expect(await m.sslDoor.handleSslcommerzIpn(form({ ...usedIpn, tran_id: fresh.attemptId }))).toEqual(BAD_SIGNATURE);
      // Re-pointed and signed again: SSLCommerz's validation names the used attempt, not this one.
      expect(await m.sslDoor.handleSslcommerzIpn(form(signedWithStorePassword({ ...stripSignature(usedIpn), tran_id: fresh.attemptId })))).toEqual(ACKNOWLEDGED);
      expect(await m.sslDoor.handleSslcommerzReturn('success', form({ tran_id: fresh.attemptId, status: 'VALID', val_id: usedIpn.val_id ?? '' }))).toMatchObject({ status: 'pending' });
    });
    expect(await attemptDoc(fresh.attemptId)).toMatchObject({ status: 'pending' });
    expect(await orderDoc(other.orderId)).toMatchObject({ paid: false });
    expect(await ledger()).toMatchObject({ paidOrders: 1, fulfilments: 1, enrolments: 1, receipts: 1, provenAttempts: 1 });
  });

  it('pays nothing for a correctly signed IPN carrying a val_id SSLCommerz never issued', async () => {
    const victim = await sslVictim();
    await expectNothingPaidBy(async () => {
      for (const valId of ['260101123456ABCDEFGH', '../../validator/api', "' OR '1'='1"]) {
        expect(await m.sslDoor.handleSslcommerzIpn(form(signedWithStorePassword({ status: 'VALID', tran_id: victim.attemptId, val_id: valId, amount: '1200.00', currency: 'BDT' })))).toEqual(ACKNOWLEDGED);
      }
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
    expect(await attemptDoc(victim.attemptId)).toMatchObject({ status: 'pending' });
  });

  it('acknowledges and ignores a signed IPN for a tran_id that is not one of our SSLCommerz attempts', async () => {
    const attacker = await attackerSslPayment();
    const { buyer, orderId } = await orderFor(VICTIM_PAISA, 'BkashBuyer');
    const bkashAttempt = await startBkash(buyer, orderId);
    await expectNothingPaidBy(async () => {
      for (const tranId of [`ssl_${new ObjectId().toHexString()}`, 'ORDER-OF-ANOTHER-SHOP', bkashAttempt.attemptId, `${attacker.attemptId}x`]) {
        const forged = signedWithStorePassword({ ...stripSignature(attacker.ipn), tran_id: tranId });
        expect(await m.sslDoor.handleSslcommerzIpn(form(forged))).toEqual(ACKNOWLEDGED);
        expect(await m.sslDoor.handleSslcommerzReturn('success', form(forged))).toBeNull();
      }
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
    expect(await attemptDoc(bkashAttempt.attemptId)).toMatchObject({ status: 'pending' });
  });
});

function stripSignature(fields: Record<string, string>): Record<string, string> {
  const { verify_sign: _sign, verify_key: _key, ...rest } = fields;
  return rest;
}

// ---- SSLCommerz return -------------------------------------------------------------------------------

describe('forged SSLCommerz return forms (a cross-site POST anyone can send)', () => {
  it('pays nothing for a success return saying VALID when no payment was made, without a val_id', async () => {
    const victim = await sslVictim();
    await expectNothingPaidBy(async () => {
      for (const status of ['VALID', 'VALIDATED']) {
        expect(await m.sslDoor.handleSslcommerzReturn('success', form({ tran_id: victim.attemptId, status, amount: '1200.00', currency: 'BDT', bank_tran_id: 'FORGED123' }))).toMatchObject({ status: 'pending' });
      }
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
  });

  it('pays nothing for a success return with a made-up val_id', async () => {
    const victim = await sslVictim();
    await expectNothingPaidBy(async () => {
      expect(await m.sslDoor.handleSslcommerzReturn('success', form({ tran_id: victim.attemptId, status: 'VALID', val_id: 'FAKE0000000001', amount: '1200.00' }))).toMatchObject({ status: 'pending' });
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
  });

  it('pays nothing for a success return carrying the attacker’s genuine val_id of another payment of the same amount', async () => {
    const victim = await sslVictim();
    const attacker = await attackerSslPayment(VICTIM_PAISA);
    await expectNothingPaidBy(async () => {
      expect(await m.sslDoor.handleSslcommerzReturn('success', form({ ...attacker.returned, tran_id: victim.attemptId, amount: '1200.00' }))).toMatchObject({ id: victim.attemptId, status: 'pending' });
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
    expect(await attemptDoc(attacker.attemptId)).toMatchObject({ status: 'pending' });
  });

  it('changes nothing with a fail or cancel return on a paid order, nor on one whose buyer is still paying', async () => {
    const { buyer, orderId } = await orderFor(ATTACKER_PAISA, 'Buyer');
    const paid = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');
    await sslBuyerChooses(paid.redirectUrl, 'success');
    expect(await m.sslDoor.handleSslcommerzIpn(form(capturedIpn(paid.attemptId)))).toEqual(ACKNOWLEDGED);
    const victim = await sslVictim();

    await expectNothingPaidBy(async () => {
      for (const [outcome, status] of [
        ['fail', 'FAILED'],
        ['cancel', 'CANCELLED'],
      ] as const) {
        expect(await m.sslDoor.handleSslcommerzReturn(outcome, form({ tran_id: paid.attemptId, status }))).toMatchObject({ status: 'paid' });
        expect(await m.sslDoor.handleSslcommerzReturn(outcome, form({ tran_id: victim.attemptId, status }))).toMatchObject({ status: 'pending' });
      }
    });
    expect(await orderDoc(orderId)).toMatchObject({ paid: true, transactionId: paid.attemptId });
    expect(await attemptDoc(paid.attemptId)).toMatchObject({ status: 'paid' });
    expect(await attemptDoc(paid.attemptId)).not.toHaveProperty('refundId');
    expect(await attemptDoc(victim.attemptId)).toMatchObject({ status: 'pending' });
  });
});

// ---- bKash callback ------------------------------------------------------------------------------------

describe('forged bKash callbacks (a GET anyone can send)', () => {
  it('pays nothing for status=success on a payment the buyer never authorized', async () => {
    const { buyer, orderId } = await orderFor(VICTIM_PAISA, 'Victim');
    const started = await startBkash(buyer, orderId);
    await expectNothingPaidBy(async () => {
      expect(await m.bkashDoor.handleBkashCallback(started.paymentID, 'success')).toMatchObject({ id: started.attemptId, status: 'pending' });
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
    expect(bkash.payment(started.paymentID)).toMatchObject({ status: 'Initiated', trxID: null });
    expect(bkash.requests().filter((request) => request.operation === 'execute' && (request.body as { paymentID?: string }).paymentID === started.paymentID).map((request) => request.statusCode)).toEqual(['2056']);
  });

  it('neither cancels nor fails a payment the buyer authorized when the callback says cancel or failure', async () => {
    const { buyer, orderId } = await orderFor(VICTIM_PAISA, 'Victim');
    const started = await startBkash(buyer, orderId);
    await payOnHostedPage(started.redirectUrl);
    await expectNothingPaidBy(async () => {
      expect(await m.bkashDoor.handleBkashCallback(started.paymentID, 'cancel')).toMatchObject({ status: 'pending' });
      expect(await m.bkashDoor.handleBkashCallback(started.paymentID, 'failure')).toMatchObject({ status: 'pending' });
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
    expect(bkash.payment(started.paymentID)).toMatchObject({ status: 'Initiated', authorized: true });
  });

  it('ignores a callback naming a bKash payment the shop never started, made for our invoice number at a lower amount', async () => {
    const { buyer, orderId } = await orderFor(VICTIM_PAISA, 'Victim');
    const started = await startBkash(buyer, orderId);
    const created = await merchant.createPayment({ amountPaisa: 1_000, invoiceNumber: started.attemptId, payerReference: 'attacker', callbackUrl: `${site.url}/api/payments/bkash/callback` });
    if (!created.ok) throw new Error(created.message);
    await payOnHostedPage(created.payment.bkashUrl);
    await expectNothingPaidBy(async () => {
      expect(await m.bkashDoor.handleBkashCallback(created.payment.paymentId, 'success')).toBeNull();
      expect(await m.bkashDoor.handleBkashCallback('', 'success')).toBeNull();
      expect(await m.bkashDoor.handleBkashCallback('x'.repeat(300), 'success')).toBeNull();
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
    expect(bkash.payment(created.payment.paymentId)).toMatchObject({ status: 'Initiated' });
    expect(await attemptDoc(started.attemptId)).toMatchObject({ status: 'pending' });
  });

  it('pays back, and does not accept, another attempt of the order paid at a different (older, lower) amount', async () => {
    const { course, buyer, orderId } = await orderFor(ATTACKER_PAISA, 'Bargain');
    const older = await startBkash(buyer, orderId);
    // The price went up; the order's new start is at the new price.
    await (await m.db.collection('courses')).updateOne({ _id: course._id }, { $set: { pricePaisa: VICTIM_PAISA } });
    const current = await startBkash(buyer, orderId);
    expect(await orderDoc(orderId)).toMatchObject({ pricePaisa: VICTIM_PAISA });
    expect(await attemptDoc(current.attemptId)).toMatchObject({ amountMinor: VICTIM_PAISA });

    await payOnHostedPage(older.redirectUrl);
    await expectNothingPaidBy(async () => {
      expect(await m.bkashDoor.handleBkashCallback(older.paymentID, 'success')).toMatchObject({ id: older.attemptId, status: 'refunded' });
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
    expect(await attemptDoc(older.attemptId)).toMatchObject({ status: 'refunded', rejection: 'theOrderSPriceChangedAPromoCodeOrANewPrice' });
    expect(bkash.payment(older.paymentID)?.refunds).toEqual([expect.objectContaining({ amount: '850.00' })]);
    expect(await attemptDoc(current.attemptId)).toMatchObject({ status: 'pending' });
  });
});

// ---- bKash webhook ---------------------------------------------------------------------------------------

describe('forged bKash webhook notifications (Amazon SNS)', () => {
  it('control: the genuine notice of a payment executed but not recorded pays it, which each forgery below must not', async () => {
    const target = await bkashExecutedButUnrecorded();
    expect(await m.bkashDoor.handleBkashWebhook(target.notice.body, 'Notification')).toEqual(ACKNOWLEDGED);
    expect(await orderDoc(target.orderId)).toMatchObject({ paid: true, transactionId: target.attemptId });
    expect(await ledger()).toMatchObject({ paidOrders: 1, fulfilments: 1, enrolments: 1, receipts: 1, provenAttempts: 1 });
  });

  it('refuses a notice signed by a certificate on a host we do not trust', async () => {
    const target = await bkashExecutedButUnrecorded();
    const rogue = await rogueSns.publish({ trxID: target.trxID, paymentID: target.paymentID, amount: '1200.00', currency: 'BDT', transactionStatus: 'Completed', merchantInvoiceNumber: target.attemptId, dateTime: '20250101120000' });
    expect(new URL((JSON.parse(rogue.body) as { SigningCertURL: string }).SigningCertURL).origin).toBe(rogueSns.certificateOrigin);
    await expectNothingPaidBy(async () => {
      expect(await m.bkashDoor.handleBkashWebhook(rogue.body, 'Notification')).toEqual(REFUSED);
      expect(lastRefusal()).toContain('untrusted-certificate-url');
      for (const host of [
        'https://sns.ap-southeast-1.amazonaws.com.evil.example/SimpleNotificationService-x.pem',
        'https://evil.example/sns.ap-southeast-1.amazonaws.com/SimpleNotificationService-x.pem',
        'http://sns.ap-southeast-1.amazonaws.com/SimpleNotificationService-x.pem',
        `${rogueSns.certificateUrl}`,
        `${bkash.certificateUrl}?redirect=${encodeURIComponent(rogueSns.certificateUrl)}`,
      ]) {
        expect(await m.bkashDoor.handleBkashWebhook(edited(target.notice.body, (envelope) => (envelope.SigningCertURL = host)), 'Notification')).toEqual(REFUSED);
        expect(lastRefusal()).toContain('untrusted-certificate-url');
      }
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
  });

  it('refuses a notice for another topic', async () => {
    const target = await bkashExecutedButUnrecorded();
    await expectNothingPaidBy(async () => {
      const moved = edited(target.notice.body, (envelope) => (envelope.TopicArn = 'arn:aws:sns:ap-southeast-1:000000000000:someone-else'));
      expect(await m.bkashDoor.handleBkashWebhook(moved, 'Notification')).toEqual(REFUSED);
      expect(lastRefusal()).toContain('wrong-topic');
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
  });

  it('refuses a notice whose signature does not match: its Message changed, or another message’s signature', async () => {
    const target = await bkashExecutedButUnrecorded();
    const other = await bkash.publish({ trxID: 'OTHER12345', amount: '10', currency: 'BDT', transactionStatus: 'Completed', dateTime: '20250101120000' });
    await expectNothingPaidBy(async () => {
      for (const forged of [
        editedMessage(target.notice.body, (message) => (message.amount = '12.00')),
        edited(target.notice.body, (envelope) => (envelope.Signature = (JSON.parse(other.body) as { Signature: string }).Signature)),
        edited(target.notice.body, (envelope) => (envelope.MessageId = 'replayed-under-another-id')),
        edited(other.body, (envelope) => (envelope.Message = JSON.parse(target.notice.body).Message as string)),
      ]) {
        expect(await m.bkashDoor.handleBkashWebhook(forged, 'Notification')).toEqual(REFUSED);
        expect(lastRefusal()).toContain('bad-signature');
      }
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
  });

  it('refuses a genuinely signed notice that is too old', async () => {
    const target = await bkashExecutedButUnrecorded();
    bkash.advanceClock(-2 * 3_600_000);
    let stale: Awaited<ReturnType<BkashSimulator['publish']>>;
    try {
      stale = await bkash.publish({ trxID: target.trxID, paymentID: target.paymentID, amount: '1200.00', currency: 'BDT', transactionStatus: 'Completed', merchantInvoiceNumber: target.attemptId, dateTime: '20250101120000' });
    } finally {
      bkash.advanceClock(2 * 3_600_000);
    }
    await expectNothingPaidBy(async () => {
      expect(await m.bkashDoor.handleBkashWebhook(stale.body, 'Notification')).toEqual(REFUSED);
      expect(lastRefusal()).toContain('stale');
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
  });

  it('refuses a genuine notice of the attacker’s own payment replayed for another invoice number', async () => {
    const target = await bkashExecutedButUnrecorded();
    const created = await merchant.createPayment({ amountPaisa: ATTACKER_PAISA, invoiceNumber: 'ATTACKER-1', payerReference: 'attacker', callbackUrl: `${site.url}/cb` });
    if (!created.ok) throw new Error(created.message);
    await payOnHostedPage(created.payment.bkashUrl);
    expect(await merchant.executePayment(created.payment.paymentId)).toMatchObject({ ok: true });
    const [own] = await noticesMentioning(created.payment.paymentId);
    if (!own) throw new Error('no notice of the attacker’s payment');
    await expectNothingPaidBy(async () => {
      const replayed = editedMessage(own.body, (message) => {
        message.merchantInvoiceNumber = target.attemptId;
      });
      expect(await m.bkashDoor.handleBkashWebhook(replayed, 'Notification')).toEqual(REFUSED);
      expect(lastRefusal()).toContain('bad-signature');
      // As it was, it names a payment that is no attempt of ours: acknowledged, nothing paid.
      expect(await m.bkashDoor.handleBkashWebhook(own.body, 'Notification')).toEqual(ACKNOWLEDGED);
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
  });

  it('pays nothing for a genuinely signed notice naming our invoice with a completed payment of another amount', async () => {
    const { buyer, orderId } = await orderFor(VICTIM_PAISA, 'Victim');
    const victim = await startBkash(buyer, orderId);
    const created = await merchant.createPayment({ amountPaisa: ATTACKER_PAISA, invoiceNumber: 'ATTACKER-2', payerReference: 'attacker', callbackUrl: `${site.url}/cb` });
    if (!created.ok) throw new Error(created.message);
    await payOnHostedPage(created.payment.bkashUrl);
    const cheap = await merchant.executePayment(created.payment.paymentId);
    if (!cheap.ok) throw new Error(cheap.message);
    // As bKash (or anyone holding its topic) would publish it: the signature is good.
    const notice = await bkash.publish({
      trxID: cheap.payment.trxId,
      paymentID: cheap.payment.paymentId,
      amount: '1200.00',
      currency: 'BDT',
      transactionStatus: 'Completed',
      transactionType: 'Payment',
      merchantInvoiceNumber: victim.attemptId,
      dateTime: '20250101120000',
    });
    await expectNothingPaidBy(async () => {
      expect(await m.bkashDoor.handleBkashWebhook(notice.body, 'Notification')).toEqual(ACKNOWLEDGED);
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
    expect(await attemptDoc(victim.attemptId)).toMatchObject({ status: 'pending' });
    expect(await attemptDoc(victim.attemptId)).not.toHaveProperty('providerTxnId');
  });

  it('refuses a notice whose x-amz-sns-message-type header names another type', async () => {
    const target = await bkashExecutedButUnrecorded();
    await expectNothingPaidBy(async () => {
      expect(await m.bkashDoor.handleBkashWebhook(target.notice.body, 'SubscriptionConfirmation')).toEqual(REFUSED);
      expect(lastRefusal()).toContain('type-mismatch');
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
  });
});

// ---- malformed ---------------------------------------------------------------------------------------------

describe('malformed bodies', () => {
  it('answer 400 (or are ignored), never a server error, and pay nothing', async () => {
    const victim = await sslVictim();
    const target = await bkashExecutedButUnrecorded();
    const malformedWebhooks = [
      '',
      'not json',
      '[]',
      'null',
      '{}',
      '{"Type":"Notification"}',
      JSON.stringify({ ...JSON.parse(target.notice.body), Signature: 'not base64!' }),
      JSON.stringify({ ...JSON.parse(target.notice.body), Timestamp: 'yesterday' }),
      `${'{'.repeat(5000)}`,
      'x'.repeat(400 * 1024),
    ];
    const many = Array.from({ length: 150 }, (_, index) => `f${index}=v`).join('&');
    const malformedIpns = ['', 'status=VALID', `tran_id=${victim.attemptId}&${many}`, `tran_id=${victim.attemptId}&status=${'V'.repeat(3000)}`, '%%%', `${'k'.repeat(100)}=${victim.attemptId}`];
    await expectNothingPaidBy(async () => {
      for (const body of malformedWebhooks) {
        const answer = await m.bkashDoor.handleBkashWebhook(body, null);
        expect(answer).toEqual({ status: 400, body: { received: false, error: 'Not a genuine notification' } });
      }
      for (const body of malformedIpns) expect(await m.sslDoor.handleSslcommerzIpn(body)).toEqual({ status: 400, body: { received: false, error: 'Malformed notification' } });
      for (const body of ['', 'status=VALID', `tran_id=${victim.attemptId}&${many}`, `tran_id=../../${victim.attemptId}`]) expect(await m.sslDoor.handleSslcommerzReturn('success', body)).toBeNull();
    });
    expect(await ledger()).toEqual(NOTHING_PAID);
    expect(await attemptDoc(victim.attemptId)).toMatchObject({ status: 'pending' });
  });
});
