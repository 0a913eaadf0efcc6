// The crawl scenario of the instances phase: what a search engine's crawler does — it
// asks for every catalogue page once, a few at a time, so no cache has any of them.
//
// A small client of its own instead of wrk: wrk runs for a fixed time, and the crawl is a fixed set
// of pages each asked once. At first-render speed (tens of pages a second) the client's own CPU
// does not matter.
import http from 'node:http';
import { percentile } from './load';

export type CrawlPage = { kind: 'course' | 'book' | 'blog'; path: string };

export type CrawlKindResult = { pages: number; p50: number | null; p95: number | null };

export type CrawlResult = {
  pages: number;
  connections: number;
  seconds: number;
  /** Latency of every answer in milliseconds (nearest rank). */
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  non200: number;
  /** Answers a cache gave (the page cache or Next's): should stay 0 for never-seen pages. */
  cacheHits: number;
  errors: number;
  byKind: Record<CrawlPage['kind'], CrawlKindResult>;
};

const REQUEST_TIMEOUT_MS = 30_000;

type Answer = { kind: CrawlPage['kind']; status: number; ms: number; cacheHit: boolean };

function get(agent: http.Agent, baseUrl: string, page: CrawlPage): Promise<Answer> {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const request = http.get(`${baseUrl}${page.path}`, { agent, headers: { 'accept-encoding': 'gzip' }, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          kind: page.kind,
          status: response.statusCode ?? 0,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          cacheHit: response.headers['x-kz-page-cache'] === 'HIT' || response.headers['x-nextjs-cache'] === 'HIT',
        }),
      );
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', () => resolve({ kind: page.kind, status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6, cacheHit: false }));
  });
}

const sortedMs = (answers: Answer[]) => Float64Array.from(answers.map((answer) => answer.ms)).sort();

/** Asks for every page once, `connections` at a time over kept-alive connections, in the given order. */
export async function crawl(baseUrl: string, pages: CrawlPage[], connections: number): Promise<CrawlResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const answers: Answer[] = [];
  let next = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < pages.length) {
      const page = pages[next] as CrawlPage;
      next += 1;
      answers.push(await get(agent, baseUrl, page));
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  const all = sortedMs(answers);
  const kind = (name: CrawlPage['kind']): CrawlKindResult => {
    const own = sortedMs(answers.filter((answer) => answer.kind === name));
    return { pages: own.length, p50: percentile(own, 0.5), p95: percentile(own, 0.95) };
  };
  return {
    pages: answers.length,
    connections,
    seconds,
    p50: percentile(all, 0.5),
    p95: percentile(all, 0.95),
    p99: percentile(all, 0.99),
    max: percentile(all, 1),
    non200: answers.filter((answer) => answer.status !== 200).length,
    cacheHits: answers.filter((answer) => answer.cacheHit).length,
    errors: answers.filter((answer) => answer.status === 0).length,
    byKind: { course: kind('course'), book: kind('book'), blog: kind('blog') },
  };
}
