// npx tsx scripts/bench/measure.ts main|growth|report
//
// main    every target at every connection level against the app, the same bytes from nginx,
//         file and video streaming memory, Lighthouse on every public page type and the lesson
//         player in both languages, first-load JS (against the large catalogue) and that of a bare Next page
// growth  the list and search targets against the small and the large catalogue, back to back at
//         each level (two app servers), so both sizes are measured under the same conditions
// report  bench/results/latest.md and latest.json from the two phases
//
// scripts/bench/run.sh starts the servers and sets the BENCH_* variables below; each phase
// writes its own JSON so a failed later phase never loses the figures of an earlier one.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { bareNextFirstLoadJs } from './bare-next';
import { firstLoadJs, htmlScriptJs } from './first-load-js';
import { runLighthouse } from './lighthouse';
import type { LighthousePage } from './lighthouse';
import { PROBE_TIMEOUT_SECONDS, percentile, probe, round, runLoad, signIn, warmUp } from './load';
import type { LoadRequest, LoadStats } from './load';
import { runPacedLoad } from './paced-load';
import { waitUntilQuiet } from './quiet';
import { certificatePdfText, streamingText, videoStreamingText, writeReport } from './report';
import type { CertificatePdfResult, PhaseResult, TargetGroup, TargetResult } from './results';
import type { BenchLearning, BenchManifest, BenchQuiz } from './seed-large';
import { measureStreamMemory } from './stream-memory';
import { measureVideoMemory } from './video-memory';

function text(name: string, fallback: string): string {
  const value = process.env[name]?.trim();
  return value ? value : fallback;
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > 3_600) throw new Error(`${name} must be a number of seconds between 0 and 3600`);
  return value;
}

function connectionLevels(name: string, fallback: number[]): number[] {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const levels = raw.split(',').map((part) => Number(part.trim()));
  if (levels.some((level) => !Number.isSafeInteger(level) || level < 1 || level > 1_000)) {
    throw new Error(`${name} must be a comma-separated list of connection counts between 1 and 1000`);
  }
  return [...new Set(levels)].sort((a, b) => a - b);
}

const config = {
  baseUrl: text('BENCH_BASE_URL', 'http://127.0.0.1:3400'),
  /** Growth phase: the server on the large catalogue, measured alongside BENCH_BASE_URL's small one. */
  largeBaseUrl: process.env.BENCH_LARGE_BASE_URL?.trim() ?? '',
  // Lighthouse uses the site's own origin (SITE_URL), so canonical URLs and cookies match it.
  lighthouseUrl: text('BENCH_LIGHTHOUSE_URL', 'http://localhost:3400'),
  nginxUrl: process.env.BENCH_NGINX_URL?.trim() ?? '',
  staticDir: text('BENCH_STATIC_DIR', '.data/bench-db/static'),
  distDir: text('BENCH_DIST_DIR', '.next-bench'),
  manifest: text('BENCH_MANIFEST', '.data/bench-db/manifest-10k.json'),
  out: text('BENCH_OUT', '.data/bench-db/phase.json'),
  seconds: positiveNumber('BENCH_SECONDS', 10),
  // nginx reaches a steady rate within a second; a shorter run keeps the whole bench under 20 minutes.
  nginxSeconds: positiveNumber('BENCH_NGINX_SECONDS', 3),
  // 20 is the level the home, order and payment budgets are set at; 50 the catalogue pages' and search's.
  connections: connectionLevels('BENCH_CONNECTIONS', [1, 10, 20, 50, 200]),
  // The budgets' level; each growth level costs two runs (both catalogue sizes).
  growthConnections: connectionLevels('BENCH_GROWTH_CONNECTIONS', [50]),
  lighthouse: process.env.BENCH_LIGHTHOUSE !== '0',
  warmUpSeconds: 1,
  /** The app server's process id (run.sh), whose memory the file-streaming measurement samples. */
  appPid: Number(process.env.BENCH_APP_PID ?? 0),
  /** The app's and the database's process ids (run.sh), watched to start each level on idle servers. */
  quietPids: (process.env.BENCH_QUIET_PIDS ?? '')
    .split(',')
    .map((pid) => Number(pid.trim()))
    .filter((pid) => Number.isSafeInteger(pid) && pid > 0),
};

/** Waits for the app and the database to finish leftover work; says so when that took a while. */
async function settle(label: string, maxMs?: number): Promise<void> {
  const waited = await waitUntilQuiet(config.quietPids, maxMs);
  if (waited >= 2_000) console.log(`  (waited ${(waited / 1000).toFixed(0)} s for the servers to go idle before ${label})`);
}

/**
 * How long a learning measurement waits for the one before it to be worked off. A lesson player
 * that answers in seconds leaves the database busy with the requests autocannon gave up on for
 * minutes after its level ended (settle's one minute does not cover that), and the app answers
 * 503 until its database monitor, which checks every second, sees the database answer again.
 */
const RECOVERY_MAX_MS = 5 * 60_000;

async function recover(label: string): Promise<void> {
  await settle(label, RECOVERY_MAX_MS);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
}

const manifestSchema = z.object({
  database: z.string(),
  seed: z.number(),
  counts: z.object({
    courses: z.number(),
    books: z.number(),
    blogs: z.number(),
    instructors: z.number(),
    users: z.number(),
    reviews: z.number(),
    orders: z.number(),
  }),
  courseDetailPath: z.string(),
  bookDetailPath: z.string(),
  blogDetailPath: z.string(),
  instructorPath: z.string().optional(),
  orderItemIds: z.array(z.string()),
  buyers: z.object({ emails: z.array(z.string()), password: z.string() }),
  searchTerms: z.array(z.object({ term: z.string(), matches: z.number() })),
  benchUser: z.object({ email: z.string(), password: z.string(), orders: z.number() }),
  audiobook: z.object({ bookId: z.string(), bytes: z.number() }).nullable().optional(),
  learning: z
    .object({
      courseId: z.string(),
      lessonIds: z.array(z.string()),
      articleLessonIds: z.array(z.string()),
      previewLessonId: z.string(),
      video: z.object({ lessonId: z.string(), bytes: z.number(), padded: z.boolean() }),
      progressRecords: z.number(),
      quiz: z
        .object({
          userId: z.string(),
          lessonIds: z.array(z.string()),
          attemptsPerLesson: z.number(),
          attempts: z.number(),
          questionIds: z.array(z.string()),
          passPercent: z.number(),
          answers: z.array(z.union([z.object({ questionId: z.string(), options: z.array(z.string()) }), z.object({ questionId: z.string(), number: z.number() })])),
          scorePercent: z.number(),
        })
        .nullable()
        .optional(),
      certificate: z.object({ id: z.string(), courseId: z.string() }).nullable().optional(),
    })
    .nullable()
    .optional(),
  timings: z.array(z.object({ step: z.string(), count: z.number(), seconds: z.number() })),
});

function readManifest(file: string): BenchManifest {
  return manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

type Target = {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  group: TargetGroup;
  growth: boolean;
  signedIn: boolean;
  /** Order creation: each request is one buyer ordering one item neither ordered before. */
  orders?: { itemIds: string[] };
  /** Payment-intent creation: each request starts paying one of the orders order creation made. */
  payments?: true;
  /** Pages requested in turn (the lesson player goes round the course's article lessons). */
  rotate?: string[];
  /** Progress writes: each request saves a new position in the next of these lessons. */
  progress?: { courseId: string; lessonIds: string[] };
  /** Quiz grading: each request submits the next of these open attempts, never one submitted before. */
  quiz?: BenchQuiz;
};

/** The learning and quiz targets; the report finds them by these names. */
const LESSON_PLAYER = 'lesson player';
const PROGRESS_WRITE = 'progress write';
const QUIZ_GRADING = 'quiz grading';
const LEARNING_TARGETS = new Set([LESSON_PLAYER, PROGRESS_WRITE, QUIZ_GRADING]);

/**
 * The level each budgeted load is judged at (home, learning and quizzes). One BENCH_CONNECTIONS leaves out
 * is run once more at that level, so every budget gets its figure. The learning and quiz budgets are for learners,
 * not saturating clients: each of their connections is one learner making {@link LEARNER_REQUESTS_PER_SECOND}
 * request a second at random moments (scripts/bench/paced-load.ts; the player saves a position
 * every 5 s, and a lesson is read for minutes), always run as an extra level; the back-to-back
 * levels show the same routes' capacity. (The quiz budget's "20 concurrent submissions" are read the
 * same way: 20 learners submitting, not 20 clients that never pause.)
 */
const LEARNER_REQUESTS_PER_SECOND = 1;
const BUDGET_LEVELS: { name: string; connections: number; ratePerConnection?: number }[] = [
  { name: 'home', connections: 20 },
  { name: LESSON_PLAYER, connections: 20, ratePerConnection: LEARNER_REQUESTS_PER_SECOND },
  { name: PROGRESS_WRITE, connections: 50, ratePerConnection: LEARNER_REQUESTS_PER_SECOND },
  { name: QUIZ_GRADING, connections: 20, ratePerConnection: LEARNER_REQUESTS_PER_SECOND },
];

/** Single requests for the certificate PDF, one after another, after one untimed request. */
const CERTIFICATE_PDF_REQUESTS = 20;

/**
 * Quiz grading's seeded attempts used so far (probe, warm-up and every level: request n submits
 * attempt n), and those kept back for its paced budget level while the back-to-back levels run.
 */
const quizAttempts = { used: 0, reserved: 0 };

/** The attempts a paced budget level may use: its expected requests and half as many again, so it never runs dry. */
function pacedReserve(name: string): number {
  const level = BUDGET_LEVELS.find((entry) => entry.name === name);
  if (!level?.ratePerConnection) return 0;
  return Math.ceil(level.connections * level.ratePerConnection * config.seconds * 1.5) + level.connections;
}

/** A limited target's level runs only with at least this many requests left per connection. */
const MIN_REQUESTS_PER_CONNECTION = 5;

/** The `_id` of quiz grading's attempt n (from 0): `{userId}:{lessonId}:{number}` (server/learning/quizzes.ts). */
function quizAttemptId(quiz: BenchQuiz, index: number): string {
  const lessonId = quiz.lessonIds[Math.floor(index / quiz.attemptsPerLesson)] ?? '';
  return `${quiz.userId}:${lessonId}:${(index % quiz.attemptsPerLesson) + 1}`;
}

function learnPath(courseId: string, lessonId: string): string {
  return `/learn/${courseId}/${lessonId}`;
}

/** The learning course's targets (seed-large.ts --learning): the lesson player and progress writes, as the bench user. */
function learningTargets(manifest: BenchManifest): Target[] {
  const learning = manifest.learning;
  if (!learning) return [];
  const articles = learning.articleLessonIds.map((lessonId) => learnPath(learning.courseId, lessonId));
  return [
    {
      name: LESSON_PLAYER,
      path: articles[0] ?? learnPath(learning.courseId, learning.previewLessonId),
      method: 'GET',
      group: 'page',
      growth: false,
      signedIn: true,
      rotate: articles,
    },
    {
      name: PROGRESS_WRITE,
      path: '/api/progress',
      method: 'POST',
      group: 'action',
      growth: false,
      signedIn: true,
      progress: { courseId: learning.courseId, lessonIds: learning.lessonIds },
    },
    ...(learning.quiz && learning.quiz.attempts > 0
      ? [
          {
            name: QUIZ_GRADING,
            path: '/api/quiz-attempts/{id}/submit',
            method: 'POST' as const,
            group: 'action' as const,
            growth: false,
            signedIn: true,
            quiz: learning.quiz,
          },
        ]
      : []),
  ];
}

const COURSE_LIST_PATH = '/classes/five';

/**
 * The pages Lighthouse audits: every public page type and the lesson player, each in English and
 * in Bengali (`{name} in Bengali`, the report's names). The lesson player is a free-preview
 * lesson, as Lighthouse's browser has no session. Bengali pages get the mobile preset only: the
 * budgets are on mobile, and a desktop run of each twin would add minutes for no verdict.
 */
function auditedPages(manifest: BenchManifest): LighthousePage[] {
  const searchTerm = manifest.searchTerms.find((entry) => entry.matches > 0)?.term;
  const learning = manifest.learning;
  const english: LighthousePage[] = [
    { page: 'home', path: '/' },
    { page: 'course list', path: COURSE_LIST_PATH },
    { page: 'course detail', path: manifest.courseDetailPath },
    { page: 'book list', path: '/books' },
    { page: 'book detail', path: manifest.bookDetailPath },
    { page: 'blog list', path: '/blogs' },
    { page: 'blog', path: manifest.blogDetailPath },
    { page: 'instructor', path: manifest.instructorPath ?? '/instructor' },
    ...(searchTerm ? [{ page: 'search results', path: `/searchCourse/${encodeURIComponent(searchTerm)}` }] : []),
    ...(learning ? [{ page: LESSON_PLAYER, path: learnPath(learning.courseId, learning.previewLessonId) }] : []),
  ];
  return english.flatMap((entry) => [
    entry,
    { page: `${entry.page} in Bengali`, path: entry.path === '/' ? '/bn' : `/bn${entry.path}`, presets: ['mobile' as const] },
  ]);
}

function targetsFor(manifest: BenchManifest): Target[] {
  const page = (name: string, path: string, extra: Partial<Target> = {}): Target => ({
    name,
    path,
    method: 'GET',
    group: 'page',
    growth: false,
    signedIn: false,
    ...extra,
  });
  return [
    page('home', '/'),
    page('course list', COURSE_LIST_PATH, { growth: true }),
    page('course detail', manifest.courseDetailPath),
    page('book detail', manifest.bookDetailPath),
    // The Bengali twins are judged against the English pages above.
    page('home in Bengali', '/bn'),
    page('course detail in Bengali', `/bn${manifest.courseDetailPath}`),
    page('blog list', '/blogs'),
    ...manifest.searchTerms.map(({ term }) => page(`search "${term}"`, `/searchCourse/${encodeURIComponent(term)}`, { growth: true })),
    page('API course list', '/api/courses/classFive', { group: 'api', growth: true }),
    page('API search', '/api/searchCourse?q=phys', { group: 'api', growth: true }),
    // Read before order creation runs, so the page shows exactly the seeded 50 orders.
    page('My Order (50 orders)', '/myOrder', { signedIn: true }),
    // Spread over the seeded buyers (the per-account order limit would otherwise answer 429).
    {
      name: 'order creation',
      path: '/api/order',
      method: 'POST',
      group: 'action',
      growth: false,
      signedIn: true,
      orders: { itemIds: manifest.orderItemIds },
    },
    // Runs after order creation: each request is one buyer starting to pay one of those new orders.
    {
      name: 'payment-intent creation',
      path: '/api/create-payment-intent',
      method: 'POST',
      group: 'action',
      growth: false,
      signedIn: true,
      payments: true,
    },
    // Measured after everything else (measureLearning): a slow answer here leaves the database busy for minutes.
    ...learningTargets(manifest),
  ];
}

/** The orders order creation made (201), with their buyer's session: payment-intent creation pays them. */
const createdOrders: { cookie: string; orderId: string }[] = [];
/** Payment-intent requests sent so far (warm-up and probe included). */
const payments = { sent: 0 };

/** Session cookies: the bench user's for the pages, the buyers' for order creation. */
type Sessions = { benchUser: string | null; buyers: string[] };

function loadRequest(target: Target, sessions: Sessions, baseUrl: string): LoadRequest {
  const headers: Record<string, string> = { accept: target.group === 'page' ? 'text/html' : 'application/json' };
  const request: LoadRequest = { url: `${baseUrl}${target.path}`, method: target.method, headers };
  const orders = target.orders;
  if (orders) {
    headers['content-type'] = 'application/json';
    const { buyers } = sessions;
    const items = orders.itemIds;
    let sent = 0;
    // Request n is buyer n mod B ordering item n div B: no (buyer, item) pair repeats, so every
    // request inserts an order, and each buyer stays far below its limit.
    request.next = (context) => {
      const buyer = buyers[sent % buyers.length] ?? '';
      const item = items[Math.floor(sent / Math.max(1, buyers.length)) % Math.max(1, items.length)] ?? '';
      sent += 1;
      context.buyer = buyer;
      return { headers: { cookie: buyer }, body: JSON.stringify({ id: item }) };
    };
    request.onAnswer = (status, body, context) => {
      if (status !== 201 || typeof context.buyer !== 'string') return;
      const { insertedId } = JSON.parse(body) as { insertedId?: string };
      if (insertedId) createdOrders.push({ cookie: context.buyer, orderId: insertedId });
    };
  } else if (target.payments) {
    headers['content-type'] = 'application/json';
    // Each request a different new order while they last (an order's first start is bounded by the
    // order allowance); after that orders are started again, which counts against each buyer's
    // allowance of 120 repeated starts per 15 minutes and which the report counts.
    request.next = () => {
      const order = createdOrders[payments.sent % Math.max(1, createdOrders.length)];
      payments.sent += 1;
      return { headers: { cookie: order?.cookie ?? '' }, body: JSON.stringify({ orderId: order?.orderId ?? '' }) };
    };
  } else {
    if (target.signedIn && sessions.benchUser) headers.cookie = sessions.benchUser;
    const { rotate, progress, quiz } = target;
    if (quiz) {
      headers['content-type'] = 'application/json';
      // Writes are refused unless they come from the app's own origin (server/platform/http.ts), as a browser's do.
      headers.origin = new URL(baseUrl).origin;
      const body = JSON.stringify({ answers: quiz.answers });
      // Request n submits attempt n, across every connection and run: a repeat would only read the
      // stored grade. Nothing is sent once the seeded attempts (less any kept back) are used up.
      request.next = () => {
        const id = quizAttemptId(quiz, quizAttempts.used);
        quizAttempts.used += 1;
        return { path: `/api/quiz-attempts/${id}/submit`, body };
      };
      request.remaining = () => Math.max(0, quiz.attempts - quizAttempts.used - quizAttempts.reserved);
    } else if (rotate && rotate.length > 1) {
      let sent = 0;
      request.next = () => ({ path: rotate[sent++ % rotate.length] ?? target.path });
    } else if (progress) {
      headers['content-type'] = 'application/json';
      // Writes are refused unless they come from the app's own origin (server/platform/http.ts), as a browser's do.
      headers.origin = new URL(baseUrl).origin;
      let sent = 0;
      // Request n saves lesson n mod L at a position that moves on with every request, as the
      // player's periodic saves do; one learner, so every L-th write updates the same record.
      request.next = () => {
        const lessonId = progress.lessonIds[sent % Math.max(1, progress.lessonIds.length)] ?? '';
        const positionSeconds = Math.round(((sent * 3.7) % 3_600) * 10) / 10;
        sent += 1;
        return { body: JSON.stringify({ courseId: progress.courseId, lessonId, positionSeconds }) };
      };
    }
  }
  return request;
}

function describe(stats: LoadStats): string {
  const failures = stats.non2xx + stats.errors + stats.timeouts;
  const milliseconds = (value: number | null) => (value === null ? '—' : value.toFixed(1));
  return `${stats.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${milliseconds(stats.p50)}  p95 ${milliseconds(stats.p95)}  p99 ${milliseconds(stats.p99)} ms${failures ? `  non-2xx ${stats.non2xx}, errors ${stats.errors}, timeouts ${stats.timeouts}` : ''}`;
}

/** Why a probe's answer means the target cannot be measured, or null when it can. */
function unmeasurable(target: Target, status: number, location: string | null): string | null {
  if (status >= 200 && status < 300) return null;
  if (status === 404) return `route missing (${target.method} ${target.path} answered 404)`;
  if (status === 405) return `no ${target.method} handler (${target.path} answered 405)`;
  if (status >= 300 && status < 400) return `redirected to ${location ?? '?'} (${status})${target.signedIn ? ': the session cookie was not accepted' : ''}`;
  return `${target.method} ${target.path} answered ${status} before the load started`;
}

function staticName(target: Target, contentType: string): string {
  const slug = target.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${slug}.${contentType.includes('json') ? 'json' : 'html'}`;
}

type Prepared = {
  result: TargetResult;
  request: LoadRequest;
  /** The probe's answer; null when the target cannot be measured (result.note says why). */
  answer: Awaited<ReturnType<typeof probe>> | null;
  /** A probe slower than a second already warmed the route; a warm-up would only leave a queue. */
  needsWarmUp: boolean;
};

/** One request to the target first: it must exist and answer 2xx before load is worth sending. */
async function prepareTarget(target: Target, sessions: Sessions, baseUrl: string): Promise<Prepared> {
  const result: TargetResult = {
    name: target.name,
    path: target.path,
    method: target.method,
    group: target.group,
    growth: target.growth,
    measured: false,
    levels: [],
    nginx: [],
  };
  const request = loadRequest(target, sessions, baseUrl);
  const skip = (note: string): Prepared => {
    result.note = `skipped: ${note}`;
    console.log(`  ${target.name}: ${result.note}`);
    return { result, request, answer: null, needsWarmUp: false };
  };
  if (target.orders && sessions.buyers.length === 0) return skip('no buyer could sign in (see notes)');
  if (target.payments && createdOrders.length === 0) return skip('order creation made no orders to pay');
  if (target.signedIn && !target.orders && !sessions.benchUser) return skip('could not sign in as the bench user (see notes)');
  await settle(target.name);
  const started = Date.now();
  let answer: Awaited<ReturnType<typeof probe>>;
  try {
    answer = await probe(request);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || /timeout/i.test(error.message));
    return skip(
      timedOut
        ? `a single ${target.method} ${target.path} got no answer within ${PROBE_TIMEOUT_SECONDS} s`
        : `the probe request failed (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  result.probe = {
    status: answer.status,
    milliseconds: answer.milliseconds,
    bytes: answer.bytes.length,
    contentType: answer.contentType,
    cache: answer.cache,
  };
  const problem = unmeasurable(target, answer.status, answer.location);
  if (problem) return skip(problem);
  return { result, request, answer, needsWarmUp: Date.now() - started < 1_000 };
}

/** Whether a level went so badly that more connections would only queue more work behind it. */
function hopeless(stats: LoadStats): string | null {
  if (stats.requests === 0) return `no answer within the ${config.seconds} s run`;
  if (stats.errors + stats.timeouts > stats.requests) return 'most requests failed or timed out';
  return null;
}

function addNote(note: string | undefined, more: string): string {
  return [note, more].filter(Boolean).join(' ');
}

function stoppedNote(connections: number, why: string, rest: number[]): string {
  return `Stopped after ${connections} connection${connections === 1 ? '' : 's'}: ${why} (level${rest.length === 1 ? '' : 's'} ${rest.join(', ')} not run).`;
}

async function measureLevel(prepared: Prepared, label: string, connections: number): Promise<LoadStats> {
  await settle(`${label} at ${connections} connections`);
  const stats = await runLoad(prepared.request, connections, config.seconds);
  prepared.result.levels.push(stats);
  console.log(`  ${label.padEnd(30)} c=${String(connections).padEnd(3)} ${describe(stats)}`);
  return stats;
}

/** Main phase: every level against the app, then the same bytes from nginx. */
async function measureTarget(target: Target, sessions: Sessions): Promise<TargetResult> {
  const prepared = await prepareTarget(target, sessions, config.baseUrl);
  const { result, request, answer } = prepared;
  if (!answer) return result;

  if (prepared.needsWarmUp) await warmUp(request, config.warmUpSeconds);
  for (const connections of config.connections) {
    const left = request.remaining?.();
    if (left !== undefined && left < connections * MIN_REQUESTS_PER_CONNECTION) {
      const rest = config.connections.filter((level) => level >= connections);
      result.note = addNote(result.note, `Levels ${rest.join(', ')} not run: only ${left} of the seeded quiz attempts were left for them (seed-large.ts --quiz-attempts).`);
      break;
    }
    const stats = await measureLevel(prepared, target.name, connections);
    if (left !== undefined && request.remaining?.() === 0) {
      result.note = addNote(
        result.note,
        `At ${connections} connection${connections === 1 ? '' : 's'} the attempts left for the back-to-back levels (${left}) ran out: that level stopped after ${stats.seconds} s.`,
      );
    }
    const why = hopeless(stats);
    const rest = config.connections.filter((level) => level > connections);
    if (why && rest.length > 0) {
      result.note = addNote(result.note, stoppedNote(connections, why, rest));
      break;
    }
  }
  result.measured = true;

  // The machine's limit: nginx serving this very answer's bytes from a file. Writes have no static twin.
  if (config.nginxUrl && target.method === 'GET') {
    const name = staticName(target, answer.contentType);
    writeFileSync(join(config.staticDir, name), answer.bytes);
    const staticRequest: LoadRequest = { url: `${config.nginxUrl}/${name}`, method: 'GET', headers: { accept: request.headers.accept ?? '*/*' } };
    const check = await probe(staticRequest);
    if (check.status !== 200 || check.bytes.length !== answer.bytes.length) {
      result.note = [result.note, `nginx answered ${check.status} with ${check.bytes.length} bytes for the static copy; no ratio.`].filter(Boolean).join(' ');
    } else {
      // nginx leaves no work behind, so the app only has to finish what its last level left over.
      await settle('nginx');
      await warmUp(staticRequest, config.warmUpSeconds);
      for (const connections of config.connections) {
        const stats = await runLoad(staticRequest, connections, config.nginxSeconds);
        result.nginx.push(stats);
        console.log(`  ${`${target.name} (nginx)`.padEnd(30)} c=${String(connections).padEnd(3)} ${describe(stats)}`);
      }
    }
  }
  return result;
}

/**
 * Growth phase: the small and the large catalogue back to back at each level, so a change in the
 * machine's load between them cannot pass for an effect of the catalogue's size.
 */
async function measureGrowthPair(target: Target): Promise<{ small: TargetResult; large: TargetResult }> {
  const signedOut: Sessions = { benchUser: null, buyers: [] };
  const small = await prepareTarget(target, signedOut, config.baseUrl);
  const large = await prepareTarget(target, signedOut, config.largeBaseUrl);
  if (!small.answer || !large.answer) return { small: small.result, large: large.result };
  for (const side of [small, large]) if (side.needsWarmUp) await warmUp(side.request, config.warmUpSeconds);
  const levels = config.growthConnections;
  for (const connections of levels) {
    const whySmall = hopeless(await measureLevel(small, `${target.name} (small)`, connections));
    const whyLarge = hopeless(await measureLevel(large, `${target.name} (large)`, connections));
    const rest = levels.filter((level) => level > connections);
    if ((whySmall || whyLarge) && rest.length > 0) {
      if (whySmall) small.result.note = stoppedNote(connections, whySmall, rest);
      if (whyLarge) large.result.note = stoppedNote(connections, whyLarge, rest);
      break;
    }
  }
  small.result.measured = true;
  large.result.measured = true;
  return { small: small.result, large: large.result };
}

async function runPhase(phase: 'main' | 'growth'): Promise<void> {
  const manifest = readManifest(config.manifest);
  const startedAt = new Date().toISOString();
  const startLoad = loadavg();
  const notes: string[] = [];
  mkdirSync(config.staticDir, { recursive: true });
  console.log(`Phase ${phase}: ${manifest.counts.courses} courses in ${manifest.database}, ${config.seconds} s per level`);

  const allTargets = targetsFor(manifest);
  const targets = phase === 'growth' ? allTargets.filter((target) => target.growth) : allTargets;

  const sessions: Sessions = { benchUser: null, buyers: [] };
  if (targets.some((target) => target.signedIn && !target.orders)) {
    const session = await signIn(config.baseUrl, manifest.benchUser.email, manifest.benchUser.password);
    if ('cookie' in session) sessions.benchUser = session.cookie;
    else notes.push(`Signed-in pages skipped: ${session.error}`);
  }
  if (targets.some((target) => target.orders)) {
    notes.push(
      `Order creation: request n is bench buyer n mod ${manifest.buyers.emails.length} ordering catalogue item n div ${manifest.buyers.emails.length}, ` +
        'so every request creates a new order (201) and no buyer reaches the per-account limit of 120 orders per 15 minutes.',
    );
    // One sign-in per buyer (argon2id each), one after another: a few seconds for 64 buyers.
    for (const email of manifest.buyers.emails) {
      const session = await signIn(config.baseUrl, email, manifest.buyers.password);
      if ('cookie' in session) sessions.buyers.push(session.cookie);
      else {
        notes.push(`Buyer ${email} could not sign in: ${session.error}`);
        break;
      }
    }
  }

  const results: TargetResult[] = [];
  const pairedTargets: TargetResult[] = [];
  for (const target of targets) {
    if (phase === 'main') {
      // Measured last, below.
      if (!isLearningTarget(target)) results.push(await measureTarget(target, sessions));
    } else if (config.largeBaseUrl) {
      const { small, large } = await measureGrowthPair(target);
      results.push(small);
      pairedTargets.push(large);
    } else {
      throw new Error('The growth phase needs BENCH_LARGE_BASE_URL (the server on the large catalogue)');
    }
  }

  if (targets.some((target) => target.payments) && payments.sent > 0) {
    const repeated = Math.max(0, payments.sent - createdOrders.length);
    notes.push(
      `Payment-intent creation: order creation made ${createdOrders.length.toLocaleString('en-US')} new orders, and ${payments.sent.toLocaleString('en-US')} requests started paying them in turn` +
        (repeated > 0 ? ` (${repeated.toLocaleString('en-US')} of them for an order that already had an intent, which answers the stored one).` : ', each for an order of its own.'),
    );
  }

  const budgetRuns: PhaseResult['budgetRuns'] = [];
  if (phase === 'main') {
    const levels = BUDGET_LEVELS.filter(({ name }) => !LEARNING_TARGETS.has(name));
    budgetRuns.push(...(await runBudgetLevels(levels, results, allTargets, sessions)));
  }

  let streaming: PhaseResult['streaming'] = null;
  if (phase === 'main' && manifest.audiobook) {
    const { bookId, bytes } = manifest.audiobook;
    if (!sessions.benchUser) notes.push('File streaming skipped: the bench user could not sign in.');
    else if (!(config.appPid > 0)) notes.push('File streaming skipped: no BENCH_APP_PID to watch.');
    else {
      await settle('file streaming');
      streaming = await measureStreamMemory({ baseUrl: config.baseUrl, cookie: sessions.benchUser, bookId, fileBytes: bytes, appPid: config.appPid });
      console.log(`  file streaming: ${streamingText(streaming)}`);
    }
  }

  const learning = manifest.learning;
  let lighthouse: PhaseResult['lighthouse'] = [];
  let firstLoad: PhaseResult['firstLoadJs'] = [];
  let bareNext: PhaseResult['bareNextJs'] = null;
  const servedJs: PhaseResult['servedJs'] = [];
  const audited = phase === 'main' ? auditedPages(manifest) : [];
  if (phase === 'main') {
    const pages: LighthousePage[] = [];
    for (const entry of audited) {
      const answer = await signedOutPage(entry.path);
      if ('error' in answer) {
        notes.push(`Lighthouse skipped ${entry.page} (${entry.path}): ${answer.error}`);
        continue;
      }
      pages.push(entry);
      servedJs.push({ page: entry.page, path: entry.path, ...htmlScriptJs(config.distDir, answer.html) });
    }
    if (!config.lighthouse) notes.push('Lighthouse skipped (BENCH_LIGHTHOUSE=0).');
    else if (pages.length > 0) {
      console.log(`Lighthouse on ${pages.length} pages (mobile; desktop too for the English ones)`);
      await settle('Lighthouse');
      lighthouse = await runLighthouse(config.lighthouseUrl, pages, ['mobile', 'desktop']);
    }
  }

  let videoStreaming: PhaseResult['videoStreaming'] = null;
  let certificatePdf: PhaseResult['certificatePdf'] = null;
  if (phase === 'main' && learning) {
    ({ video: videoStreaming, certificatePdf } = await measureLearning(learning, targets.filter(isLearningTarget), { allTargets, results, sessions, budgetRuns, notes }));
  }

  if (phase === 'main') {
    try {
      firstLoad = firstLoadJs(config.distDir);
    } catch (error) {
      notes.push(`First-load JS not computed: ${error instanceof Error ? error.message : String(error)}`);
    }
    // run.sh has built it before the servers started; building here only when that failed or the script runs alone.
    try {
      const bare = bareNextFirstLoadJs();
      bareNext = { nextVersion: bare.nextVersion, route: bare.route };
      console.log(`  bare Next ${bare.nextVersion} page: first-load JS ${(bare.route.gzipBytes / 1024).toFixed(1)} kB gzip`);
    } catch (error) {
      notes.push(`The bare Next page's first-load JS was not measured: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const result: PhaseResult = {
    phase,
    manifest,
    baseUrl: config.baseUrl,
    startedAt,
    finishedAt: new Date().toISOString(),
    loadAverage: { start: startLoad.map((value) => Math.round(value * 100) / 100), end: loadavg().map((value) => Math.round(value * 100) / 100) },
    seconds: config.seconds,
    nginxSeconds: config.nginxSeconds,
    targets: results,
    pairedTargets,
    budgetRuns,
    streaming,
    videoStreaming,
    certificatePdf,
    lighthouse,
    firstLoadJs: firstLoad,
    bareNextJs: bareNext,
    auditedPages: audited.map(({ page, path }) => ({ page, path })),
    servedJs,
    notes,
  };
  writeFileSync(config.out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Phase ${phase} written to ${config.out}`);
}

/**
 * A page as Lighthouse sees it: signed out (its browser has no session). Checked first, so a
 * missing page or a locked lesson is a note rather than an audit of an error page.
 */
async function signedOutPage(path: string): Promise<{ html: string } | { error: string }> {
  try {
    const answer = await probe({ url: `${config.baseUrl}${path}`, method: 'GET', headers: { accept: 'text/html' } });
    if (answer.status !== 200) return { error: `answered ${answer.status}${answer.location ? ` (to ${answer.location})` : ''} signed out` };
    return { html: answer.bytes.toString('utf8') };
  } catch (error) {
    return { error: `could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function isLearningTarget(target: Target): boolean {
  return LEARNING_TARGETS.has(target.name);
}

/** Each budget level that no configured level covers, measured once more on its own. */
async function runBudgetLevels(levels: typeof BUDGET_LEVELS, results: TargetResult[], allTargets: Target[], sessions: Sessions): Promise<PhaseResult['budgetRuns']> {
  const runs: PhaseResult['budgetRuns'] = [];
  for (const { name, connections, ratePerConnection } of levels) {
    const result = results.find((candidate) => candidate.name === name);
    const target = allTargets.find((candidate) => candidate.name === name);
    if (!result?.measured || !target) continue;
    if (!ratePerConnection) {
      if (config.connections.includes(connections)) continue;
      // More connections would only queue more work behind a level that already got (almost) nothing done.
      const below = result.levels.filter((stats) => stats.connections < connections).at(-1);
      const why = below ? hopeless(below) : null;
      if (below && why) {
        result.note = [result.note, `The budget level of ${connections} connections was not run: ${why} at ${below.connections}.`].filter(Boolean).join(' ');
        continue;
      }
    }
    const request = loadRequest(target, sessions, config.baseUrl);
    const left = request.remaining?.();
    if (left !== undefined && left < connections) {
      result.note = addNote(result.note, `The budget level of ${connections} learners was not run: only ${left} of the seeded quiz attempts were left.`);
      continue;
    }
    await settle(`the ${name} budget level`);
    const stats = ratePerConnection ? await runPacedLoad(request, connections, config.seconds, ratePerConnection) : await runLoad(request, connections, config.seconds);
    runs.push({ name, path: target.path, stats });
    if (left !== undefined && request.remaining?.() === 0) {
      result.note = addNote(result.note, `The budget level of ${connections} learners used up the ${left} quiz attempts left for it: learners stopped then.`);
    }
    const pace = ratePerConnection ? ` at ${ratePerConnection}/s each` : '';
    console.log(`  ${`${name} (budget level)`.padEnd(30)} c=${String(connections).padEnd(3)}${pace} ${describe(stats)}`);
  }
  return runs;
}

type PhaseState = {
  allTargets: Target[];
  results: TargetResult[];
  sessions: Sessions;
  budgetRuns: PhaseResult['budgetRuns'];
  notes: string[];
};

/**
 * The learning and quiz measurements, after everything else (Lighthouse included), so whatever they
 * leave the database busy with cannot land on the catalogue's and commerce's figures: the
 * video's memory first (it needs a database that answers), then progress writes, quiz grading and
 * the lesson player, and last the certificate PDF. Answers the video and PDF measurements; load
 * results and budget runs are added to `state`.
 */
async function measureLearning(
  learning: BenchLearning,
  targets: Target[],
  state: PhaseState,
): Promise<{ video: PhaseResult['videoStreaming']; certificatePdf: PhaseResult['certificatePdf'] }> {
  const { sessions, notes } = state;
  notes.push(
    `Learning: the bench user bought the course ${learning.courseId}, with ${learning.lessonIds.length} lessons besides its quizzes (${learning.articleLessonIds.length} articles of a few KB of Markdown, ` +
      `a ${(learning.video.bytes / 1024 / 1024).toFixed(1)} MB video) and ${learning.progressRecords} progress records. The lesson player's load goes round the ${learning.articleLessonIds.length} article lessons ` +
      `with the bench user's session; progress writes (with the app's Origin) save a new position in each of the ${learning.lessonIds.length} lessons in turn, all as that one learner. ` +
      'These run after everything else, each once the app and the database have gone idle again (up to five minutes).',
  );

  let video: PhaseResult['videoStreaming'] = null;
  if (!learning.video.padded) notes.push('Video streaming skipped: the lesson video is the 75 KB demo clip (BENCH_LESSON_VIDEO_MB=0).');
  else if (!sessions.benchUser) notes.push('Video streaming skipped: the bench user could not sign in.');
  else if (!(config.appPid > 0)) notes.push('Video streaming skipped: no BENCH_APP_PID to watch.');
  else {
    await recover('video streaming');
    video = await measureVideoMemory({
      baseUrl: config.baseUrl,
      cookie: sessions.benchUser,
      courseId: learning.courseId,
      lessonId: learning.video.lessonId,
      fileBytes: learning.video.bytes,
      appPid: config.appPid,
    });
    console.log(`  video streaming: ${videoStreamingText(video)}`);
  }

  const quiz = learning.quiz;
  if (quiz && quiz.attempts > 0) {
    notes.push(
      `Quiz grading: the course ends with ${quiz.lessonIds.length} quiz lesson${quiz.lessonIds.length === 1 ? '' : 's'} of the same ${quiz.questionIds.length} questions ` +
        `(single, multiple, true/false and numeric; unlimited attempts, no time limit), holding ${quiz.attempts.toLocaleString('en-US')} open attempts of the bench user ` +
        `(${quiz.attemptsPerLesson} each: an attempt's number has at most three digits). Each request submits the next attempt never submitted before, across every connection and level ` +
        `(a repeat would only read the stored grade), with the app's Origin and the bench user's session; every question is answered and the score is ${quiz.scorePercent} % ` +
        `against a pass mark of ${quiz.passPercent} %, so each submission also completes its quiz lesson. ` +
        `While the back-to-back levels run, ${pacedReserve(QUIZ_GRADING)} attempts are kept back for the paced budget level; a level that would need more than are left stops when they run out.`,
    );
  } else notes.push('Quiz grading skipped: no quiz attempts seeded (seed-large.ts --learning --quiz-attempts).');

  const ordered = [PROGRESS_WRITE, QUIZ_GRADING, LESSON_PLAYER].flatMap((name) => targets.filter((target) => target.name === name));
  for (const target of ordered) {
    await recover(target.name);
    if (target.quiz) quizAttempts.reserved = pacedReserve(target.name);
    state.results.push(await measureTarget(target, sessions));
    // Everything left may go to the budget level.
    quizAttempts.reserved = 0;
    // Its budget level right away, before the next target's load can leave work behind.
    const levels = BUDGET_LEVELS.filter(({ name }) => name === target.name);
    state.budgetRuns.push(...(await runBudgetLevels(levels, state.results, state.allTargets, sessions)));
    if (target.quiz) notes.push(`Quiz grading submitted ${quizAttempts.used.toLocaleString('en-US')} of the ${target.quiz.attempts.toLocaleString('en-US')} seeded attempts (probe, warm-up and every level).`);
  }

  let certificatePdf: PhaseResult['certificatePdf'] = null;
  if (learning.certificate) {
    await recover('the certificate PDF');
    certificatePdf = await measureCertificatePdf(learning.certificate.id);
    console.log(`  certificate PDF: ${certificatePdfText(certificatePdf)}`);
  } else notes.push('Certificate PDF skipped: no certificate seeded (seed-large.ts --learning).');

  // The growth phase comes next, on the same database.
  await settle('the end of the main phase', RECOVERY_MAX_MS);
  return { video, certificatePdf };
}

/**
 * How long the certificate PDF takes to make, as a learner downloading it sees it: one
 * untimed request (the route's first run loads the fonts), then single requests one after another,
 * each timed from sending to the last byte. Signed out: anyone with the address may download it.
 */
async function measureCertificatePdf(certificateId: string): Promise<CertificatePdfResult> {
  const path = `/certificates/${certificateId}/pdf`;
  const request: LoadRequest = { url: `${config.baseUrl}${path}`, method: 'GET', headers: { accept: 'application/pdf' } };
  const result: CertificatePdfResult = { path, requests: 0, warmUpMilliseconds: null, milliseconds: [], p50: null, p95: null, max: null, bytes: 0, contentType: '' };
  try {
    const first = await probe(request);
    result.warmUpMilliseconds = first.milliseconds;
    if (first.status !== 200) return { ...result, error: `GET ${path} answered ${first.status}` };
    for (let index = 0; index < CERTIFICATE_PDF_REQUESTS; index += 1) {
      const answer = await probe(request);
      if (answer.status !== 200) return { ...result, error: `GET ${path} answered ${answer.status} to request ${index + 1}` };
      result.milliseconds.push(answer.milliseconds);
      result.bytes = answer.bytes.length;
      result.contentType = answer.contentType;
      result.requests += 1;
    }
  } catch (error) {
    return { ...result, error: `GET ${path} failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const sorted = Float64Array.from(result.milliseconds).sort();
  return { ...result, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: percentile(sorted, 1), milliseconds: result.milliseconds.map((value) => round(value, 1)) };
}

function readPhase(file: string | undefined): PhaseResult | null {
  if (!file) return null;
  try {
    // Written by this script a few minutes earlier; a missing file means that phase did not run.
    return JSON.parse(readFileSync(file, 'utf8')) as PhaseResult;
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const phase = process.argv[2];
  if (phase === 'main' || phase === 'growth') {
    await runPhase(phase);
    return 0;
  }
  if (phase === 'report') {
    const main = readPhase(process.env.BENCH_MAIN_RESULT);
    if (!main) throw new Error('No main phase result to report (BENCH_MAIN_RESULT)');
    const files = writeReport({
      main,
      growth: readPhase(process.env.BENCH_GROWTH_RESULT),
      resultsDir: text('BENCH_RESULTS_DIR', 'bench/results'),
      buildSeconds: process.env.BENCH_BUILD_SECONDS?.trim() || null,
      runNote: process.env.BENCH_NOTE?.trim() || null,
      connections: config.connections,
      growthConnections: config.growthConnections,
    });
    console.log(`Report written to ${files.join(' and ')}`);
    return 0;
  }
  console.error('Usage: measure.ts main|growth|report (scripts/bench/run.sh runs all three)');
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
