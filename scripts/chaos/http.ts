// Single timed HTTP requests for the chaos scenarios, with a hard deadline: a request that does not
// finish in time is recorded as a hang, never waited for.
import http from 'node:http';

export type Sample = {
  /** 0 when no answer came (connection refused or reset, or the deadline passed). */
  status: number;
  /** Milliseconds since the run's clock started (see `clock`), request sent / answer complete. */
  startedAt: number;
  endedAt: number;
  ms: number;
  contentType: string;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** Why no answer came: 'timeout', or the socket error's code/message. */
  error?: string;
};

const started = performance.now();

/** Milliseconds since this module loaded: one clock for every sample and event of a run. */
export function clock(): number {
  return performance.now() - started;
}

/** Keep-alive connections, as a browser uses; `fresh` opens a new connection for every request. */
export const keepAliveAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export type RequestOptions = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The deadline for the whole exchange, headers to last byte. */
  timeoutMs: number;
  fresh?: boolean;
  /** Bytes of the body kept in the sample (the rest is read and dropped). */
  keepBytes?: number;
};

export function request(url: string, options: RequestOptions): Promise<Sample> {
  const startedAt = clock();
  return new Promise((resolve) => {
    let settled = false;
    let req: http.ClientRequest;
    const finish = (sample: Omit<Sample, 'startedAt' | 'endedAt' | 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const endedAt = clock();
      resolve({ ...sample, startedAt, endedAt, ms: Math.round((endedAt - startedAt) * 10) / 10 });
    };
    const failed = (error: unknown) => finish({ status: 0, contentType: '', body: '', headers: {}, error: describe(error) });
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    let answered = false;
    const send = (agent: http.Agent | false, mayRetry: boolean) => {
      req = http.request(
        url,
        {
          method: options.method ?? 'GET',
          agent,
          headers: {
            ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
            ...options.headers,
          },
        },
        (res) => {
          answered = true;
          const keep = options.keepBytes ?? 4096;
          const chunks: Buffer[] = [];
          let kept = 0;
          res.on('data', (chunk: Buffer) => {
            if (kept < keep) {
              chunks.push(chunk);
              kept += chunk.length;
            }
          });
          res.on('end', () =>
            finish({
              status: res.statusCode ?? 0,
              contentType: String(res.headers['content-type'] ?? ''),
              body: Buffer.concat(chunks).toString('utf8').slice(0, keep),
              headers: res.headers,
            }),
          );
          res.on('error', failed);
          res.on('aborted', () => finish({ status: 0, contentType: '', body: '', headers: {}, error: 'answer aborted' }));
        },
      );
      const sentOn = req;
      sentOn.on('error', (error) => {
        // An idle keep-alive connection the server closes (its keep-alive timeout, 5 s) just as a
        // request goes out on it is reset before any answer. Browsers send such a GET again on a
        // new connection, and so does this client (the Node documentation's `reusedSocket`
        // advice); the sample keeps the first attempt's start, so its time includes the retry.
        if (mayRetry && !answered && sentOn.reusedSocket && describe(error) === 'ECONNRESET' && !settled) send(false, false);
        else failed(error);
      });
      if (body) sentOn.write(body);
      sentOn.end();
    };
    const timer = setTimeout(() => {
      finish({ status: 0, contentType: '', body: '', headers: {}, error: 'timeout' });
      req.destroy();
    }, options.timeoutMs);
    send(options.fresh ? false : keepAliveAgent, (options.method ?? 'GET') === 'GET');
  });
}

function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return error instanceof Error ? error.message : String(error);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Nearest-rank percentile of already sorted values; null for none. */
export function percentile(sorted: number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] ?? null;
}

/** Session cookies from a sign-in answer's Set-Cookie headers. */
export function sessionCookieOf(sample: Sample): string | null {
  const setCookie = sample.headers['set-cookie'] ?? [];
  const pairs = setCookie
    .map((header) => header.split(';', 1)[0] ?? '')
    .filter((pair) => /^(__Secure-)?authjs\.session-token(\.\d+)?=/.test(pair));
  return pairs.length ? pairs.join('; ') : null;
}

/** Signs in through the login endpoint; the Cookie header value that carries the session. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const sample = await request(`${baseUrl}/api/account/login`, {
    method: 'POST',
    body: JSON.stringify({ email, password }),
    timeoutMs: 30_000,
  });
  const cookie = sample.status === 200 ? sessionCookieOf(sample) : null;
  if (!cookie) throw new Error(`Signing in ${email} failed: ${sample.status || sample.error} ${sample.body.slice(0, 200)}`);
  return cookie;
}
