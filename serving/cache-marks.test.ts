import { isMarkedPublic, markCacheAddress, markedCacheAddress, markedPlainPage, markedSharedMaxAgeSeconds, markPlainPage, markPublic } from './cache-marks.mjs';

// The marks the app writes with web Headers are the ones the page cache reads from the lower-cased
// headers Next writes; the names on the wire are spelled out here on purpose.

/** What the page cache records of an answer: its headers by lower-cased name. */
function recorded(headers: Headers): Record<string, string> {
  return Object.fromEntries(headers.entries());
}

it('marks an answer public, with how long the page cache may keep it when asked', () => {
  const plain = new Headers();
  markPublic(plain);
  expect(recorded(plain)).toEqual({ 'x-kz-access': 'public' });
  expect([isMarkedPublic(recorded(plain)), markedSharedMaxAgeSeconds(recorded(plain))]).toEqual([true, 0]);

  const search = new Headers();
  markPublic(search, { sharedMaxAgeSeconds: 60 });
  expect(recorded(search)).toEqual({ 'x-kz-access': 'public', 'x-kz-shared-max-age': '60' });
  expect(markedSharedMaxAgeSeconds(recorded(search))).toBe(60);

  expect(isMarkedPublic({})).toBe(false);
  expect(isMarkedPublic({ 'x-kz-access': '' })).toBe(false);
  expect(markedSharedMaxAgeSeconds({ 'x-kz-shared-max-age': 'soon' })).toBe(0);
});

it("marks an answer's query-free address and the proxy's plain pages", () => {
  const headers = new Headers();
  markCacheAddress(headers, '/api/course/c1');
  markPlainPage(headers, 'notFound');
  expect(recorded(headers)).toEqual({ 'x-kz-cache-address': '/api/course/c1', 'x-kz-plain-page': 'notFound' });
  expect([markedCacheAddress(recorded(headers)), markedPlainPage(recorded(headers))]).toEqual(['/api/course/c1', 'notFound']);
  expect([markedCacheAddress({}), markedPlainPage({})]).toEqual([undefined, undefined]);
});
