/** @jest-environment node */
import { mixedRequestLines, mixedRequests, type MixedInput } from './mixed';

// The mixed workload is only worth its figures if it sends the mix it claims: the shares, every
// search a new term, and every order a (buyer, item) pair not ordered before.

const input: MixedInput = {
  cachedPaths: ['/', '/courses', '/books'],
  searchTerms: Array.from({ length: 500 }, (_, index) => `term ${index}`),
  signedInPaths: ['/myOrder', '/myCollection'],
  readerCookie: 'authjs.session-token=reader',
  buyerCookies: ['authjs.session-token=b1', 'authjs.session-token=b2', 'authjs.session-token=b3'],
  itemIds: ['i1', 'i2', 'i3', 'i4'],
  origin: 'http://127.0.0.1:3410',
  requests: 2000,
  seed: 7,
};

test('80 % cached pages, 10 % searches (half the page, half the API), 5 % signed-in pages, 5 % orders', () => {
  const requests = mixedRequests(input);
  expect(requests).toHaveLength(2000);
  const share = (test: (path: string) => boolean) => requests.filter((request) => test(request.path)).length / requests.length;
  expect(share((path) => input.cachedPaths.includes(path))).toBe(0.8);
  expect(share((path) => path.startsWith('/searchCourse/'))).toBe(0.05);
  expect(share((path) => path.startsWith('/api/searchCourse?q='))).toBe(0.05);
  expect(share((path) => input.signedInPaths.includes(path))).toBe(0.05);
  expect(share((path) => path === '/api/order')).toBe(0.05);
  // Each block of 20 is shuffled: the kinds are not always in the same places.
  expect(requests.slice(0, 20).map((request) => request.path)).not.toEqual(requests.slice(20, 40).map((request) => request.path));
});

test('every search is a new term, only the signed-in pages and orders carry a cookie, orders never repeat a pair', () => {
  const requests = mixedRequests(input);
  const searches = requests.filter((request) => request.path.includes('earchCourse'));
  const terms = searches.map((request) => decodeURIComponent(request.path.replace(/^.*(?:\/searchCourse\/|\?q=)/, '')));
  expect(new Set(terms).size).toBe(searches.length);
  expect(requests.filter((request) => request.cookie === input.readerCookie).every((request) => input.signedInPaths.includes(request.path))).toBe(true);
  const orders = requests.filter((request) => request.method === 'POST');
  expect(orders.every((request) => request.path === '/api/order' && request.origin === input.origin && request.cookie?.startsWith('authjs.session-token=b'))).toBe(true);
  // 100 orders over 3 buyers and 4 items: the first 12 pairs are distinct, after that the items run out.
  const pairs = orders.slice(0, 12).map((request) => `${request.cookie} ${request.body}`);
  expect(new Set(pairs).size).toBe(12);
});

test('one request a line for mixed.lua: method, path, cookie, origin, body between tabs, empty fields kept', () => {
  expect(mixedRequestLines([{ method: 'GET', path: '/' }, { method: 'POST', path: '/api/order', cookie: 'c=1', origin: 'http://o', body: '{"id":"x"}' }])).toBe(
    'GET\t/\t\t\t\nPOST\t/api/order\tc=1\thttp://o\t{"id":"x"}\n',
  );
});
