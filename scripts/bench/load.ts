// Load generation with autocannon's programmatic API, and the single requests around it.
import autocannon from 'autocannon';

export type LoadRequest = {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /**
   * Headers, body and path for every single request (order creation varies the buyer and the
   * item, the lesson player the lesson). `context` is the connection's own object, handed back to
   * onAnswer with that request's answer.
   */
  next?: (context: Record<string, unknown>) => { headers?: Record<string, string>; body?: string; path?: string };
  /** Sees every answer of a measured run (order creation keeps the orders it made for payment). */
  onAnswer?: (status: number, body: string, context: Record<string, unknown>) => void;
  /**
   * How many more requests may be sent, for a target whose every request uses up something seeded
   * (quiz grading submits each open attempt once): a run stops there, before `seconds` if need be.
   * Absent: no limit.
   */
  remaining?: () => number;
};

export type LoadStats = {
  connections: number;
  /** Requests per second each connection was held to (a paced run); absent: back to back. */
  ratePerConnection?: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Latency of the 2xx answers in milliseconds (nearest-rank percentiles); null without any 2xx answer. */
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  non2xx: number;
  /** Connection errors and timeouts, which autocannon counts apart from answers. */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
};

/** Seconds before autocannon gives up on one request; a slower answer is a timeout, not a latency. */
const REQUEST_TIMEOUT_SECONDS = 10;

export function percentile(sorted: Float64Array, fraction: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return round(sorted[rank] ?? 0, 2);
}

/** A growable list of latencies: a 10 s run at nginx speed records a few hundred thousand of them. */
export class LatencyRecorder {
  private values = new Float64Array(65_536);
  private length = 0;

  add(value: number): void {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length] = value;
    this.length += 1;
  }

  sorted(): Float64Array {
    return this.values.slice(0, this.length).sort();
  }
}

/**
 * A limited target's cap for a run at `connections`: autocannon spreads maxOverallRequests over the
 * connections (a connection whose share is 0 would have no limit at all), and checks every
 * connection's share before each request, so no more than the cap is ever sent. Its stop is noticed
 * on the next sample tick: 100 ms instead of a second, so the run's duration ends close to its last answer.
 */
function limitOptions(request: LoadRequest, connections: number): Pick<autocannon.Options, 'maxOverallRequests' | 'sampleInt'> {
  if (!request.remaining) return {};
  const left = request.remaining();
  if (left < connections) throw new Error(`${request.url}: ${left} requests left, fewer than the ${connections} connections`);
  return { maxOverallRequests: left, sampleInt: 100 };
}

/** The request-related autocannon options shared by measured runs and warm-ups. */
function requestOptions(request: LoadRequest): Pick<autocannon.Options, 'url' | 'method' | 'headers' | 'body' | 'requests'> {
  const { next, onAnswer } = request;
  const setupRequest = (params: autocannon.RequestParams, context: Record<string, unknown>): autocannon.RequestParams => {
    if (!next) return params;
    const { headers, body, path } = next(context);
    return { ...params, headers: { ...params.headers, ...headers }, ...(body === undefined ? {} : { body }), ...(path === undefined ? {} : { path }) };
  };
  const onResponse = onAnswer ? (status: number, body: string, context: Record<string, unknown>) => onAnswer(status, body, context) : undefined;
  return {
    url: request.url,
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(next ? { requests: [{ setupRequest, ...(onResponse ? { onResponse } : {}) }] } : {}),
  };
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * Runs one load level: each connection sends its next request as soon as it has an answer.
 * autocannon's own summary has no 95th percentile, so every 2xx answer's latency is recorded here
 * (its 'response' event carries the hrtime-based duration).
 */
export function runLoad(request: LoadRequest, connections: number, seconds: number): Promise<LoadStats> {
  const latencies = new LatencyRecorder();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        ...requestOptions(request),
        ...limitOptions(request, connections),
        connections,
        duration: seconds,
        timeout: REQUEST_TIMEOUT_SECONDS,
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        const sorted = latencies.sorted();
        const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]));
        const answered = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
        resolve({
          connections,
          seconds: round(result.duration, 2),
          requests: answered,
          requestsPerSecond: round(answered / Math.max(result.duration, 0.001), 1),
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          p99: percentile(sorted, 0.99),
          max: percentile(sorted, 1),
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          statusCodes,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, milliseconds) => {
      if (statusCode >= 200 && statusCode < 300) latencies.add(milliseconds);
    });
  });
}

/** A short untimed run first, so JIT compilation and cold caches do not land in the first level. */
export function warmUp(request: LoadRequest, seconds: number): Promise<void> {
  const connections = 4;
  // A limited target nearly used up has nothing to spare for warming up.
  if (request.remaining && request.remaining() < connections) return Promise.resolve();
  return new Promise((resolve, reject) => {
    autocannon(
      {
        ...requestOptions(request),
        ...limitOptions(request, connections),
        connections,
        duration: seconds,
        timeout: REQUEST_TIMEOUT_SECONDS,
      },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

export type ProbeResult = {
  status: number;
  /** How long the single request took, headers to last byte. */
  milliseconds: number;
  bytes: Buffer;
  contentType: string;
  /** Headers that say whether the answer came from Next's page cache, for reading the figures. */
  cache: string;
  location: string | null;
};

/** Seconds a single probe may take; a page slower than this is reported as such, not measured. */
export const PROBE_TIMEOUT_SECONDS = 30;

export async function probe(request: LoadRequest): Promise<ProbeResult> {
  const started = performance.now();
  const varying = request.next?.({});
  const response = await fetch(varying?.path ? new URL(varying.path, request.url) : request.url, {
    method: request.method,
    headers: { ...request.headers, ...varying?.headers },
    body: varying?.body ?? request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(PROBE_TIMEOUT_SECONDS * 1000),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const cacheHeaders = ['x-nextjs-cache', 'x-nextjs-prerender', 'cache-control']
    .map((name) => [name, response.headers.get(name)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== null)
    .map(([name, value]) => `${name}: ${value}`);
  return {
    status: response.status,
    milliseconds: round(performance.now() - started, 1),
    bytes,
    contentType: response.headers.get('content-type') ?? '',
    cache: cacheHeaders.join('; '),
    location: response.headers.get('location'),
  };
}

/** Signs in through the login endpoint and returns the Cookie header that carries the session. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<{ cookie: string } | { error: string }> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    return { error: `POST /api/account/login failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (response.status !== 200) {
    return { error: `POST /api/account/login answered ${response.status}: ${(await response.text()).slice(0, 200)}` };
  }
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';', 1)[0] ?? '')
    .filter((pair) => /^(__Secure-)?authjs\.session-token(\.\d+)?=/.test(pair))
    .join('; ');
  return cookie ? { cookie } : { error: 'POST /api/account/login answered 200 but set no session cookie' };
}
