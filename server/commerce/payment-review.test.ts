import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ObjectId } from 'mongodb';
import { startSslcommerzSimulator } from '@/scripts/payment-simulators/sslcommerz';
import type { SslcommerzSimulator } from '@/scripts/payment-simulators/sslcommerz';
import { insertCourse, makeBuyer } from '@/tests/support/commerce-fixtures';
import { expectHttpError } from '@/tests/support/expectations';
import { temporaryOutbox } from '@/tests/support/mail-outbox';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { caller } from '@/tests/support/signed-in-caller';
import type { PaymentAttemptDocument } from '../platform/documents';
import type { Actor } from '../accounts/permissions';
import type { User } from '../accounts/users';

jest.mock('../accounts/guards', () => jest.requireActual('@/tests/support/signed-in-caller').guards);
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

// The admin's payments page (server/commerce/payment-review.ts) against the real embedded database and the
// local SSLCommerz simulator over real HTTP: a payment the simulator's hosted page flags as risky
// is held (server/commerce/payment-attempts.ts); an admin accepts it (the order is paid once, however often
// and however concurrently accepted) or refunds it with a reason (paid back through SSLCommerz);
// everything else is refused with the right status and changes nothing. Only admins see or decide.
selectPrivateDatabase('kz_jest_payment_review');
const outbox = temporaryOutbox('kz-payment-review-outbox-');
delete process.env.STRIPE_SECRET_KEY;

type Modules = {
  review: typeof import('./payment-review');
  actions: typeof import('../actions/payment-review');
  attempts: typeof import('./payment-attempts');
  orders: typeof import('./orders');
  db: typeof import('../platform/db');
};
let m: Modules;
let ssl: SslcommerzSimulator;
/** The shop's address as SSLCommerz sees it: takes the IPNs (the tests settle attempts themselves). */
let site: http.Server;

beforeAll(async () => {
  site = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  ssl = await startSslcommerzSimulator();
  // Read once per process by server/platform/env.ts: set before the modules are imported. bKash is
  // configured (never called) so its 15-day refund window applies to the bKash attempts listed.
  Object.assign(process.env, {
    SITE_URL: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    SSLCOMMERZ_STORE_ID: ssl.storeId,
    SSLCOMMERZ_STORE_PASSWORD: ssl.storePassword,
    SSLCOMMERZ_API_URL: ssl.baseUrl,
    BKASH_APP_KEY: 'unused',
    BKASH_APP_SECRET: 'unused',
    BKASH_USERNAME: 'unused',
    BKASH_PASSWORD: 'unused',
    BKASH_API_URL: 'http://127.0.0.1:9',
  });
  m = {
    review: await import('./payment-review'),
    actions: await import('../actions/payment-review'),
    attempts: await import('./payment-attempts'),
    orders: await import('./orders'),
    db: await import('../platform/db'),
  };
}, 30_000);

const COLLECTIONS = ['orders', 'courses', 'users', 'fulfilments', 'fulfilmentClaims', 'paymentAttempts', 'rateLimits', 'auditLog', 'certificates'];

const admin: Actor = { id: new ObjectId().toHexString(), email: 'payments-admin@example.com', role: 'admin' };
const learner: Actor = { id: new ObjectId().toHexString(), email: 'learner@example.com', role: 'user' };

function signedIn(actor: Actor): User {
  return {
    ...actor,
    name: actor.email,
    image: null,
    hasPassword: true,
    googleLinked: false,
    emailVerified: true,
    sessionVersion: 0,
    endedSessions: [],
    education: null,
  } as unknown as User;
}

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(COLLECTIONS.map((name) => db.collection(name).deleteMany({})));
  await (await m.db.collection('users')).insertOne({ _id: new ObjectId(admin.id), email: admin.email!, name: 'Admin', role: 'admin', sessionVersion: 0, createdAt: new Date() });
  caller.user = null;
  // The payment domain logs holds, refusals and refunds on purpose; the tests check the state instead.
  for (const level of ['info', 'warn', 'error'] as const) jest.spyOn(console, level).mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  await ssl?.close();
  await new Promise<void>((resolve) => {
    if (!site) return resolve();
    site.close(() => resolve());
    site.closeAllConnections();
  });
  await m?.db.closeDb();
});

const PRICE_PAISA = 85_000;

/** A course priced in taka and the buyer's unpaid order for it (made as the Buy button makes it). */
async function orderFor(name = 'Buyer') {
  const course = await insertCourse({ Enrolled: 25, priceCents: 1999, pricePaisa: PRICE_PAISA });
  const buyer = makeBuyer(name);
  const { order } = await m.orders.createOrder(buyer, course._id.toHexString());
  return { course, buyer, orderId: order.id };
}

/** The buyer on SSLCommerz's hosted page presses a button; answers the fields it posts back to the shop. */
async function sslBuyerChooses(gatewayUrl: string, choice: 'success' | 'risky'): Promise<Record<string, string>> {
  const checkout = await (await fetch(gatewayUrl)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(checkout)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error('the hosted page has no form');
  const back = await (await fetch(new URL(action, gatewayUrl), { method: 'POST', body: new URLSearchParams({ method: 'BKASH-BKash', outcome: choice }) })).text();
  return Object.fromEntries(
    [...back.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1] ?? '', (match[2] ?? '').replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)))]),
  );
}

/** Pays the buyer's order through SSLCommerz for real: `risky` leaves it held for an admin. */
async function payWithSslcommerz(buyer: ReturnType<typeof makeBuyer>, orderId: string, choice: 'success' | 'risky') {
  const started = await m.attempts.startRedirectPayment(buyer, orderId, 'sslcommerz', 'en');
  const fields = await sslBuyerChooses(started.redirectUrl, choice);
  const settled = await m.attempts.settleAttempt(started.attemptId, { valId: fields.val_id ?? null });
  return { attemptId: started.attemptId, bankTranId: fields.bank_tran_id ?? '', outcome: settled.outcome };
}

/** A course order with a payment SSLCommerz flagged as risky: held, the order unpaid. */
async function heldPayment(name = 'Buyer') {
  const { course, buyer, orderId } = await orderFor(name);
  const paid = await payWithSslcommerz(buyer, orderId, 'risky');
  expect(paid.outcome).toBe('held');
  return { course, buyer, orderId, attemptId: paid.attemptId, bankTranId: paid.bankTranId };
}

async function attemptDoc(attemptId: string) {
  return (await m.db.collection('paymentAttempts')).findOne({ _id: attemptId });
}

async function orderState(orderId: string, courseId: ObjectId) {
  const order = await (await m.db.collection('orders')).findOne({ _id: new ObjectId(orderId) });
  const course = await (await m.db.collection('courses')).findOne({ _id: courseId });
  return {
    paid: order?.paid,
    transactionId: order?.transactionId ?? null,
    enrolled: course?.Enrolled,
    fulfilments: await (await m.db.collection('fulfilments')).countDocuments({ _id: new ObjectId(orderId) }),
    receipts: outbox.messages().filter((message) => message.includes(orderId)).length,
  };
}

async function auditActions() {
  return (await (await m.db.collection('auditLog')).find({}).toArray()).map((entry) => ({ action: entry.action, actorEmail: entry.actorEmail, entityId: entry.entityId }));
}

async function sslHook(name: string, query = ''): Promise<Record<string, unknown>> {
  return (await (await fetch(`${ssl.baseUrl}/__simulator/${name}${query}`, { method: 'POST' })).json()) as Record<string, unknown>;
}

/** How many refunds the simulator has made in all (the hook also settles any it holds as processing). */
async function sslRefundCount(): Promise<number> {
  return Number((await sslHook('settle-refunds')).refunds);
}

/** A stored attempt in any state, for what needs no provider (refusals, the lists). */
async function insertAttempt(orderId: string, userId: string, overrides: Partial<PaymentAttemptDocument> = {}): Promise<PaymentAttemptDocument> {
  const id = `${overrides.method === 'bkash' ? 'bk' : 'ssl'}_${new ObjectId().toHexString()}`;
  const now = new Date();
  const attempt: PaymentAttemptDocument = {
    _id: id,
    method: 'sslcommerz',
    orderId: new ObjectId(orderId),
    userId: new ObjectId(userId),
    currency: 'bdt',
    amountMinor: PRICE_PAISA,
    locale: 'en',
    status: 'pending',
    providerTxnKey: id,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  await (await m.db.collection('paymentAttempts')).insertOne(attempt);
  return attempt;
}

describe('only admins', () => {
  it('are shown the payments or decide on a held one: anyone else gets 403 and nothing changes', async () => {
    const { course, orderId, attemptId } = await heldPayment();
    const before = await attemptDoc(attemptId);
    const refundsBefore = await sslRefundCount();

    await expectHttpError(m.review.listPaymentsNeedingAttention(learner), 403);
    await expectHttpError(m.review.acceptHeldPayment(learner, attemptId), 403);
    await expectHttpError(m.review.refundHeldPayment(learner, attemptId, { reason: 'Looks like fraud' }), 403);
    // The refusal comes before the input is looked at.
    await expectHttpError(m.review.refundHeldPayment(learner, 'nonsense', {}), 403);

    caller.user = signedIn(learner);
    expect(await m.actions.acceptHeldPaymentAction(attemptId)).toEqual({ ok: false, message: 'onlyAdminsCanDoThis' });
    expect(await m.actions.refundHeldPaymentAction(attemptId, { reason: 'Looks like fraud' })).toEqual({ ok: false, message: 'onlyAdminsCanDoThis' });
    caller.user = null;
    expect(await m.actions.acceptHeldPaymentAction(attemptId)).toEqual({ ok: false, message: 'pleaseLogInAgain' });

    expect(await attemptDoc(attemptId)).toEqual(before);
    expect(await orderState(orderId, course._id)).toEqual({ paid: false, transactionId: null, enrolled: 25, fulfilments: 0, receipts: 0 });
    expect(await auditActions()).toEqual([]);
    expect(await sslRefundCount()).toBe(refundsBefore);
    // No admin allowance was taken either.
    expect(await (await m.db.collection('rateLimits')).findOne({ _id: `admin-write:${learner.id}` })).toBeNull();
  });
});

describe('accepting a held payment', () => {
  it('pays the order with it once, even when two admins accept it at the same moment', async () => {
    const { course, orderId, attemptId } = await heldPayment();

    const answers = await Promise.allSettled([m.review.acceptHeldPayment(admin, attemptId), m.review.acceptHeldPayment(admin, attemptId)]);
    const fulfilled = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
    const rejected = answers.flatMap((answer) => (answer.status === 'rejected' ? [answer.reason as unknown] : []));
    expect(fulfilled).toEqual([{ attemptId, status: 'paid' }]);
    expect(rejected).toEqual([expect.objectContaining({ name: 'HttpError', status: 409 })]);

    expect(await orderState(orderId, course._id)).toEqual({ paid: true, transactionId: attemptId, enrolled: 26, fulfilments: 1, receipts: 1 });
    expect(await attemptDoc(attemptId)).toMatchObject({ status: 'paid', reviewedBy: new ObjectId(admin.id), reviewedAt: expect.any(Date) });
    expect(await auditActions()).toEqual([{ action: 'accept-payment', actorEmail: admin.email, entityId: orderId }]);

    // Decided: accepting or refunding it again is a conflict, and pays or refunds nothing.
    const refundsBefore = await sslRefundCount();
    await expectHttpError(m.review.acceptHeldPayment(admin, attemptId), 409);
    await expectHttpError(m.review.refundHeldPayment(admin, attemptId, { reason: 'Changed my mind' }), 409);
    expect(await orderState(orderId, course._id)).toEqual({ paid: true, transactionId: attemptId, enrolled: 26, fulfilments: 1, receipts: 1 });
    expect(await sslRefundCount()).toBe(refundsBefore);
  });

  it('through the page’s action: the order is paid and the answer says so', async () => {
    const { course, orderId, attemptId } = await heldPayment();
    caller.user = signedIn(admin);
    expect(await m.actions.acceptHeldPaymentAction(attemptId)).toEqual({ ok: true, data: { attemptId, status: 'paid' } });
    expect(await m.actions.acceptHeldPaymentAction(attemptId)).toEqual({ ok: false, message: m.review.NOT_HELD });
    expect(await orderState(orderId, course._id)).toMatchObject({ paid: true, transactionId: attemptId, fulfilments: 1 });
  });

  it('pays it back instead when the order was paid meanwhile by another payment', async () => {
    const { course, buyer, orderId, attemptId } = await heldPayment();
    const other = await payWithSslcommerz(buyer, orderId, 'success');
    expect(other.outcome).toBe('paid');
    const refundsBefore = await sslRefundCount();

    expect(await m.review.acceptHeldPayment(admin, attemptId)).toEqual({ attemptId, status: 'refunded' });
    expect(await attemptDoc(attemptId)).toMatchObject({ status: 'refunded', rejection: 'theOrderWasAlreadyPaidByAnotherPaymentSoThisOneIs', refundId: expect.any(String) });
    expect(await sslRefundCount()).toBe(refundsBefore + 1);
    expect(await orderState(orderId, course._id)).toEqual({ paid: true, transactionId: other.attemptId, enrolled: 26, fulfilments: 1, receipts: 1 });
  });

  it('lets another acceptance finish one whose process stopped after its claim, once the claim has run out', async () => {
    const { course, orderId, attemptId } = await heldPayment();
    const stale = new Date(Date.now() - 10 * 60_000);
    await (await m.db.collection('paymentAttempts')).updateOne({ _id: attemptId }, { $set: { reviewedBy: new ObjectId(admin.id), reviewedAt: stale } });
    // A refund never takes over an acceptance: the order may already be paid with it.
    await expectHttpError(m.review.refundHeldPayment(admin, attemptId, { reason: 'Refund it' }), 409);
    expect(await m.review.acceptHeldPayment(admin, attemptId)).toEqual({ attemptId, status: 'paid' });
    expect(await orderState(orderId, course._id)).toMatchObject({ paid: true, transactionId: attemptId, fulfilments: 1 });
  });
});

describe('refunding a held payment', () => {
  it('moves it to refunding with the admin’s reason and pays it back through SSLCommerz once; the order stays unpaid', async () => {
    const { course, orderId, attemptId, bankTranId } = await heldPayment();
    const refundsBefore = await sslRefundCount();
    await sslHook('hold-refunds');
    try {
      const answers = await Promise.allSettled([
        m.review.refundHeldPayment(admin, attemptId, { reason: '  The card was reported stolen  ' }),
        m.review.refundHeldPayment(admin, attemptId, { reason: '  The card was reported stolen  ' }),
      ]);
      expect(answers.filter((answer) => answer.status === 'fulfilled').map((answer) => answer.value)).toEqual([{ attemptId, status: 'refunding' }]);
      expect(answers.filter((answer) => answer.status === 'rejected').map((answer) => (answer.reason as { status?: number }).status)).toEqual([409]);
      // Decided: accepting it now is a conflict.
      await expectHttpError(m.review.acceptHeldPayment(admin, attemptId), 409);

      const refunding = await attemptDoc(attemptId);
      expect(refunding).toMatchObject({
        status: 'refunding',
        providerTxnId: bankTranId,
        rejection: 'The card was reported stolen',
        reviewedBy: new ObjectId(admin.id),
        reviewedAt: expect.any(Date),
        refundId: expect.any(String),
        refundRequestedAt: expect.any(Date),
      });
      expect(await auditActions()).toEqual([{ action: 'refund', actorEmail: admin.email, entityId: orderId }]);

      // The page lists it as being paid back, with the admin's reason and who decided.
      const listed = await m.review.listPaymentsNeedingAttention(admin);
      expect(listed.held).toEqual([]);
      expect(listed.refunding).toEqual([
        expect.objectContaining({ id: attemptId, status: 'refunding', rejection: 'The card was reported stolen', reviewedByEmail: admin.email, refundWindowClosed: false }),
      ]);

      // SSLCommerz finishes it; the reconciler asks about it and records it, once.
      expect(await sslRefundCount()).toBe(refundsBefore + 1);
      expect(await m.attempts.reconcilePaymentAttempts(new Date(Date.now() + 5 * 60_000))).toBe(1);
      expect(await attemptDoc(attemptId)).toMatchObject({ status: 'refunded', refundedAt: expect.any(Date), refundId: refunding?.refundId });
      expect(await sslRefundCount()).toBe(refundsBefore + 1);
      expect(await orderState(orderId, course._id)).toEqual({ paid: false, transactionId: null, enrolled: 25, fulfilments: 0, receipts: 0 });
    } finally {
      await sslHook('hold-refunds', '?hold=false');
    }
  });

  it('or accepting it, at the same moment: one decision wins, the other is a conflict', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { course, orderId, attemptId } = await heldPayment(`Buyer${round}`);
      const refundsBefore = await sslRefundCount();
      const [refund, accept] = await Promise.allSettled([m.review.refundHeldPayment(admin, attemptId, { reason: 'Looks like fraud' }), m.review.acceptHeldPayment(admin, attemptId)]);
      expect([refund.status, accept.status].sort()).toEqual(['fulfilled', 'rejected']);
      const loser = refund.status === 'rejected' ? refund : accept.status === 'rejected' ? accept : null;
      expect(loser?.reason).toMatchObject({ name: 'HttpError', status: 409 });
      if (accept.status === 'fulfilled') {
        expect(accept.value).toEqual({ attemptId, status: 'paid' });
        expect(await orderState(orderId, course._id)).toMatchObject({ paid: true, transactionId: attemptId, fulfilments: 1 });
        expect(await sslRefundCount()).toBe(refundsBefore);
      } else {
        expect(refund).toEqual({ status: 'fulfilled', value: { attemptId, status: 'refunded' } });
        expect(await orderState(orderId, course._id)).toMatchObject({ paid: false, transactionId: null, fulfilments: 0 });
        expect(await sslRefundCount()).toBe(refundsBefore + 1);
      }
    }
  });

  it('through the page’s action: refunded at once when SSLCommerz refunds at once', async () => {
    const { attemptId } = await heldPayment();
    caller.user = signedIn(admin);
    expect(await m.actions.refundHeldPaymentAction(attemptId, { reason: 'Buyer called: not their payment' })).toEqual({ ok: true, data: { attemptId, status: 'refunded' } });
    expect(await attemptDoc(attemptId)).toMatchObject({ status: 'refunded', rejection: 'Buyer called: not their payment' });
  });
});

describe('refusals', () => {
  it('400 a malformed reason or id, 404 an unknown payment, 409 one that is not held; nothing changes', async () => {
    const { course, buyer, orderId, attemptId } = await heldPayment();
    const before = await attemptDoc(attemptId);

    for (const input of [{}, { reason: '' }, { reason: '  ab  ' }, { reason: 'x'.repeat(501) }, { reason: 42 }, { reason: ['Fraud'] }, { reason: { $ne: null } }, { reason: 'Fraud', extra: 1 }, null, 'Fraud']) {
      await expectHttpError(m.review.refundHeldPayment(admin, attemptId, input), 400);
    }
    for (const id of ['', 'nonsense', attemptId.toUpperCase(), `${attemptId}0`, { $ne: null }, 42, null]) {
      await expectHttpError(m.review.acceptHeldPayment(admin, id), 400);
      await expectHttpError(m.review.refundHeldPayment(admin, id, { reason: 'Fraud' }), 400);
    }
    const unknown = `ssl_${new ObjectId().toHexString()}`;
    await expectHttpError(m.review.acceptHeldPayment(admin, unknown), 404);
    await expectHttpError(m.review.refundHeldPayment(admin, unknown, { reason: 'Fraud' }), 404);

    for (const status of ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refunding', 'refunded'] as const) {
      const other = await insertAttempt(orderId, buyer.id, { status, providerTxnId: `BANK${status}`, providerTxnKey: `sslcommerz:BANK${status}` });
      await expectHttpError(m.review.acceptHeldPayment(admin, other._id), 409);
      await expectHttpError(m.review.refundHeldPayment(admin, other._id, { reason: 'Fraud' }), 409);
      expect(await attemptDoc(other._id)).toEqual(other);
    }

    // The form's action answers a malformed reason at its field.
    caller.user = signedIn(admin);
    expect(await m.actions.refundHeldPaymentAction(attemptId, { reason: 'no' })).toMatchObject({ ok: false, fieldErrors: { reason: ['giveAReasonOfAtLeast3Characters'] } });
    expect(await m.actions.refundHeldPaymentAction('nonsense', { reason: 'Fraud' })).toEqual({ ok: false, message: 'invalidId' });

    expect(await attemptDoc(attemptId)).toEqual(before);
    expect(await orderState(orderId, course._id)).toEqual({ paid: false, transactionId: null, enrolled: 25, fulfilments: 0, receipts: 0 });
    expect(await auditActions()).toEqual([]);
  });
});

describe('the list', () => {
  it('shows the held and the refunding payments newest first with their buyers and reasons, and the 20 newest of any status', async () => {
    const { buyer, orderId } = await orderFor('Rahima');
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    for (let index = 0; index < 22; index += 1) await insertAttempt(orderId, buyer.id, { status: 'failed', reason: 'SSLCommerz: FAILED', createdAt: minutesAgo(100 + index) });
    const olderHeld = await insertAttempt(orderId, buyer.id, { status: 'held', providerTxnId: 'BANK1', providerTxnKey: 'sslcommerz:BANK1', createdAt: minutesAgo(50), verifiedAt: minutesAgo(49) });
    const newerHeld = await insertAttempt(orderId, buyer.id, { status: 'held', providerTxnId: 'BANK2', providerTxnKey: 'sslcommerz:BANK2', createdAt: minutesAgo(5), verifiedAt: minutesAgo(4), amountMinor: 85_050 });
    const lateBkash = await insertAttempt(orderId, buyer.id, {
      method: 'bkash',
      status: 'refunding',
      providerTxnId: 'TRX1',
      providerTxnKey: 'bkash:TRX1',
      createdAt: daysAgo(20),
      verifiedAt: daysAgo(20),
      rejection: 'The order was already paid by another payment, so this one is paid back.',
      reason: 'bKash refunds a payment only within 15 days of it',
    });
    // A buyer whose order is gone: the account's e-mail stands in.
    const goneOrder = new ObjectId().toHexString();
    const gone = makeBuyer('Gone');
    await (await m.db.collection('users')).insertOne({ _id: new ObjectId(gone.id), email: gone.email!, name: 'Gone', role: 'user', sessionVersion: 0, createdAt: new Date() });
    const orphan = await insertAttempt(goneOrder, gone.id, { status: 'refunding', providerTxnId: 'BANK3', providerTxnKey: 'sslcommerz:BANK3', createdAt: minutesAgo(1), rejection: 'The order no longer exists, so this payment is paid back.' });

    const listed = await m.review.listPaymentsNeedingAttention(admin);
    expect(listed.held.map((row) => row.id)).toEqual([newerHeld._id, olderHeld._id]);
    expect(listed.held[0]).toEqual({
      id: newerHeld._id,
      method: 'sslcommerz',
      status: 'held',
      amount: { currency: 'bdt', minor: 85_050 },
      orderId,
      email: buyer.email,
      productName: 'Physics for Class Nine',
      createdAt: newerHeld.createdAt.toISOString(),
      verifiedAt: newerHeld.verifiedAt?.toISOString(),
      rejection: null,
      reason: null,
      reviewedByEmail: null,
      reviewedAt: null,
      refundRequestedAt: null,
      refundedAt: null,
      acceptanceUnfinished: false,
      refundWindowClosed: false,
      refundWindowDays: null,
    });
    expect(listed.refunding.map((row) => row.id)).toEqual([orphan._id, lateBkash._id]);
    expect(listed.refunding[0]).toMatchObject({ email: gone.email, productName: null, orderId: goneOrder, refundWindowClosed: false });
    expect(listed.refunding[1]).toMatchObject({ method: 'bkash', reason: 'bKash refunds a payment only within 15 days of it', rejection: expect.stringContaining('already paid'), refundWindowClosed: true, refundWindowDays: 15 });
    expect(listed.recent).toHaveLength(20);
    expect(listed.recent.slice(0, 3).map((row) => row.id)).toEqual([orphan._id, newerHeld._id, olderHeld._id]);
    expect(listed.recent.at(-1)?.status).toBe('failed');
    expect({ moreHeld: listed.moreHeld, moreRefunding: listed.moreRefunding }).toEqual({ moreHeld: false, moreRefunding: false });
  });

  it('is empty without payments', async () => {
    expect(await m.review.listPaymentsNeedingAttention(admin)).toEqual({ held: [], refunding: [], recent: [], moreHeld: false, moreRefunding: false });
  });
});
