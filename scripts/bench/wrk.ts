// The instances phase of `npm run bench`: cached-page throughput and latency measured with wrk
// against the servers scripts/bench/instances.sh started (it runs this file and stops them after).
//
//   1. nginx serving the course page's bytes as a static file (the machine's reference)
//   2. one instance, page cache hit
//   3. nginx balancing over two instances, page cache hit
//   4. one instance with PAGE_CACHE=off: Next's own ISR cache hit
//   5. one instance, page cache miss: every request a course page it has never been asked for
//   6. search on the database path: `/api/searchCourse?q=` and the header's suggestions,
//      every request a term not searched before (words, fragments and misspellings of the titles)
//   7. the legacy API's reads next to the Express server the app replaced
//      (scripts/bench/express-baseline.mjs, started by instances.sh): `/api/course/{id}` and
//      Express's `/course/{id}` at 10 and 50 connections, each request an id not asked before;
//      `/api/course/{id}` for one course again and again, the whole `/api/books` list at 50
//      connections, and course, book and blog addresses of items that do not exist (404s)
//   8. the cached home at 200 connections, then the same bytes from a bare Node server
//      (scripts/bench/bare-node-server.mjs, started here for that case only), and a mixed workload
//      at 50 and 200 connections: 80 % cached pages, 10 % searches, 5 % signed-in pages, 5 % orders
//      (scripts/bench/mixed.ts)
//   9. the crawl (scripts/bench/crawl.ts): 1,000 course pages and 500 book and blog pages nobody
//      asked for before, each once, 10 at a time
//  10. case 2 again on a large heap: once instance A has rendered more than 2,000 pages nobody asked
//      for before (cases 5 and 9, topped up when they fell short)
//  11. memory after first renders: instance C's RSS before and after 2,000 course pages
//      it has never rendered (C, because A has rendered thousands of pages by then: "where it
//      started" would not be)
//
// wrk, not autocannon: autocannon's own CPU per request saturates before nginx does, which would
// make the app/nginx ratio look better than it is. Writes bench/results/instances-latest.md (and
// the raw figures to BENCH_INSTANCES_DIR/instances.json); with BENCH_REPORT_MD, puts the same
// section into that report (run.sh's bench/results/latest.md of the same run).
//
// Environment (set by instances.sh): BENCH_MONGODB_URI BENCH_MANIFEST BENCH_INSTANCES_DIR
// BENCH_RESULTS_DIR WRK_STATIC_URL WRK_A_URL WRK_LB_URL WRK_C_URL WRK_C_PIDFILE WRK_EXPRESS_URL
// WRK_BARE_PORT WRK_BARE_PIDFILE [BENCH_WRK_SECONDS=10] [BENCH_REPORT_MD]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { rssMiB } from '../chaos/pids';
import { crawl, type CrawlPage, type CrawlResult } from './crawl';
import { signIn } from './load';
import { mixedRequestLines, mixedRequests } from './mixed';
import { createRandom } from './random';

const THREADS = 2;
const HIT_CONNECTIONS = 50;
const MISS_CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;
/** Course pages kept for the miss case's warm-up; the measured run gets all the others. */
const WARM_UP_PATHS = 1000;
const SUMMARY_SCRIPT = 'scripts/bench/wrk/summary.lua';
const FIRST_RENDER_SCRIPT = 'scripts/bench/wrk/first-render.lua';
const MIXED_SCRIPT = 'scripts/bench/wrk/mixed.lua';
const BARE_SERVER_SCRIPT = 'scripts/bench/bare-node-server.mjs';
const ACCEPT_ENCODING = 'gzip';
/** A cached catalogue page on one instance: at least this share of nginx's req/s for the same bytes. */
const PAGE_CACHE_BUDGET = 0.3;
/** Cases that cycle through a list of paths (first-render.lua), which checks every answer's status. */
const PATH_LIST_CASES = new Set<string>(['miss', 'search10', 'search50', 'suggest10', 'apiIds10', 'apiIds50', 'expressIds10', 'expressIds50', 'unknown10']);
const MIXED_CASES = new Set<string>(['mixed50', 'mixed200']);
/** The cached home at 200 connections: its p99 at most this many times a bare Node server's for the same bytes. */
const HOME_200_BARE_P99_FACTOR = 1.5;
/**
 * That case runs three times as long as the others: a 10 s run's p99 read 500–900 ms where a 30 s
 * run on the same fresh instance read 131 ms, while the server's event loop never stalled over
 * 50 ms — the start of a run (200 connections opened at once, wrk and the server on the same 2
 * cores) weighs too much on a short one.
 */
const HOME_200_RUN_FACTOR = 3;
/**
 * The never-repeated id cases run this long at most. The app's two cases share the courses between
 * them (each about 5,000 ids), so 2 s stays within a list up to about 2,500 req/s. A run that laps
 * its list measures the page cache instead, so its figure is not judged against the budget.
 */
const API_IDS_MAX_SECONDS = 2;
/** Made-up ids for the id cases' warm-up: a database read each, without using up the lists' ids. */
const ID_WARM_UP_REQUESTS = 20_000;
/** The app's `/api/course/{id}` on first reads: at least this many times Express's req/s at the same connections. */
const EXPRESS_RATIO_BUDGET = 1;
/** A never-seen catalogue page: p95 within this at 10 connections. */
const FIRST_RENDER_P95_MS = 80;
/** The crawl: never-seen course pages, and book and blog pages of each. */
const CRAWL_COURSES = 1000;
const CRAWL_BOOKS_AND_BLOGS = 250;
/** Buyers signed in for the mixed workload's orders (each may order 120 times in 15 minutes). */
const MIXED_BUYERS = 64;
/** Requests written for each mixed run: more than it can send in its time, so none repeats. */
const MIXED_REQUESTS = 60_000;
/** Unknown ids: answered 404 within this, without a render. */
const UNKNOWN_ID_P95_MS = 5;
/** First renders after which the server's memory is measured, and how much it may have grown. */
const MEMORY_RENDERS = 2000;
const MEMORY_GROWTH_BUDGET_MIB = 300;
/** Pages instance A renders for the first time before the page cache hit is measured again. */
const LARGE_HEAP_RENDERS = 2000;
/** That second page cache hit: at least this share of the first one's req/s. */
const LARGE_HEAP_BUDGET = 0.8;

type WrkResult = {
  seconds: number;
  requests: number;
  bytes: number;
  latencyUs: { mean: number; p50: number; p95: number; p99: number; max: number };
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  counters: { sent: number; non200: number; pageCacheHits: number; isrHits: number; repeats: number; ok2xx: number; redirect3xx: number; client4xx: number; limited429: number; server5xx: number };
};

type Probe = { status: number; bytes: number; sha256: string; encoding: string; cache: string };

type CaseResult = {
  key:
    | 'nginx'
    | 'one'
    | 'two'
    | 'isr'
    | 'miss'
    | 'search10'
    | 'search50'
    | 'suggest10'
    | 'apiIds10'
    | 'expressIds10'
    | 'apiIds50'
    | 'expressIds50'
    | 'apiId10'
    | 'apiBooks50'
    | 'unknown10'
    | 'home200'
    | 'home200Balanced'
    | 'bareHome200'
    | 'mixed50'
    | 'mixed200'
    | 'oneAfterRenders';
  name: string;
  url: string;
  connections: number;
  probe: Probe | null;
  result: WrkResult | null;
  error: string | null;
  /** Requests of the untimed warm-up, where the case has one (first renders, for the miss case). */
  warmUpRequests?: number;
};

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`${name} is not set (scripts/bench/instances.sh sets it)`);
  return value;
}

const seconds = Number(process.env.BENCH_WRK_SECONDS?.trim() || '10');
if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`BENCH_WRK_SECONDS must be a positive number, not "${process.env.BENCH_WRK_SECONDS}"`);

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One GET with the load's Accept-Encoding, body kept as sent (no decompression). */
function getAsSent(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING }, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

async function probe(url: string): Promise<Probe> {
  const { status, headers, body } = await getAsSent(url);
  const header = (name: string) => String(headers[name] ?? '');
  // A page cache hit replays the headers Next sent when the page was stored (x-nextjs-cache: MISS).
  const cache = header('x-kz-page-cache') === 'HIT' ? ['page cache HIT'] : [header('x-kz-page-cache') && `page cache ${header('x-kz-page-cache')}`, header('x-nextjs-cache') && `Next's cache ${header('x-nextjs-cache')}`].filter(Boolean);
  return { status, bytes: body.length, sha256: createHash('sha256').update(body).digest('hex'), encoding: header('content-encoding') || 'identity', cache: cache.join(', ') };
}

function runWrk(url: string, connections: number, duration: number, script: string, scriptArgs: string[] = []): WrkResult {
  const args = ['-t', String(THREADS), '-c', String(connections), '-d', `${duration}s`, '--timeout', '10s', '-H', `Accept-Encoding: ${ACCEPT_ENCODING}`, '-s', script, url];
  if (scriptArgs.length > 0) args.push('--', ...scriptArgs);
  const run = spawnSync('wrk', args, { encoding: 'utf8', timeout: (duration + 30) * 1000 });
  if (run.error) throw new Error(`wrk did not run: ${run.error.message}`);
  const line = /^WRK_RESULT (.+)$/m.exec(run.stdout ?? '')?.[1];
  if (run.status !== 0 || !line) throw new Error(`wrk exited with ${run.status ?? run.signal}: ${`${run.stderr ?? ''}${run.stdout ?? ''}`.trim().slice(0, 400)}`);
  return JSON.parse(line) as WrkResult;
}

type MemoryResult = { renders: number; beforeMiB: number; afterMiB: number; seconds: number } | null;

/**
 * Asks the server for at least `wanted` of the pages in `pathsFile` (pages it has not rendered),
 * 10 connections, in 10 s runs until enough were sent; returns how many were.
 */
function renderFirstTimes(url: string, pathsFile: string, wanted: number): number {
  let renders = 0;
  // The script starts at the file's top each run: each run gets the lines after the last one's.
  const paths = readFileSync(pathsFile, 'utf8').split('\n').filter(Boolean);
  while (renders < wanted && renders < paths.length) {
    const file = `${pathsFile}.${renders}`;
    writeFileSync(file, `${paths.slice(renders).join('\n')}\n`);
    renders += runWrk(url, MISS_CONNECTIONS, 10, FIRST_RENDER_SCRIPT, [file, String(THREADS)]).counters.sent;
  }
  return renders;
}

/**
 * Renders `MEMORY_RENDERS` course pages the server has not rendered and samples its RSS before and
 * 2 s after, once the garbage collector had its chance.
 */
async function memoryAfterRenders(url: string, pid: number, pathsFile: string): Promise<MemoryResult> {
  const beforeMiB = rssMiB(pid);
  if (beforeMiB === null) return null;
  const started = Date.now();
  const renders = renderFirstTimes(url, pathsFile, MEMORY_RENDERS);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const afterMiB = rssMiB(pid);
  return afterMiB === null ? null : { renders, beforeMiB, afterMiB, seconds: (Date.now() - started) / 1000 };
}

type Manifest = {
  database: string;
  courseDetailPath: string;
  bookDetailPath: string;
  blogDetailPath: string;
  orderItemIds: string[];
  buyers: { emails: string[]; password: string };
  benchUser: { email: string; password: string };
};

type SeededId = { _id: { toHexString(): string } };
type SeededCourse = SeededId & { classCourse: string; title: string };
type SeededCatalogue = { courses: SeededCourse[]; bookPaths: string[]; blogPaths: string[] };

async function seededCatalogue(uri: string, manifest: Manifest): Promise<SeededCatalogue> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
  try {
    await client.connect();
    const db = client.db(manifest.database);
    const ids = async (name: string) => (await db.collection<SeededId>(name).find({}, { projection: { _id: 1 } }).toArray()).map((item) => item._id.toHexString());
    // The same address shapes as lib/routes.ts book and blog.
    const [courses, bookIds, blogIds] = await Promise.all([
      db.collection<SeededCourse>('courses').find({}, { projection: { _id: 1, classCourse: 1, title: 1 } }).toArray(),
      ids('books'),
      ids('blogs'),
    ]);
    return { courses, bookPaths: bookIds.map((id) => `/book/${id}`), blogPaths: blogIds.map((id) => `/blog/${id}`) };
  } finally {
    await client.close();
  }
}

/** `items` in a fixed shuffled order (the same every run). */
function shuffled<T>(items: T[], seed: number): T[] {
  const copy = [...items];
  const random = createRandom(seed);
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** Every seeded course page but the measured one, in a fixed shuffled order. */
function unseenCoursePaths(courses: SeededCourse[], manifest: Manifest): string[] {
  // The same address shape as lib/routes.ts courseDetail.
  const paths = courses.map((course) => `/${course.classCourse}/coursesInfo/${course._id.toHexString()}`).filter((path) => path !== manifest.courseDetailPath);
  return shuffled(paths.sort(), 20260101);
}

/**
 * What searchers type, each once: the titles' words, pairs and runs of three of their words, fragments of
 * words (3 to 6 letters from any position) and misspellings (a letter dropped, two swapped, a
 * vowel changed), in a fixed shuffled order. Terms typed twice would be answered by the search
 * cache, not the search.
 */
function searchTerms(courses: SeededCourse[]): string[] {
  const titles = courses.map((course) => course.title.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  const words = [...new Set(titles.flat().filter((word) => word.length >= 3))].sort();
  // Neighbouring words, and any two words of a title in their order ("physics nine").
  const terms = new Set<string>(titles.flatMap((title) => title.flatMap((first, index) => title.slice(index + 1).map((second) => `${first} ${second}`))));
  for (const title of titles) for (let index = 0; index + 2 < title.length; index += 1) terms.add(title.slice(index, index + 3).join(' '));
  const vowels = 'aeiou';
  for (const word of words) {
    terms.add(word);
    for (let length = 3; length <= Math.min(6, word.length - 1); length += 1) {
      for (let start = 0; start + length <= word.length; start += 1) terms.add(word.slice(start, start + length));
    }
    if (word.length >= 5) {
      for (let at = 1; at < word.length - 1; at += 1) {
        terms.add(word.slice(0, at) + word.slice(at + 1));
        terms.add(word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2));
        const vowel = vowels.indexOf(word[at] ?? '');
        if (vowel >= 0) terms.add(word.slice(0, at) + vowels[(vowel + 1) % vowels.length] + word.slice(at + 1));
      }
    }
  }
  return shuffled([...terms].sort(), 20261128);
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const ms = (microseconds: number | undefined) => (microseconds === undefined ? '—' : (microseconds / 1000).toFixed(microseconds < 10_000 ? 2 : 1));
const count = (value: number | undefined) => (value === undefined ? '—' : Math.round(value).toLocaleString('en-US'));
const rate = (result: WrkResult | null) => (result && result.seconds > 0 ? result.requests / result.seconds : 0);
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

type SectionContext = {
  coursePath: string;
  before: number[];
  after: number[];
  pathsAvailable: number;
  searchTerms: number;
  courseIds: number;
  /** Pages instance A had rendered for the first time when the page cache hit was measured again. */
  largeHeapRenders: number;
  memory: MemoryResult;
  crawled: CrawlResult | null;
  /** What the mixed runs send, or why they could not run. */
  mixedSetup: string;
};

/** Requests that got no answer: connection, read and write errors, and timeouts. */
function socketErrorsOf(result: WrkResult): number {
  return result.errors.connect + result.errors.read + result.errors.write + result.errors.timeout;
}

/** Answers other than 2xx: wrk counts ≥ 400 itself; the path-list scripts check every status (mixed.lua by class). */
function non2xxOf(entry: CaseResult, result: WrkResult): number {
  if (MIXED_CASES.has(entry.key)) return result.counters.redirect3xx + result.counters.client4xx + result.counters.limited429 + result.counters.server5xx;
  return PATH_LIST_CASES.has(entry.key) ? result.counters.non200 : result.errors.status;
}

function section(cases: CaseResult[], context: SectionContext): string {
  const byKey = (key: CaseResult['key']) => cases.find((entry) => entry.key === key);
  const nginx = byKey('nginx');
  const one = byKey('one');
  const two = byKey('two');
  const isr = byKey('isr');
  const miss = byKey('miss');
  const rows = cases.map((entry) => {
    const result = entry.result;
    if (!result) return [entry.name, String(entry.connections), `failed: ${entry.error ?? 'no result'}`, '—', '—', '—', '—', '—', '—'];
    const non2xx = non2xxOf(entry, result);
    const socketErrors = socketErrorsOf(result);
    return [
      entry.name,
      String(entry.connections),
      count(rate(result)),
      ms(result.latencyUs.p50),
      ms(result.latencyUs.p95),
      ms(result.latencyUs.p99),
      count(non2xx),
      count(socketErrors),
      result.requests > 0 ? count(result.bytes / result.requests) : '—',
    ];
  });
  const ratio = (top: CaseResult | undefined, bottom: CaseResult | undefined) => (top?.result && bottom?.result && rate(bottom.result) > 0 ? rate(top.result) / rate(bottom.result) : null);
  const pageCacheShare = ratio(one, nginx);
  const twoOverOne = ratio(two, one);
  const isrShare = ratio(isr, nginx);
  const missShare = ratio(miss, one);
  const ratioRows = [
    ['two instances behind nginx / one instance', twoOverOne === null ? '—' : `${twoOverOne.toFixed(2)}×`, 'shown, no budget (one machine, see below)'],
    ['Next\'s ISR cache alone / nginx static', isrShare === null ? '—' : percent(isrShare), '—'],
    ['first render (page cache miss) / page cache hit', missShare === null ? '—' : percent(missShare), `— (${MISS_CONNECTIONS} against ${HIT_CONNECTIONS} connections)`],
  ];
  // The search budgets.
  const p95 = (entry: CaseResult | undefined) => (entry?.result ? entry.result.latencyUs.p95 / 1000 : null);
  const search10 = byKey('search10');
  const search50 = byKey('search50');
  const suggest10 = byKey('suggest10');
  const budget = (label: string, value: number | null, text: (value: number) => string, ok: (value: number) => boolean, missing = 'not measured') =>
    [label, value === null ? '—' : text(value), value === null ? missing : ok(value) ? 'pass' : 'fail'];
  const bestSearchRate = Math.max(rate(search10?.result ?? null), rate(search50?.result ?? null));
  const searchRows = [
    budget('search p95 at 10 connections < 30 ms', p95(search10), (value) => `${value.toFixed(1)} ms`, (value) => value < 30),
    budget('search API, new terms, 50 connections p95 ≤ 100 ms', p95(search50), (value) => `${value.toFixed(1)} ms`, (value) => value <= 100),
    budget('search ≥ 1,000 req/s', search10?.result || search50?.result ? bestSearchRate : null, (value) => `${count(value)} req/s`, (value) => value >= 1000),
    budget('suggestions p95 at 10 connections < 50 ms', p95(suggest10), (value) => `${value.toFixed(1)} ms`, (value) => value < 50),
  ];
  const apiId10 = byKey('apiId10');
  const apiBooks50 = byKey('apiBooks50');
  const unknown10 = byKey('unknown10');
  const apiRows = [
    [`\`/api/course/{id}\`, one course again and again (page cache hits)`, apiId10?.result ? `${count(rate(apiId10.result))} req/s` : '—', apiId10?.result ? 'shown, no budget' : 'not measured'],
    budget('`/api/books` at 50 connections: answers, no errors', apiBooks50?.result ? socketErrorsOf(apiBooks50.result) + apiBooks50.result.errors.status : null, (value) => `${count(value)} errors, ${count(rate(apiBooks50?.result ?? null))} req/s`, (value) => value === 0),
    budget(`unknown ids p95 < ${UNKNOWN_ID_P95_MS} ms (404, no render)`, p95(unknown10), (value) => `${value.toFixed(2)} ms`, (value) => value < UNKNOWN_ID_P95_MS),
  ];
  const memory = context.memory;
  const memoryRows = [
    budget(
      `RSS growth of instance C over ${count(memory?.renders ?? MEMORY_RENDERS)} first renders ≤ ${MEMORY_GROWTH_BUDGET_MIB} MiB`,
      memory ? memory.afterMiB - memory.beforeMiB : null,
      (value) => `${Math.round(memory?.beforeMiB ?? 0)} → ${Math.round(memory?.afterMiB ?? 0)} MiB (${value >= 0 ? '+' : ''}${Math.round(value)} MiB in ${Math.round(memory?.seconds ?? 0)} s)`,
      (value) => value <= MEMORY_GROWTH_BUDGET_MIB,
    ),
  ];
  const crawled = context.crawled;
  const home200 = byKey('home200');
  const bareHome200 = byKey('bareHome200');
  const p99 = (entry: CaseResult | undefined) => (entry?.result ? entry.result.latencyUs.p99 / 1000 : null);
  // Caches and serving: each budget a ratio to a baseline measured in the same run.
  // First reads only: a case that lapped its ids or answered other than 200 is shown, not judged.
  const firstReadRate = (entry: CaseResult | undefined) => (entry?.result && entry.result.counters.repeats === 0 && non2xxOf(entry, entry.result) === 0 ? rate(entry.result) : null);
  const notJudged = (entries: (CaseResult | undefined)[]) => {
    const reasons = entries.flatMap((entry) => {
      if (!entry?.result) return [`${entry?.key ?? 'a case'} has no result`];
      const repeats = entry.result.counters.repeats;
      const non2xx = non2xxOf(entry, entry.result);
      return [repeats > 0 ? `${entry.key} lapped its ids (${count(repeats)} repeats)` : '', non2xx > 0 ? `${entry.key} had ${count(non2xx)} answers other than 200` : ''].filter(Boolean);
    });
    return reasons.length > 0 ? `not judged: ${reasons.join('; ')}` : 'not measured';
  };
  const expressRow = (app: CaseResult | undefined, express: CaseResult | undefined, connections: number) => {
    const appRate = firstReadRate(app);
    const expressRate = firstReadRate(express);
    return budget(
      `\`/api/course/{id}\` / the Express server's \`/course/{id}\`, first reads at ${connections} connections ≥ ${EXPRESS_RATIO_BUDGET.toFixed(1)}×`,
      appRate !== null && expressRate ? appRate / expressRate : null,
      (value) => `${value.toFixed(2)}× (${count(appRate ?? 0)} against ${count(expressRate ?? 0)} req/s)`,
      (value) => value >= EXPRESS_RATIO_BUDGET,
      notJudged([app, express]),
    );
  };
  const oneAfterRenders = byKey('oneAfterRenders');
  const largeHeapShare = ratio(oneAfterRenders, one);
  const homeP99 = p99(home200);
  const bareP99 = p99(bareHome200);
  const home200Balanced = byKey('home200Balanced');
  const balancedHomeP99 = p99(home200Balanced);
  const cachesRows = [
    budget(
      `one instance's page cache / nginx static ≥ ${Math.round(PAGE_CACHE_BUDGET * 100)} %`,
      pageCacheShare,
      (value) => `${percent(value)} (${count(rate(one?.result ?? null))} against ${count(rate(nginx?.result ?? null))} req/s)`,
      (value) => value >= PAGE_CACHE_BUDGET,
    ),
    budget(
      `one instance, page cache hit after ${count(LARGE_HEAP_RENDERS)}+ first renders / the first page cache hit ≥ ${LARGE_HEAP_BUDGET.toFixed(1)}×`,
      context.largeHeapRenders > LARGE_HEAP_RENDERS ? largeHeapShare : null,
      (value) => `${value.toFixed(2)}× (${count(rate(oneAfterRenders?.result ?? null))} against ${count(rate(one?.result ?? null))} req/s; A had rendered ${count(context.largeHeapRenders)} pages for the first time)`,
      (value) => value >= LARGE_HEAP_BUDGET,
      largeHeapShare === null ? 'not measured' : `not judged: A had rendered only ${count(context.largeHeapRenders)} pages for the first time`,
    ),
    ...([10, 50] as const).map((connections) => expressRow(byKey(`apiIds${connections}`), byKey(`expressIds${connections}`), connections)),
    budget(
      `the cached home at 200 connections: p99 ≤ ${HOME_200_BARE_P99_FACTOR.toFixed(1)}× a bare Node server's for the same bytes`,
      homeP99 !== null && bareP99 ? homeP99 / bareP99 : null,
      (value) => `${value.toFixed(2)}× (${homeP99?.toFixed(1)} ms against ${bareP99?.toFixed(1)} ms; ${count(rate(home200?.result ?? null))} and ${count(rate(bareHome200?.result ?? null))} req/s)`,
      (value) => value <= HOME_200_BARE_P99_FACTOR,
    ),
    budget(
      `the same through nginx over two instances (the deployment README's): p99 ≤ ${HOME_200_BARE_P99_FACTOR.toFixed(1)}× the bare Node server's`,
      balancedHomeP99 !== null && bareP99 ? balancedHomeP99 / bareP99 : null,
      (value) => `${value.toFixed(2)}× (${balancedHomeP99?.toFixed(1)} ms against ${bareP99?.toFixed(1)} ms; ${count(rate(home200Balanced?.result ?? null))} and ${count(rate(bareHome200?.result ?? null))} req/s)`,
      (value) => value <= HOME_200_BARE_P99_FACTOR,
    ),
  ];
  const workloadRows = [
    budget(
      `the crawl: never-seen pages, p95 < ${FIRST_RENDER_P95_MS} ms at ${MISS_CONNECTIONS} connections`,
      crawled?.p95 ?? null,
      (value) =>
        `${count(crawled?.pages)} pages in ${crawled?.seconds.toFixed(1)} s (${count((crawled?.pages ?? 0) / (crawled?.seconds || 1))}/s): p50 ${crawled?.p50} ms, p95 ${value} ms, p99 ${crawled?.p99} ms; ` +
        `courses p95 ${crawled?.byKind.course.p95} ms, books ${crawled?.byKind.book.p95} ms, blogs ${crawled?.byKind.blog.p95} ms; ${count(crawled?.non200)} not 200, ${count(crawled?.cacheHits)} from a cache`,
      (value) => value < FIRST_RENDER_P95_MS,
    ),
    ...(['mixed50', 'mixed200'] as const).map((key) => {
      const entry = byKey(key);
      const counters = entry?.result?.counters;
      return budget(
        `mixed workload at ${entry?.connections} connections: no 5xx, no socket errors`,
        entry?.result ? (counters?.server5xx ?? 0) + socketErrorsOf(entry.result) : null,
        () =>
          `${count(rate(entry?.result ?? null))} req/s, p95 ${ms(entry?.result?.latencyUs.p95)} ms, p99 ${ms(entry?.result?.latencyUs.p99)} ms; answers 2xx ${count(counters?.ok2xx)}, 3xx ${count(counters?.redirect3xx)}, ` +
          `4xx ${count(counters?.client4xx)}, 429 ${count(counters?.limited429)}, 5xx ${count(counters?.server5xx)}; repeats ${count(counters?.repeats)}`,
        (value) => value === 0,
      );
    }),
  ];
  const probes = cases
    .filter((entry) => entry.probe)
    .map((entry) => `${entry.name}: ${entry.probe?.status} ${entry.probe?.encoding}, ${count(entry.probe?.bytes)} bytes${entry.probe?.cache ? `, ${entry.probe.cache}` : ''}`);
  const sameBody = (first: CaseResult | undefined, second: CaseResult | undefined) =>
    first?.probe && second?.probe ? (first.probe.sha256 === second.probe.sha256 ? 'the same body bytes' : '**different body bytes**') : null;
  const sameBytes = sameBody(nginx, one);
  const sameHome = sameBody(home200, bareHome200);
  const idCases = (['apiIds10', 'expressIds10', 'apiIds50', 'expressIds50'] as const).map((key) => byKey(key));
  const idCounters = idCases
    .map((entry) => `${entry?.key}: ${count(entry?.result?.counters.pageCacheHits)} page-cache hits, ${count(entry?.result?.counters.repeats)} repeats of ${count(entry?.result?.counters.sent)}`)
    .join('; ');
  const missCounters = miss?.result?.counters;
  const missNote = missCounters
    ? `The miss case asked for ${count(missCounters.sent)} course pages (of ${count(context.pathsAvailable)} not used by the warm-up): ${count(missCounters.repeats)} repeats, ${count(missCounters.pageCacheHits)} page-cache hits, ${count(missCounters.isrHits)} ISR hits, ${count(missCounters.non200)} answers other than 200.`
    : '';
  const cores = cpus().length;
  return [
    '## Cached pages on one and two instances (wrk)',
    '',
    `Produced by \`scripts/bench/instances.sh\` on ${new Date().toISOString().slice(0, 10)} (the last phase of \`npm run bench\`, or run on its own). ` +
      `The course page \`${context.coursePath}\` requested by wrk (${THREADS} threads, \`Accept-Encoding: ${ACCEPT_ENCODING}\`, ${seconds} s per case (the home and the bare server at 200 connections ${seconds * HOME_200_RUN_FACTOR} s, the first-read id cases at most ${API_IDS_MAX_SECONDS} s) after an untimed ${WARM_UP_SECONDS} s warm-up, requests back to back; ` +
      'wrk, not autocannon, because autocannon saturates before nginx does). Instances A (127.0.0.1:3410) and B (:3411) are the same build (`.next-bench`) on the same database with the same secrets; ' +
      'C (:3412) is the same with `PAGE_CACHE=off`; nginx on :3413 takes A and B in turn (`scripts/multi-instance/nginx.conf` as it is, access log included); ' +
      'nginx on :3414 serves the bytes A answered as a static file with the same `Content-Encoding`. The miss case asks A, on the same connections, for a different course page each time, so it renders every one from the database. ' +
      'The Express server the app replaced (`scripts/bench/express-baseline.mjs`: `findOne` by id, the stored document as JSON, one `MongoClient`) on :3415 reads the same database; ' +
      'a bare Node server (`scripts/bench/bare-node-server.mjs`: `node:http`, the same bytes and `Content-Type`/`Content-Encoding` for every request) on :3416 sends the home page as A answered it, started for its case only. ' +
      `The page cache hit is measured again on A after the crawl, once A has rendered more than ${count(LARGE_HEAP_RENDERS)} pages for the first time.`,
    '',
    `**Client and servers share this machine's ${cores} cores**: wrk, nginx, the instances and FerretDB take CPU from one another, so two instances cannot double the throughput here — ` +
      'the two-instance row shows what the balancer hop costs on one machine, not what a second machine would add.',
    '',
    table(['case', 'connections', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'socket errors', 'bytes/answer'], rows),
    '',
    table(['ratio (req/s)', 'value', 'budget'], ratioRows),
    '',
    table(['caches and serving budget', 'measured', 'verdict'], cachesRows),
    '',
    table(['search budget', 'measured', 'verdict'], searchRows),
    '',
    table(['legacy API and unknown-id budget', 'measured', 'verdict'], apiRows),
    '',
    table(['memory budget', 'measured', 'verdict'], memoryRows),
    '',
    table(['crawl and mixed workload', 'measured', 'verdict'], workloadRows),
    '',
    `The crawl asks instance A for ${count(CRAWL_COURSES)} course pages and ${count(CRAWL_BOOKS_AND_BLOGS)} book and ${count(CRAWL_BOOKS_AND_BLOGS)} blog pages no case asked for before, each once, ${MISS_CONNECTIONS} at a time (its own client: wrk runs for a time, not through a list). ` +
      `The mixed runs ask A, out of every 20 requests, for 16 cached pages, a search page and a search API answer (each a new term), a signed-in page and an order (\`POST /api/order\`): ${context.mixedSetup}.`,
    '',
    `The legacy reads come from the page cache once an address was answered (\`x-kz-page-cache: HIT\`). The first-read cases split ${count(context.courseIds)} course ids (all but the measured course's, in a fixed shuffled order) between the app's 10- and 50-connection cases, so every request asks an id nobody asked for, for at most ${API_IDS_MAX_SECONDS} s; ` +
      `the Express server (no cache) is then asked the same ids at the same connections, reading the same documents after the app did. Each of the four had an untimed ${WARM_UP_SECONDS} s warm-up on ids that exist nowhere (a database read each, none of the lists' ids): ${idCounters}; a case with repeats is not judged. ` +
      'The unknown-id case\'s answers are all 404 by design (its "non-2xx" column counts them).',
    '',
    `The search cases ask instance A for \`/api/searchCourse?q=<term>\` and \`/api/search/suggestions?q=<term>\`, each request a term not asked before (${count(context.searchTerms)} terms: the titles' words and word pairs, fragments and misspellings, split between the cases; "repeats" would show a case ran out of them: ${[search10, search50, suggest10].map((entry) => count(entry?.result?.counters.repeats)).join(', ')}).`,
    '',
    `Before each case one request checked the answer (${probes.join('; ')})${sameBytes ? `; nginx and the page cache sent ${sameBytes}` : ''}${sameHome ? `; A's home page and the bare Node server sent ${sameHome}` : ''}. ` +
      'Bytes per answer include the headers (the app sends more than nginx). "non-2xx" is wrk\'s count of answers ≥ 400 for the cached cases; the miss case checks every status. ' +
      `${missNote} Load average (1/5/15 min) before → after: ${context.before.map((value) => value.toFixed(2)).join(' / ')} → ${context.after.map((value) => value.toFixed(2)).join(' / ')}.`,
    '',
  ].join('\n');
}

type MixedFiles = { ok: true; warmUp: string; mixed50: string; mixed200: string; setup: string } | { ok: false; error: string };

/**
 * The mixed runs' request files: the reader and the buyers sign in (argon2 each, a few seconds),
 * each run gets its own half of the terms and of the (buyer, item) pairs, and the warm-up file
 * asks for the cached pages only.
 */
async function prepareMixed(baseUrl: string, manifest: Manifest, workDir: string, input: { cachedCourses: string[]; terms: string[] }): Promise<MixedFiles> {
  const reader = await signIn(baseUrl, manifest.benchUser.email, manifest.benchUser.password);
  if (!('cookie' in reader)) return { ok: false, error: `the bench user could not sign in: ${reader.error}` };
  const buyerCookies: string[] = [];
  for (const email of manifest.buyers.emails.slice(0, MIXED_BUYERS)) {
    const session = await signIn(baseUrl, email, manifest.buyers.password);
    if (!('cookie' in session)) return { ok: false, error: `buyer ${email} could not sign in: ${session.error}` };
    buyerCookies.push(session.cookie);
  }
  const cachedPaths = ['/', '/bn', '/courses', '/books', '/blogs', '/classes', '/instructor', manifest.courseDetailPath, manifest.bookDetailPath, manifest.blogDetailPath, ...input.cachedCourses];
  // Items from the end of the list: the main phase's order creation starts at its beginning.
  const items = [...manifest.orderItemIds].reverse();
  const half = Math.floor(items.length / 2);
  const run = (key: 'mixed50' | 'mixed200', index: number) => {
    const file = join(workDir, `${key}.txt`);
    const requests = mixedRequests({
      cachedPaths,
      searchTerms: input.terms.filter((_, position) => position % 2 === index),
      signedInPaths: ['/myOrder', '/myCollection'],
      readerCookie: reader.cookie,
      buyerCookies,
      itemIds: index === 0 ? items.slice(0, half) : items.slice(half),
      origin: new URL(baseUrl).origin,
      requests: MIXED_REQUESTS,
      seed: 20261128 + index,
    });
    writeFileSync(file, mixedRequestLines(requests));
    return file;
  };
  const warmUp = join(workDir, 'mixed-warm-up.txt');
  writeFileSync(warmUp, mixedRequestLines(cachedPaths.map((path) => ({ method: 'GET', path }))));
  return {
    ok: true,
    warmUp,
    mixed50: run('mixed50', 0),
    mixed200: run('mixed200', 1),
    setup: `${cachedPaths.length} cached pages (home, lists, the measured items, 40 course pages), ${count(input.terms.length)} search terms split between the runs, /myOrder and /myCollection as the bench user, orders by ${buyerCookies.length} signed-in buyers (each (buyer, item) pair once)`,
  };
}

/** Puts the section into a report: in place of an earlier copy, else before Lighthouse, else at the end. */
function mergeInto(file: string, text: string): void {
  const report = readFileSync(file, 'utf8');
  const heading = text.split('\n', 1)[0] ?? '';
  const lines = report.split('\n');
  const start = lines.indexOf(heading);
  if (start >= 0) {
    const next = lines.findIndex((line, index) => index > start && line.startsWith('## '));
    lines.splice(start, (next < 0 ? lines.length : next) - start, ...text.split('\n'));
  } else {
    const before = ['## Lighthouse', '## Machine and run', '## Skipped and notes'].map((name) => lines.findIndex((line) => line.startsWith(name))).find((index) => index >= 0);
    if (before === undefined) lines.push('', ...text.split('\n'));
    else lines.splice(before, 0, ...text.split('\n'));
  }
  writeFileSync(file, lines.join('\n'));
}

const delay = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

type BareServer = { homeUrl: string; port: number; pidFile: string; workDir: string };
type BareServerFiles = { body: string; headers: string };

/**
 * The home page as A answers the load's requests (`Accept-Encoding: gzip`), its body bytes as sent
 * and the headers that describe them written to the work directory for the bare server.
 */
async function writeBareServerFiles(server: BareServer): Promise<BareServerFiles> {
  const answer = await getAsSent(server.homeUrl);
  if (answer.status !== 200) throw new Error(`${server.homeUrl} answered ${answer.status}`);
  if (answer.headers['content-encoding'] !== ACCEPT_ENCODING) throw new Error(`${server.homeUrl} was not sent with Content-Encoding: ${ACCEPT_ENCODING}`);
  const files = { body: join(server.workDir, 'bare-home.body'), headers: join(server.workDir, 'bare-home.headers.json') };
  writeFileSync(files.body, answer.body);
  writeFileSync(files.headers, `${JSON.stringify({ 'content-type': answer.headers['content-type'] ?? 'text/html; charset=utf-8', 'content-encoding': ACCEPT_ENCODING })}\n`);
  return files;
}

/** Resolves once the bare server printed that it listens; rejects if it exits or stays silent for 10 s. */
function untilListening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the bare Node server did not listen within 10 s: ${output.trim()}`)), 10_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', fail);
    child.on('exit', (code, signal) => fail(new Error(`the bare Node server exited (${code ?? signal}): ${output.trim()}`)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, delay(5000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Runs `measure` while the bare server sends the home page's bytes, and stops the server after, whatever happened. */
async function withBareServer<T>(server: BareServer, measure: () => Promise<T>): Promise<T> {
  const files = await writeBareServerFiles(server);
  // Its own process group, with a pidfile: instances.sh's cleanup stops it should this process die first.
  const child = spawn(process.execPath, [BARE_SERVER_SCRIPT, String(server.port), files.body, files.headers], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid) writeFileSync(server.pidFile, `${child.pid}\n`);
  try {
    await untilListening(child);
    return await measure();
  } finally {
    await stopChild(child);
    rmSync(server.pidFile, { force: true });
  }
}

/** A case that cycles through a file of paths (first-render.lua). */
type PathList = {
  file: string;
  /** Asked once before the run to check the answer: with this status, and a body. */
  probePath: string;
  probeStatus: number;
  /** Paths for an untimed warm-up that uses none of the file's. */
  warmUpFile?: string;
};

type CaseInputs = {
  pathLists: Map<CaseResult['key'], PathList>;
  miss: { warmUp: string; measured: string };
  mixedFiles: MixedFiles;
  bareServer: BareServer;
};

const ID_LIST_CASES = new Set<CaseResult['key']>(['apiIds10', 'apiIds50', 'expressIds10', 'expressIds50']);

function durationOf(entry: CaseResult): number {
  if (entry.key === 'home200' || entry.key === 'home200Balanced' || entry.key === 'bareHome200') return seconds * HOME_200_RUN_FACTOR;
  return ID_LIST_CASES.has(entry.key) ? Math.min(seconds, API_IDS_MAX_SECONDS) : seconds;
}

/** One address again and again, after a warm-up on it and a probe that must answer 200. */
async function measureCached(entry: CaseResult): Promise<WrkResult> {
  runWrk(entry.url, entry.connections, WARM_UP_SECONDS, SUMMARY_SCRIPT);
  entry.probe = await probe(entry.url);
  if (entry.probe.status !== 200) throw new Error(`${entry.url} answered ${entry.probe.status}`);
  return runWrk(entry.url, entry.connections, durationOf(entry), SUMMARY_SCRIPT);
}

async function measurePathList(entry: CaseResult, list: PathList): Promise<WrkResult> {
  // Only from a file of its own: a warm-up on the measured list would use up terms (or ids).
  if (list.warmUpFile) entry.warmUpRequests = runWrk(entry.url, entry.connections, WARM_UP_SECONDS, FIRST_RENDER_SCRIPT, [list.warmUpFile, String(THREADS)]).counters.sent;
  // The first search builds the index; for the search cases the probe does that first.
  entry.probe = await probe(`${entry.url}${list.probePath}`);
  if (entry.probe.status !== list.probeStatus || entry.probe.bytes === 0) throw new Error(`${entry.url}${list.probePath} answered ${entry.probe.status} with ${entry.probe.bytes} bytes`);
  return runWrk(entry.url, entry.connections, durationOf(entry), FIRST_RENDER_SCRIPT, [list.file, String(THREADS)]);
}

async function measureWrk(entry: CaseResult, inputs: CaseInputs): Promise<WrkResult> {
  if (entry.key === 'mixed50' || entry.key === 'mixed200') {
    const mixedFiles = inputs.mixedFiles;
    if (!mixedFiles.ok) throw new Error(mixedFiles.error);
    // The cached pages once more first (the page cache keeps a page for 30 s), then the mix.
    runWrk(entry.url, entry.connections, WARM_UP_SECONDS, MIXED_SCRIPT, [mixedFiles.warmUp, String(THREADS)]);
    return runWrk(entry.url, entry.connections, seconds, MIXED_SCRIPT, [mixedFiles[entry.key], String(THREADS)]);
  }
  if (entry.key === 'miss') {
    entry.warmUpRequests = runWrk(entry.url, entry.connections, WARM_UP_SECONDS, FIRST_RENDER_SCRIPT, [inputs.miss.warmUp, String(THREADS)]).counters.sent;
    return runWrk(entry.url, entry.connections, seconds, FIRST_RENDER_SCRIPT, [inputs.miss.measured, String(THREADS)]);
  }
  if (entry.key === 'bareHome200') return withBareServer(inputs.bareServer, () => measureCached(entry));
  const list = inputs.pathLists.get(entry.key);
  return list ? measurePathList(entry, list) : measureCached(entry);
}

/** Runs one case into `entry` (its result, or why it has none), then leaves the servers a second. */
async function measureCase(entry: CaseResult, inputs: CaseInputs): Promise<void> {
  try {
    const result = await measureWrk(entry, inputs);
    entry.result = result;
    console.log(
      `  ${entry.name.padEnd(62)} c=${String(entry.connections).padEnd(3)} ${count(rate(result)).padStart(7)} req/s  p50 ${ms(result.latencyUs.p50)} ms  p95 ${ms(result.latencyUs.p95)} ms  p99 ${ms(result.latencyUs.p99)} ms`,
    );
  } catch (error) {
    entry.error = error instanceof Error ? error.message : String(error);
    console.error(`  ${entry.name}: ${entry.error}`);
  }
  // Let the servers finish what the run left (the garbage collector included) before the next case.
  await delay(1000);
}

/**
 * Pages instance A has rendered for the first time so far (the miss case's warm-up and run, the
 * crawl's pages that rendered), topped up from `pathsFile` to more than `LARGE_HEAP_RENDERS`; returns how many.
 */
function renderUntilLargeHeap(url: string, cases: CaseResult[], crawled: CrawlResult | null, pathsFile: string): number {
  const miss = cases.find((entry) => entry.key === 'miss');
  const rendered = (miss?.warmUpRequests ?? 0) + (miss?.result?.counters.sent ?? 0) + (crawled ? crawled.pages - crawled.non200 - crawled.cacheHits : 0);
  if (rendered > LARGE_HEAP_RENDERS) return rendered;
  try {
    const more = renderFirstTimes(url, pathsFile, LARGE_HEAP_RENDERS + 1 - rendered);
    console.log(`  ${count(more)} more first renders on A, for ${count(rendered + more)} before the page cache hit is measured again`);
    return rendered + more;
  } catch (error) {
    console.error(`  first renders before the large-heap case: ${error instanceof Error ? error.message : String(error)}`);
    return rendered;
  }
}

/** `length` ids nobody stored: each request a database read that finds nothing. */
function madeUpIds(random: () => number, length: number): string[] {
  return Array.from({ length }, () => Array.from({ length: 24 }, () => Math.floor(random() * 16).toString(16)).join(''));
}

function writeLines(file: string, lines: string[]): string {
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

async function main(): Promise<number> {
  const manifest = JSON.parse(readFileSync(required('BENCH_MANIFEST'), 'utf8')) as Manifest;
  const workDir = required('BENCH_INSTANCES_DIR');
  const resultsDir = required('BENCH_RESULTS_DIR');
  const coursePath = manifest.courseDetailPath;
  mkdirSync(workDir, { recursive: true });

  const catalogue = await seededCatalogue(required('BENCH_MONGODB_URI'), manifest);
  const courses = catalogue.courses;
  const unseen = unseenCoursePaths(courses, manifest);
  if (unseen.length < WARM_UP_PATHS * 2) throw new Error(`Only ${unseen.length} other course pages in ${manifest.database}; the miss case needs at least ${WARM_UP_PATHS * 2}`);
  const warmUpPaths = join(workDir, 'first-render-warm-up.txt');
  const measuredPaths = join(workDir, 'first-render.txt');
  writeFileSync(warmUpPaths, `${unseen.slice(0, WARM_UP_PATHS).join('\n')}\n`);
  writeFileSync(measuredPaths, `${unseen.slice(WARM_UP_PATHS).join('\n')}\n`);
  // The memory case's pages: past any the miss case can reach in its run.
  const memoryPaths = join(workDir, 'memory-renders.txt');
  writeFileSync(memoryPaths, `${unseen.slice(WARM_UP_PATHS * 3).join('\n')}\n`);
  // Each search case gets its own share of the terms, so none repeats another's; the mixed runs the fourth.
  const terms = searchTerms(courses);
  const termShare = (index: number) => terms.filter((_, position) => position % 4 === index);
  const termFiles = (['search10', 'search50', 'suggest10'] as const).map((key, index) => {
    const file = join(workDir, `${key}.txt`);
    const share = termShare(index);
    const path = key === 'suggest10' ? '/api/search/suggestions?q=' : '/api/searchCourse?q=';
    writeFileSync(file, `${share.map((term) => `${path}${encodeURIComponent(term)}`).join('\n')}\n`);
    return [key, file, share.length] as const;
  });
  // The legacy reads: the courses but the measured one (its own case asks it again and again) in a
  // fixed shuffled order, split between the app's two cases so each asks ids nobody asked for.
  // Express asks the ids of the app's case at the same connections, after it: the same documents.
  const measuredId = coursePath.split('/').pop() ?? '';
  const courseIds = shuffled(courses.map((course) => course._id.toHexString()).filter((id) => id !== measuredId).sort(), 20261129);
  const idShare = (index: number) => courseIds.filter((_, position) => position % 2 === index);
  const idRandom = createRandom(4040);
  const warmUpIds = [madeUpIds(idRandom, ID_WARM_UP_REQUESTS), madeUpIds(idRandom, ID_WARM_UP_REQUESTS)];
  const idLists = (['apiIds10', 'expressIds10', 'apiIds50', 'expressIds50'] as const).map((key): [CaseResult['key'], PathList] => {
    const share = key.endsWith('10') ? 0 : 1;
    const prefix = key.startsWith('express') ? '/course/' : '/api/course/';
    return [
      key,
      {
        file: writeLines(join(workDir, `${key}.txt`), idShare(share).map((id) => `${prefix}${id}`)),
        probePath: `${prefix}${measuredId}`,
        probeStatus: 200,
        warmUpFile: writeLines(join(workDir, `${key}-warm-up.txt`), (warmUpIds[share] ?? []).map((id) => `${prefix}${id}`)),
      },
    ];
  });
  const unknownFile = writeLines(
    join(workDir, 'unknown-ids.txt'),
    madeUpIds(createRandom(404), 30_000).map((id, index) => [`/book/${id}`, `/blog/${id}`, `/classNine/coursesInfo/${id}`][index % 3] ?? ''),
  );
  const pathLists = new Map<CaseResult['key'], PathList>([
    ...termFiles.map(([key, file]): [CaseResult['key'], PathList] => [key, { file, probePath: '/api/searchCourse?q=warm', probeStatus: 200 }]),
    ...idLists,
    ['unknown10', { file: unknownFile, probePath: '/book/000000000000000000000000', probeStatus: 404 }],
  ]);
  // Pages A has not been asked for (past the miss case's reach, before the crawl's), should the
  // miss case and the crawl leave it short of the large-heap case's first renders.
  const largeHeapPaths = writeLines(join(workDir, 'large-heap-renders.txt'), unseen.slice(WARM_UP_PATHS * 3, -CRAWL_COURSES));

  const a = required('WRK_A_URL');
  // The crawl's pages: the course pages furthest from the ones other cases render, and books and blogs.
  const crawlPages = shuffled<CrawlPage>(
    [
      ...unseen.slice(-CRAWL_COURSES).map((path): CrawlPage => ({ kind: 'course', path })),
      ...shuffled(catalogue.bookPaths.filter((path) => path !== manifest.bookDetailPath).sort(), 11).slice(0, CRAWL_BOOKS_AND_BLOGS).map((path): CrawlPage => ({ kind: 'book', path })),
      ...shuffled(catalogue.blogPaths.filter((path) => path !== manifest.blogDetailPath).sort(), 12).slice(0, CRAWL_BOOKS_AND_BLOGS).map((path): CrawlPage => ({ kind: 'blog', path })),
    ],
    20261130,
  );
  const mixedFiles = await prepareMixed(a, manifest, workDir, { cachedCourses: unseen.slice(0, 40), terms: termShare(3) });
  const mixedName = 'mixed: 80 % cached pages, 10 % search, 5 % signed-in pages, 5 % orders';
  const express = required('WRK_EXPRESS_URL');
  const barePort = Number(required('WRK_BARE_PORT'));
  const cases: CaseResult[] = [
    { key: 'nginx', name: 'nginx, the same bytes as a static file', url: required('WRK_STATIC_URL'), connections: HIT_CONNECTIONS, probe: null, result: null, error: null },
    { key: 'one', name: 'one instance, page cache hit', url: `${a}${coursePath}`, connections: HIT_CONNECTIONS, probe: null, result: null, error: null },
    { key: 'two', name: 'nginx over two instances, page cache hit', url: `${required('WRK_LB_URL')}${coursePath}`, connections: HIT_CONNECTIONS, probe: null, result: null, error: null },
    { key: 'isr', name: 'one instance without the page cache (Next\'s ISR cache hit)', url: `${required('WRK_C_URL')}${coursePath}`, connections: HIT_CONNECTIONS, probe: null, result: null, error: null },
    { key: 'miss', name: 'one instance, page cache miss (first render)', url: a, connections: MISS_CONNECTIONS, probe: null, result: null, error: null },
    { key: 'search10', name: 'search API, a new term each request', url: a, connections: 10, probe: null, result: null, error: null },
    { key: 'search50', name: 'search API, a new term each request', url: a, connections: 50, probe: null, result: null, error: null },
    { key: 'suggest10', name: 'suggestions as you type, a new term each request', url: a, connections: 10, probe: null, result: null, error: null },
    { key: 'apiIds10', name: '`/api/course/{id}`, a course not asked before each request', url: a, connections: 10, probe: null, result: null, error: null },
    { key: 'expressIds10', name: 'the Express server\'s `/course/{id}`, the same ids', url: express, connections: 10, probe: null, result: null, error: null },
    { key: 'apiIds50', name: '`/api/course/{id}`, a course not asked before each request', url: a, connections: 50, probe: null, result: null, error: null },
    { key: 'expressIds50', name: 'the Express server\'s `/course/{id}`, the same ids', url: express, connections: 50, probe: null, result: null, error: null },
    { key: 'apiId10', name: '`/api/course/{id}`, one course again and again', url: `${a}/api/course/${measuredId}`, connections: 10, probe: null, result: null, error: null },
    { key: 'apiBooks50', name: '`/api/books`, the whole list', url: `${a}/api/books`, connections: 50, probe: null, result: null, error: null },
    { key: 'unknown10', name: 'unknown course, book and blog ids (404)', url: a, connections: 10, probe: null, result: null, error: null },
    { key: 'home200', name: 'the home page, page cache hit', url: `${a}/`, connections: 200, probe: null, result: null, error: null },
    { key: 'home200Balanced', name: 'the home page, nginx over two instances (its microcache, then the page cache)', url: `${required('WRK_LB_URL')}/`, connections: 200, probe: null, result: null, error: null },
    { key: 'bareHome200', name: 'a bare Node server, the home page\'s bytes', url: `http://127.0.0.1:${barePort}/`, connections: 200, probe: null, result: null, error: null },
    { key: 'mixed50', name: mixedName, url: a, connections: 50, probe: null, result: null, error: null },
    { key: 'mixed200', name: mixedName, url: a, connections: 200, probe: null, result: null, error: null },
  ];
  const oneAfterRenders: CaseResult = { key: 'oneAfterRenders', name: `one instance, page cache hit, after ${count(LARGE_HEAP_RENDERS)}+ first renders`, url: `${a}${coursePath}`, connections: HIT_CONNECTIONS, probe: null, result: null, error: null };
  const inputs: CaseInputs = {
    pathLists,
    miss: { warmUp: warmUpPaths, measured: measuredPaths },
    mixedFiles,
    bareServer: { homeUrl: `${a}/`, port: barePort, pidFile: required('WRK_BARE_PIDFILE'), workDir },
  };

  const before = loadavg();
  for (const entry of cases) await measureCase(entry, inputs);
  let crawled: CrawlResult | null = null;
  try {
    crawled = await crawl(a, crawlPages, MISS_CONNECTIONS);
    console.log(`  crawl: ${count(crawled.pages)} never-seen pages in ${crawled.seconds.toFixed(1)} s  p50 ${crawled.p50} ms  p95 ${crawled.p95} ms  p99 ${crawled.p99} ms`);
  } catch (error) {
    console.error(`  crawl: ${error instanceof Error ? error.message : String(error)}`);
  }
  const largeHeapRenders = renderUntilLargeHeap(a, cases, crawled, largeHeapPaths);
  await measureCase(oneAfterRenders, inputs);
  // Instance C has only served one page from Next's cache so far: its RSS is where it started.
  const pid = Number(readFileSync(required('WRK_C_PIDFILE'), 'utf8').trim());
  let memory: MemoryResult = null;
  try {
    memory = await memoryAfterRenders(required('WRK_C_URL'), pid, memoryPaths);
    if (memory) console.log(`  RSS of C over ${count(memory.renders)} first renders: ${Math.round(memory.beforeMiB)} → ${Math.round(memory.afterMiB)} MiB`);
  } catch (error) {
    console.error(`  memory case: ${error instanceof Error ? error.message : String(error)}`);
  }
  const after = loadavg();

  const measured = [...cases, oneAfterRenders];
  const text = section(measured, {
    coursePath,
    before,
    after,
    pathsAvailable: unseen.length - WARM_UP_PATHS,
    searchTerms: terms.length,
    courseIds: courseIds.length,
    largeHeapRenders,
    memory,
    crawled,
    mixedSetup: mixedFiles.ok ? mixedFiles.setup : mixedFiles.error,
  });
  mkdirSync(resultsDir, { recursive: true });
  const markdownFile = join(resultsDir, 'instances-latest.md');
  writeFileSync(markdownFile, `# Knowledge Zone benchmark: instances\n\n${text}`);
  writeFileSync(
    join(workDir, 'instances.json'),
    `${JSON.stringify({ date: new Date().toISOString(), seconds, coursePath, loadAverage: { before: before.map((value) => round(value, 2)), after: after.map((value) => round(value, 2)) }, largeHeapRenders, cases: measured }, null, 2)}\n`,
  );
  const report = process.env.BENCH_REPORT_MD?.trim();
  if (report && existsSync(report)) {
    mergeInto(report, text);
    console.log(`Instances section written to ${markdownFile} and ${report}`);
  } else {
    console.log(`Instances section written to ${markdownFile}`);
  }
  return measured.every((entry) => entry.result) && memory && crawled ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`The instances phase failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
