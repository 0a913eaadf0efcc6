// Scenario 3: 1,000 concurrent catalogue readers for 30 s (autocannon, keep-alive connections, each
// going round a few catalogue pages). Zero errors and non-2xx answers; the server's resident memory
// (VmRSS of the next-server process, sampled every second) stays bounded. Whether it keeps
// climbing is judged by a second, identical round: a bounded server ends it about where it ended
// the first one, a leaking one higher again.
import autocannon from 'autocannon';
import { percentile, request, sleep } from './http';
import { baseUrl, config, nextPid, rssMiB } from './processes';
import { millis, table } from './result';
import type { ScenarioResult } from './result';

const PATHS = ['/', '/books', '/classes', '/courses', '/blogs'];
const CONNECTIONS = 1000;
/** Seconds before autocannon gives up on one request; a slower answer counts as an error. */
const REQUEST_TIMEOUT_SECONDS = 10;
const PEAK_LIMIT_MIB = 1536;
/** The second round may end at most this much above the first (heap growth settles, a leak does not). */
const CLIMB_LIMIT = 0.2;
const PAUSE_SECONDS = 5;

type Phase = 'before' | 'round 1' | 'pause' | 'round 2' | 'after';
type RssSample = { phase: Phase; mib: number };

type Round = {
  answered: number;
  requestsPerSecond: number;
  statusCodes: string;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencies: number[];
};

function load(seconds: number): Promise<Round> {
  const latencies: number[] = [];
  let turn = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: REQUEST_TIMEOUT_SECONDS,
        requests: [
          {
            setupRequest: (params) => {
              turn += 1;
              return { ...params, path: PATHS[turn % PATHS.length] };
            },
          },
        ],
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        const answered = Object.values(result.statusCodeStats).reduce((sum, stat) => sum + stat.count, 0);
        resolve({
          answered,
          requestsPerSecond: Math.round(answered / Math.max(result.duration, 0.001)),
          statusCodes: Object.entries(result.statusCodeStats).map(([code, stat]) => `${code}×${stat.count}`).join(', ') || 'none',
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          latencies: latencies.sort((a, b) => a - b),
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, milliseconds) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(milliseconds);
    });
  });
}

export async function runReaders(): Promise<ScenarioResult> {
  const seconds = config.quick ? 10 : 30;
  const pid = nextPid();
  if (!pid) throw new Error('next start is not running');
  for (const path of PATHS) {
    const sample = await request(`${baseUrl}${path}`, { timeoutMs: 30_000 });
    if (sample.status !== 200) throw new Error(`${path} answered ${sample.status || sample.error} before the load`);
  }

  const rss: RssSample[] = [];
  let phase: Phase = 'before';
  const sampler = setInterval(() => {
    const mib = rssMiB(pid);
    if (mib !== null) rss.push({ phase, mib });
  }, 1000);

  await sleep(5000);
  phase = 'round 1';
  const first = await load(seconds);
  phase = 'pause';
  await sleep(PAUSE_SECONDS * 1000);
  phase = 'round 2';
  const second = await load(seconds);
  phase = 'after';
  await sleep(10_000);
  clearInterval(sampler);

  const last = (wanted: Phase) => rss.filter((sample) => sample.phase === wanted).at(-1)?.mib ?? null;
  const start = last('before');
  const peak = Math.max(...rss.map((sample) => sample.mib));
  const endFirst = last('round 1');
  const endSecond = last('round 2');
  const settled = last('after');
  const climbed = endFirst !== null && endSecond !== null ? (endSecond - endFirst) / endFirst : null;
  const stillRunning = rssMiB(pid) !== null;
  const rows = [first, second].map((round, index) => [
    `round ${index + 1}`,
    round.answered,
    round.requestsPerSecond,
    millis(percentile(round.latencies, 0.5)),
    millis(percentile(round.latencies, 0.95)),
    millis(percentile(round.latencies, 0.99)),
    millis(round.latencies.at(-1)),
    round.non2xx,
    round.errors,
    round.timeouts,
  ]);
  const marks: Record<Phase, string> = { before: 'b', 'round 1': '', pause: 'p', 'round 2': '', after: 'a' };

  return {
    id: 3,
    title: '1,000 concurrent catalogue readers',
    setup:
      `autocannon with ${CONNECTIONS} keep-alive connections for ${seconds} s, each connection going round ${PATHS.map((path) => `\`${path}\``).join(', ')} ` +
      `(${REQUEST_TIMEOUT_SECONDS} s per-request timeout), from the same machine; then, after ${PAUSE_SECONDS} s, the same again (round 2) to see whether memory keeps climbing. ` +
      `VmRSS of the next-server process (pid ${pid}) sampled every second from 5 s before to 10 s after.`,
    checks: [
      {
        name: 'zero errors, timeouts and non-2xx answers (both rounds)',
        pass: [first, second].every((round) => round.errors === 0 && round.timeouts === 0 && round.non2xx === 0 && round.answered > 0),
        measured: `round 1: ${first.answered} answers (${first.statusCodes}), ${first.errors} errors, ${first.timeouts} timeouts; round 2: ${second.answered} answers (${second.statusCodes}), ${second.errors} errors, ${second.timeouts} timeouts`,
      },
      {
        name: `resident memory stays below ${PEAK_LIMIT_MIB} MiB`,
        pass: peak <= PEAK_LIMIT_MIB,
        measured: `start ${start} MiB, peak ${peak} MiB, end of round 1 ${endFirst} MiB, end of round 2 ${endSecond} MiB, 10 s later ${settled} MiB`,
      },
      {
        name: `memory does not keep climbing: round 2 ends at most ${Math.round(CLIMB_LIMIT * 100)} % above round 1`,
        pass: climbed !== null && climbed <= CLIMB_LIMIT,
        measured: climbed === null ? 'no samples' : `${climbed >= 0 ? '+' : ''}${Math.round(climbed * 1000) / 10} % (${endFirst} → ${endSecond} MiB)`,
      },
      { name: 'the server is still running afterwards', pass: stillRunning, measured: stillRunning ? 'yes' : 'no: it died under the load' },
    ],
    tables: [
      table(['', 'requests', 'req/s', 'p50', 'p95', 'p99', 'max', 'non-2xx', 'errors', 'timeouts'], rows),
      `VmRSS (MiB) each second: ${rss.map((sample) => `${marks[sample.phase]}${Math.round(sample.mib)}`).join(' ')} ` +
        '(b = before the load, p = the pause between the rounds, a = after them).',
    ],
    notes: [],
  };
}
