// The multi-instance checks (scripts/multi-instance/run.sh starts the database, the two instances
// and nginx, and passes the addresses in MULTI_* variables). Instance A and B are asked directly,
// the balancer where a visitor would come through it. Each check prints PASS or FAIL with its
// figures; the exit code is 1 when any failed.
//
//   1. an edit on A is seen on B within 2 s: pages, search and the API
//  1b. a review on A reaches the reviewed book's page on B within 2 s, and leaves B's unrelated pages
//      (other books, courses, lists, blogs, instructors, API reads) in its page cache
//   2. a price change on A is charged on B at once
//   3. wrong passwords from one client spread over both instances lock that client out of the account
//      after the same count as on one; the owner still signs in from another address, and is e-mailed once
//   4. the same order paid through both at once is fulfilled once; a double-clicked order is one order
//   5. a promo code limited to 5, applied by 20 buyers through both at once, is used exactly 5 times
//   6. an order paid with SSLCommerz (the simulator, scripts/payment-simulators/): its genuine signed
//      IPN posted 10 times, through A and B in turn, and the buyer's return, all at once, pay it once
//   7. an order paid with bKash: the callback on A and on B and the webhook's notice re-posted to
//      both, at once, pay it once
//   8. nginx's microcache: a public page asked twice within its second is answered by nginx, the same
//      bytes; an edit on A reaches visitors through nginx within 2 s; the home page is kept per language
//   9. signed-in pages through nginx are never kept: two users asking at the same moment each get
//      their own, never from a copy; an answer that sets a cookie is never kept
//  10. X-Accel-Expires: on an instance's cacheable public pages, on no private answer, never past nginx
//  11. SIGTERM of instance A mid-traffic: no failed request through the balancer, and A exits
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import type { Db } from 'mongodb';
import { listPageFor } from '@/lib/catalogue';
import type { CourseList } from '@/lib/catalogue';
import { clock, request, signIn, sleep } from '../chaos/http';
import type { Sample } from '../chaos/http';
import { alive, pidOf } from '../chaos/pids';
import {
  LOCK_BOTH_INSTANCES, LOCK_ONE_INSTANCE, MULTI_BKASH_BUYER, MULTI_BUYERS, MULTI_PASSWORD, MULTI_PRIVATE_VIEWERS, MULTI_PROMO_BUYERS, MULTI_REVIEWER, MULTI_SSLCOMMERZ_BUYER,
} from './accounts';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (run the checks through scripts/multi-instance/run.sh)`);
  return value;
}

const A = required('MULTI_A_URL');
const B = required('MULTI_B_URL');
const LB = required('MULTI_LB_URL');
const A_PIDFILE = required('MULTI_A_PIDFILE');
const MONGODB_URI = required('MULTI_MONGODB_URI');
const OUTBOX_DIR = required('MULTI_OUTBOX_DIR');
const LB_ACCESS_LOG = required('MULTI_LB_ACCESS_LOG');
const LOGIN_MAX_FAILURES = Number(required('MULTI_LOGIN_MAX_FAILURES'));
const BKASH_SIMULATOR = required('MULTI_BKASH_SIMULATOR_URL');
const SSLCOMMERZ_SIMULATOR = required('MULTI_SSLCOMMERZ_SIMULATOR_URL');

const ADMIN = { email: 'admin@knowledgezone.test', password: 'KzAdmin#2026' };
const TEST_CARD = { number: '4242 4242 4242 4242', expiry: `12 / ${String((new Date().getFullYear() + 5) % 100).padStart(2, '0')}`, cvc: '123' };

/** Check 1: B must show an edit within this long; polling goes on a little longer to report when it did. */
const SEEN_WITHIN_MS = 2000;
const POLL_EVERY_MS = 100;
const POLL_LIMIT_MS = 6000;
/** Check 5: seats of the code, raced for by every MULTI_PROMO_BUYERS account. */
const PROMO_LIMIT = 5;
/** Check 6: copies of the IPN sent at once, through A and B in turn. */
const IPN_COPIES = 10;
/** Checks 8-10: nginx's copy of a page is never given out past the end of the second it was kept in. */
const MICROCACHE_POLL_EVERY_MS = 25;
/** How nginx (add_header X-Cache-Status) says an answer came from a copy it kept. */
const FROM_A_COPY = ['HIT', 'STALE', 'UPDATING', 'REVALIDATED'];
/** Check 11. */
const LOAD_CLIENTS = 20;
const LOAD_MS = 6000;
const SIGTERM_AT_MS = 2000;
const EXIT_LIMIT_MS = 10_000;

// --- output ----------------------------------------------------------------------------------

type Outcome = { pass: boolean; lines: string[] };

function say(message: string): void {
  process.stdout.write(`${message}\n`);
}

const ms = (value: number) => `${Math.round(value)} ms`;
const secs = (value: number) => `${(value / 1000).toFixed(1)} s`;

function tally(values: (string | number)[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  return [...counts.entries()].map(([value, count]) => `${value}×${count}`).join(', ') || 'none';
}

// --- HTTP ------------------------------------------------------------------------------------

type Answer = { status: number; text: string; headers: Headers; ms: number; error?: string };

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause && typeof error.cause === 'object' && 'code' in error.cause ? String(error.cause.code) : null;
  return cause ?? (error instanceof Error ? error.message : String(error));
}

/** One request; status 0 when no answer came (the error says why). */
async function call(
  url: string,
  options: { method?: string; cookie?: string; json?: unknown; body?: string; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: options.method ?? (options.json === undefined && options.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      body: options.body ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    return { status: response.status, text, headers: response.headers, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, text: '', headers: new Headers(), ms: performance.now() - started, error: describe(error) };
  }
}

function ok(answer: Answer): boolean {
  return answer.status >= 200 && answer.status < 300;
}

function shortly(answer: Answer): string {
  return answer.status ? `${answer.status} ${answer.text.slice(0, 160)}` : `no answer (${answer.error})`;
}

/** The JSON body of a 2xx answer; anything else stops the check with what came back. */
function parse<T>(answer: Answer, what: string): T {
  if (!ok(answer)) throw new Error(`${what}: ${shortly(answer)}`);
  return JSON.parse(answer.text) as T;
}

// --- the data --------------------------------------------------------------------------------

type CourseDoc = { _id: ObjectId; title: string; classCourse: string; priceCents: number; pricePaisa?: number | null; comingSoon?: boolean; Enrolled?: number };
type LegacyCourse = {
  title: string; img: string; price: number; ShortDescription: string; instructorName: string; education: string; about: string;
  hours: number; videos: number; quizzes: number; notes: number;
};

/**
 * PUT /api/courseUpdate/{id} through `base` as the admin: the course as the API reads it, with
 * `change` applied (the update takes back whatever the read answers, hours in tenths included).
 */
async function updateCourse(base: string, admin: string, id: string, change: Partial<Record<'title' | 'price', string>>): Promise<Answer> {
  const now = parse<LegacyCourse>(await call(`${base}/api/course/${id}`), `reading course ${id}`);
  const { title, img, price, ShortDescription, instructorName, education, about, hours, videos, quizzes, notes } = now;
  const body = { title, img, price: String(price), ShortDescription, instructorName, education, about, hours, videos, quizzes, notes, ...change };
  return call(`${base}/api/courseUpdate/${id}`, { method: 'PUT', cookie: admin, json: body });
}

/**
 * Messages in the shared outbox (both instances write to the same folder) whose text matches. A
 * quoted-printable body's soft line breaks are joined first: a receipt in taka ("৳") is sent so,
 * and its lines may be broken anywhere ("Order: =" / "6b0b…").
 */
function outboxCount(matches: (text: string) => boolean): number {
  let files: string[] = [];
  try {
    files = readdirSync(OUTBOX_DIR).filter((name) => name.endsWith('.eml'));
  } catch {
    return 0;
  }
  return files.filter((name) => matches(readFileSync(path.join(OUTBOX_DIR, name), 'utf8').replace(/=\r?\n/g, ''))).length;
}

/** Receipt e-mails for one order. */
function receiptsFor(orderId: string): number {
  return outboxCount((text) => /receipt/i.test(text) && new RegExp(`^Order: ${orderId}\\s*$`, 'm').test(text));
}

// --- 1. an edit on A seen on B ----------------------------------------------------------------

async function editSeenOnB(db: Db, admin: string, course: CourseDoc): Promise<Outcome> {
  const id = course._id.toHexString();
  const list = listPageFor(course.classCourse as CourseList);
  const nonce = `Edited${Date.now().toString(36)}`;
  const term = encodeURIComponent(course.title);
  const surfaces = [
    { name: 'course page', path: `/${course.classCourse}/coursesInfo/${id}` },
    { name: `course list page ${list.href}`, path: list.href },
    { name: 'search page', path: `/searchCourse/${term}` },
    { name: 'API /api/searchCourse?q=', path: `/api/searchCourse?q=${term}` },
    { name: 'API /api/course/{id}', path: `/api/course/${id}` },
    { name: `API /api/courses/${course.classCourse}`, path: `/api/courses/${course.classCourse}` },
  ];
  const lines = [`course "${course.title}" (${id}); new title adds "${nonce}"`];

  // B answers each one (twice, so whatever B caches is cached) and shows the course as it is.
  const primedFrom: string[] = [];
  for (const surface of surfaces) {
    await call(`${B}${surface.path}`);
    const primed = await call(`${B}${surface.path}`);
    if (primed.status !== 200 || !primed.text.includes(course.title)) {
      throw new Error(`B's ${surface.name} (${surface.path}) does not show the course before the edit: ${shortly(primed)}`);
    }
    primedFrom.push(`${surface.name} ${primed.headers.get('x-kz-page-cache') ?? '—'}`);
  }
  lines.push(`before the edit B shows the old title on all ${surfaces.length} (B's shared page cache on the second read: ${primedFrom.join(', ')})`);

  const edit = await updateCourse(A, admin, id, { title: `${course.title} ${nonce}` });
  const editedAt = performance.now();
  if (edit.status !== 200) throw new Error(`the edit on A: ${shortly(edit)}`);
  const stored = await db.collection<CourseDoc>('courses').findOne({ _id: course._id });
  if (!stored?.title.includes(nonce)) throw new Error('the edit on A answered 200 but the database has the old title');

  const seen = { A: new Map<string, number>(), B: new Map<string, number>() };
  while (performance.now() - editedAt < POLL_LIMIT_MS && (seen.B.size < surfaces.length || seen.A.size < surfaces.length)) {
    const tick = performance.now();
    await Promise.all(
      surfaces.flatMap((surface) =>
        (['A', 'B'] as const).map(async (instance) => {
          if (seen[instance].has(surface.name)) return;
          const answer = await call(`${instance === 'A' ? A : B}${surface.path}`, { timeoutMs: 5000 });
          if (answer.status === 200 && answer.text.includes(nonce)) seen[instance].set(surface.name, performance.now() - editedAt);
        }),
      ),
    );
    await sleep(Math.max(0, POLL_EVERY_MS - (performance.now() - tick)));
  }
  const when = (value: number | undefined) => (value === undefined ? `still the old title after ${secs(POLL_LIMIT_MS)}` : ms(value));
  let pass = true;
  for (const surface of surfaces) {
    const onB = seen.B.get(surface.name);
    const inTime = onB !== undefined && onB <= SEEN_WITHIN_MS;
    pass &&= inTime;
    lines.push(`  ${inTime ? 'ok  ' : 'LATE'} ${surface.name}: B ${when(onB)} (A itself ${when(seen.A.get(surface.name))})`);
  }
  lines.push(`edit answered by A in ${ms(edit.ms)}; times are from that answer, polling every ${POLL_EVERY_MS} ms`);
  return { pass, lines };
}

// --- 1b. a review on A forgets on B only what it touches --------------------------------------

type BookDoc = { _id: ObjectId; bookName: string; priceCents: number; img?: string };

/**
 * The reviewer bought `book` (a paid order written here, as a past purchase would have left it),
 * B's pages are read until its page cache holds them, the review is written through A, and then:
 * the book's page on B shows the new review count within 2 s, and every unrelated page is still a
 * page-cache HIT on B.
 */
async function reviewLeavesOthersHot(db: Db, book: BookDoc, otherBook: BookDoc, course: CourseDoc): Promise<Outcome> {
  const reviewer = await db.collection<{ _id: ObjectId; name: string }>('users').findOne({ email: MULTI_REVIEWER });
  if (!reviewer) throw new Error(`the account ${MULTI_REVIEWER} was not seeded`);
  await db.collection('orders').insertOne({
    userId: reviewer._id, userName: reviewer.name, email: MULTI_REVIEWER, itemKind: 'book', itemId: book._id, productName: book.bookName, img: book.img ?? '',
    priceCents: book.priceCents, paid: true, paidAt: new Date(), transactionId: `pi_multi_review_${Date.now()}`, createdAt: new Date(),
  });
  const bookPage = `/book/${book._id.toHexString()}`;
  const unrelated = [
    { name: 'another book\'s page', path: `/book/${otherBook._id.toHexString()}` },
    { name: 'a course page', path: `/${course.classCourse}/coursesInfo/${course._id.toHexString()}` },
    { name: 'a course list page', path: listPageFor(course.classCourse as CourseList).href },
    { name: 'the blogs list', path: '/blogs' },
    { name: 'the instructors page', path: '/instructor' },
    { name: 'API /api/course/{id}', path: `/api/course/${course._id.toHexString()}` },
    { name: 'the Bengali course page', path: `/bn/${course.classCourse}/coursesInfo/${course._id.toHexString()}` },
  ];
  const words = `Reviewed through instance A (${Date.now().toString(36)}).`;
  for (const surface of [...unrelated, { name: 'the reviewed book\'s page', path: bookPage }]) {
    await call(`${B}${surface.path}`);
    const primed = await call(`${B}${surface.path}`);
    if (primed.status !== 200 || primed.headers.get('x-kz-page-cache') !== 'HIT') throw new Error(`B's ${surface.name} (${surface.path}) is not kept by its page cache: ${primed.status} ${primed.headers.get('x-kz-page-cache')}`);
  }

  const cookie = await signIn(A, MULTI_REVIEWER, MULTI_PASSWORD);
  const review = await call(`${A}/api/items/${book._id.toHexString()}/reviews/mine`, { method: 'PUT', cookie, json: { rating: 5, body: words } });
  const reviewedAt = performance.now();
  if (review.status !== 201) throw new Error(`the review on A: ${shortly(review)}`);

  let seenAfter: number | null = null;
  while (performance.now() - reviewedAt < POLL_LIMIT_MS && seenAfter === null) {
    const page = await call(`${B}${bookPage}`, { timeoutMs: 5000 });
    if (page.status === 200 && page.text.includes(words)) seenAfter = performance.now() - reviewedAt;
    else await sleep(POLL_EVERY_MS);
  }
  // Past B's next read of the log (once a second): whatever it forgets, it has forgotten.
  await sleep(Math.max(0, 1500 - (performance.now() - reviewedAt)));
  const lines = [`book "${book.bookName}" reviewed on A by ${MULTI_REVIEWER}`];
  let pass = seenAfter !== null && seenAfter <= SEEN_WITHIN_MS;
  lines.push(`  ${pass ? 'ok  ' : 'LATE'} the review on B's page of the book: ${seenAfter === null ? `not after ${secs(POLL_LIMIT_MS)}` : ms(seenAfter)}`);
  for (const surface of unrelated) {
    const after = await call(`${B}${surface.path}`);
    const state = after.headers.get('x-kz-page-cache') ?? '—';
    const hot = after.status === 200 && state === 'HIT';
    pass &&= hot;
    lines.push(`  ${hot ? 'ok  ' : 'COLD'} ${surface.name} on B after the review: ${after.status} ${state}`);
  }
  return { pass, lines };
}

// --- 2. a price change on A charged on B ------------------------------------------------------

async function priceChargedOnB(db: Db, admin: string, course: CourseDoc): Promise<Outcome> {
  const id = course._id.toHexString();
  const [first, second] = await Promise.all([signIn(B, MULTI_BUYERS[0] ?? '', MULTI_PASSWORD), signIn(B, MULTI_BUYERS[1] ?? '', MULTI_PASSWORD)]);
  // B gets to know the course at its old price: an order made there copies the name, image and price.
  const early = parse<{ insertedId: string }>(await call(`${B}/api/order`, { cookie: first, json: { id } }), 'the first buyer ordering on B');
  const earlyView = parse<{ priceCents: number }>(await call(`${B}/api/payment/${early.insertedId}`, { cookie: first }), 'the payment view on B');
  const oldCents = earlyView.priceCents;
  const newCents = oldCents + 700;

  const change = await updateCourse(A, admin, id, { price: (newCents / 100).toFixed(2) });
  const changedAt = performance.now();
  if (change.status !== 200) throw new Error(`the price change on A: ${shortly(change)}`);

  // At once, on B: a new order and its payment, and the payment of the order made before the change.
  const order = parse<{ insertedId: string }>(await call(`${B}/api/order`, { cookie: second, json: { id } }), 'the second buyer ordering on B');
  const orderId = new ObjectId(order.insertedId);
  const created = await db.collection('orders').findOne({ _id: orderId });
  const view = parse<{ priceCents: number }>(await call(`${B}/api/payment/${order.insertedId}`, { cookie: second }), 'the payment view on B');
  const intent = parse<{ clientSecret: string; priceCents: number }>(
    await call(`${B}/api/create-payment-intent`, { cookie: second, json: { orderId: order.insertedId } }),
    'starting the payment on B',
  );
  const intentAt = performance.now() - changedAt;
  const earlyIntent = parse<{ priceCents: number }>(
    await call(`${B}/api/create-payment-intent`, { cookie: first, json: { orderId: early.insertedId } }),
    'starting the earlier order\'s payment on B',
  );
  const confirm = await call(`${B}/api/payments/sandbox/confirm`, { cookie: second, json: { clientSecret: intent.clientSecret, ...TEST_CARD } });

  const paidOrder = await db.collection('orders').findOne({ _id: orderId });
  const charged = await db.collection('sandboxPaymentIntents').find({ orderId }).toArray();
  const succeeded = charged.filter((entry) => entry.status === 'succeeded');
  const chargedCents = succeeded.map((entry) => Number(entry.amountCents));
  const dollars = (cents: number | undefined) => (cents === undefined ? '—' : `$${(cents / 100).toFixed(2)}`);

  const figures: [string, boolean, string][] = [
    ['payment page on B shows', view.priceCents === newCents, dollars(view.priceCents)],
    ['payment started on B for', intent.priceCents === newCents, `${dollars(intent.priceCents)} (${ms(intentAt)} after A answered the change)`],
    ['an order made on B before the change starts its payment for', earlyIntent.priceCents === newCents, dollars(earlyIntent.priceCents)],
    ['card confirmation on B', confirm.status === 200, shortly(confirm).slice(0, 120)],
    ['charged (succeeded sandbox payment)', succeeded.length === 1 && chargedCents[0] === newCents, chargedCents.length ? chargedCents.map(dollars).join(', ') : 'nothing'],
    ['order paid at', paidOrder?.paid === true && paidOrder.priceCents === newCents, `${dollars(paidOrder?.priceCents as number | undefined)}, paid: ${String(paidOrder?.paid)}`],
  ];
  const lines = [
    `course "${course.title}": ${dollars(oldCents)} → ${dollars(newCents)}, changed through A (answered in ${ms(change.ms)})`,
    `  (the order made on B just after the change was created at ${dollars(created?.priceCents as number | undefined)}` +
      `${created?.priceCents === newCents ? ', the new price)' : ': B\'s copy of the catalogue item, which starting the payment re-prices)'}`,
    ...figures.map(([name, good, measured]) => `  ${good ? 'ok  ' : 'BAD '} ${name}: ${measured}`),
  ];
  return { pass: figures.every(([, good]) => good), lines };
}

// --- 3. wrong passwords over both instances ---------------------------------------------------

type Attempt = { instance: string; status: number; retryAfter: string | null };

async function wrongPasswordsUntilLocked(email: string, instances: [string, string][]): Promise<{ attempts: Attempt[]; failuresBeforeLock: number | null }> {
  const attempts: Attempt[] = [];
  for (let index = 0; index < LOGIN_MAX_FAILURES + 3; index += 1) {
    const [name, base] = instances[index % instances.length] as [string, string];
    const answer = await call(`${base}/api/account/login`, { json: { email, password: `wrong-password-${index}` } });
    attempts.push({ instance: name, status: answer.status, retryAfter: answer.headers.get('retry-after') });
    if (answer.status !== 401) break;
  }
  const locked = attempts.findIndex((attempt) => attempt.status === 429);
  const failuresBeforeLock = locked >= 0 && attempts.slice(0, locked).every((attempt) => attempt.status === 401) ? locked : null;
  return { attempts, failuresBeforeLock };
}

/** "Wrong passwords tried" e-mails to `email`. */
function loginAlertsTo(email: string): number {
  const to = new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'm');
  return outboxCount((text) => to.test(text) && /^Subject: Wrong passwords tried on your Knowledge Zone account$/m.test(text));
}

async function loginLockSpread(): Promise<Outcome> {
  const one = await wrongPasswordsUntilLocked(LOCK_ONE_INSTANCE, [['A', A]]);
  const both = await wrongPasswordsUntilLocked(LOCK_BOTH_INSTANCES, [['A', A], ['B', B]]);
  // Once locked, the right password from that client is refused on either instance; from another
  // client address (the instances trust one proxy hop, so x-forwarded-for names it) it signs in.
  const rightPassword = async (email: string, headers: Record<string, string> = {}) =>
    Promise.all([A, B].map(async (base) => (await call(`${base}/api/account/login`, { json: { email, password: MULTI_PASSWORD }, headers })).status));
  const [oneAfter, bothAfter] = [await rightPassword(LOCK_ONE_INSTANCE), await rightPassword(LOCK_BOTH_INSTANCES)];
  const elsewhere = await rightPassword(LOCK_BOTH_INSTANCES, { 'x-forwarded-for': '198.51.100.23' });
  // The alert goes out after the answer: a moment for the last one to land.
  await sleep(1000);
  const alerts = [loginAlertsTo(LOCK_ONE_INSTANCE), loginAlertsTo(LOCK_BOTH_INSTANCES)];
  const retryAfterOk = (attempts: Attempt[]) => attempts.filter((attempt) => attempt.status === 429).every((attempt) => Number(attempt.retryAfter) > 0);
  const show = (attempts: Attempt[]) => attempts.map((attempt) => `${attempt.instance}:${attempt.status}`).join(' ');
  const pass =
    one.failuresBeforeLock === LOGIN_MAX_FAILURES && both.failuresBeforeLock === LOGIN_MAX_FAILURES &&
    retryAfterOk(one.attempts) && retryAfterOk(both.attempts) &&
    [...oneAfter, ...bothAfter].every((status) => status === 429) &&
    elsewhere.every((status) => status === 200) && alerts.every((count) => count === 1);
  return {
    pass,
    lines: [
      `limit: ${LOGIN_MAX_FAILURES} failures per account and client address (LOGIN_MAX_FAILURES)`,
      `  one instance:      ${show(one.attempts)} → locked after ${one.failuresBeforeLock ?? 'never'} failures; Retry-After ${one.attempts.at(-1)?.retryAfter ?? '—'} s`,
      `  A and B in turn:   ${show(both.attempts)} → locked after ${both.failuresBeforeLock ?? 'never'} failures; Retry-After ${both.attempts.at(-1)?.retryAfter ?? '—'} s`,
      `  right password from the locked client, on A / B: one-instance account ${oneAfter.join(' / ')}, spread account ${bothAfter.join(' / ')} (429 expected)`,
      `  right password from another address, on A / B: ${elsewhere.join(' / ')} (200 expected)`,
      `  "wrong passwords tried" e-mails: one-instance account ${alerts[0]}, spread account ${alerts[1]} (1 each expected)`,
    ],
  };
}

// --- 4. one order paid through both at once ----------------------------------------------------

async function paidThroughBoth(db: Db, course: CourseDoc): Promise<Outcome> {
  const email = MULTI_BUYERS[2] ?? '';
  const cookie = await signIn(LB, email, MULTI_PASSWORD);
  const id = course._id.toHexString();
  const user = await db.collection('users').findOne({ email });
  if (!user) throw new Error(`no account ${email}`);
  const enrolledBefore = Number((await db.collection<CourseDoc>('courses').findOne({ _id: course._id }))?.Enrolled ?? 0);
  const both = <T>(make: (base: string) => Promise<T>) => Promise.all([make(A), make(B)]);
  const statuses = (answers: Answer[]) => answers.map((answer, index) => `${index ? 'B' : 'A'} ${answer.status || answer.error}`).join(', ');
  const all: Answer[] = [];

  // The "Buy" double click, one click landing on each instance.
  const orders = await both((base) => call(`${base}/api/order`, { cookie, json: { id } }));
  all.push(...orders);
  const orderIds = orders.filter(ok).map((answer) => (JSON.parse(answer.text) as { insertedId: string }).insertedId);
  const orderDocs = await db.collection('orders').find({ userId: user._id, itemId: course._id }).toArray();
  const orderId = orderIds[0];
  const orderOk = orderIds.length === 2 && orderIds[0] === orderIds[1] && orderDocs.length === 1;
  if (!orderId) throw new Error(`ordering through A and B at once: ${orders.map(shortly).join('; ')}`);

  // The payment started through both at once: one intent for the order.
  const starts = await both((base) => call(`${base}/api/create-payment-intent`, { cookie, json: { orderId } }));
  all.push(...starts);
  const secrets = starts.filter(ok).map((answer) => (JSON.parse(answer.text) as { clientSecret: string }).clientSecret);
  const stored = await db.collection('orders').findOne({ _id: new ObjectId(orderId) });
  const intentsAfterStart = await db.collection('sandboxPaymentIntents').countDocuments({ orderId: new ObjectId(orderId) });
  const startOk = secrets.length === 2 && secrets[0] === secrets[1] && intentsAfterStart === 1;
  const clientSecret = secrets.find((secret) => stored?.paymentIntentId && secret.startsWith(`${String(stored.paymentIntentId)}_secret_`)) ?? secrets[0];
  if (!clientSecret) throw new Error(`starting the payment through A and B at once: ${starts.map(shortly).join('; ')}`);

  // The card confirmation sent to both at the same moment.
  const confirms = await both((base) => call(`${base}/api/payments/sandbox/confirm`, { cookie, json: { clientSecret, ...TEST_CARD } }));
  all.push(...confirms);
  const transactionIds = new Set(confirms.filter(ok).map((answer) => (JSON.parse(answer.text) as { transactionId: string }).transactionId));
  const confirmOk = confirms.every((answer) => answer.status === 200 || answer.status === 409) && confirms.some(ok) && transactionIds.size === 1;

  // The receipt goes out after the payment is recorded: give the fulfilment a moment to complete.
  const oid = new ObjectId(orderId);
  const deadline = performance.now() + 15_000;
  let fulfilments = await db.collection('fulfilments').find({ _id: oid }).toArray();
  while (performance.now() < deadline && !(fulfilments.length && fulfilments.every((entry) => entry.completedAt))) {
    await sleep(200);
    fulfilments = await db.collection('fulfilments').find({ _id: oid }).toArray();
  }
  const order = await db.collection('orders').findOne({ _id: oid });
  const succeeded = await db.collection('sandboxPaymentIntents').countDocuments({ orderId: oid, status: 'succeeded' });
  const enrolmentClaims = await db.collection<{ _id: string }>('fulfilmentClaims').countDocuments({ _id: `${orderId}:enrolment` });
  const enrolledAfter = Number((await db.collection<CourseDoc>('courses').findOne({ _id: course._id }))?.Enrolled ?? 0);
  const receipts = receiptsFor(orderId);
  const paidList = parse<{ id: string; paid: boolean }[]>(await call(`${LB}/api/paidOrder?email=${encodeURIComponent(email)}`, { cookie }), 'the paid orders');
  const unpaidList = parse<{ id: string }[]>(await call(`${LB}/api/order?email=${encodeURIComponent(email)}`, { cookie }), 'the unpaid orders');
  const paidHere = paidList.filter((entry) => entry.id === id && entry.paid).length;
  const unpaidHere = unpaidList.filter((entry) => entry.id === id).length;
  const serverErrors = all.filter((answer) => answer.status >= 500 || answer.status === 0);

  const figures: [string, boolean, string][] = [
    ['"Buy" double click, one click on each instance', orderOk, `${statuses(orders)}; ids ${orderIds.join(' / ') || '—'}; ${orderDocs.length} order(s) in the database`],
    ['payment started through both at once', startOk, `${statuses(starts)}; ${new Set(secrets).size} distinct client secret(s); ${intentsAfterStart} intent(s) for the order`],
    ['card confirmation sent to both at once (200 or 409 each)', confirmOk, `${statuses(confirms)}; ${transactionIds.size} transaction id(s)`],
    ['order paid, one fulfilment, one successful payment', order?.paid === true && fulfilments.length === 1 && Boolean(fulfilments[0]?.completedAt) && succeeded === 1,
      `paid: ${String(order?.paid)}; ${fulfilments.length} fulfilment(s)${fulfilments[0]?.completedAt ? ', completed' : ', NOT completed'}; ${succeeded} succeeded payment(s)`],
    ['one enrolment', enrolledAfter - enrolledBefore === 1 && enrolmentClaims === 1, `Enrolled ${enrolledBefore} → ${enrolledAfter}; ${enrolmentClaims} enrolment claim(s)`],
    ['one receipt e-mail', receipts === 1, `${receipts} receipt(s) for the order in the outbox`],
    ['My Collection / My Order (through the balancer)', paidHere === 1 && unpaidHere === 0, `paid list: ${paidHere} entry for the course; unpaid list: ${unpaidHere}`],
    ['no 5xx and no dropped request from either instance', serverErrors.length === 0, serverErrors.length ? serverErrors.map(shortly).join('; ') : 'none'],
  ];
  return {
    pass: figures.every(([, good]) => good),
    lines: [`course "${course.title}", order ${orderId}`, ...figures.map(([name, good, measured]) => `  ${good ? 'ok  ' : 'BAD '} ${name}: ${measured}`)],
  };
}

// --- 5. one promo code raced for through both instances ---------------------------------------

type CheckoutAnswer = { orderId: string; priceCents: number; clientSecret: string | null; promo: { code: string; discountCents: number } | null };

async function promoRaceThroughBoth(db: Db, admin: string, course: CourseDoc): Promise<Outcome> {
  const code = `MULTI${Date.now().toString(36).toUpperCase()}`;
  const id = course._id.toHexString();
  const created = await call(`${A}/api/promo-codes`, {
    cookie: admin,
    json: { code, discountType: 'percent', percentOff: 10, amountOff: null, validFrom: '', validTo: '', usageLimit: PROMO_LIMIT, perBuyerLimit: '', appliesTo: 'all', active: true },
  });
  if (created.status !== 201) throw new Error(`adding the code on A: ${shortly(created)}`);
  const all: Answer[] = [];
  // Buyer i is served by A when i is even and by B when odd, from sign-in to payment.
  const instanceOf = (index: number) => (index % 2 === 0 ? A : B);
  const buyers = await Promise.all(
    MULTI_PROMO_BUYERS.map(async (email, index) => {
      const base = instanceOf(index);
      const cookie = await signIn(base, email, MULTI_PASSWORD);
      const ordered = await call(`${base}/api/order`, { cookie, json: { id } });
      all.push(ordered);
      const orderId = parse<{ insertedId: string }>(ordered, `${email} ordering`).insertedId;
      all.push(await call(`${base}/api/create-payment-intent`, { cookie, json: { orderId } }));
      return { base, cookie, orderId };
    }),
  );

  // Every buyer applies the code at the same moment, in lower case.
  const applied = await Promise.all(buyers.map(({ base, cookie, orderId }) => call(`${base}/api/order/${orderId}/promo`, { cookie, json: { code: code.toLowerCase() } })));
  all.push(...applied);
  const winners = buyers.flatMap((buyer, index) => (applied[index]?.status === 200 ? [{ ...buyer, checkout: JSON.parse(applied[index].text) as CheckoutAnswer }] : []));
  const usedAfterApply = (await db.collection('promoCodes').findOne({ code }))?.used;

  // The winners pay, all at once, each through their own instance.
  const paid = await Promise.all(
    winners.map(({ base, cookie, checkout }) => call(`${base}/api/payments/sandbox/confirm`, { cookie, json: { clientSecret: checkout.clientSecret ?? '', ...TEST_CARD } })),
  );
  all.push(...paid);
  const winnerIds = winners.map(({ orderId }) => new ObjectId(orderId));
  const deadline = performance.now() + 15_000;
  let redeemed = 0;
  while (performance.now() < deadline) {
    redeemed = await db.collection('promoRedemptions').countDocuments({ code, state: 'redeemed' });
    if (redeemed >= winners.length) break;
    await sleep(200);
  }
  const paidOrders = await db.collection('orders').find({ _id: { $in: winnerIds }, paid: true }).toArray();
  const discounted = course.priceCents - Math.round(course.priceCents / 10);
  const usedAfterPay = (await db.collection('promoCodes').findOne({ code }))?.used;
  const serverErrors = all.filter((answer) => answer.status >= 500 || answer.status === 0);

  const figures: [string, boolean, string][] = [
    [`${MULTI_PROMO_BUYERS.length} buyers apply it at once (half through A, half through B)`, winners.length === PROMO_LIMIT && applied.every((answer) => answer.status === 200 || answer.status === 409),
      `${tally(applied.map((answer) => answer.status || answer.error || 'none'))}; the code's count ${String(usedAfterApply)}`],
    ['the winners pay the discounted price', paid.every(ok) && paidOrders.length === PROMO_LIMIT && paidOrders.every((order) => order.priceCents === discounted),
      `${tally(paid.map((answer) => answer.status || answer.error || 'none'))}; ${paidOrders.length} paid order(s) at ${tally(paidOrders.map((order) => Number(order.priceCents)))} cents (expected ${discounted})`],
    ['redeemed exactly the limit', redeemed === PROMO_LIMIT && usedAfterPay === PROMO_LIMIT, `${redeemed} redemption(s); the code's count ${String(usedAfterPay)} of ${PROMO_LIMIT}`],
    ['no 5xx and no dropped request from either instance', serverErrors.length === 0, serverErrors.length ? serverErrors.map(shortly).join('; ') : 'none'],
  ];
  return {
    pass: figures.every(([, good]) => good),
    lines: [`code ${code} (10 % off, ${PROMO_LIMIT} uses) on "${course.title}"`, ...figures.map(([name, good, measured]) => `  ${good ? 'ok  ' : 'BAD '} ${name}: ${measured}`)],
  };
}

// --- 6 and 7. taka payments confirmed through both instances at once -----------------------------

type TakaMethod = 'sslcommerz' | 'bkash';
type TakaStart = { cookie: string; orderId: string; attemptId: string; redirectUrl: string };
type Figure = [string, boolean, string];

const figureLines = (figures: Figure[]) => figures.map(([name, good, measured]) => `  ${good ? 'ok  ' : 'BAD '} ${name}: ${measured}`);
const statusesOf = (answers: { label: string; answer: Answer }[]) => tally(answers.map(({ label, answer }) => `${label} ${answer.status || answer.error}`));

/** The buyer signs in (through the balancer), orders the course on A and starts paying it with `method` on B. */
async function startTakaPayment(email: string, course: CourseDoc, method: TakaMethod, all: Answer[]): Promise<TakaStart> {
  const cookie = await signIn(LB, email, MULTI_PASSWORD);
  const ordered = await call(`${A}/api/order`, { cookie, json: { id: course._id.toHexString() } });
  all.push(ordered);
  const { insertedId: orderId } = parse<{ insertedId: string }>(ordered, `${email} ordering on A`);
  const started = await call(`${B}/api/payments/start`, { cookie, json: { orderId, method, locale: 'en' } });
  all.push(started);
  const { attemptId, redirectUrl } = parse<{ attemptId: string; redirectUrl: string }>(started, `starting the ${method} payment on B`);
  return { cookie, orderId, attemptId, redirectUrl };
}

/** What one payment of the order must leave behind, whichever instance and copy got there first. */
async function paidOnceFigures(db: Db, course: CourseDoc, enrolledBefore: number, email: string, started: TakaStart): Promise<Figure[]> {
  const oid = new ObjectId(started.orderId);
  // Every request has been answered; the receipt is the fulfilment's last step: give it a moment all the same.
  const deadline = performance.now() + 15_000;
  let fulfilments = await db.collection('fulfilments').find({ _id: oid }).toArray();
  while (performance.now() < deadline && !(fulfilments.length && fulfilments.every((entry) => entry.completedAt))) {
    await sleep(200);
    fulfilments = await db.collection('fulfilments').find({ _id: oid }).toArray();
  }
  const order = await db.collection('orders').findOne({ _id: oid });
  const attempts = await db.collection('paymentAttempts').find({ orderId: oid }).toArray();
  const enrolmentClaims = await db.collection<{ _id: string }>('fulfilmentClaims').countDocuments({ _id: `${started.orderId}:enrolment` });
  const enrolledAfter = Number((await db.collection<CourseDoc>('courses').findOne({ _id: course._id }))?.Enrolled ?? 0);
  const receipts = receiptsFor(started.orderId);
  const paidList = parse<{ id: string; paid: boolean }[]>(await call(`${LB}/api/paidOrder?email=${encodeURIComponent(email)}`, { cookie: started.cookie }), 'the paid orders');
  const paidHere = paidList.filter((entry) => entry.id === course._id.toHexString() && entry.paid).length;
  const [fulfilment] = fulfilments;
  return [
    ['order paid by the attempt, one fulfilment', order?.paid === true && order.transactionId === started.attemptId && fulfilments.length === 1 && Boolean(fulfilment?.completedAt) && fulfilment?.paymentIntentId === started.attemptId,
      `paid: ${String(order?.paid)} by ${String(order?.transactionId ?? '—')}; ${fulfilments.length} fulfilment(s)${fulfilment?.completedAt ? ', completed' : ', NOT completed'}`],
    ['the attempt is paid, the order\'s only one, in taka', attempts.length === 1 && attempts[0]?.status === 'paid' && attempts[0]?.currency === 'bdt' && attempts[0]?.amountMinor === order?.pricePaisa,
      `${tally(attempts.map((attempt) => `${String(attempt.status)} ${String(attempt.amountMinor)} paisa`))}`],
    ['one enrolment', enrolledAfter - enrolledBefore === 1 && enrolmentClaims === 1, `Enrolled ${enrolledBefore} → ${enrolledAfter}; ${enrolmentClaims} enrolment claim(s)`],
    ['one receipt e-mail', receipts === 1, `${receipts} receipt(s) for the order in the outbox`],
    ['My Collection (through the balancer)', paidHere === 1, `paid list: ${paidHere} entry for the course`],
  ];
}

function noServerErrors(all: Answer[]): Figure {
  const serverErrors = all.filter((answer) => answer.status >= 500 || answer.status === 0);
  return ['no 5xx and no dropped request from either instance', serverErrors.length === 0, serverErrors.length ? serverErrors.map(shortly).join('; ') : 'none'];
}

function decodeHtml(value: string): string {
  return value.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
}

/** Check 6: SSLCommerz's IPN (10 copies, A and B in turn) and the buyer's return (on A), at once. */
async function sslcommerzPaidOnce(db: Db, course: CourseDoc): Promise<Outcome> {
  const all: Answer[] = [];
  const enrolledBefore = Number((await db.collection<CourseDoc>('courses').findOne({ _id: course._id }))?.Enrolled ?? 0);
  const started = await startTakaPayment(MULTI_SSLCOMMERZ_BUYER, course, 'sslcommerz', all);

  // The simulator keeps its IPN (signed, recorded, not sent), so that nothing is settled before the race.
  const held = await call(`${SSLCOMMERZ_SIMULATOR}/__simulator/drop-next-ipn`, { method: 'POST' });
  if (!ok(held)) throw new Error(`the SSLCommerz simulator's drop-next-ipn: ${shortly(held)}`);
  // The buyer pays on SSLCommerz's page; the page sends the browser back with a form to post.
  const checkout = await call(started.redirectUrl);
  const action = /<form method="post" action="([^"]+)"/.exec(checkout.text)?.[1];
  if (!ok(checkout) || !action) throw new Error(`SSLCommerz's page: ${shortly(checkout)}`);
  const submitted = await call(new URL(decodeHtml(action), started.redirectUrl).href, {
    body: new URLSearchParams({ method: 'BKASH-BKash', outcome: 'success' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const returnUrl = /<form id="back" method="post" action="([^"]+)"/.exec(submitted.text)?.[1];
  if (!ok(submitted) || !returnUrl) throw new Error(`paying on SSLCommerz's page: ${shortly(submitted)}`);
  const returnForm = new URLSearchParams(
    [...submitted.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [decodeHtml(match[1] ?? ''), decodeHtml(match[2] ?? '')]),
  ).toString();
  const returnPath = new URL(decodeHtml(returnUrl)).pathname;
  const ipns = parse<{ fields: Record<string, string>; status: number | null }[]>(await call(`${SSLCOMMERZ_SIMULATOR}/__simulator/ipns`), 'the simulator\'s IPNs');
  const ipn = ipns.find((entry) => entry.fields.tran_id === started.attemptId);
  if (!ipn) throw new Error(`the simulator recorded no IPN for ${started.attemptId}`);
  const ipnBody = new URLSearchParams(ipn.fields).toString();
  const paidBefore = (await db.collection('orders').findOne({ _id: new ObjectId(started.orderId) }))?.paid === true;

  // All at once: the IPN copies through A and B in turn, and the browser's return on A.
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const racing = [
    ...Array.from({ length: IPN_COPIES }, (_, index) => {
      const [label, base] = index % 2 === 0 ? ['A', A] : ['B', B];
      return call(`${base}/api/payments/sslcommerz/ipn`, { body: ipnBody, headers: form }).then((answer) => ({ label: `IPN ${label}`, answer }));
    }),
    call(`${A}${returnPath}`, { body: returnForm, headers: form }).then((answer) => ({ label: 'return A', answer })),
  ];
  const answers = await Promise.all(racing);
  all.push(...answers.map(({ answer }) => answer));
  const ipnAnswers = answers.filter(({ label }) => label.startsWith('IPN'));
  const returned = answers.find(({ label }) => label === 'return A')?.answer;
  const location = returned?.headers.get('location') ?? '';

  const figures: Figure[] = [
    ['paid on the simulator\'s page, the IPN held back until the race', ipn.status === null && !paidBefore && returnPath === '/api/payments/sslcommerz/return/success' && ipn.fields.status === 'VALID',
      `IPN ${ipn.fields.status ?? '—'} for ${ipn.fields.amount ?? '—'} ${ipn.fields.currency ?? ''} (val_id ${ipn.fields.val_id ?? '—'}), signed over ${ipn.fields.verify_key?.split(',').length ?? 0} fields; order paid before the race: ${String(paidBefore)}`],
    [`${IPN_COPIES} IPN copies at once, A and B in turn: 200 {received: true} each`, ipnAnswers.every(({ answer }) => answer.status === 200 && answer.text.includes('"received":true')), statusesOf(ipnAnswers)],
    ['the buyer\'s return on A at the same moment: 303 to the order\'s payment page', returned?.status === 303 && location.includes(`/payment/${started.orderId}?attempt=${started.attemptId}&returned=success`),
      `${returned ? returned.status || returned.error : '—'} → ${location ? new URL(location).pathname + new URL(location).search : '—'}`],
    ...(await paidOnceFigures(db, course, enrolledBefore, MULTI_SSLCOMMERZ_BUYER, started)),
    noServerErrors(all),
  ];
  return { pass: figures.every(([, good]) => good), lines: [`course "${course.title}", order ${started.orderId}, attempt ${started.attemptId}`, ...figureLines(figures)] };
}

type Delivery = { messageId: string; type: string; body: string; status: string; attempts: (number | string)[] };
type RecordedBkashRequest = { operation: string; statusCode: string | null; body: { paymentID?: string } | string };

/** Check 7: bKash's callback on A and on B, and its SNS notice re-posted to both, at once. */
async function bkashPaidOnce(db: Db, course: CourseDoc): Promise<Outcome> {
  const all: Answer[] = [];
  const enrolledBefore = Number((await db.collection<CourseDoc>('courses').findOne({ _id: course._id }))?.Enrolled ?? 0);
  const started = await startTakaPayment(MULTI_BKASH_BUYER, course, 'bkash', all);
  const paymentID = new URL(started.redirectUrl).searchParams.get('paymentID') ?? '';
  // The buyer's wallet, OTP and PIN on bKash's page, in one step: bKash answers where it sends the browser.
  const authorized = parse<{ redirectUrl: string }>(
    await call(`${BKASH_SIMULATOR}/__simulator/payments/${encodeURIComponent(paymentID)}/authorize`, { json: { outcome: 'success' } }),
    `authorizing ${paymentID} on the bKash simulator`,
  );
  const callback = new URL(authorized.redirectUrl);
  if (callback.pathname !== '/api/payments/bkash/callback' || callback.searchParams.get('status') !== 'success') throw new Error(`bKash sends the buyer to ${authorized.redirectUrl}`);
  const callbackPath = `${callback.pathname}${callback.search}`;

  // The notice exists once the payment is executed (by whichever callback gets there first); it is
  // re-posted to both instances the moment bKash publishes it, while the callbacks are still settling.
  const ofPayment = (delivery: Delivery) => delivery.type === 'Notification' && delivery.body.includes(paymentID);
  const notices = async () => parse<Delivery[]>(await call(`${BKASH_SIMULATOR}/__simulator/notifications`), 'the bKash simulator\'s notifications').filter(ofPayment);
  const repost = async (): Promise<{ label: string; answer: Answer }[]> => {
    const deadline = performance.now() + 10_000;
    while (performance.now() < deadline) {
      const [notice] = await notices();
      if (notice) {
        const headers = {
          'content-type': 'text/plain; charset=UTF-8',
          'x-amz-sns-message-type': notice.type,
          'x-amz-sns-message-id': notice.messageId,
          'x-amz-sns-topic-arn': String((JSON.parse(notice.body) as { TopicArn?: string }).TopicArn ?? ''),
        };
        return Promise.all(
          ([['A', A], ['B', B]] as const).map(async ([label, base]) => ({ label: `notice ${label}`, answer: await call(`${base}/api/payments/bkash/webhook`, { body: notice.body, headers }) })),
        );
      }
      await sleep(10);
    }
    return [];
  };
  const [callbacks, reposted] = await Promise.all([
    Promise.all(([['A', A], ['B', B]] as const).map(async ([label, base]) => ({ label: `callback ${label}`, answer: await call(`${base}${callbackPath}`) }))),
    repost(),
  ]);
  all.push(...callbacks.map(({ answer }) => answer), ...reposted.map(({ answer }) => answer));

  // bKash's own delivery of the notice (through the balancer) finishes too before counting.
  const deadline = performance.now() + 10_000;
  let own = await notices();
  while (performance.now() < deadline && own.some((delivery) => delivery.status === 'pending')) {
    await sleep(100);
    own = await notices();
  }
  const requests = parse<RecordedBkashRequest[]>(await call(`${BKASH_SIMULATOR}/__simulator/requests`), 'the bKash simulator\'s requests');
  const executes = requests.filter((request) => request.operation === 'execute' && typeof request.body === 'object' && request.body.paymentID === paymentID);
  const executed = executes.filter((request) => request.statusCode === '0000').length;
  const landing = `/payment/${started.orderId}?attempt=${started.attemptId}&returned=success`;

  const figures: Figure[] = [
    ['the callback on A and on B at once: 303 each to the order\'s payment page', callbacks.every(({ answer }) => answer.status === 303 && (answer.headers.get('location') ?? '').includes(landing)), statusesOf(callbacks)],
    ['bKash executed the payment once', executed === 1, `execute answered ${tally(executes.map((request) => request.statusCode ?? 'none'))}`],
    ['its SNS notice, re-posted to A and B as it was published: 200 {received: true} each', reposted.length === 2 && reposted.every(({ answer }) => answer.status === 200 && answer.text.includes('"received":true')),
      reposted.length ? statusesOf(reposted) : 'no notice published within 10 s'],
    ['bKash\'s own delivery of the notice (through the balancer)', own.length === 1 && own[0]?.status === 'delivered', own.map((delivery) => `${delivery.status} (${delivery.attempts.join(', ') || 'no attempt'})`).join('; ') || 'none'],
    ...(await paidOnceFigures(db, course, enrolledBefore, MULTI_BKASH_BUYER, started)),
    noServerErrors(all),
  ];
  return { pass: figures.every(([, good]) => good), lines: [`course "${course.title}", order ${started.orderId}, attempt ${started.attemptId}, bKash payment ${paymentID}`, ...figureLines(figures)] };
}

// --- 8-10. nginx's microcache --------------------------------------------------------------------

/**
 * Waits until 0.2-0.5 s into a wall-clock second: nginx keeps a copy until the end of the second the
 * app names, so requests made now share it; and with at most 0.8 s left of it, an instance's last
 * read of the changes (once a second) is always recent enough for it to mark a page
 * (serving/page-cache.mjs: at most 1.9 s between that read and the end of the copy's second).
 */
async function earlyInASecond(): Promise<void> {
  const into = Date.now() % 1000;
  if (into < 200) await sleep(200 - into);
  else if (into > 500) await sleep(1200 - into);
}

const cacheStatus = (answer: Answer) => answer.headers.get('x-cache-status') ?? '—';

/**
 * Check 8: the course page through nginx twice within a second (the second answer is nginx's copy,
 * the same bytes), then its title edited through A at once, while nginx holds that copy: visitors
 * through nginx see the new title within 2 s. And the home page: kept for the same visitor, while a
 * visitor whose browser or cookie asks for Bengali is still sent to /bn.
 */
async function microcacheKeepsAndLetsGo(admin: string, course: CourseDoc): Promise<Outcome> {
  const id = course._id.toHexString();
  const page = `/${course.classCourse}/coursesInfo/${id}`;
  const nonce = `Microcached${Date.now().toString(36)}`;
  // Both instances' page caches hold the page and the home page: nginx's first requests are answered from them.
  for (const base of [A, B, A, B]) for (const path of [page, '/']) await call(`${base}${path}`);

  await earlyInASecond();
  const first = await call(`${LB}${page}`);
  const second = await call(`${LB}${page}`);
  const sameSecond = Math.floor(Number(new Date(first.headers.get('date') ?? 0)) / 1000) === Math.floor(Number(new Date(second.headers.get('date') ?? 0)) / 1000);
  const figures: Figure[] = [
    ['the course page twice within a second through nginx: the second from its copy, the same bytes',
      first.status === 200 && first.text.includes(course.title) && second.status === 200 && cacheStatus(second) === 'HIT' && second.text === first.text,
      `${first.status} ${cacheStatus(first)} in ${ms(first.ms)}, then ${second.status} ${cacheStatus(second)} in ${ms(second.ms)}; same bytes: ${String(second.text === first.text)}; same second: ${String(sameSecond)}`],
  ];

  // The edit lands while nginx still holds the old page.
  const edit = await updateCourse(A, admin, id, { title: `${course.title} ${nonce}` });
  const editedAt = performance.now();
  if (edit.status !== 200) throw new Error(`the edit on A: ${shortly(edit)}`);
  const statuses: string[] = [];
  let seenAfter: number | null = null;
  while (performance.now() - editedAt < POLL_LIMIT_MS && seenAfter === null) {
    const answer = await call(`${LB}${page}`, { timeoutMs: 5000 });
    statuses.push(answer.status === 200 ? cacheStatus(answer) : String(answer.status || answer.error));
    if (answer.status === 200 && answer.text.includes(nonce)) seenAfter = performance.now() - editedAt;
    else await sleep(MICROCACHE_POLL_EVERY_MS);
  }
  figures.push([
    'the title edited through A while nginx held the page: the new title through nginx within 2 s',
    seenAfter !== null && seenAfter <= SEEN_WITHIN_MS,
    `${seenAfter === null ? `still the old title after ${secs(POLL_LIMIT_MS)}` : ms(seenAfter)} after A answered the edit (in ${ms(edit.ms)}); nginx until then: ${tally(statuses)}`,
  ]);

  // The home page: its language is chosen per visitor (cookie, Accept-Language), and it says so in its Vary.
  await earlyInASecond();
  const home = [await call(`${LB}/`), await call(`${LB}/`)];
  const toBengali = [
    await call(`${LB}/`, { headers: { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' } }),
    await call(`${LB}/`, { cookie: 'KZ_LOCALE=bn' }),
  ];
  const sentToBengali = (answer: Answer) => answer.status >= 300 && answer.status < 400 && /\/bn\/?$/.test(new URL(answer.headers.get('location') ?? '/', LB).pathname);
  figures.push([
    'the home page: the same visitor twice gets nginx\'s copy; a visitor asking for Bengali (browser, cookie) is still sent to /bn',
    home.every((answer) => answer.status === 200) && cacheStatus(home[1] as Answer) === 'HIT' && toBengali.every(sentToBengali),
    `${home.map((answer) => `${answer.status} ${cacheStatus(answer)}`).join(', ')} (Vary: ${home[0]?.headers.get('vary') ?? '—'}); ` +
      `Bengali browser ${toBengali[0]?.status} → ${toBengali[0]?.headers.get('location') ?? '—'}, Bengali cookie ${toBengali[1]?.status} → ${toBengali[1]?.headers.get('location') ?? '—'}`,
  ]);
  return { pass: figures.every(([, good]) => good), lines: [`course "${course.title}" (${page}); new title adds "${nonce}"`, ...figureLines(figures)] };
}

/**
 * Check 9: two signed-in users, each with an order of their own, ask for My Order (and My
 * Collection) through nginx at the same moment, four times: each gets their own page, never from
 * nginx's copy, and a visitor without a session is sent to log in. A signed-in user's request for an
 * admin page is answered with a cookie (the session cleared, and a redirect to log in): never kept.
 */
async function privatePagesNeverKept(course: CourseDoc): Promise<Outcome> {
  const [first, second] = MULTI_PRIVATE_VIEWERS as [string, string];
  const viewers = await Promise.all(
    [first, second].map(async (email) => {
      const cookie = await signIn(LB, email, MULTI_PASSWORD);
      const ordered = parse<{ insertedId: string }>(await call(`${LB}/api/order`, { cookie, json: { id: course._id.toHexString() } }), `${email} ordering`);
      return { email, cookie, orderId: ordered.insertedId };
    }),
  );
  const [one, other] = viewers as [(typeof viewers)[0], (typeof viewers)[0]];
  const seen: string[] = [];
  let ownPages = 0;
  let othersOrders = 0;
  let fromCopies = 0;
  let rounds = 0;
  for (; rounds < 4; rounds += 1) {
    const answers = await Promise.all(
      [one, other].flatMap((viewer) => ['/myOrder', '/myCollection'].map(async (page) => ({ viewer, page, answer: await call(`${LB}${page}`, { cookie: viewer.cookie }) }))),
    );
    for (const { viewer, page, answer } of answers) {
      const otherViewer = viewer === one ? other : one;
      seen.push(`${page} ${answer.status} ${cacheStatus(answer)}`);
      if (FROM_A_COPY.includes(cacheStatus(answer))) fromCopies += 1;
      if (answer.text.includes(otherViewer.orderId)) othersOrders += 1;
      if (page === '/myOrder' && answer.status === 200 && answer.text.includes(viewer.orderId)) ownPages += 1;
    }
  }
  const anonymous = await call(`${LB}/myOrder`);
  // One of them asks for an admin page: the proxy clears their session cookie and sends them to log in.
  const adminPage = [await call(`${LB}/admin/sales`, { cookie: one.cookie }), await call(`${LB}/admin/sales`, { cookie: one.cookie })];

  const figures: Figure[] = [
    [`My Order and My Collection for two users at the same moment, ${rounds} times: each their own orders page, never the other's order`,
      ownPages === rounds * 2 && othersOrders === 0, `${ownPages} of ${rounds * 2} orders pages with the viewer's own order; ${othersOrders} answer(s) with the other's order`],
    ['never from nginx\'s copy', fromCopies === 0, tally(seen)],
    ['My Order without a session right after: sent to log in', anonymous.status >= 300 && anonymous.status < 400 && (anonymous.headers.get('location') ?? '').includes('/login') && !FROM_A_COPY.includes(cacheStatus(anonymous)),
      `${anonymous.status} ${cacheStatus(anonymous)} → ${anonymous.headers.get('location') ?? '—'}`],
    ['an answer that sets a cookie (an admin page asked by a non-admin) twice: a fresh one each time, never kept',
      adminPage.every((answer) => answer.status >= 300 && answer.status < 400 && answer.headers.getSetCookie().length > 0 && !FROM_A_COPY.includes(cacheStatus(answer))),
      adminPage.map((answer) => `${answer.status} ${cacheStatus(answer)} with ${answer.headers.getSetCookie().length} Set-Cookie`).join(', ')],
  ];
  return { pass: figures.every(([, good]) => good), lines: [`${one.email} (order ${one.orderId}) and ${other.email} (order ${other.orderId})`, ...figureLines(figures)] };
}

/**
 * Check 10: an instance asked directly marks a cacheable public page with X-Accel-Expires (until the
 * end of the current second), and none of the private answers nor those with Set-Cookie; nginx never
 * passes it on.
 */
async function sharedCacheMarks(admin: string, course: CourseDoc): Promise<Outcome> {
  const id = course._id.toHexString();
  const page = `/${course.classCourse}/coursesInfo/${id}`;
  const [viewer] = MULTI_PRIVATE_VIEWERS as [string];
  const cookie = await signIn(A, viewer, MULTI_PASSWORD);
  const mark = (answer: Answer) => answer.headers.get('x-accel-expires');
  const nowSecond = () => Math.floor(Date.now() / 1000);

  await call(`${A}${page}`);
  await earlyInASecond();
  const direct = await call(`${A}${page}`);
  const second = nowSecond();
  const marked = /^@(\d+)$/.exec(mark(direct) ?? '');
  const through = [await call(`${LB}${page}`), await call(`${LB}${page}`), await call(`${LB}/`), await call(`${LB}/blogs`)];

  const privateAnswers: [string, Answer][] = [
    ['My Order', await call(`${A}/myOrder`, { cookie })],
    ['My Collection', await call(`${A}/myCollection`, { cookie })],
    ['My Profile', await call(`${A}/myProfile`, { cookie })],
    ['the lesson player', await call(`${A}/learn/${id}`, { cookie })],
    ['an admin page (the admin)', await call(`${A}/admin/sales`, { cookie: admin })],
    ['the user list (the admin)', await call(`${A}/users`, { cookie: admin })],
    ['an admin page asked by a non-admin (Set-Cookie)', await call(`${A}/admin/sales`, { cookie })],
    ['My Order without a session (redirect)', await call(`${A}/myOrder`)],
    ['API: the paid orders', await call(`${A}/api/paidOrder?email=${encodeURIComponent(viewer)}`, { cookie })],
    ['API: a course read by a signed-in caller', await call(`${A}/api/course/${id}`, { cookie })],
    ['API: the same read without credentials (kept by the instance only)', await call(`${A}/api/course/${id}`)],
    ['the course page as a router payload', await call(`${A}${page}`, { headers: { rsc: '1' } })],
  ];
  const unexpected = privateAnswers.filter(([, answer]) => answer.status === 0 || answer.status >= 500);
  const markedPrivately = privateAnswers.filter(([, answer]) => mark(answer) !== null);

  const figures: Figure[] = [
    ['the course page asked of A directly: marked for the end of the current second',
      direct.status === 200 && direct.headers.get('x-kz-page-cache') === 'HIT' && marked !== null && Number(marked[1]) === second,
      `${direct.status} ${direct.headers.get('x-kz-page-cache') ?? '—'}, X-Accel-Expires ${mark(direct) ?? 'none'} (second ${second} now)`],
    ['through nginx (the course page twice, the home page, the blogs): never passed on', through.every((answer) => answer.status === 200 && mark(answer) === null),
      through.map((answer) => `${answer.status} ${cacheStatus(answer)} ${mark(answer) ?? 'no X-Accel-Expires'}`).join(', ')],
    [`${privateAnswers.length} private or uncached answers asked of A directly: none marked`, markedPrivately.length === 0 && unexpected.length === 0,
      markedPrivately.length || unexpected.length
        ? [...markedPrivately.map(([name, answer]) => `${name}: ${mark(answer)}`), ...unexpected.map(([name, answer]) => `${name}: ${shortly(answer)}`)].join('; ')
        : privateAnswers.map(([name, answer]) => `${name} ${answer.status}${answer.headers.getSetCookie().length ? ' +Set-Cookie' : ''}`).join(', ')],
  ];
  return { pass: figures.every(([, good]) => good), lines: [`course page ${page}, viewer ${viewer}`, ...figureLines(figures)] };
}

// --- 11. SIGTERM of one instance mid-traffic ---------------------------------------------------

async function sigtermMidTraffic(courses: CourseDoc[]): Promise<Outcome> {
  const pid = pidOf(A_PIDFILE);
  if (pid === null || !alive(pid)) throw new Error(`instance A is not running (pidfile ${A_PIDFILE})`);
  const [first, second] = courses;
  const paths = [
    '/', '/courses', '/classes', '/books', '/blogs', '/instructor',
    ...(first ? [`/${first.classCourse}/coursesInfo/${first._id.toHexString()}`, `/api/course/${first._id.toHexString()}`] : []),
    ...(second ? [`/${second.classCourse}/coursesInfo/${second._id.toHexString()}`, `/api/courses/${second.classCourse}`] : []),
    '/api/searchCourse?q=Mathematics', '/api/blogs', '/api/books',
  ];
  // Every path answers through the balancer before the load (a wrong path would count as a failure).
  for (const pathname of paths) {
    const answer = await request(`${LB}${pathname}`, { timeoutMs: 30_000, keepBytes: 0 });
    if (answer.status < 200 || answer.status >= 400) throw new Error(`${pathname} answered ${answer.status || answer.error} through the balancer before the load`);
  }
  let logOffset = 0;
  try {
    logOffset = statSync(LB_ACCESS_LOG).size;
  } catch {
    // no log yet
  }

  const samples: Sample[] = [];
  const started = clock();
  let sigtermAt: number | null = null;
  let exitedAt: number | null = null;
  const killer = (async () => {
    await sleep(SIGTERM_AT_MS);
    sigtermAt = clock();
    process.kill(pid, 'SIGTERM');
    while (alive(pid) && clock() - sigtermAt < EXIT_LIMIT_MS) await sleep(20);
    if (!alive(pid)) exitedAt = clock();
  })();
  let turn = 0;
  await Promise.all(
    Array.from({ length: LOAD_CLIENTS }, async () => {
      while (clock() - started < LOAD_MS) {
        turn += 1;
        samples.push(await request(`${LB}${paths[turn % paths.length]}`, { timeoutMs: 30_000, keepBytes: 0 }));
      }
    }),
  );
  await killer;
  const exitedAfter = exitedAt !== null && sigtermAt !== null ? (exitedAt as number) - (sigtermAt as number) : null;

  const failed = samples.filter((sample) => sample.status === 0 || sample.status >= 400);
  const after = sigtermAt === null ? [] : samples.filter((sample) => sample.endedAt >= (sigtermAt as number));
  // Which instance nginx used, from its access log for the load (a retry shows as "a, b").
  let upstreams = 'no access log';
  try {
    const lines = readFileSync(LB_ACCESS_LOG, 'utf8').slice(logOffset).split('\n').filter(Boolean);
    const addresses = lines.map((line) => /upstream=(.*?) upstream_status=(.*?) upstream_time/.exec(line)).filter((match): match is RegExpExecArray => match !== null);
    upstreams =
      `${addresses.filter((match) => !match[1]?.includes(',') && match[1]?.endsWith(new URL(A).port)).length} by A, ` +
      `${addresses.filter((match) => !match[1]?.includes(',') && match[1]?.endsWith(new URL(B).port)).length} by B, ` +
      `${addresses.filter((match) => match[1]?.includes(',')).length} passed on to the other instance (upstream statuses of those: ${tally(addresses.filter((match) => match[1]?.includes(',')).map((match) => `"${match[2] ?? ''}"`))})`;
  } catch {
    // keep "no access log"
  }
  const pass = failed.length === 0 && samples.length > 0 && exitedAfter !== null;
  return {
    pass,
    lines: [
      `${LOAD_CLIENTS} clients for ${secs(LOAD_MS)} through the balancer over ${paths.length} pages and API reads; SIGTERM to A (pid ${pid}) at ${secs(SIGTERM_AT_MS)}`,
      `  requests: ${samples.length} (${after.length} finished after the SIGTERM); answers ${tally(samples.map((sample) => sample.status || sample.error || 'none'))}`,
      `  failed (no answer, or 4xx/5xx): ${failed.length}${failed.length ? ` — ${tally(failed.map((sample) => `${sample.status || sample.error}`))}` : ''}`,
      `  A exited: ${exitedAfter === null ? `NO, still running ${secs(EXIT_LIMIT_MS)} after SIGTERM` : `${ms(exitedAfter)} after SIGTERM`}`,
      `  nginx: ${upstreams}`,
    ],
  };
}

// --- main ------------------------------------------------------------------------------------

/** Titles that read the same in HTML (no entity escaping), so a page can be searched for them. */
const PLAIN_TITLE = /^[A-Za-z0-9 :,.-]+$/;

async function main(): Promise<number> {
  const client = new MongoClient(MONGODB_URI, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  try {
    const db = client.db();
    const forSale = (await db.collection<CourseDoc>('courses').find({ priceCents: { $gt: 0 } }).sort({ _id: 1 }).toArray())
      .filter((course) => course.comingSoon !== true && PLAIN_TITLE.test(course.title));
    // Check 1 needs a course its list page shows on page one; checks 2 and 4 each get another course.
    let edited: CourseDoc | undefined;
    for (const course of forSale.slice(0, 15)) {
      const page = await call(`${B}${listPageFor(course.classCourse as CourseList).href}`);
      if (page.status === 200 && page.text.includes(course._id.toHexString())) {
        edited = course;
        break;
      }
    }
    const others = forSale.filter((course) => course !== edited);
    const [priced, paidTwice, promoted] = others;
    // Checks 6 and 7 each pay a course of their own in taka.
    const [paidInTaka, paidWithBkash] = others.slice(3).filter((course) => Number(course.pricePaisa) > 0);
    const [reviewedBook, otherBook] = await db.collection<BookDoc>('books').find({ priceCents: { $gt: 0 } }).sort({ _id: 1 }).limit(2).toArray();
    const quietCourse = forSale.find((course) => course.classCourse !== edited?.classCourse && course !== priced);
    // Checks 8-10 edit and order a course no other check buys.
    const microcached = forSale.find((course) => ![edited, priced, paidTwice, promoted, paidInTaka, paidWithBkash, quietCourse].includes(course));
    if (!edited || !priced || !paidTwice || !promoted || !paidInTaka || !paidWithBkash || !quietCourse || !microcached || !reviewedBook || !otherBook) {
      throw new Error('The seeded catalogue needs eight courses on sale in two lists, one of them on its list\'s first page and two with a price in taka, and two books on sale');
    }
    const admin = await signIn(A, ADMIN.email, ADMIN.password);

    const checks: [string, () => Promise<Outcome>][] = [
      ['1. An edit on A is seen on B within 2 s (pages, search, API)', () => editSeenOnB(db, admin, edited)],
      ['1b. A review on A reaches the book\'s page on B within 2 s and leaves B\'s unrelated pages in its page cache', () => reviewLeavesOthersHot(db, reviewedBook, otherBook, quietCourse)],
      ['2. A price change on A is charged on B at once', () => priceChargedOnB(db, admin, priced)],
      ['3. Wrong passwords spread over A and B lock the client out of the account after the same count as on one instance; the owner is not locked out', loginLockSpread],
      ['4. The same order paid through A and B at once is fulfilled once', () => paidThroughBoth(db, paidTwice)],
      ['5. A promo code limited to 5, applied by 20 buyers through A and B at once, is used exactly 5 times', () => promoRaceThroughBoth(db, admin, promoted)],
      [`6. An SSLCommerz payment's IPN sent ${IPN_COPIES} times through A and B plus the buyer's return, at once, pays the order once`, () => sslcommerzPaidOnce(db, paidInTaka)],
      ['7. A bKash payment\'s callback on A and B plus its webhook notice to both, at once, pays the order once', () => bkashPaidOnce(db, paidWithBkash)],
      ['8. nginx\'s microcache answers a public page within its second, and an edit on A reaches visitors through nginx within 2 s', () => microcacheKeepsAndLetsGo(admin, microcached)],
      ['9. Signed-in pages through nginx are never kept: each user gets their own; an answer that sets a cookie is never kept', () => privatePagesNeverKept(microcached)],
      ['10. X-Accel-Expires is on an instance\'s cacheable public pages only, and never passed on by nginx', () => sharedCacheMarks(admin, microcached)],
      ['11. SIGTERM of instance A mid-traffic: no failed request through the balancer', () => sigtermMidTraffic(forSale)],
    ];
    const verdicts: boolean[] = [];
    for (const [title, run] of checks) {
      const startedAt = performance.now();
      let outcome: Outcome;
      try {
        outcome = await run();
      } catch (error) {
        outcome = { pass: false, lines: [`did not complete: ${error instanceof Error ? error.message : String(error)}`] };
      }
      verdicts.push(outcome.pass);
      say(`${outcome.pass ? 'PASS' : 'FAIL'}  ${title}  (${secs(performance.now() - startedAt)})`);
      for (const line of outcome.lines) say(`      ${line}`);
    }
    const failed = verdicts.filter((pass) => !pass).length;
    say(failed ? `${failed} of ${verdicts.length} multi-instance checks FAILED` : `all ${verdicts.length} multi-instance checks passed`);
    return failed ? 1 : 0;
  } finally {
    await client.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
