import { randomUUID } from 'node:crypto';
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
 * (server/public-changes.ts): every instance forgets its cached pages when it next reads the
 * announcement, about a second later. A test that goes on to wait for the change to show needs no more.
 */
export async function announceChange(db: Db): Promise<void> {
  await db.collection<{ _id: string }>('changes').updateOne({ _id: 'publicPages' }, { $set: { changeId: randomUUID(), changedAt: new Date() } }, { upsert: true });
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
