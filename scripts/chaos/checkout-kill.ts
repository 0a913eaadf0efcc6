// Scenario 2: buyers check out concurrently (order → payment intent → sandbox card confirmation,
// the endpoints the payment page uses) and the app is SIGKILLed mid-way, then started again. Every
// buyer then retries what was in flight, and every paid order is confirmed once more. The database
// must show no order lost, none paid twice, one fulfilment per order and each course's enrolment
// count raised exactly once per paid order.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { CHAOS_BUYER_COUNT, CHAOS_BUYER_PASSWORD, chaosBuyerEmail } from './accounts';
import { clock, request, signIn, sleep } from './http';
import type { Sample } from './http';
import { baseUrl, config, killNext, startNext } from './processes';
import { counts, millis, seconds, table } from './result';
import type { Check, ScenarioResult } from './result';

const REQUEST_TIMEOUT_MS = 30_000;
/** The app is killed once this share of all payments has been confirmed. */
const KILL_AT_SHARE = Number(process.env.CHAOS_KILL_AT_SHARE ?? 0.4);
const TEST_CARD = { number: '4242 4242 4242 4242', expiry: `12 / ${String((new Date().getFullYear() + 5) % 100).padStart(2, '0')}`, cvc: '123' };

type Item = { id: string; kind: 'course' | 'book'; name: string };

type Purchase = {
  buyer: number;
  item: Item;
  /** Every order id a 2xx order creation answered with. */
  createdIds: Set<string>;
  orderId: string | null;
  clientSecret: string | null;
  transactionId: string | null;
  done: boolean;
  attempts: number;
  /** Unexpected answers (not a dropped connection while the app was down). */
  problems: string[];
};

class Interrupted extends Error {}

type Step = 'order' | 'intent' | 'confirm';

/** The restarted server's first fulfilment sweep runs 65 s after its start; a little longer to see it through. */
const SWEEP_WAIT_MS = 90_000;

export async function runCheckoutKill(): Promise<ScenarioResult> {
  const client = new MongoClient(config.mongodbUri, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.close();
  }
}

async function run(client: MongoClient): Promise<ScenarioResult> {
  const db = client.db();
  const courses = await db.collection('courses').find({ priceCents: { $gt: 0 } }).sort({ _id: 1 }).limit(3).toArray();
  const books = await db.collection('books').find({ priceCents: { $gt: 0 } }).sort({ _id: 1 }).limit(1).toArray();
  if (courses.length < 3 || books.length < 1) throw new Error('The chaos database needs 3 priced courses and a priced book (scripts/seed.ts)');
  const items: Item[] = [
    ...courses.map((course) => ({ id: String(course._id), kind: 'course' as const, name: String(course.title) })),
    ...books.map((book) => ({ id: String(book._id), kind: 'book' as const, name: String(book.bookName) })),
  ];
  const enrolledBefore = new Map(courses.map((course) => [String(course._id), Number(course.Enrolled ?? 0)]));

  const cookies: string[] = [];
  for (let index = 0; index < CHAOS_BUYER_COUNT; index += 1) cookies.push(await signIn(baseUrl, chaosBuyerEmail(index), CHAOS_BUYER_PASSWORD));

  // Every buyer buys every item, each starting with a different one, so the same course is paid
  // for by several buyers at the same moment.
  const purchases: Purchase[][] = cookies.map((_, buyer) =>
    items.map((_, offset) => ({
      buyer,
      item: items[(buyer + offset) % items.length] as Item,
      createdIds: new Set<string>(),
      orderId: null,
      clientSecret: null,
      transactionId: null,
      done: false,
      attempts: 0,
      problems: [],
    })),
  );
  const total = CHAOS_BUYER_COUNT * items.length;

  const inFlight = new Map<string, Step>();
  let confirmed = 0;
  let killedAt: number | null = null;
  let inFlightAtKill: Step[] = [];
  let confirmedAtKill = 0;
  let restart: { startedAt: number; readyAt: number } | null = null;
  let resolveRestarted: () => void = () => undefined;
  const restarted = new Promise<void>((resolve) => {
    resolveRestarted = resolve;
  });
  let interruptedRequests = 0;

  const killAndRestart = async () => {
    inFlightAtKill = [...inFlight.values()];
    confirmedAtKill = confirmed;
    killedAt = await killNext();
    const started = await startNext('after-kill');
    restart = { startedAt: started.startedAt, readyAt: started.readyAt };
    resolveRestarted();
  };
  let killing: Promise<void> | null = null;

  const post = async (purchase: Purchase, step: Step, pathname: string, body: unknown): Promise<Sample> => {
    const key = `${purchase.buyer}:${purchase.item.id}:${step}`;
    inFlight.set(key, step);
    try {
      const sample = await request(`${baseUrl}${pathname}`, {
        method: 'POST',
        headers: { cookie: cookies[purchase.buyer] ?? '' },
        body: JSON.stringify(body),
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
      if (sample.status === 0) {
        interruptedRequests += 1;
        throw new Interrupted(`${step}: ${sample.error}`);
      }
      return sample;
    } finally {
      inFlight.delete(key);
    }
  };

  const problem = (purchase: Purchase, step: Step, sample: Sample) => {
    purchase.problems.push(`${step} answered ${sample.status}: ${sample.body.slice(0, 160)}`);
  };

  /** One pass through the checkout for one item; idempotent, so a retry starts again at the top. */
  const attempt = async (purchase: Purchase): Promise<void> => {
    purchase.attempts += 1;
    const order = await post(purchase, 'order', '/api/order', { id: purchase.item.id });
    if (order.status === 201 || order.status === 200) {
      const id = (JSON.parse(order.body) as { insertedId: string }).insertedId;
      purchase.createdIds.add(id);
      purchase.orderId = id;
    } else if (order.status === 409) {
      // Paid already (the confirmation went through before the kill): nothing left to do.
      purchase.done = true;
      return;
    } else {
      problem(purchase, 'order', order);
      return;
    }
    const intent = await post(purchase, 'intent', '/api/create-payment-intent', { orderId: purchase.orderId });
    if (intent.status === 409) {
      purchase.done = true;
      return;
    }
    if (intent.status !== 200) {
      problem(purchase, 'intent', intent);
      return;
    }
    purchase.clientSecret = (JSON.parse(intent.body) as { clientSecret: string }).clientSecret;
    const confirm = await post(purchase, 'confirm', '/api/payments/sandbox/confirm', { clientSecret: purchase.clientSecret, ...TEST_CARD });
    if (confirm.status !== 200) {
      problem(purchase, 'confirm', confirm);
      return;
    }
    purchase.transactionId = (JSON.parse(confirm.body) as { transactionId: string }).transactionId;
    purchase.done = true;
    confirmed += 1;
    if (!killing && confirmed >= Math.ceil(total * KILL_AT_SHARE)) killing = killAndRestart();
  };

  const started = clock();
  await Promise.all(
    purchases.map(async (list) => {
      for (const purchase of list) {
        while (!purchase.done && purchase.attempts < 5) {
          try {
            await attempt(purchase);
          } catch (error) {
            if (!(error instanceof Interrupted)) throw error;
            // The app is down: wait until it is back, then retry from the order (idempotent).
            await restarted;
          }
        }
      }
    }),
  );
  if (killing) await killing;
  const checkoutMs = clock() - started;

  // Every paid order confirmed once more, as a buyer pressing Pay again after the restart would.
  const reconfirm: string[] = [];
  const reintent: string[] = [];
  const flat = purchases.flat();
  await Promise.all(
    flat.map(async (purchase) => {
      if (purchase.clientSecret) {
        const again = await post(purchase, 'confirm', '/api/payments/sandbox/confirm', { clientSecret: purchase.clientSecret, ...TEST_CARD });
        const body = again.status === 200 ? (JSON.parse(again.body) as { transactionId: string }) : null;
        reconfirm.push(again.status === 200 && (!purchase.transactionId || body?.transactionId === purchase.transactionId) ? '200 same payment' : `${again.status} ${again.body.slice(0, 80)}`);
        purchase.transactionId ??= body?.transactionId ?? null;
      }
      if (purchase.orderId) {
        const again = await post(purchase, 'intent', '/api/create-payment-intent', { orderId: purchase.orderId });
        reintent.push(String(again.status));
      }
    }),
  );

  // --- what the database says ---------------------------------------------------------------
  const buyerIds = (await db.collection('users').find({ email: { $in: cookies.map((_, index) => chaosBuyerEmail(index)) } }).toArray()).map((user) => user._id);
  const orders = await db.collection('orders').find({ userId: { $in: buyerIds } }).toArray();
  const orderIds = orders.map((order) => order._id as ObjectId);
  // A fulfilment the kill interrupted is finished by the restarted server's sweep (server/commerce/fulfilment.ts)
  // once the dead holder's lease has run out: wait for it before counting receipts.
  const restartedAt = (restart as { readyAt: number } | null)?.readyAt ?? clock();
  let sweepWaitMs = 0;
  while (clock() < restartedAt + SWEEP_WAIT_MS) {
    const open = await db.collection('fulfilments').countDocuments({ _id: { $in: orderIds }, completedAt: { $exists: false } });
    if (open === 0) break;
    await sleep(1000);
    sweepWaitMs = clock() - restartedAt;
  }
  const fulfilments = await db.collection('fulfilments').find({ _id: { $in: orderIds } }).toArray();
  const intents = await db.collection('sandboxPaymentIntents').find({ orderId: { $in: orderIds } }).toArray();
  const coursesAfter = await db.collection('courses').find({ _id: { $in: courses.map((course) => course._id) } }).toArray();

  const orderById = new Map(orders.map((order) => [String(order._id), order]));
  const createdIds = flat.flatMap((purchase) => [...purchase.createdIds]);
  const lost = createdIds.filter((id) => !orderById.has(id));
  const unpaid = orders.filter((order) => order.paid !== true);
  const notFinished = flat.filter((purchase) => !purchase.done);
  const ordersPerPair = new Map<string, number>();
  for (const order of orders) {
    const key = `${String(order.userId)}/${String(order.itemId)}`;
    ordersPerPair.set(key, (ordersPerPair.get(key) ?? 0) + 1);
  }
  const duplicateOrders = orders.length - ordersPerPair.size;

  const fulfilmentsByOrder = new Map(fulfilments.map((fulfilment) => [String(fulfilment._id), fulfilment]));
  const paid = orders.filter((order) => order.paid === true);
  const missingFulfilment = paid.filter((order) => !fulfilmentsByOrder.has(String(order._id)));
  const fulfilmentMismatch = paid.filter((order) => {
    const fulfilment = fulfilmentsByOrder.get(String(order._id));
    return fulfilment && fulfilment.paymentIntentId !== order.transactionId;
  });
  const incomplete = fulfilments.filter((fulfilment) => !fulfilment.completedAt);
  const intentsPerOrder = new Map<string, number>();
  for (const intent of intents) intentsPerOrder.set(String(intent.orderId), (intentsPerOrder.get(String(intent.orderId)) ?? 0) + 1);
  const multipleIntents = [...intentsPerOrder.values()].filter((count) => count > 1).length;
  const succeededIntents = intents.filter((intent) => intent.status === 'succeeded').length;
  // A second successful payment for one order would show as a succeeded intent that is not the order's transaction.
  const strayPayments = intents.filter((intent) => intent.status === 'succeeded' && orderById.get(String(intent.orderId))?.transactionId !== intent._id).length;

  const enrolmentRows: (string | number)[][] = [];
  let countedTwice = 0;
  let lostCounts = 0;
  for (const course of coursesAfter) {
    const id = String(course._id);
    const paidHere = paid.filter((order) => String(order.itemId) === id).length;
    const delta = Number(course.Enrolled ?? 0) - (enrolledBefore.get(id) ?? 0);
    countedTwice += Math.max(0, delta - paidHere);
    lostCounts += Math.max(0, paidHere - delta);
    enrolmentRows.push([String(course.title), enrolledBefore.get(id) ?? 0, Number(course.Enrolled ?? 0), delta, paidHere, delta === paidHere ? 'exact' : delta > paidHere ? 'COUNTED TWICE' : 'one count lost']);
  }

  const receipts = receiptsPerOrder();
  const paidIds = paid.map((order) => String(order._id));
  const receiptCounts = paidIds.map((id) => receipts.get(id) ?? 0);
  /** Orders whose fulfilment a later call took over from a dead holder (attempt 2 or more). */
  const taken = new Set(fulfilments.filter((fulfilment) => Number(fulfilment.attempt ?? 1) > 1).map((fulfilment) => String(fulfilment._id)));
  const problems = flat.flatMap((purchase) => purchase.problems.map((text) => `buyer ${purchase.buyer}, ${purchase.item.kind} ${purchase.item.id}: ${text}`));
  const reconfirmOk = reconfirm.every((entry) => entry === '200 same payment');
  const reintentOk = reintent.every((status) => status === '409');

  const kill = killedAt as number | null;
  const back = restart as { startedAt: number; readyAt: number } | null;
  const checks: Check[] = [
    {
      name: 'the app was SIGKILLed with checkout requests in flight and came back',
      pass: kill !== null && back !== null && inFlightAtKill.length > 0,
      measured:
        kill !== null && back !== null
          ? `killed after ${confirmedAtKill} of ${total} payments; in flight: ${counts(inFlightAtKill)}; ${interruptedRequests} requests dropped; serving again ${seconds(back.readyAt - kill)} after the kill`
          : 'the kill never happened',
    },
    {
      name: 'every buyer finished every checkout after retrying (no unexpected answer)',
      pass: notFinished.length === 0 && problems.length === 0,
      measured: `${flat.length - notFinished.length} of ${flat.length} checkouts done in ${seconds(checkoutMs, 1)}; attempts: ${counts(flat.map((purchase) => purchase.attempts))}${problems.length ? `; unexpected: ${problems.slice(0, 5).join('; ')}` : ''}`,
    },
    {
      name: 'no order lost: every order id a 2xx creation answered exists; one order per buyer and item',
      pass: lost.length === 0 && duplicateOrders === 0 && orders.length === total,
      measured: `${new Set(createdIds).size} distinct ids answered, ${lost.length} missing; ${orders.length} orders for ${total} buyer/item pairs (${duplicateOrders} duplicates)`,
    },
    {
      name: 'every order paid, exactly one fulfilment and one succeeded payment per order, matching its transaction',
      pass:
        unpaid.length === 0 && missingFulfilment.length === 0 && fulfilmentMismatch.length === 0 && fulfilments.length === orders.length &&
        multipleIntents === 0 && strayPayments === 0 && succeededIntents === orders.length,
      measured:
        `${paid.length}/${orders.length} paid; ${fulfilments.length} fulfilments (${missingFulfilment.length} missing, ${fulfilmentMismatch.length} with another payment, ` +
        `${incomplete.length} not completed); ${intents.length} intents (${succeededIntents} succeeded, ${multipleIntents} orders with more than one, ${strayPayments} stray payments)`,
    },
    {
      // server/commerce/fulfilment.ts claims an enrolment before counting it, one count at a time: a kill
      // between the two loses that one count rather than ever adding two (no multi-document
      // transactions on FerretDB). So: never twice, and at most the one count under way lost.
      name: 'each course\'s enrolment count raised once per paid order: never twice; at most the one count under way at the kill lost (claimed before counting, by design)',
      pass: countedTwice === 0 && lostCounts <= 1,
      measured: `${enrolmentRows.map((row) => `+${row[3]} for ${row[4]} paid`).join('; ')}: ${countedTwice} counted twice, ${lostCounts} lost`,
    },
    {
      // E-mail is at least once: a process killed after sending a receipt but before recording it
      // leaves nothing to tell it was sent, so the takeover sends it again. Only such orders may
      // have two; every other paid order has exactly one.
      name: 'a receipt for every paid order: fulfilments the kill interrupted are finished by the restarted server a lease (60 s) later; a second copy only where the kill fell between sending and recording it',
      pass: incomplete.length === 0 && paidIds.every((id, index) => receiptCounts[index] === 1 || (receiptCounts[index] === 2 && taken.has(id))),
      measured: `receipts per paid order: ${counts(receiptCounts)}; ${taken.size} fulfilment(s) taken over after the kill; ${incomplete.length} not completed${sweepWaitMs > 0 ? `; waited ${seconds(sweepWaitMs)} after the restart for the sweep` : ''}`,
    },
    {
      name: 'confirming again after the restart is idempotent: same payment, no second charge; a new payment intent is refused (409)',
      pass: reconfirmOk && reintentOk,
      measured: `confirm again: ${counts(reconfirm)}; new intent: ${counts(reintent)}`,
    },
  ];

  return {
    id: 2,
    title: 'SIGKILL during checkout',
    setup:
      `${CHAOS_BUYER_COUNT} signed-in buyers at once, each buying ${items.length} items (${courses.length} courses and ${books.length} book, the same ones for everybody) through ` +
      '`POST /api/order` → `POST /api/create-payment-intent` → `POST /api/payments/sandbox/confirm` (test card 4242 4242 4242 4242); ' +
      `\`serving/server.mjs\` SIGKILLed once ${Math.round(KILL_AT_SHARE * 100)} % of the payments were confirmed, then started again; each buyer retries its interrupted checkout from the order step, ` +
      'then every order is confirmed once more. The database is then read directly.',
    checks,
    tables: [
      table(['course', 'Enrolled before', 'after', 'raised by', 'paid orders', ''], enrolmentRows),
      table(['figure', 'value'], [
        ['restart: SIGKILL → process started → serving /login', back && kill !== null ? `${millis(back.startedAt - kill)} → ${millis(back.readyAt - kill)}` : '—'],
        ['receipts (e-mail outbox) per paid order', counts(receiptCounts)],
        ['orders per buyer/item pair', counts([...ordersPerPair.values()])],
      ]),
    ],
    notes: [
      'Interrupted fulfilments (orders paid, receipt not yet sent) are finished by the restarted server: it sweeps for fulfilments whose lease has run out ' +
        'a lease after its start, then every 5 minutes (server/commerce/fulfilment.ts), where Stripe would retry its webhook.',
      ...(problems.length ? [`Unexpected answers: ${problems.join('; ')}`] : []),
    ],
  };
}

/** How many receipt e-mails the outbox holds per order id. */
function receiptsPerOrder(): Map<string, number> {
  const dir = path.join(config.dir, 'outbox');
  const found = new Map<string, number>();
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return found;
  }
  for (const name of files) {
    const text = readFileSync(path.join(dir, name), 'utf8');
    if (!/receipt/i.test(text)) continue;
    const match = /^Order: ([0-9a-f]{24})\s*$/m.exec(text);
    if (match?.[1]) found.set(match[1], (found.get(match[1]) ?? 0) + 1);
  }
  return found;
}
