import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ObjectId } from 'mongodb';
import { startSslcommerzSimulator } from '@/scripts/payment-simulators/sslcommerz';
import type { SslcommerzSimulator } from '@/scripts/payment-simulators/sslcommerz';
import { ratingSummary } from '@/lib/ratings';
import { insertBookOnSale, insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { expectHttpError } from '@/tests/support/expectations';
import { temporaryOutbox } from '@/tests/support/mail-outbox';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import type { CourseDocument, CurriculumSectionDocument, LessonDocument, LessonOutlineDocument, PaymentAttemptDocument, StoredFileRef } from '../platform/documents';
import type { Actor } from '../accounts/permissions';
import { englishText } from '@/server/platform/english-text';
import { coded } from '@/lib/coded-message';

jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

// Refunds against the real embedded database, through the sandbox gateway and real purchases:
// an admin's refund ends every access (player, book file, certificate, My Collection) exactly once
// and lets the buyer buy again; buyers' requests and their gates (30 days, a third of the lessons,
// a downloaded book, one open request); approval and refusal; a refund whose process died is
// finished once by the sweep; only admins refund. Taka payments are refunded in taka, through the
// local SSLCommerz simulator over real HTTP; bKash's 15-day refund window is the domain's rule.
selectPrivateDatabase('kz_jest_refunds');
const outbox = temporaryOutbox('kz-refunds-outbox-');
delete process.env.STRIPE_SECRET_KEY;

type Modules = {
  refunds: typeof import('./refunds');
  requests: typeof import('./refund-requests');
  orders: typeof import('./orders');
  checkout: typeof import('./checkout');
  learning: typeof import('../learning/learning');
  progress: typeof import('../learning/progress');
  certificates: typeof import('../learning/certificates');
  collection: typeof import('./collection');
  downloads: typeof import('../catalogue/book-downloads');
  files: typeof import('../catalogue/book-files');
  promo: typeof import('./promo-codes');
  reviews: typeof import('../reviews/item-reviews');
  media: typeof import('../learning/lesson-media');
  chunks: typeof import('../platform/chunked-files');
  attempts: typeof import('./payment-attempts');
  fulfilment: typeof import('./fulfilment');
  db: typeof import('../platform/db');
};
let m: Modules;
let ssl: SslcommerzSimulator;
/** The shop's address as SSLCommerz sees it: takes the IPNs (the tests settle attempts themselves). */
let site: http.Server;

const COLLECTIONS = [
  'orders',
  'courses',
  'books',
  'bookFiles',
  'bookFileMeta',
  'users',
  'fulfilments',
  'fulfilmentClaims',
  'sandboxPaymentIntents',
  'refunds',
  'refundRequests',
  'bookDownloads',
  'courseProgress',
  'certificates',
  'auditLog',
  'rateLimits',
  'promoCodes',
  'promoRedemptions',
  'promoCodeBuyers',
  'itemReviews',
  'lessons',
  'lessonFileChunks',
  'paymentAttempts',
];

beforeAll(async () => {
  site = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  ssl = await startSslcommerzSimulator();
  // Read once per process by server/platform/env.ts: set before the modules are imported.
  Object.assign(process.env, {
    SITE_URL: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    SSLCOMMERZ_STORE_ID: ssl.storeId,
    SSLCOMMERZ_STORE_PASSWORD: ssl.storePassword,
    SSLCOMMERZ_API_URL: ssl.baseUrl,
  });
  m = {
    refunds: await import('./refunds'),
    requests: await import('./refund-requests'),
    orders: await import('./orders'),
    checkout: await import('./checkout'),
    learning: await import('../learning/learning'),
    progress: await import('../learning/progress'),
    certificates: await import('../learning/certificates'),
    collection: await import('./collection'),
    downloads: await import('../catalogue/book-downloads'),
    files: await import('../catalogue/book-files'),
    promo: await import('./promo-codes'),
    reviews: await import('../reviews/item-reviews'),
    media: await import('../learning/lesson-media'),
    chunks: await import('../platform/chunked-files'),
    attempts: await import('./payment-attempts'),
    fulfilment: await import('./fulfilment'),
    db: await import('../platform/db'),
  };
}, 30_000);

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(COLLECTIONS.map((name) => db.collection(name).deleteMany({})));
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
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

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };
const admin: Actor = { id: new ObjectId().toHexString(), email: 'admin@example.com', role: 'admin' };
const DAY_MS = 24 * 60 * 60 * 1000;

const { mails, subjects: mailSubjects } = outbox;

function lesson(title: string): LessonOutlineDocument {
  return { _id: new ObjectId(), title, kind: 'article', durationSeconds: 300, freePreview: false };
}

/** A course of `count` lessons (none a free preview). */
async function courseWithLessons(count: number, overrides: Partial<CourseDocument> = {}) {
  const lessons = Array.from({ length: count }, (_, index) => lesson(`Lesson ${index + 1}`));
  const curriculum: CurriculumSectionDocument[] = [{ _id: new ObjectId(), title: 'All', lessons }];
  const course = await insertCourse({ Enrolled: 25, priceCents: 1999, curriculum, ...overrides });
  return { course, courseId: course._id.toHexString(), lessonIds: lessons.map((entry) => entry._id.toHexString()) };
}

/** A registered buyer (certificates need the account). */
async function newBuyer(name = 'Buyer'): Promise<Actor & { name: string }> {
  const buyer = makeBuyer(name);
  await (await m.db.collection('users')).insertOne({ _id: new ObjectId(buyer.id), email: buyer.email!, name, role: 'user', sessionVersion: 0, createdAt: new Date() });
  return { ...buyer, role: 'user' };
}

/** Buys through the real checkout: an order, a payment intent and the sandbox's 4242 card. */
async function buy(buyer: Actor & { name: string }, itemId: string) {
  const { order } = await m.orders.createOrder(buyer, itemId);
  const { clientSecret } = await m.checkout.startPayment(buyer, order.id);
  const paid = await m.checkout.payWithSandboxCard(buyer, clientSecret, GOOD_CARD);
  if (!paid.ok) throw new Error(paid.message);
  return paid.order;
}

async function enrolled(courseId: ObjectId): Promise<number | undefined> {
  return (await (await m.db.collection('courses')).findOne({ _id: courseId }))?.Enrolled;
}

async function completeLessons(learner: Actor, courseId: string, lessonIds: string[]) {
  for (const lessonId of lessonIds) await m.progress.saveLessonProgress(learner, { courseId, lessonId, completed: true });
}

async function auditEntries(action: string) {
  return (await m.db.collection('auditLog')).find({ action: action as 'refund' }).toArray();
}

async function paidDaysAgo(orderId: string, days: number) {
  await (await m.db.collection('orders')).updateOne({ _id: new ObjectId(orderId) }, { $set: { paidAt: new Date(Date.now() - days * DAY_MS) } });
}

describe('an admin refund through the sandbox', () => {
  it('pays the money back once and ends every access: player, certificate, My Collection; the enrolment count drops; one e-mail, one audit entry', async () => {
    const { course, courseId, lessonIds } = await courseWithLessons(3);
    const buyer = await newBuyer();
    const order = await buy(buyer, courseId);
    expect(await enrolled(course._id)).toBe(26);
    await completeLessons(buyer, courseId, lessonIds);
    const { certificateId } = await m.progress.readCourseProgress(buyer, courseId);
    expect(certificateId).not.toBeNull();
    const learning = (await m.learning.findLearningCourse(courseId))!;
    const firstLesson = learning.curriculum[0]!.lessons[0]!;
    expect(await m.learning.lessonAccess(buyer, learning, firstLesson)).toBe('full');

    const refund = await m.refunds.refundOrder(admin, order.id, { reason: 'Bought by mistake' });

    expect(refund).toMatchObject({ orderId: order.id, amountCents: 1999, currency: 'usd' });
    // The sandbox paid it back, once.
    expect(await (await m.db.collection('sandboxPaymentIntents')).findOne({ _id: order.transactionId ?? '' })).toMatchObject({ refundId: expect.stringMatching(/^re_sandbox_/) });
    // Every door refuses it now.
    expect(await m.learning.lessonAccess(buyer, learning, firstLesson)).toBe('locked');
    expect(await m.orders.hasPaidOrder(buyer, courseId)).toBe(false);
    await expectHttpError(m.progress.saveLessonProgress(buyer, { courseId, lessonId: lessonIds[0]!, completed: true }), 403);
    expect((await m.certificates.findCertificate(certificateId ?? ''))?.withdrawal?.reason).toBe('theOrderForThisCourseWasRefunded');
    expect((await m.collection.listCollection(buyer, 1)).total).toBe(0);
    const [listed] = (await m.orders.listOrders(buyer, 'all', 1)).items;
    expect(listed).toMatchObject({ id: order.id, paid: false, refundedAt: expect.any(String) });
    expect(await m.requests.refundOptionsFor(buyer, [listed!])).toEqual({ [order.id]: { state: 'refunded', at: listed!.refundedAt } });
    // Not waiting to be paid either, and it cannot be paid again.
    expect((await m.orders.listOrders(buyer, 'unpaid', 1)).total).toBe(0);
    await expectHttpError(m.checkout.startPayment(buyer, order.id), 409);
    await expectHttpError(m.orders.cancelUnpaidOrder(buyer, order.id), 409);

    expect(await enrolled(course._id)).toBe(25);
    expect(mailSubjects().sort()).toEqual([`Your Knowledge Zone receipt: ${course.title}`, `Your Knowledge Zone refund: ${course.title}`].sort());
    const audit = await auditEntries('refund');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: admin.email, entity: 'order', entityId: order.id });
    expect(audit[0]?.summary).toContain('Bought by mistake');
    expect(await (await m.db.collection('refunds')).findOne({ _id: new ObjectId(order.id) })).toMatchObject({ completedAt: expect.any(Date), source: 'admin' });

    // Asked again (a second click, another admin): one refund.
    await expectHttpError(m.refunds.refundOrder(admin, order.id), 409);
    expect(mails()).toHaveLength(2);
    expect(await enrolled(course._id)).toBe(25);
    expect(await m.refunds.summarizeRefunds(admin)).toEqual({ refundedOrders: 1, refunded: { usd: 1999, bdt: 0 } });
  });

  it('refunds once when an admin refunds the same order 10 times at once', async () => {
    const { course, courseId } = await courseWithLessons(2);
    const order = await buy(await newBuyer(), courseId);

    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => m.refunds.refundOrder(admin, order.id)));

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ status: 409 });
    expect(await enrolled(course._id)).toBe(25);
    expect(await auditEntries('refund')).toHaveLength(1);
    expect(mails()).toHaveLength(2);
  });

  it('lets the buyer buy the item again: a new order, paid and counted anew', async () => {
    const { course, courseId } = await courseWithLessons(2);
    const buyer = await newBuyer();
    const first = await buy(buyer, courseId);
    await m.refunds.refundOrder(admin, first.id);

    const second = await buy(buyer, courseId);

    expect(second.id).not.toBe(first.id);
    expect(second.paid).toBe(true);
    expect(await m.orders.hasPaidOrder(buyer, courseId)).toBe(true);
    expect(await enrolled(course._id)).toBe(26);
    // One order per user and item: the refunded one made way for it; its refund is still on record.
    expect(await (await m.db.collection('orders')).countDocuments({ userId: new ObjectId(buyer.id) })).toBe(1);
    expect(await m.refunds.summarizeRefunds(admin)).toEqual({ refundedOrders: 1, refunded: { usd: 1999, bdt: 0 } });
    // And it can be refunded in its turn.
    await m.refunds.refundOrder(admin, second.id);
    expect(await enrolled(course._id)).toBe(25);
  });

  it('counts the certificate earned before once the course is bought again, and withdraws it at the next refund', async () => {
    const { courseId, lessonIds } = await courseWithLessons(2);
    const buyer = await newBuyer();
    const first = await buy(buyer, courseId);
    await completeLessons(buyer, courseId, lessonIds);
    const { certificateId } = await m.progress.readCourseProgress(buyer, courseId);
    const withdrawal = async () => (await m.certificates.findCertificate(certificateId ?? ''))?.withdrawal ?? null;
    await m.refunds.refundOrder(admin, first.id);
    expect(await withdrawal()).toMatchObject({ reason: 'theOrderForThisCourseWasRefunded' });

    const second = await buy(buyer, courseId);

    expect(await withdrawal()).toBeNull();
    expect((await m.progress.readCourseProgress(buyer, courseId)).certificateId).toBe(certificateId);
    await m.refunds.refundOrder(admin, second.id);
    expect(await withdrawal()).toMatchObject({ reason: 'theOrderForThisCourseWasRefunded' });
  });

  it('gives the promo code’s seat back once, however often the refund is reported; the sales view stops counting its discount', async () => {
    const { courseId } = await courseWithLessons(2);
    await m.promo.createPromoCode(admin, { code: 'TWICE', discountType: 'percent', percentOff: 10, amountOff: null, validFrom: '', validTo: '', usageLimit: 2, perBuyerLimit: 1, appliesTo: 'all', active: true });
    const buyWithCode = async (buyer: Actor & { name: string }) => {
      const { order } = await m.orders.createOrder(buyer, courseId);
      await m.checkout.startCheckout(buyer, order.id);
      const applied = await m.promo.applyPromoCode(buyer, order.id, { code: 'twice' });
      const paid = await m.checkout.payWithSandboxCard(buyer, applied.clientSecret ?? '', GOOD_CARD);
      if (!paid.ok) throw new Error(paid.message);
      return { order: paid.order, discountCents: applied.promo?.discountCents ?? 0 };
    };
    const seatsUsed = async () => (await (await m.db.collection('promoCodes')).findOne({ code: 'TWICE' }))?.used;
    const refunded = await newBuyer('Refunded');
    const kept = await newBuyer('Kept');
    const { order, discountCents } = await buyWithCode(refunded);
    await buyWithCode(kept);
    expect(discountCents).toBe(200);
    expect(await seatsUsed()).toBe(2);

    await m.refunds.refundOrder(admin, order.id);
    // Stripe's word of the same refund, five times over: nothing more goes back.
    await Promise.all(Array.from({ length: 5 }, () => m.refunds.refundFromProvider(order.transactionId ?? '', 're_replayed')));

    expect(await seatsUsed()).toBe(1);
    expect(await (await m.db.collection('promoRedemptions')).findOne({ _id: new ObjectId(order.id) })).toMatchObject({ state: 'refunded' });
    expect(await m.promo.summarizePromoSales(admin)).toEqual([{ code: 'TWICE', redemptions: 1, discount: { usd: 200, bdt: 0 }, revenue: { usd: 1799, bdt: 0 } }]);
    // The refunded buyer (one use each) may use it again when buying again.
    expect((await buyWithCode(refunded)).discountCents).toBe(200);
    expect(await seatsUsed()).toBe(2);
  });

  it('removes the buyer’s review from the page and the rating, and says so in the e-mail', async () => {
    const { course, courseId, lessonIds } = await courseWithLessons(5);
    const buyer = await newBuyer('Reviewer');
    const order = await buy(buyer, courseId);
    await completeLessons(buyer, courseId, lessonIds.slice(0, 1));
    await m.reviews.saveMyItemReview(buyer, courseId, { rating: 2, body: 'Not for me.' });
    const other = await newBuyer('Stays');
    await buy(other, courseId);
    await completeLessons(other, courseId, lessonIds.slice(0, 1));
    await m.reviews.saveMyItemReview(other, courseId, { rating: 5, body: 'Excellent.' });
    const ratingOf = async () => (await (await m.db.collection('courses')).findOne({ _id: course._id }))?.rating;
    expect(await ratingOf()).toMatchObject({ count: 2, sum: 7 });

    await m.refunds.refundOrder(admin, order.id);

    expect(await ratingOf()).toEqual({ count: 1, sum: 5, stars: [0, 0, 0, 0, 1] });
    expect((await m.reviews.listItemReviews(courseId, 1, ratingSummary({ rating: await ratingOf() }))).items.map((review) => review.authorName)).toEqual(['Stays']);
    expect((await m.reviews.getMyItemReview(buyer, courseId)).review).toBeNull();
    const refundMail = outbox.messages().find((message) => message.includes('Subject: Your Knowledge Zone refund'));
    expect(refundMail).toContain('Your review of it was removed, as reviews come from buyers.');
  });

  it('refuses the file of a refunded book', async () => {
    const book = await insertBookOnSale({ formate: 'PDF', priceCents: 650 });
    const bookId = book._id.toHexString();
    const buyer = await newBuyer('Reader');
    const order = await buy(buyer, bookId);
    expect((await m.downloads.bookFileResponse(buyer, bookId, null)).status).toBe(200);

    await m.refunds.refundOrder(admin, order.id);

    await expectHttpError(m.downloads.bookFileResponse(buyer, bookId, null), 403);
    expect((await m.collection.listCollection(buyer, 1)).total).toBe(0);
  });

  it('answers 400, 404 and 409 for a malformed id, an unknown order, an unpaid one and bad input, and changes nothing', async () => {
    const { course } = await courseWithLessons(1);
    const unpaid = await insertOrder(makeBuyer('Unpaid'), course, { itemKind: 'course' });
    await expectHttpError(m.refunds.refundOrder(admin, 'nope'), 400);
    await expectHttpError(m.refunds.refundOrder(admin, '{"$ne":null}'), 400);
    await expectHttpError(m.refunds.refundOrder(admin, new ObjectId().toHexString()), 404);
    await expectHttpError(m.refunds.refundOrder(admin, unpaid._id.toHexString()), 409);
    await expectHttpError(m.refunds.refundOrder(admin, unpaid._id.toHexString(), { reason: { $gt: '' } }), 400);
    await expectHttpError(m.refunds.refundOrder(admin, unpaid._id.toHexString(), { reason: 'x', role: 'admin' }), 400);
    expect(await (await m.db.collection('refunds')).countDocuments({})).toBe(0);
  });

  it('keeps the order paid when the provider refuses, and lets an admin try again later', async () => {
    const { course } = await courseWithLessons(1);
    // Paid by a payment the sandbox never made: it cannot refund it.
    const order = await insertOrder(makeBuyer('Ghost'), course, { itemKind: 'course', paid: true, transactionId: 'pi_sandbox_unknown', paidAt: new Date() });
    const orderId = order._id.toHexString();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    await expectHttpError(m.refunds.refundOrder(admin, orderId), 409);

    expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: true });
    expect(await (await m.db.collection('refunds')).findOne({ _id: order._id })).toMatchObject({ failedAt: expect.any(Date), lastError: expect.any(String) });
    // The sweep leaves a refused refund to the admin.
    expect(await m.refunds.resumeInterruptedRefunds()).toBe(0);
    expect(await enrolled(course._id)).toBe(25);
    expect(mails()).toHaveLength(0);
    // A retry runs the refund again (and is refused again here).
    await expectHttpError(m.refunds.refundOrder(admin, orderId), 409);
    expect(await (await m.db.collection('refunds')).findOne({ _id: order._id })).toMatchObject({ attempt: 2 });

    // Then someone refunds it at the provider by hand: its word completes the refund, as the provider's.
    expect(await m.refunds.refundFromProvider('pi_sandbox_unknown', 're_by_hand')).toBe('refunded');
    expect(await (await m.db.collection('orders')).findOne({ _id: order._id })).toMatchObject({ paid: false, refundedAt: expect.any(Date) });
    const refund = await (await m.db.collection('refunds')).findOne({ _id: order._id });
    expect(refund).toMatchObject({ source: 'provider', providerRefundId: 're_by_hand', completedAt: expect.any(Date) });
    expect(refund).not.toHaveProperty('actorEmail');
    expect(refund).not.toHaveProperty('failedAt');
    expect((await auditEntries('refund'))[0]).toMatchObject({ actorEmail: 'Stripe dashboard' });
    // Down by one, once (this order was written straight in, so 25 never counted it).
    expect(await enrolled(course._id)).toBe(24);
  });
});

/** The raw message's text, its quoted-printable undone (taka signs and Bengali are sent that way). */
function decodedText(raw: string): string {
  const body = raw.replace(/=\r?\n/g, '');
  return Buffer.from(body.replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8');
}

const PRICE_PAISA = 85_000;

/** The buyer on SSLCommerz's hosted page pays; answers the fields it posts back to the shop. */
async function sslBuyerPays(gatewayUrl: string): Promise<Record<string, string>> {
  const checkout = await (await fetch(gatewayUrl)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(checkout)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error('the hosted page has no form');
  const back = await (await fetch(new URL(action, gatewayUrl), { method: 'POST', body: new URLSearchParams({ method: 'BKASH-BKash', outcome: 'success' }) })).text();
  return Object.fromEntries(
    [...back.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1] ?? '', (match[2] ?? '').replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)))]),
  );
}

/** Buys in taka through the real SSLCommerz flow: an order, an attempt, the simulator's hosted page, the proof asked for server to server. */
async function buyInTaka(buyer: Actor & { name: string }, itemId: string) {
  const { order } = await m.orders.createOrder(buyer, itemId);
  const started = await m.attempts.startRedirectPayment(buyer, order.id, 'sslcommerz', 'en');
  const fields = await sslBuyerPays(started.redirectUrl);
  const settled = await m.attempts.settleAttempt(started.attemptId, { valId: fields.val_id ?? null });
  if (settled.outcome !== 'paid') throw new Error(`not paid: ${settled.outcome}`);
  return m.orders.getOrderForOwner(buyer, order.id);
}

describe('refunds in taka', () => {
  it('pays a taka payment back in taka through its provider, and says so in taka everywhere: the answer, the e-mail, the audit, the totals', async () => {
    const { courseId } = await courseWithLessons(2, { pricePaisa: PRICE_PAISA });
    const takaBuyer = await newBuyer('Taka');
    const cardBuyer = await newBuyer('Card');
    const takaOrder = await buyInTaka(takaBuyer, courseId);
    const cardOrder = await buy(cardBuyer, courseId);
    expect(takaOrder).toMatchObject({ paid: true, transactionId: expect.stringMatching(/^ssl_/) });
    expect(await m.orders.summarizeSales(admin)).toMatchObject({ paidOrders: 2, revenue: { usd: 1999, bdt: PRICE_PAISA } });

    const refund = await m.refunds.refundOrder(admin, takaOrder.id, { reason: 'Paid twice' });

    expect(refund).toMatchObject({ orderId: takaOrder.id, amountCents: PRICE_PAISA, currency: 'bdt' });
    expect(await (await m.db.collection('refunds')).findOne({ _id: new ObjectId(takaOrder.id) })).toMatchObject({ amountCents: PRICE_PAISA, currency: 'bdt', completedAt: expect.any(Date) });
    // SSLCommerz paid it back (the attempt says so), not the card sandbox.
    expect(await (await m.db.collection('paymentAttempts')).findOne({ _id: takaOrder.transactionId ?? '' })).toMatchObject({ status: expect.stringMatching(/^refund/) });
    expect(await m.orders.hasPaidOrder(takaBuyer, courseId)).toBe(false);
    const [audit] = await auditEntries('refund');
    expect(audit?.summary).toContain('Refunded ৳850 for the course');
    const mail = outbox.messages().map(decodedText).find((message) => message.includes('refund') && message.includes(takaOrder.id));
    expect(mail).toContain('Amount refunded: ৳850');
    expect(mail).not.toContain('$19.99');

    // Dollars and taka apart: the card sale stays in dollars, the taka refund is counted in taka.
    expect(await m.refunds.summarizeRefunds(admin)).toEqual({ refundedOrders: 1, refunded: { usd: 0, bdt: PRICE_PAISA } });
    expect(await m.orders.summarizeSales(admin)).toMatchObject({ paidOrders: 1, revenue: { usd: 1999, bdt: 0 } });
    expect(await m.refunds.listRecentRefunds(admin)).toEqual([expect.objectContaining({ orderId: takaOrder.id, amountCents: PRICE_PAISA, currency: 'bdt', state: 'refunded' })]);
    await m.refunds.refundOrder(admin, cardOrder.id);
    expect(await m.refunds.summarizeRefunds(admin)).toEqual({ refundedOrders: 2, refunded: { usd: 1999, bdt: PRICE_PAISA } });
    // Refunds stored before taka payments carry no currency: dollars.
    await (await m.db.collection('refunds')).updateOne({ _id: new ObjectId(cardOrder.id) }, { $unset: { currency: '' } });
    expect(await m.refunds.summarizeRefunds(admin)).toEqual({ refundedOrders: 2, refunded: { usd: 1999, bdt: PRICE_PAISA } });
    expect((await m.refunds.listRecentRefunds(admin)).find((record) => record.orderId === cardOrder.id)).toMatchObject({ currency: 'usd', amountCents: 1999 });
  });

  /** An order paid with bKash `daysAgo` days ago: its fulfilment in taka, and its attempt as bKash proved it (no bKash needed). */
  async function paidWithBkash(buyer: Actor & { name: string }, courseId: string, daysAgo: number) {
    const { order } = await m.orders.createOrder(buyer, courseId);
    await m.checkout.startCheckout(buyer, order.id);
    const attemptId = `bk_${new ObjectId().toHexString()}`;
    const verifiedAt = new Date(Date.now() - daysAgo * DAY_MS);
    const attempt: PaymentAttemptDocument = {
      _id: attemptId,
      method: 'bkash',
      orderId: new ObjectId(order.id),
      userId: new ObjectId(buyer.id),
      currency: 'bdt',
      amountMinor: PRICE_PAISA,
      locale: 'en',
      status: 'paid',
      providerTxnKey: `bkash:TRX${attemptId.slice(-8)}`,
      providerTxnId: `TRX${attemptId.slice(-8)}`,
      createdAt: verifiedAt,
      updatedAt: verifiedAt,
      verifiedAt,
    };
    await (await m.db.collection('paymentAttempts')).insertOne(attempt);
    expect(await m.fulfilment.fulfilOrder(order.id, attemptId, { currency: 'bdt', minor: PRICE_PAISA })).toEqual({ status: 'fulfilled' });
    return m.orders.getOrderForOwner(buyer, order.id);
  }

  it('refuses to refund an order paid with bKash more than 15 days ago, from every door, saying what to do instead; nothing changes', async () => {
    const { course, courseId } = await courseWithLessons(3, { pricePaisa: PRICE_PAISA });
    const late = await newBuyer('Late');
    const recent = await newBuyer('Recent');
    const lateOrder = await paidWithBkash(late, courseId, 16);
    const recentOrder = await paidWithBkash(recent, courseId, 14);
    const cardOrder = await buy(await newBuyer('Card'), courseId);
    const enrolledBefore = await enrolled(course._id);

    const refused = m.refunds.refundOrder(admin, lateOrder.id, { reason: 'Too late' });

    await expect(refused).rejects.toMatchObject({ status: 409, coded: m.refunds.BKASH_REFUND_WINDOW_CLOSED });
    expect(englishText(m.refunds.BKASH_REFUND_WINDOW_CLOSED)).toBe(
      'This order was paid with bKash more than 15 days ago, and bKash refunds a payment only within 15 days of it. Pay the buyer back another way (for example with bKash Send Money), then make a note of the refund.',
    );
    // The buyer's request (within the shop's 30 days) may be made, but approving it is refused the same way.
    await m.requests.requestRefund(late, lateOrder.id, { reason: 'Changed my mind' });
    await expect(m.requests.approveRefundRequest(admin, lateOrder.id)).rejects.toMatchObject({ status: 409, coded: m.refunds.BKASH_REFUND_WINDOW_CLOSED });
    // Nothing was written: no refund record, the order paid, the attempt untouched, nothing counted down.
    expect(await (await m.db.collection('refunds')).countDocuments({})).toBe(0);
    expect(await m.orders.hasPaidOrder(late, courseId)).toBe(true);
    expect(await (await m.db.collection('paymentAttempts')).findOne({ _id: lateOrder.transactionId ?? '' })).toMatchObject({ status: 'paid' });
    expect(await enrolled(course._id)).toBe(enrolledBefore);
    expect(await auditEntries('refund')).toHaveLength(0);

    // The sales view offers no Refund button for it (the note instead); the others keep theirs.
    const page = await m.orders.listAllOrders(admin, 1);
    expect([...(await m.refunds.ordersPastProviderRefundWindow(admin, page.items))]).toEqual([lateOrder.id]);
    expect(recentOrder.paid && cardOrder.paid).toBe(true);
    // The refunds view: the request's amount in taka, and its Approve replaced by the note.
    const [request] = (await m.requests.listRefundRequests(admin, 'pending', 1)).items;
    expect(request).toMatchObject({ id: lateOrder.id, paid: { currency: 'bdt', minor: PRICE_PAISA }, providerWindowClosed: true });
    await expectHttpError(m.refunds.ordersPastProviderRefundWindow({ ...late, role: 'user' }, page.items), 403);
  });
});

describe('a refund whose process died', () => {
  it('is finished once by the sweep, without a second audit entry, enrolment release or refund at the provider', async () => {
    const { course, courseId } = await courseWithLessons(2);
    const order = await buy(await newBuyer(), courseId);
    const orderId = new ObjectId(order.id);
    const refundedAt = new Date();
    // The dead run paid the money back, marked the order, released the enrolment and wrote the
    // audit entry, but died before stamping that last step.
    await (await m.db.collection('sandboxPaymentIntents')).updateOne({ _id: order.transactionId ?? '' }, { $set: { refundId: 're_sandbox_dead', refundedAt } });
    await (await m.db.collection('orders')).updateOne({ _id: orderId }, { $set: { paid: false, refundedAt } });
    await (await m.db.collection('fulfilmentClaims')).insertOne({ _id: `refund:${order.id}:enrolment`, claimedAt: refundedAt });
    await (await m.db.collection('courses')).updateOne({ _id: course._id }, { $inc: { Enrolled: -1 } });
    await (await m.db.collection('auditLog')).insertOne({ _id: orderId, actorId: new ObjectId(admin.id), actorEmail: admin.email!, action: 'refund', entity: 'order', entityId: order.id, summary: 'Refunded', createdAt: refundedAt });
    await (await m.db.collection('refunds')).insertOne({
      _id: orderId,
      userId: new ObjectId(order.userId),
      email: order.email,
      itemKind: 'course',
      itemId: course._id,
      productName: order.productName,
      amountCents: 1999,
      paymentIntentId: order.transactionId ?? '',
      paidAt: new Date(order.paidAt ?? order.createdAt),
      source: 'admin',
      actorId: new ObjectId(admin.id),
      actorEmail: admin.email!,
      createdAt: refundedAt,
      attempt: 1,
      leaseUntil: new Date(Date.now() - 1000),
      providerRefundedAt: refundedAt,
      providerRefundId: 're_sandbox_dead',
      refundedAt,
      certificateWithdrawnAt: refundedAt,
    });

    // Two instances' sweeps at once: one finishes it.
    const finished = await Promise.all([m.refunds.resumeInterruptedRefunds(), m.refunds.resumeInterruptedRefunds()]);

    expect(finished.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await (await m.db.collection('refunds')).findOne({ _id: orderId })).toMatchObject({ completedAt: expect.any(Date), attempt: 2 });
    expect(await enrolled(course._id)).toBe(25);
    expect(await auditEntries('refund')).toHaveLength(1);
    expect(mailSubjects().filter((subject) => subject.startsWith('Your Knowledge Zone refund'))).toHaveLength(1);
    expect(await (await m.db.collection('sandboxPaymentIntents')).findOne({ _id: order.transactionId ?? '' })).toMatchObject({ refundId: 're_sandbox_dead' });
    // Nothing left to do.
    expect(await m.refunds.resumeInterruptedRefunds()).toBe(0);
  });

  it('leaves a refund whose lease still runs to its holder', async () => {
    const { courseId } = await courseWithLessons(1);
    const order = await buy(await newBuyer(), courseId);
    await (await m.db.collection('refunds')).insertOne({
      _id: new ObjectId(order.id),
      userId: new ObjectId(order.userId),
      email: order.email,
      itemKind: 'course',
      itemId: new ObjectId(courseId),
      productName: order.productName,
      amountCents: 1999,
      paymentIntentId: order.transactionId ?? '',
      paidAt: new Date(),
      source: 'admin',
      createdAt: new Date(),
      attempt: 1,
      leaseUntil: new Date(Date.now() + 60_000),
    });
    expect(await m.refunds.resumeInterruptedRefunds()).toBe(0);
    await expectHttpError(m.refunds.refundOrder(admin, order.id), 409);
    expect(await m.orders.hasPaidOrder({ id: order.userId }, courseId)).toBe(true);
  });
});

describe('buyers asking for a refund', () => {
  it('asks within 30 days with less than a third of the course done; an admin approves it and the order is refunded', async () => {
    const { courseId, lessonIds } = await courseWithLessons(4);
    const buyer = await newBuyer();
    const order = await buy(buyer, courseId);
    // One lesson of four is less than a third.
    await completeLessons(buyer, courseId, lessonIds.slice(0, 1));
    const [listed] = (await m.orders.listOrders(buyer, 'all', 1)).items;
    expect((await m.requests.refundOptionsFor(buyer, [listed!]))[order.id]).toMatchObject({ state: 'can-request' });

    const request = await m.requests.requestRefund(buyer, order.id, { reason: '  Not what I expected  ' });

    expect(request).toMatchObject({ orderId: order.id, status: 'pending', reason: 'Not what I expected', priceCents: 1999 });
    expect((await m.requests.refundOptionsFor(buyer, [listed!]))[order.id]).toMatchObject({ state: 'requested' });
    expect((await m.requests.listRefundRequests(admin, 'pending', 1)).items.map((item) => item.id)).toEqual([order.id]);
    expect(await m.requests.countPendingRefundRequests(admin)).toBe(1);
    // One open request per order.
    await expectHttpError(m.requests.requestRefund(buyer, order.id, {}), 409);

    const refund = await m.requests.approveRefundRequest(admin, order.id);

    expect(refund.orderId).toBe(order.id);
    expect(await m.orders.hasPaidOrder(buyer, courseId)).toBe(false);
    expect((await m.requests.listRefundRequests(admin, 'approved', 1)).items[0]).toMatchObject({ id: order.id, status: 'approved', decidedByEmail: admin.email });
    expect(await (await m.db.collection('refunds')).findOne({ _id: new ObjectId(order.id) })).toMatchObject({ source: 'request', reason: 'Not what I expected' });
    await expectHttpError(m.requests.approveRefundRequest(admin, order.id), 409);
    await expectHttpError(m.requests.requestRefund(buyer, order.id, {}), 409);
  });

  it('makes one open request of 10 concurrent ones', async () => {
    const { courseId } = await courseWithLessons(3);
    const buyer = await newBuyer();
    const order = await buy(buyer, courseId);

    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => m.requests.requestRefund(buyer, order.id, {})));

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await (await m.db.collection('refundRequests')).countDocuments({})).toBe(1);
  });

  it('refuses a request once a third of the course is done, saying why', async () => {
    const { courseId, lessonIds } = await courseWithLessons(3);
    const buyer = await newBuyer();
    const order = await buy(buyer, courseId);
    await completeLessons(buyer, courseId, lessonIds.slice(0, 1));

    await expect(m.requests.requestRefund(buyer, order.id, {})).rejects.toMatchObject({
      status: 409,
      message: 'You have completed 1 of 3 lessons. A refund can be requested only before you complete a third of the course.',
    });
    const [listed] = (await m.orders.listOrders(buyer, 'all', 1)).items;
    expect((await m.requests.refundOptionsFor(buyer, [listed!]))[order.id]).toMatchObject({ state: 'not-refundable', reason: coded('youHaveCompletedLessonsARefundCanBeRequestedOnlyBefore', { completed: 1, total: 3 }) });
    expect(await (await m.db.collection('refundRequests')).countDocuments({})).toBe(0);
  });

  it('refuses a request more than 30 days after paying', async () => {
    const { courseId } = await courseWithLessons(3);
    const buyer = await newBuyer();
    const order = await buy(buyer, courseId);

    await paidDaysAgo(order.id, 31);
    await expect(m.requests.requestRefund(buyer, order.id, {})).rejects.toMatchObject({ status: 409, message: expect.stringContaining('within 30 days of purchase') });
    const [late] = (await m.orders.listOrders(buyer, 'all', 1)).items;
    expect((await m.requests.refundOptionsFor(buyer, [late!]))[order.id]).toBeNull();

    await paidDaysAgo(order.id, 29);
    expect(await m.requests.requestRefund(buyer, order.id, {})).toMatchObject({ status: 'pending' });
  });

  it('refuses a request once a third of the book’s file was sent, however it was fetched, and takes one after a look at its first bytes', async () => {
    const buyer = await newBuyer('Reader');
    const read = await insertBookOnSale({ bookName: 'Read It', formate: 'PDF' });
    const glanced = await insertBookOnSale({ bookName: 'Glanced At', formate: 'PDF' });
    const readOrder = await buy(buyer, read._id.toHexString());
    const glancedOrder = await buy(buyer, glanced._id.toHexString());
    const fetch = async (bookId: string, range: string | null) => (await m.downloads.bookFileResponse(buyer, bookId, range)).arrayBuffer();

    // The reader's first range of each: a small share of the file.
    await fetch(read._id.toHexString(), 'bytes=0-99');
    await fetch(glanced._id.toHexString(), 'bytes=0-99');
    const [readListed] = (await m.orders.listOrders(buyer, 'paid', 1)).items.filter((order) => order.id === readOrder.id);
    expect((await m.requests.refundOptionsFor(buyer, [readListed!]))[readOrder.id]).toMatchObject({ state: 'can-request' });

    // The rest in ranges, as a reader turning every page would: a third and more counts, whatever the pieces.
    const size = (await m.files.findBookFile(read._id))!.length;
    await fetch(read._id.toHexString(), `bytes=100-${Math.ceil(size / 3)}`);
    await expect(m.requests.requestRefund(buyer, readOrder.id, {})).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^You have opened or downloaded 3\d% of this book's file\. A refund can be requested only before you open or download a third of it\.$/),
    });
    expect(await m.requests.requestRefund(buyer, glancedOrder.id, {})).toMatchObject({ status: 'pending', itemKind: 'book' });
  });

  it('answers 403 for someone else\'s order, 404 for an unknown one, 400 for bad input and 409 for an unpaid one', async () => {
    const { course, courseId } = await courseWithLessons(3);
    const owner = await newBuyer('Owner');
    const order = await buy(owner, courseId);
    const intruder = await newBuyer('Intruder');
    const unpaid = await insertOrder(intruder, course, { itemKind: 'course' });

    await expectHttpError(m.requests.requestRefund(intruder, order.id, {}), 403);
    await expectHttpError(m.requests.requestRefund(intruder, new ObjectId().toHexString(), {}), 404);
    await expectHttpError(m.requests.requestRefund(intruder, 'not-an-id', {}), 400);
    await expectHttpError(m.requests.requestRefund(owner, order.id, { reason: 'x'.repeat(1001) }), 400);
    await expectHttpError(m.requests.requestRefund(owner, order.id, { reason: ['a'] }), 400);
    await expectHttpError(m.requests.requestRefund(owner, order.id, { reason: 'ok', status: 'approved' }), 400);
    await expectHttpError(m.requests.requestRefund(intruder, unpaid._id.toHexString(), {}), 409);
    expect(await (await m.db.collection('refundRequests')).countDocuments({})).toBe(0);
    // A buyer cannot refund, approve or refuse by themself.
    await expectHttpError(m.refunds.refundOrder(owner, order.id), 403);
    expect(await m.orders.hasPaidOrder(owner, courseId)).toBe(true);
  });

  it('shows a refusal and its reason to the buyer, who may ask again while the gates allow', async () => {
    const { courseId } = await courseWithLessons(3);
    const buyer = await newBuyer();
    const order = await buy(buyer, courseId);
    await m.requests.requestRefund(buyer, order.id, { reason: 'Changed my mind' });

    await expectHttpError(m.requests.refuseRefundRequest(admin, order.id, { reason: '   ' }), 400);
    const refused = await m.requests.refuseRefundRequest(admin, order.id, { reason: 'The course was used for a live class.' });

    expect(refused).toMatchObject({ status: 'refused', refusalReason: 'The course was used for a live class.', decidedByEmail: admin.email });
    await expectHttpError(m.requests.refuseRefundRequest(admin, order.id, { reason: 'Again' }), 409);
    await expectHttpError(m.requests.approveRefundRequest(admin, order.id), 409);
    expect(await m.orders.hasPaidOrder(buyer, courseId)).toBe(true);
    const [listed] = (await m.orders.listOrders(buyer, 'all', 1)).items;
    expect((await m.requests.refundOptionsFor(buyer, [listed!]))[order.id]).toEqual({ state: 'refused', reason: 'The course was used for a live class.', canAskAgain: true });
    const audit = await auditEntries('refuse-refund');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.summary).toContain('The course was used for a live class.');

    expect(await m.requests.requestRefund(buyer, order.id, {})).toMatchObject({ status: 'pending', refusalReason: null, reason: null });
  });

  it('refuses every admin operation to a non-admin with 403 and changes nothing', async () => {
    const { courseId } = await courseWithLessons(3);
    const buyer = await newBuyer();
    const order = await buy(buyer, courseId);
    await m.requests.requestRefund(buyer, order.id, {});
    const learner: Actor = { ...buyer, role: 'user' };

    await expectHttpError(m.refunds.refundOrder(learner, order.id), 403);
    await expectHttpError(m.requests.approveRefundRequest(learner, order.id), 403);
    await expectHttpError(m.requests.refuseRefundRequest(learner, order.id, { reason: 'No' }), 403);
    await expectHttpError(m.requests.listRefundRequests(learner, 'pending', 1), 403);
    await expectHttpError(m.requests.countPendingRefundRequests(learner), 403);
    await expectHttpError(m.refunds.listRecentRefunds(learner), 403);
    await expectHttpError(m.refunds.summarizeRefunds(learner), 403);

    expect(await (await m.db.collection('refundRequests')).findOne({ _id: new ObjectId(order.id) })).toMatchObject({ status: 'pending' });
    expect(await (await m.db.collection('refunds')).countDocuments({})).toBe(0);
    expect(await m.orders.hasPaidOrder(buyer, courseId)).toBe(true);
  });
});

describe('lesson media against the refund rule', () => {
  /**
   * A course of `count` video lessons, each with its video (over two chunks) and a worksheet stored;
   * the first lessons are free previews when `previews` says so.
   */
  async function courseWithMedia(count: number, previews = 0) {
    const video = Buffer.alloc(m.chunks.FILE_CHUNK_SIZE + 5_000, 7);
    const sheet = Buffer.from('%PDF-1.4 worksheet');
    const store = async (data: Buffer, name: string, contentType: string): Promise<StoredFileRef> => {
      const written = await m.chunks.writeChunks('lessonFileChunks', (async function* () { yield data; })());
      return { fileId: written.fileId, name, contentType, length: written.length, chunkSize: written.chunkSize };
    };
    const outline: LessonOutlineDocument[] = Array.from({ length: count }, (_, index) => ({
      _id: new ObjectId(),
      title: `Lesson ${index + 1}`,
      kind: 'video',
      durationSeconds: 300,
      freePreview: index < previews,
    }));
    const course = await insertCourse({ priceCents: 1999, curriculum: [{ _id: new ObjectId(), title: 'All', lessons: outline }] });
    const contents: LessonDocument[] = [];
    for (const entry of outline) {
      contents.push({ _id: entry._id, courseId: course._id, kind: 'video', video: await store(video, 'lesson.webm', 'video/webm'), file: await store(sheet, 'sheet.pdf', 'application/pdf'), updatedAt: new Date() });
    }
    await (await m.db.collection('lessons')).insertMany(contents);
    return { courseId: course._id.toHexString(), lessonIds: outline.map((entry) => entry._id.toHexString()), videoLength: video.length };
  }

  async function fetchMedia(learner: Actor | null, courseId: string, lessonId: string, part: 'video' | 'file' | 'notes' = 'video', range: string | null = null) {
    const response = await m.media.lessonMediaResponse(learner, courseId, lessonId, part, range);
    // Read the body, as a player would.
    await response.arrayBuffer();
    return response.status;
  }

  async function optionOf(buyer: Actor, orderId: string) {
    const [listed] = (await m.orders.listOrders(buyer, 'all', 1)).items;
    return (await m.requests.refundOptionsFor(buyer, [listed!]))[orderId];
  }

  it('refuses a request once the videos and files of a third of the lessons were fetched, though none is completed, saying why', async () => {
    const { courseId, lessonIds } = await courseWithMedia(6);
    const buyer = await newBuyer();
    const order = await buy(buyer, courseId);
    // A player's first request of each video, and a worksheet of another lesson: two lessons of six.
    expect(await fetchMedia(buyer, courseId, lessonIds[0]!, 'video', 'bytes=0-')).toBe(206);
    expect(await fetchMedia(buyer, courseId, lessonIds[1]!, 'file')).toBe(200);

    await expect(m.requests.requestRefund(buyer, order.id, {})).rejects.toMatchObject({
      status: 409,
      message: 'You have completed, watched or downloaded 2 of 6 lessons. A refund can be requested only before you complete, watch or download a third of the course.',
    });
    expect(await optionOf(buyer, order.id)).toMatchObject({ state: 'not-refundable', blocker: { kind: 'course-used', used: 2, total: 6 } });
    expect(await (await m.db.collection('refundRequests')).countDocuments({})).toBe(0);
    // Fetching is not completing: the player's progress, resume point and certificate are untouched.
    const progress = await m.progress.readCourseProgress(buyer, courseId);
    expect(progress).toMatchObject({ lastLessonId: null, certificateId: null });
    expect(progress.completed.size).toBe(0);
  });

  it('counts a lesson fetched in many Range requests at once, and again later, once: a buyer below a third may still ask', async () => {
    const { courseId, lessonIds, videoLength } = await courseWithMedia(6);
    const buyer = await newBuyer();
    const order = await buy(buyer, courseId);
    const step = 10_000;
    const ranges = Array.from({ length: Math.ceil(videoLength / step) }, (_, index) => `bytes=${index * step}-${Math.min(videoLength, (index + 1) * step) - 1}`);
    expect(ranges.length).toBeGreaterThan(10);

    // The whole video, range by range, many at once (as a player, or two tabs on two instances, would).
    const statuses = await Promise.all(ranges.map((range) => fetchMedia(buyer, courseId, lessonIds[0]!, 'video', range)));
    expect(new Set(statuses)).toEqual(new Set([206]));
    const first = (await (await m.db.collection('courseProgress')).findOne({}))?.lessons[lessonIds[0]!];
    expect(first?.mediaFetchedAt).toBeInstanceOf(Date);
    // Later: the whole video again and its worksheet.
    expect(await fetchMedia(buyer, courseId, lessonIds[0]!)).toBe(200);
    expect(await fetchMedia(buyer, courseId, lessonIds[0]!, 'file')).toBe(200);
    // A range past the end sends nothing, so the next lesson is not counted.
    expect(await fetchMedia(buyer, courseId, lessonIds[1]!, 'video', `bytes=${videoLength + 10}-`)).toBe(416);

    const document = await (await m.db.collection('courseProgress')).findOne({});
    expect(Object.keys(document?.lessons ?? {})).toEqual([lessonIds[0]]);
    // Not written again (its date and the entry's last change are the first fetch's).
    expect(document?.lessons[lessonIds[0]!]).toEqual(first);
    expect(await optionOf(buyer, order.id)).toMatchObject({ state: 'can-request' });
    expect(await m.requests.requestRefund(buyer, order.id, {})).toMatchObject({ status: 'pending' });
    expect((await m.requests.listRefundRequests(admin, 'pending', 1)).items[0]?.usage).toEqual({ kind: 'course', completed: 0, mediaFetched: 1, used: 1, total: 6 });
  });

  it('counts a lesson completed and fetched once, and neither free previews nor an admin\'s or a visitor\'s fetches', async () => {
    const { courseId, lessonIds } = await courseWithMedia(6, 1);
    const buyer = await newBuyer();
    const order = await buy(buyer, courseId);
    const visitor = await newBuyer('Visitor');
    // Free for anyone before buying, so watching it again after buying takes nothing paid for.
    expect(await fetchMedia(buyer, courseId, lessonIds[0]!)).toBe(200);
    expect(await fetchMedia(visitor, courseId, lessonIds[0]!)).toBe(200);
    expect(await fetchMedia(null, courseId, lessonIds[0]!)).toBe(200);
    // An admin looking through the course counts toward nobody's refund.
    expect(await fetchMedia(admin, courseId, lessonIds[1]!)).toBe(200);
    expect(await fetchMedia(admin, courseId, lessonIds[2]!, 'file')).toBe(200);
    // Completed and watched: one lesson.
    await completeLessons(buyer, courseId, [lessonIds[3]!]);
    expect(await fetchMedia(buyer, courseId, lessonIds[3]!)).toBe(200);

    expect(await (await m.db.collection('courseProgress')).countDocuments({})).toBe(1);
    expect(await optionOf(buyer, order.id)).toMatchObject({ state: 'can-request' });
    await m.requests.requestRefund(buyer, order.id, {});
    expect((await m.requests.listRefundRequests(admin, 'pending', 1)).items[0]?.usage).toEqual({ kind: 'course', completed: 1, mediaFetched: 1, used: 1, total: 6 });
  });

  it("shows the admin each request's lessons completed and fetched of the course's, and whether the book was downloaded, through the list the screen and the API read", async () => {
    const { courseId, lessonIds } = await courseWithMedia(9);
    const buyer = await newBuyer('Learner');
    const courseOrder = await buy(buyer, courseId);
    await completeLessons(buyer, courseId, [lessonIds[0]!]);
    expect(await fetchMedia(buyer, courseId, lessonIds[0]!)).toBe(200);
    expect(await fetchMedia(buyer, courseId, lessonIds[4]!, 'video', 'bytes=0-99')).toBe(206);
    await m.requests.requestRefund(buyer, courseOrder.id, {});
    const reader = await newBuyer('Reader');
    const book = await insertBookOnSale({ bookName: 'Read Later', formate: 'PDF' });
    const bookOrder = await buy(reader, book._id.toHexString());
    const bookId = book._id.toHexString();
    await m.requests.requestRefund(reader, bookOrder.id, {});
    const before = await m.requests.listRefundRequests(admin, 'pending', 1);
    expect(before.items.find((item) => item.id === bookOrder.id)?.usage).toEqual({ kind: 'book', downloaded: false, firstDownloadedAt: null, percentTaken: 0 });
    // Downloaded after asking: the admin sees it before approving.
    expect(await (await m.downloads.bookFileResponse(reader, bookId, null)).arrayBuffer()).toBeInstanceOf(ArrayBuffer);

    const page = await m.requests.listRefundRequests(admin, 'pending', 1);

    const byId = new Map(page.items.map((item) => [item.id, item.usage]));
    expect(byId.get(courseOrder.id)).toEqual({ kind: 'course', completed: 1, mediaFetched: 2, used: 2, total: 9 });
    expect(byId.get(bookOrder.id)).toEqual({ kind: 'book', downloaded: true, firstDownloadedAt: expect.any(String), percentTaken: 100 });
    // Kept on answered requests too.
    await m.requests.refuseRefundRequest(admin, courseOrder.id, { reason: 'Watched too much' });
    expect((await m.requests.listRefundRequests(admin, 'refused', 1)).items[0]?.usage).toMatchObject({ kind: 'course', used: 2 });
  });
});

describe('a free course', () => {
  it('is enrolled in without a card once, whoever clicks how often; the enrolment counts; there is nothing to refund', async () => {
    const { course, courseId } = await courseWithLessons(3, { priceCents: 0 });
    const buyer = await newBuyer('Learner');
    const { order } = await m.orders.createOrder(buyer, courseId);

    const started = await m.checkout.startCheckout(buyer, order.id);
    expect(started).toMatchObject({ clientSecret: null, listPriceCents: 0, promo: null, order: { priceCents: 0 } });
    // The legacy intent endpoint: nothing to charge.
    await expect(m.checkout.startPayment(buyer, order.id)).rejects.toMatchObject({ status: 409, coded: m.checkout.FREE_ORDER });

    const completions = await Promise.all(Array.from({ length: 5 }, () => m.checkout.completeFreeOrder(buyer, order.id)));

    expect(new Set(completions.map((completed) => completed.transactionId))).toEqual(new Set([m.checkout.freeTransactionId(order.id)]));
    expect(await m.orders.hasPaidOrder(buyer, courseId)).toBe(true);
    expect(await enrolled(course._id)).toBe(26);
    const [listed] = (await m.orders.listOrders(buyer, 'all', 1)).items;
    expect((await m.requests.refundOptionsFor(buyer, [listed!]))[order.id]).toBeNull();
    await expect(m.requests.requestRefund(buyer, order.id, {})).rejects.toMatchObject({ status: 409, message: 'This order was free, so there is nothing to refund.' });
    expect(await (await m.db.collection('refundRequests')).countDocuments({})).toBe(0);
  });

  it('is not completed without a card once its price is no longer 0', async () => {
    const { course, courseId } = await courseWithLessons(3, { priceCents: 0 });
    const buyer = await newBuyer('Learner');
    const { order } = await m.orders.createOrder(buyer, courseId);
    await (await m.db.collection('courses')).updateOne({ _id: course._id }, { $set: { priceCents: 500 } });

    await expect(m.checkout.completeFreeOrder(buyer, order.id)).rejects.toMatchObject({ status: 409, message: 'This order is not free: pay it by card.' });
    expect(await m.orders.hasPaidOrder(buyer, courseId)).toBe(false);
    expect(await enrolled(course._id)).toBe(25);
  });
});
