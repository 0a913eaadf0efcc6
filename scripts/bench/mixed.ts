// The mixed workload of the instances phase: what a busy day looks like rather than one
// address again and again — 80 % cached catalogue pages, 10 % searches (a new term each, half the
// search page, half the API), 5 % signed-in pages and 5 % orders. wrk sends the requests this
// module writes, one a line, through scripts/bench/wrk/mixed.lua.
import { createRandom } from './random';

export type MixedRequest = { method: 'GET' | 'POST'; path: string; cookie?: string; body?: string; origin?: string };

export type MixedInput = {
  /** Pages every instance already has in its page cache (the run warms them first). */
  cachedPaths: string[];
  /** Terms nobody searched before, each used once. */
  searchTerms: string[];
  /** Pages only a signed-in reader sees, and that reader's session cookie. */
  signedInPaths: string[];
  readerCookie: string;
  /** Buyers' session cookies and the items they order: request n of the orders is buyer n mod B, item n div B. */
  buyerCookies: string[];
  itemIds: string[];
  /** The app's origin, sent with the orders as a browser does. */
  origin: string;
  requests: number;
  seed: number;
};

/** Out of every 20 requests: 16 cached pages, 2 searches, 1 signed-in page, 1 order. */
const BLOCK = ['cached', 'cached', 'cached', 'cached', 'cached', 'cached', 'cached', 'cached', 'cached', 'cached', 'cached', 'cached', 'cached', 'cached', 'cached', 'cached', 'searchPage', 'searchApi', 'signedIn', 'order'] as const;

/** The run's requests, in blocks of 20 of the mix above, each block in its own shuffled order. */
export function mixedRequests(input: MixedInput): MixedRequest[] {
  const random = createRandom(input.seed);
  const pick = <T>(items: T[], position: number) => items[position % items.length] as T;
  const counts = { cached: 0, search: 0, signedIn: 0, order: 0 };
  const requests: MixedRequest[] = [];
  while (requests.length < input.requests) {
    const block: MixedRequest[] = BLOCK.map((kind) => {
      switch (kind) {
        case 'cached':
          return { method: 'GET', path: pick(input.cachedPaths, Math.floor(random() * input.cachedPaths.length)) };
        case 'searchPage':
        case 'searchApi': {
          const term = encodeURIComponent(pick(input.searchTerms, counts.search++));
          return { method: 'GET', path: kind === 'searchPage' ? `/searchCourse/${term}` : `/api/searchCourse?q=${term}` };
        }
        case 'signedIn':
          return { method: 'GET', path: pick(input.signedInPaths, counts.signedIn++), cookie: input.readerCookie };
        case 'order': {
          const n = counts.order++;
          const buyers = input.buyerCookies.length;
          return { method: 'POST', path: '/api/order', cookie: pick(input.buyerCookies, n), body: JSON.stringify({ id: pick(input.itemIds, Math.floor(n / buyers)) }), origin: input.origin };
        }
      }
    });
    for (let index = block.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [block[index], block[other]] = [block[other] as MixedRequest, block[index] as MixedRequest];
    }
    requests.push(...block);
  }
  return requests.slice(0, input.requests);
}

/** One request a line for mixed.lua: method, path, cookie, origin and body, separated by tabs. */
export function mixedRequestLines(requests: MixedRequest[]): string {
  return `${requests.map((request) => [request.method, request.path, request.cookie ?? '', request.origin ?? '', request.body ?? ''].join('\t')).join('\n')}\n`;
}
