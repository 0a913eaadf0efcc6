/** @jest-environment node */
import { linked, provide, replace } from './app-link.mjs';

// The one registry the app and the production server share: each part is read by name, provided
// once (the first copy wins) or replaced (the last copy wins), and a name that is no part is refused.

afterEach(() => {
  replace('publicReads', undefined);
  replace('databaseRecentlyUnavailable', undefined);
});

it('keeps the first copy provided, and gives it to every reader', () => {
  expect(linked('publicReads')).toBeUndefined();
  const first = { answer: () => null };
  const second = { answer: () => null };
  expect(provide('publicReads', first)).toBe(first);
  expect(provide('publicReads', second)).toBe(first);
  expect(linked('publicReads')).toBe(first);
});

it('replaces a part, and withdraws it with undefined', () => {
  const down = () => true;
  const up = () => false;
  replace('databaseRecentlyUnavailable', down);
  replace('databaseRecentlyUnavailable', up);
  expect(linked('databaseRecentlyUnavailable')).toBe(up);
  replace('databaseRecentlyUnavailable', undefined);
  expect(linked('databaseRecentlyUnavailable')).toBeUndefined();
});

it('refuses a name that is no part, so a misspelling on either side is not a silent miss', () => {
  // @ts-expect-error not a part of the link
  expect(() => linked('pagecache')).toThrow('app-link: no part named pagecache');
  // @ts-expect-error not a part of the link
  expect(() => provide('sharedPageCache', {})).toThrow('app-link: no part named sharedPageCache');
});
