// npx tsx --conditions=react-server scripts/bench/cache-churn.ts
// (scripts/bench/cache-churn.sh starts the database and the app, and sets CHURN_*)
//
// The page cache while the site changes. 50 connections browse 200 warm public pages (home, the 21
// lists, 130 course pages, 48 book pages) with wrk for CHURN_SECONDS, three times in one run:
// without writes, while writes go on, and without writes again. The writes: every 2 s a review of
// one of those courses or books by a buyer of it (PUT /api/items/{id}/reviews/mine through the app,
// rating changed each time), and every 2 s, offset by a second, a sale of one of the courses
// (fulfilOrder from this process, as a payment confirmed on another instance would). Budgets, against
// the run without writes before them: page-cache hit share ≥ 99 %, req/s ≥ 0.9×, p95 ≤ 1.2×. The run
// after them (the pages the writes touched rendered again by then) is printed for comparison.
//
// Prints a table; exits 1 when a budget is missed, 2 when the run could not complete.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { LIST_PAGES } from '@/lib/catalogue';
import { collection, closeDb } from '@/server/platform/db';
import { fulfilOrder } from '@/server/commerce/fulfilment';
import { createPasswordUser } from '@/server/accounts/users';
import { rssMiB } from '../chaos/pids';
import { signIn } from './load';

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`${name} is not set (run the bench through scripts/bench/cache-churn.sh)`);
  return value;
}

const BASE = required('CHURN_BASE_URL');
const WORK_DIR = required('CHURN_WORK_DIR');
const SECONDS = Number(process.env.CHURN_SECONDS ?? 20);
/** The app server's pid, for its resident memory after each run (0: not known). */
const APP_PID = Number(process.env.CHURN_APP_PID ?? 0);
const CONNECTIONS = 50;
const THREADS = 2;
const WRITE_EVERY_MS = 2000;
const COURSE_PAGES = 130;
const BOOK_PAGES = 48;
const SCRIPT = 'scripts/bench/wrk/page-cache-states.lua';
const BUDGET = { hitShare: 0.99, throughput: 0.9, p95: 1.2 };
const REVIEWER = { email: 'churn-reviewer@knowledgezone.test', password: 'KzChurnReviewer#2026', name: 'Churn Reviewer' };
const DAY_MS = 24 * 3_600_000;

type WrkResult = {
  seconds: number;
  requests: number;
  latencyUs: { p50: number; p95: number; p99: number; max: number };
  errors: Record<'connect' | 'read' | 'write' | 'status' | 'timeout', number>;
  counters: { non200: number; pageCacheHits: number; pageCacheStale: number };
};

/** One run of wrk over the pages (a child process: the writers in this one run beside it). */
function browse(pathsFile: string): Promise<WrkResult> {
  const args = ['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', `${SECONDS}s`, '--timeout', '10s', '-s', SCRIPT, BASE, '--', pathsFile, String(THREADS)];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { timeout: (SECONDS + 30) * 1000 });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => reject(new Error(`wrk did not run: ${error.message}`)));
    child.on('close', (code) => {
      const line = /^WRK_RESULT (.+)$/m.exec(output)?.[1];
      if (code !== 0 || !line) reject(new Error(`wrk exited with ${code}: ${output.trim().slice(0, 400)}`));
      else resolve(JSON.parse(line) as WrkResult);
    });
  });
}

type Item = { kind: 'course' | 'book'; id: ObjectId; path: string; name: string; priceCents: number; img: string };

/** The 200 pages: home, every course list and the Books and Blogs lists, the first courses and books by id. */
async function pagesToBrowse(): Promise<{ paths: string[]; items: Item[] }> {
  const courses = await (await collection('courses')).find({ comingSoon: { $ne: true } }, { projection: { title: 1, classCourse: 1, priceCents: 1, img: 1 } }).sort({ _id: 1 }).limit(COURSE_PAGES).toArray();
  const books = await (await collection('books')).find({}, { projection: { bookName: 1, priceCents: 1, img: 1 } }).sort({ _id: 1 }).limit(BOOK_PAGES).toArray();
  if (courses.length < COURSE_PAGES || books.length < BOOK_PAGES) throw new Error(`the catalogue has ${courses.length} courses and ${books.length} books; ${COURSE_PAGES} and ${BOOK_PAGES} are needed`);
  const items: Item[] = [
    ...courses.map((course) => ({ kind: 'course' as const, id: course._id, path: `/${course.classCourse}/coursesInfo/${course._id.toHexString()}`, name: course.title, priceCents: course.priceCents, img: course.img })),
    ...books.map((book) => ({ kind: 'book' as const, id: book._id, path: `/book/${book._id.toHexString()}`, name: book.bookName, priceCents: book.priceCents, img: book.img })),
  ];
  const lists = [...LIST_PAGES.map((page) => page.href), '/books', '/blogs'];
  return { paths: ['/', ...lists, ...items.map((item) => item.path)], items };
}

/** The reviewer bought every browsed item 8 days ago (a course may be reviewed 7 days after its purchase). */
async function reviewerOwningAll(items: Item[]): Promise<string> {
  const user = await createPasswordUser({ name: REVIEWER.name, email: REVIEWER.email, password: REVIEWER.password, verified: true });
  const userId = user ? new ObjectId(user.id) : (await (await collection('users')).findOne({ email: REVIEWER.email }))?._id;
  if (!userId) throw new Error('the reviewer could not be made');
  const paidAt = new Date(Date.now() - 8 * DAY_MS);
  await (await collection('orders')).insertMany(
    items.map((item, index) => ({
      _id: new ObjectId(), userId, userName: REVIEWER.name, email: REVIEWER.email, itemKind: item.kind, itemId: item.id, productName: item.name, img: item.img,
      priceCents: item.priceCents, paid: true, paidAt, transactionId: `pi_churn_reviewer_${index}`, createdAt: paidAt,
    })),
  );
  const signedIn = await signIn(BASE, REVIEWER.email, REVIEWER.password);
  if ('error' in signedIn) throw new Error(`signing the reviewer in: ${signedIn.error}`);
  return signedIn.cookie;
}

type Writes = { reviews: number; reviewFailures: string[]; sales: number; saleFailures: string[] };

/** Reviews and sales every WRITE_EVERY_MS until `stop` resolves. */
async function writeWhile(stop: Promise<unknown>, items: Item[], cookie: string): Promise<Writes> {
  const writes: Writes = { reviews: 0, reviewFailures: [], sales: 0, saleFailures: [] };
  const courses = items.filter((item) => item.kind === 'course' && item.priceCents > 0);
  let stopped = false;
  void stop.finally(() => (stopped = true)).catch(() => undefined);
  const review = async (round: number) => {
    const item = items[(round * 37) % items.length]!;
    const answer = await fetch(`${BASE}/api/items/${item.id.toHexString()}/reviews/mine`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ rating: 3 + (round % 3), body: `Review ${round} written while the pages are browsed.` }),
    });
    if (answer.ok) writes.reviews += 1;
    else writes.reviewFailures.push(`${answer.status} ${(await answer.text()).slice(0, 120)}`);
  };
  const sale = async (round: number) => {
    const course = courses[(round * 17) % courses.length]!;
    const orderId = new ObjectId();
    await (await collection('orders')).insertOne({
      _id: orderId, userId: new ObjectId(), userName: `Churn Buyer ${round}`, email: `churn-buyer-${round}@knowledgezone.test`, itemKind: 'course', itemId: course.id,
      productName: course.name, img: course.img, priceCents: course.priceCents, paid: false, createdAt: new Date(),
    });
    const outcome = await fulfilOrder(orderId.toHexString(), `pi_churn_sale_${round}`, { currency: 'usd', minor: course.priceCents });
    if (outcome.status === 'fulfilled') writes.sales += 1;
    else writes.saleFailures.push(JSON.stringify(outcome));
  };
  for (let round = 0; !stopped; round += 1) {
    const started = performance.now();
    await review(round).catch((error: unknown) => writes.reviewFailures.push(String(error)));
    await sleep(WRITE_EVERY_MS / 2 - (performance.now() - started));
    if (stopped) break;
    const half = performance.now();
    await sale(round).catch((error: unknown) => writes.saleFailures.push(String(error)));
    await sleep(WRITE_EVERY_MS / 2 - (performance.now() - half));
  }
  return writes;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function warm(paths: string[]): Promise<void> {
  for (let round = 0; round < 2; round += 1) {
    for (let start = 0; start < paths.length; start += 10) {
      await Promise.all(
        paths.slice(start, start + 10).map(async (page) => {
          const answer = await fetch(`${BASE}${page}`, { headers: { 'accept-encoding': 'gzip' } });
          await answer.arrayBuffer();
          if (answer.status !== 200) throw new Error(`${page} answered ${answer.status}`);
        }),
      );
    }
  }
}

type Row = { name: string; result: WrkResult; rssMiB: number | null };
const reqPerSecond = (result: WrkResult) => result.requests / result.seconds;
const hitShare = (result: WrkResult) => result.counters.pageCacheHits / Math.max(1, result.requests);
const p95Ms = (result: WrkResult) => result.latencyUs.p95 / 1000;

function printRuns(rows: Row[]): void {
  console.log('\n|  | req/s | p50 | p95 | p99 | page-cache HIT | STALE | not 200 | errors | app RSS after |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { name, result, rssMiB } of rows) {
    const errors = Object.values(result.errors).reduce((sum, count) => sum + count, 0);
    console.log(
      `| ${name} | ${Math.round(reqPerSecond(result)).toLocaleString('en')} | ${(result.latencyUs.p50 / 1000).toFixed(1)} ms | ${p95Ms(result).toFixed(1)} ms | ${(result.latencyUs.p99 / 1000).toFixed(1)} ms | ` +
        `${(100 * hitShare(result)).toFixed(2)} % | ${(100 * result.counters.pageCacheStale / Math.max(1, result.requests)).toFixed(2)} % | ${result.counters.non200} | ${errors} | ${rssMiB === null ? '—' : `${Math.round(rssMiB)} MiB`} |`,
    );
  }
}

async function main(): Promise<number> {
  const { paths, items } = await pagesToBrowse();
  const pathsFile = path.join(WORK_DIR, 'browse-paths.txt');
  writeFileSync(pathsFile, `${paths.join('\n')}\n`);
  const cookie = await reviewerOwningAll(items);
  await warm(paths);
  const log = await collection('publicChanges');
  console.log(`\nPage cache while the site changes — ${paths.length} warm pages, ${CONNECTIONS} connections, ${SECONDS} s a run; ${cpus().length} CPU(s), load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);

  const quietBefore = await browse(pathsFile);
  const rssBefore = rssMiB(APP_PID);
  const changesBefore = await log.countDocuments({});
  const churned = browse(pathsFile);
  const writing = writeWhile(churned, items, cookie);
  const churn = await churned;
  const rssChurn = rssMiB(APP_PID);
  const writes = await writing;
  const announced = (await log.countDocuments({})) - changesBefore;
  await sleep(3000); // the last writes' pages forgotten and rendered again before the second quiet run
  await warm(paths);
  const quietAfter = await browse(pathsFile);
  const rssAfter = rssMiB(APP_PID);

  printRuns([
    { name: 'browse, no writes (before)', result: quietBefore, rssMiB: rssBefore },
    { name: `browse while a review and a sale are made every ${WRITE_EVERY_MS / 1000} s`, result: churn, rssMiB: rssChurn },
    { name: 'browse, no writes (after)', result: quietAfter, rssMiB: rssAfter },
  ]);
  const baseline = { reqPerSecond: reqPerSecond(quietBefore), p95: p95Ms(quietBefore) };
  const figures = [
    { name: 'page-cache hit share while writing', pass: hitShare(churn) >= BUDGET.hitShare, text: `${(100 * hitShare(churn)).toFixed(2)} % (budget ≥ ${100 * BUDGET.hitShare} %)` },
    { name: 'req/s while writing vs without', pass: reqPerSecond(churn) >= BUDGET.throughput * baseline.reqPerSecond, text: `${(reqPerSecond(churn) / baseline.reqPerSecond).toFixed(2)}× (budget ≥ ${BUDGET.throughput}×)` },
    { name: 'p95 while writing vs without', pass: p95Ms(churn) <= BUDGET.p95 * baseline.p95, text: `${(p95Ms(churn) / baseline.p95).toFixed(2)}× (budget ≤ ${BUDGET.p95}×)` },
  ];
  console.log(`\nWhile writing: ${writes.reviews} reviews and ${writes.sales} sales made, ${announced} changes announced${writes.reviewFailures.length + writes.saleFailures.length ? `; failures: ${[...writes.reviewFailures, ...writes.saleFailures].slice(0, 3).join('; ')}` : ''}`);
  for (const figure of figures) console.log(`${figure.pass ? 'PASS' : 'FAIL'}  ${figure.name}: ${figure.text}`);
  const complete = writes.reviews > 0 && writes.sales > 0 && writes.reviewFailures.length === 0 && writes.saleFailures.length === 0;
  if (!complete) {
    console.log('THE WRITES DID NOT ALL GO THROUGH: the run does not measure what it says');
    return 2;
  }
  return figures.every((figure) => figure.pass) ? 0 : 1;
}

main()
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await closeDb().catch(() => undefined);
    process.exit(2);
  });
