// Load as people make it: each learner sends a request, reads the answer, and comes back after a
// pause, at random moments independent of the other learners. autocannon's rate limit cannot
// model this: it releases every connection's requests together at the start of each second, so
// 20 "paced" connections arrive as one burst of 20 and measure the burst, not the pace.
import { Agent, request as httpRequest } from 'node:http';
import { LatencyRecorder, percentile, round } from './load';
import type { LoadRequest, LoadStats } from './load';
import { createRandom } from './random';

/** Seconds before a request counts as a timeout, as for the back-to-back levels. */
const REQUEST_TIMEOUT_MS = 10_000;

type Answer = { status: number; body: string } | { error: 'timeout' | 'error' };

function send(agent: Agent, request: LoadRequest, context: Record<string, unknown>): Promise<Answer> {
  const varying = request.next?.(context) ?? {};
  const url = new URL(varying.path ?? '', request.url);
  const body = varying.body ?? request.body;
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      url,
      { agent, method: request.method, headers: { ...request.headers, ...varying.headers, ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }) }, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', () => resolve({ error: 'error' }));
      },
    );
    outgoing.on('timeout', () => {
      outgoing.destroy();
      resolve({ error: 'timeout' });
    });
    outgoing.on('error', () => resolve({ error: 'error' }));
    outgoing.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `learners` people, each on their own keep-alive connection, each making `ratePerLearner`
 * requests a second on average: the pause before each request is drawn from an exponential
 * distribution (arrivals at random, as from many independent people), and a learner waits for
 * an answer before pausing again. Latency is measured from sending to the answer's last byte.
 */
export async function runPacedLoad(request: LoadRequest, learners: number, seconds: number, ratePerLearner: number): Promise<LoadStats> {
  const random = createRandom(learners * 7919 + seconds);
  const latencies = new LatencyRecorder();
  const statusCodes: Record<string, number> = {};
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  const started = performance.now();
  const endsAt = started + seconds * 1000;
  const meanPauseMs = 1000 / ratePerLearner;

  const learner = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const context: Record<string, unknown> = {};
    try {
      // -ln(U) is exponentially distributed with mean 1.
      while (true) {
        const pause = -Math.log(1 - random()) * meanPauseMs;
        if (performance.now() + pause >= endsAt) return;
        await sleep(pause);
        // A limited target (quiz grading's seeded attempts) that ran out: this learner is done.
        if (request.remaining && request.remaining() <= 0) return;
        const sentAt = performance.now();
        const answer = await send(agent, request, context);
        if ('error' in answer) {
          if (answer.error === 'timeout') timeouts += 1;
          else errors += 1;
          continue;
        }
        statusCodes[answer.status] = (statusCodes[answer.status] ?? 0) + 1;
        if (answer.status >= 200 && answer.status < 300) latencies.add(performance.now() - sentAt);
        else non2xx += 1;
        request.onAnswer?.(answer.status, answer.body, context);
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: learners }, learner));

  // Learners stop at the end rather than pause past it; the answers still coming are counted.
  const duration = Math.max(seconds, (performance.now() - started) / 1000);
  const sorted = latencies.sorted();
  const answered = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  return {
    connections: learners,
    ratePerConnection: ratePerLearner,
    seconds: round(duration, 2),
    requests: answered,
    requestsPerSecond: round(answered / duration, 1),
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: percentile(sorted, 1),
    non2xx,
    errors,
    timeouts,
    statusCodes,
  };
}
