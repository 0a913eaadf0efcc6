import { selectPrivateDatabase } from '@/tests/support/private-database';
selectPrivateDatabase('kz_public_changes');
import { closeDb, collection } from './db';
import { memoCache } from './memo-cache';
import { announcePublicChange, checkForPublicChanges } from './public-changes';

// Two app instances share one database: what one announces, the other learns at its next check.
// Here the "other instance" writes the announcement document directly, as its own process would.

const pageCache = { clear: jest.fn() };
const renderedPages = { clear: jest.fn() };
(globalThis as Record<symbol, unknown>)[Symbol.for('knowledge-zone.shared-page-cache')] = pageCache;
(globalThis as Record<symbol, unknown>)[Symbol.for('knowledge-zone.isr-cache')] = renderedPages;

const searches = memoCache<string>('publicChangesTest', { ttlMs: 60_000, max: 10 });
const cachedTitle = (title: string) => searches.get('physics', async () => title);

async function announceElsewhere(changeId: string): Promise<void> {
  await (await collection('changes')).updateOne({ _id: 'publicPages' }, { $set: { changeId, changedAt: new Date() } }, { upsert: true });
}

beforeEach(() => jest.clearAllMocks());
afterAll(closeDb);

test('a change announced by another instance empties this one\'s caches at the next check, once', async () => {
  await announceElsewhere('first');
  await checkForPublicChanges();
  expect(await cachedTitle('Physics')).toBe('Physics');
  jest.clearAllMocks();

  await checkForPublicChanges();
  expect(pageCache.clear).not.toHaveBeenCalled();
  expect(await cachedTitle('Physics (renamed)')).toBe('Physics');

  await announceElsewhere('second');
  await checkForPublicChanges();
  expect(pageCache.clear).toHaveBeenCalledTimes(1);
  expect(renderedPages.clear).toHaveBeenCalledTimes(1);
  expect(await cachedTitle('Physics (renamed)')).toBe('Physics (renamed)');

  await checkForPublicChanges();
  expect(pageCache.clear).toHaveBeenCalledTimes(1);
});

test('announcing empties this instance\'s caches at once, and its own announcement is not news to it', async () => {
  await cachedTitle('Before');
  await announcePublicChange();
  expect(pageCache.clear).toHaveBeenCalledTimes(1);
  expect(renderedPages.clear).toHaveBeenCalledTimes(1);
  expect(await cachedTitle('After')).toBe('After');
  await checkForPublicChanges();
  expect(pageCache.clear).toHaveBeenCalledTimes(1);
});
