// Scenario 1: the database is killed (SIGKILL) while clients keep requesting pages and JSON; then
// it is started again on the same data. Every request must end (no hang) within 2 s + slack, with
// a clear 503 (an HTML page for pages, a JSON error for /api) or a cached 200, never a 500; and
// every endpoint must answer 200 again by itself within 5 s of the database accepting connections.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '../seed-data/accounts';
import { request, signIn, sleep } from './http';
import type { Sample } from './http';
import { baseUrl, config, killFerret, startFerret } from './processes';
import { counts, millis, seconds, table } from './result';
import type { ScenarioResult } from './result';

/**
 * The budget is 2 s (the driver's server selection gives up after 2 s). The slack covers CPU
 * contention on a shared, busy machine, where recovery can take noticeably longer than on a quiet one.
 */
const BUDGET_MS = 2000;
const SLACK_MS = 1500;
const RECOVERY_BUDGET_MS = 5000;
/** A request still open after this is a hang (and is abandoned). */
const HANG_MS = 15_000;
const CLIENTS_PER_ENDPOINT = 2;
const PAUSE_MS = 100;

type Endpoint = {
  path: string;
  kind: 'page' | 'api';
  signedIn: boolean;
  note: string;
  /** A different address for every request (never in any cache); `path` is then its pattern. */
  url?: () => string;
  /** The healthy answer's status (200 unless said otherwise). */
  okStatus?: number;
};

let searches = 0;
let unknownBooks = 0;

const ENDPOINTS: Endpoint[] = [
  { path: '/books', kind: 'page', signedIn: false, note: 'catalogue, ISR (revalidate 300)' },
  { path: '/classes', kind: 'page', signedIn: false, note: 'catalogue, ISR (revalidate 300)' },
  { path: '/searchCourse/physics', kind: 'page', signedIn: false, note: 'search, rendered per request from the data cache' },
  {
    path: '/searchCourse/{new term}',
    kind: 'page',
    signedIn: false,
    note: 'search for a term nobody searched before: a data-cache miss',
    url: () => `/searchCourse/chaos${(searches += 1)}`,
  },
  {
    path: '/book/{new id}',
    kind: 'page',
    signedIn: false,
    note: 'a book page never requested before (an unknown id: 404 when healthy), rendered on demand',
    url: () => `/book/c4a05${String((unknownBooks += 1)).padStart(19, '0')}`,
    okStatus: 404,
  },
  { path: '/myOrder', kind: 'page', signedIn: true, note: 'account page, signed in' },
  { path: '/api/courses/classOne', kind: 'api', signedIn: false, note: 'route handler' },
  { path: '/api/books', kind: 'api', signedIn: false, note: 'route handler' },
];

/** What an answer means for a reader. */
type Outcome = 'ok' | 'unavailable' | 'error page (200)' | 'unclear 503' | 'server error' | 'other status' | 'no answer';

// When rendering fails after a streamed page's headers (status 200) were sent, React sends the
// error's digest for the boundary ($RX("B:0","<digest>"), E{"digest":…} in the RSC payload) and
// the browser shows app/error.tsx. Next's own control-flow digests (NEXT_HTTP_ERROR_FALLBACK;404,
// NEXT_REDIRECT, BAILOUT_TO_CLIENT_SIDE_RENDERING) and empty ones belong to healthy pages.
const DIGEST = '(?!NEXT_|BAILOUT_)[^"\\\\]+';
// The error page's heading as rendered (its text also rides in every page's messages, as JSON).
const ERROR_MARKERS = new RegExp(`\\$RX\\("[^"]*","${DIGEST}"|E\\{\\\\"digest\\\\":\\\\"${DIGEST}\\\\"|data-dgst="${DIGEST}"|>We could not load this page<`);

function outcomeOf(endpoint: Endpoint, sample: Sample): Outcome {
  if (sample.status === 0) return 'no answer';
  if (sample.status === (endpoint.okStatus ?? 200)) {
    if (endpoint.kind === 'api') return sample.contentType.includes('application/json') ? 'ok' : 'other status';
    return ERROR_MARKERS.test(sample.body) ? 'error page (200)' : 'ok';
  }
  if (sample.status === 503) {
    // Pages: the proxy's "temporarily unavailable" page, or a page that failed to render, sent
    // with 503 and the app's error page (serving/outage-status.mjs).
    const clear =
      endpoint.kind === 'api'
        ? sample.contentType.includes('application/json') && /"message"\s*:/.test(sample.body)
        : sample.contentType.includes('text/html') && (/unavailable/i.test(sample.body) || ERROR_MARKERS.test(sample.body));
    return clear ? 'unavailable' : 'unclear 503';
  }
  if (sample.status >= 500) return 'server error';
  return 'other status';
}

type Recorded = Sample & { endpoint: Endpoint; outcome: Outcome; errorPage: boolean };

export async function runDatabaseOutage(): Promise<ScenarioResult> {
  const baselineMs = config.quick ? 2000 : 3000;
  const outageMs = config.quick ? 5000 : 8000;
  const afterMs = config.quick ? 7000 : 10_000;
  const cookie = await signIn(baseUrl, DEMO_ACCOUNTS.student.email, DEMO_ACCOUNTS.student.password);
  const headersOf = (endpoint: Endpoint) => (endpoint.signedIn ? { cookie } : undefined);
  const get = (endpoint: Endpoint) =>
    request(`${baseUrl}${endpoint.url ? endpoint.url() : endpoint.path}`, { headers: headersOf(endpoint), timeoutMs: HANG_MS, keepBytes: endpoint.kind === 'page' ? 2_000_000 : 4096 });

  // Every endpoint must work before the fault, or the scenario measures nothing.
  for (const endpoint of ENDPOINTS) {
    const sample = await get(endpoint);
    const outcome = outcomeOf(endpoint, sample);
    if (outcome !== 'ok') throw new Error(`${endpoint.path} answered ${sample.status || sample.error} (${outcome}) before the database was stopped`);
  }

  const samples: Recorded[] = [];
  let running = true;
  const clients = ENDPOINTS.flatMap((endpoint) =>
    Array.from({ length: CLIENTS_PER_ENDPOINT }, async (_, index) => {
      await sleep((index * PAUSE_MS) / CLIENTS_PER_ENDPOINT);
      while (running) {
        const sample = await get(endpoint);
        samples.push({ ...sample, body: '', endpoint, outcome: outcomeOf(endpoint, sample), errorPage: endpoint.kind === 'page' && ERROR_MARKERS.test(sample.body) });
        await sleep(PAUSE_MS);
      }
    }),
  );

  await sleep(baselineMs);
  const killedAt = await killFerret();
  await sleep(outageMs);
  const restart = await startFerret();
  const backAt = restart.listeningAt;
  await sleep(afterMs);
  running = false;
  await Promise.all(clients);

  // Every request, for whoever wants to look closer (times relative to the kill).
  writeFileSync(
    path.join(config.dir, 'db-outage-samples.json'),
    JSON.stringify(
      {
        restartedAfterMs: Math.round(backAt - killedAt),
        samples: samples.map((sample) => ({
          endpoint: sample.endpoint.path,
          startedMs: Math.round(sample.startedAt - killedAt),
          ms: sample.ms,
          status: sample.status,
          outcome: sample.outcome,
          error: sample.error,
        })),
      },
      null,
      1,
    ),
  );
  const limitMs = BUDGET_MS + SLACK_MS;
  const rows: (string | number)[][] = [];
  const failures: { endpoint: string; kind: 'slow' | 'bad' | 'late503' | 'recovery'; text: string }[] = [];
  const cachedThroughout: string[] = [];
  let worstFirst503: number | null = null;
  let worstRecovery: number | null = null;
  // The first requests after the stop can only find out by failing: those that started within the
  // budget may end with the error page (streamed with 200); everything later must be a clear 503.
  const decidedAfter = killedAt + BUDGET_MS;
  const windowErrorPages: Recorded[] = [];

  for (const endpoint of ENDPOINTS) {
    const mine = samples.filter((sample) => sample.endpoint === endpoint).sort((a, b) => a.startedAt - b.startedAt);
    const before = mine.filter((sample) => sample.endedAt <= killedAt);
    const during = mine.filter((sample) => sample.endedAt > killedAt && sample.startedAt < backAt);
    const after = mine.filter((sample) => sample.startedAt >= backAt);
    const maxMs = Math.max(0, ...mine.filter((sample) => sample.endedAt > killedAt).map((sample) => sample.ms));

    const first503 = during.find((sample) => sample.outcome === 'unavailable');
    const firstUnavailableMs = first503 ? first503.endedAt - killedAt : null;
    const decided = during.filter((sample) => sample.startedAt >= decidedAfter);
    const servedFromCache = decided.length > 0 && decided.every((sample) => sample.outcome === 'ok');
    if (servedFromCache) cachedThroughout.push(endpoint.path);
    else if (firstUnavailableMs !== null) worstFirst503 = Math.max(worstFirst503 ?? 0, firstUnavailableMs);

    // Recovered at the end of the first answer of the final unbroken run of good answers.
    let lastBad = -1;
    mine.forEach((sample, index) => {
      if (sample.outcome !== 'ok') lastBad = index;
    });
    const recoveredSample = mine[lastBad + 1];
    const recoveryMs = lastBad === -1 ? 0 : recoveredSample ? Math.max(0, recoveredSample.endedAt - backAt) : null;
    if (recoveryMs === null) failures.push({ endpoint: endpoint.path, kind: 'recovery', text: 'never answered 200 again' });
    else worstRecovery = Math.max(worstRecovery ?? 0, recoveryMs);
    if (recoveryMs !== null && recoveryMs > RECOVERY_BUDGET_MS) failures.push({ endpoint: endpoint.path, kind: 'recovery', text: `back after ${seconds(recoveryMs)}` });

    for (const sample of mine) {
      if (sample.outcome === 'ok' || sample.outcome === 'unavailable') continue;
      if (sample.outcome === 'error page (200)' && sample.startedAt < decidedAfter && sample.endedAt > killedAt) {
        windowErrorPages.push(sample);
        continue;
      }
      failures.push({ endpoint: endpoint.path, kind: 'bad', text: `${sample.outcome} (${sample.status || sample.error}), started +${seconds(sample.startedAt - killedAt)}` });
    }
    if (maxMs > limitMs) failures.push({ endpoint: endpoint.path, kind: 'slow', text: `a request took ${millis(maxMs)}` });
    if (!servedFromCache && (firstUnavailableMs === null || firstUnavailableMs > limitMs)) {
      failures.push({ endpoint: endpoint.path, kind: 'late503', text: `first clear 503 after ${seconds(firstUnavailableMs)}` });
    }

    rows.push([
      `\`${endpoint.path}\` (${endpoint.note})`,
      `${before.length}: ${counts(before.map((sample) => sample.status || sample.error || '?'))}`,
      `${during.length}: ${counts(during.map((sample) => (sample.outcome === 'ok' ? String(sample.status) : sample.outcome === 'unavailable' ? (sample.errorPage ? '503 error page' : '503') : `${sample.status || sample.error} ${sample.outcome}`)))}`,
      servedFromCache ? 'none: served 200 from cache' : seconds(firstUnavailableMs),
      millis(maxMs),
      recoveryMs === null ? 'never' : seconds(recoveryMs),
      `${after.length}: ${counts(after.map((sample) => sample.status || sample.error || '?'))}`,
    ]);
  }

  const all = samples.length;
  const slowest = samples.reduce<Recorded | null>((worst, sample) => (!worst || sample.ms > worst.ms ? sample : worst), null);
  const describe = (kind: (typeof failures)[number]['kind']) =>
    failures.filter((failure) => failure.kind === kind).map((failure) => `\`${failure.endpoint}\` ${failure.text}`);
  const bad = describe('bad');
  return {
    id: 1,
    title: 'Database stopped mid-traffic',
    setup:
      `${CLIENTS_PER_ENDPOINT} clients per endpoint × ${ENDPOINTS.length} endpoints, each sending one request after another ` +
      `(${PAUSE_MS} ms apart, keep-alive); FerretDB SIGKILLed after ${seconds(baselineMs, 0)}, started again on the same data ` +
      `${seconds(outageMs, 0)} later (it accepted connections ${seconds(backAt - killedAt)} after the kill), then ${seconds(afterMs, 0)} more traffic. ` +
      `${all} requests in all.`,
    checks: [
      {
        name: `no request hangs or lasts longer than ${seconds(BUDGET_MS, 0)} + ${seconds(SLACK_MS, 1)} slack`,
        pass: describe('slow').length === 0 && !samples.some((sample) => sample.error === 'timeout'),
        measured: slowest ? `slowest ${millis(slowest.ms)} (${slowest.endpoint.path}, ${slowest.status || slowest.error})` : 'no requests',
      },
      {
        name: `every answer is a 200 or a clear 503 (HTML page / JSON error): no 500, no dropped connection; an error page (streamed with 200) only for requests that started within ${seconds(BUDGET_MS, 0)} of the stop`,
        pass: bad.length === 0,
        measured:
          `${all} answers: ${counts(samples.map((sample) => sample.status || sample.error || '?'))}; ` +
          `error pages within the first ${seconds(BUDGET_MS, 0)}: ${windowErrorPages.length ? counts(windowErrorPages.map((sample) => sample.endpoint.path)) : 'none'}` +
          (bad.length ? `; not allowed: ${bad.slice(0, 6).join('; ')}${bad.length > 6 ? ` (and ${bad.length - 6} more)` : ''}` : ''),
      },
      {
        name: `every endpoint not served from cache answers a clear 503 within ${seconds(BUDGET_MS, 0)} (+ slack) of the stop`,
        pass: describe('late503').length === 0,
        measured:
          `slowest first 503 after ${seconds(worstFirst503)}; served from cache throughout: ${cachedThroughout.length ? cachedThroughout.map((path) => `\`${path}\``).join(', ') : 'none'}` +
          (describe('late503').length ? `; late: ${describe('late503').join('; ')}` : ''),
      },
      {
        name: `every endpoint answers 200 again by itself within ${seconds(RECOVERY_BUDGET_MS, 0)} of the database accepting connections`,
        pass: describe('recovery').length === 0,
        measured: `slowest recovery ${seconds(worstRecovery)}` + (describe('recovery').length ? `; ${describe('recovery').join('; ')}` : ''),
      },
    ],
    tables: [
      table(['endpoint', 'before the stop', 'while stopped (status × count)', 'first 503 after the stop', 'slowest request after the stop', 'back to 200 after restart', 'after the restart'], rows),
    ],
    notes: windowErrorPages.length
      ? [
          `${windowErrorPages.length} request(s) that were under way or started within ${seconds(BUDGET_MS, 0)} of the stop ended with the app's error page ("We could not load this page", streamed with status 200): ` +
            'the app had not yet noticed the outage and had already sent the page headers.',
        ]
      : [],
  };
}
