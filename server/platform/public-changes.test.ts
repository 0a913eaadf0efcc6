import { selectPrivateDatabase } from '@/tests/support/private-database';
selectPrivateDatabase('kz_public_changes');
import { cacheTags } from '@/lib/cache-tags';
import { replace } from '@/serving/app-link.mjs';
import { closeDb, collection } from './db';
import { memoCache } from './memo-cache';
import { announcePublicChange, checkForPublicChanges, publicChangesSeenAt } from './public-changes';

// Two app instances share one database: what one announces, the other learns at its next check, and
// forgets only what the change touches. Here the "other instance" writes the counter and the log
// entry directly, as its own process would.

type Store = { forget: jest.Mock; clear: jest.Mock };
const pageCache: Store = { forget: jest.fn(), clear: jest.fn() };
const renderedPages: Store = { forget: jest.fn(), clear: jest.fn() };
replace('pageCache', pageCache);
replace('renderedPages', renderedPages);

const PHYSICS = '65f0a1b2c3d4e5f6a7b8c901';
const CHEMISTRY = '65f0a1b2c3d4e5f6a7b8c902';
const courseReads = memoCache<string>('publicChangesTest', { ttlMs: 60_000, max: 10, shows: (id) => [cacheTags.course(id)] });
const cachedTitle = (id: string, title: string) => courseReads.get(id, async () => title);

/** Another instance's announcement: the counter moved, and (unless it is still on its way) the entry. */
async function announceElsewhere(tags: string[], { withEntry = true } = {}): Promise<number> {
  const counter = await (await collection('changes')).findOneAndUpdate({ _id: 'publicPages' }, { $inc: { seq: 1 }, $set: { changedAt: new Date() } }, { upsert: true, returnDocument: 'after' });
  const seq = counter?.seq ?? 0;
  if (withEntry) await writeEntry(seq, tags);
  return seq;
}

async function writeEntry(seq: number, tags: string[]): Promise<void> {
  await (await collection('publicChanges')).insertOne({ _id: seq, tags, catalogue: false, staleForMs: 0, at: new Date() });
}

/** The addresses the stores were told to forget, of those given. */
function forgottenOf(store: Store, addresses: string[]): string[] {
  const affected = store.forget.mock.calls.map((call) => call[0] as (address: string) => boolean);
  return addresses.filter((address) => affected.some((test) => test(address)));
}

const ADDRESSES = [`/classNine/coursesInfo/${PHYSICS}`, `/bn/classNine/coursesInfo/${CHEMISTRY}`, '/books', '/', `/api/course/${PHYSICS}`, '/en/classes/nine'];

beforeAll(async () => {
  // The first check of a process forgets everything: what it holds may be older than the log.
  await checkForPublicChanges();
  expect(pageCache.clear).toHaveBeenCalledTimes(1);
});
beforeEach(() => jest.clearAllMocks());
afterAll(closeDb);

test("a change announced by another instance forgets, at this one's next check, what it touches and nothing else, once", async () => {
  expect(await cachedTitle(PHYSICS, 'Physics')).toBe('Physics');
  expect(await cachedTitle(CHEMISTRY, 'Chemistry')).toBe('Chemistry');

  await checkForPublicChanges();
  expect(pageCache.forget).not.toHaveBeenCalled();

  await announceElsewhere([cacheTags.course(PHYSICS), cacheTags.courseList('classNine')]);
  await checkForPublicChanges();
  expect(forgottenOf(pageCache, ADDRESSES)).toEqual([`/classNine/coursesInfo/${PHYSICS}`, `/api/course/${PHYSICS}`, '/en/classes/nine']);
  expect(forgottenOf(renderedPages, ADDRESSES)).toEqual(forgottenOf(pageCache, ADDRESSES));
  expect(pageCache.clear).not.toHaveBeenCalled();
  expect(await cachedTitle(PHYSICS, 'Physics (renamed)')).toBe('Physics (renamed)');
  expect(await cachedTitle(CHEMISTRY, 'Chemistry (renamed)')).toBe('Chemistry');

  jest.clearAllMocks();
  await checkForPublicChanges();
  expect(pageCache.forget).not.toHaveBeenCalled();
});

test("announcing forgets this instance's copies at once, and its own announcement is not news to it", async () => {
  await cachedTitle(CHEMISTRY, 'Chemistry');
  await announcePublicChange([cacheTags.course(CHEMISTRY)], { staleForMs: 2000 });
  expect(pageCache.forget).toHaveBeenCalledTimes(1);
  expect(pageCache.forget.mock.calls[0]?.[1]).toBe(2000);
  expect(forgottenOf(pageCache, ADDRESSES)).toEqual([`/bn/classNine/coursesInfo/${CHEMISTRY}`]);
  expect(await cachedTitle(CHEMISTRY, 'Chemistry (new)')).toBe('Chemistry (new)');
  await checkForPublicChanges();
  expect(pageCache.forget).toHaveBeenCalledTimes(1);
});

test('a change to everything (a re-seed) empties the stores', async () => {
  await announceElsewhere(['*']);
  await checkForPublicChanges();
  expect(pageCache.clear).toHaveBeenCalledTimes(1);
  expect(renderedPages.clear).toHaveBeenCalledTimes(1);
});

test('a log entry still on its way is waited for, applied when it arrives, and taken as everything if it never does', async () => {
  const late = await announceElsewhere([cacheTags.books], { withEntry: false });
  await announceElsewhere([cacheTags.blogs]);
  const now = Date.now();
  const seenBefore = publicChangesSeenAt();
  await checkForPublicChanges(now);
  // The one after it is applied already; the missing one is not guessed at.
  expect(forgottenOf(pageCache, ['/books', '/blogs'])).toEqual(['/blogs']);
  expect(pageCache.clear).not.toHaveBeenCalled();
  // Not every change announced before this read is forgotten: the page cache must not count on it (nginx's copies).
  expect(publicChangesSeenAt()).toBe(seenBefore);

  await writeEntry(late, [cacheTags.books]);
  jest.clearAllMocks();
  await checkForPublicChanges(now + 1000);
  expect(forgottenOf(pageCache, ['/books', '/blogs'])).toEqual(['/books']);
  expect(publicChangesSeenAt()).toBe(now + 1000);

  await announceElsewhere([cacheTags.instructors], { withEntry: false });
  jest.clearAllMocks();
  await checkForPublicChanges(now + 2000);
  expect(pageCache.clear).not.toHaveBeenCalled();
  await checkForPublicChanges(now + 8000);
  expect(pageCache.clear).toHaveBeenCalledTimes(1);
});

test('a database emptied under the instance (the counter went back) forgets everything', async () => {
  await (await collection('changes')).deleteMany({});
  await (await collection('publicChanges')).deleteMany({});
  await checkForPublicChanges();
  expect(pageCache.clear).toHaveBeenCalledTimes(1);
  jest.clearAllMocks();
  await announceElsewhere([cacheTags.home]);
  await checkForPublicChanges();
  expect(forgottenOf(pageCache, ['/', '/books'])).toEqual(['/']);
});
