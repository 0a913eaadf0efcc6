import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import type { Db } from 'mongodb';

/** A public page the server keeps in its page cache, and forgets when it takes a change. */
const WATCHED_PAGE = '/blogs';

async function pageCacheStateOf(request: APIRequestContext): Promise<string | undefined> {
  return (await request.get(WATCHED_PAGE)).headers()['x-kz-page-cache'];
}

/**
 * Announces a change written straight into the database, as another instance would
 * (server/platform/public-changes.ts: the counter moved, and its log entry): every instance forgets the cached
 * pages it touches — by default everything — when it next reads the counter, about a second later.
 * A test that goes on to wait for the change to show needs no more.
 */
export async function announceChange(db: Db, tags: string[] = ['*']): Promise<void> {
  const counter = await db
    .collection<{ _id: string; seq: number }>('changes')
    .findOneAndUpdate({ _id: 'publicPages' }, { $inc: { seq: 1 }, $set: { changedAt: new Date() } }, { upsert: true, returnDocument: 'after' });
  await db.collection<{ _id: number; tags: string[]; catalogue: boolean; staleForMs: number; at: Date }>('publicChanges').insertOne({ _id: counter?.seq ?? 0, tags, catalogue: true, staleForMs: 0, at: new Date() });
}

/**
 * Announces a change and waits until the server has taken it (its page cache has forgotten a page it
 * kept): a test cleaning up must, or the caches would be emptied at some moment of whichever test
 * runs next.
 */
export async function announceChangeAndWait(db: Db, request: APIRequestContext): Promise<void> {
  await expect.poll(() => pageCacheStateOf(request)).toBe('HIT');
  await announceChange(db);
  await expect.poll(() => pageCacheStateOf(request), { timeout: 10_000 }).not.toBe('HIT');
}
