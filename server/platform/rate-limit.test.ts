import { closeDb, collection } from './db';
import { blockedForSeconds, clearFailures, clearFailuresStartingWith, openCounters, recordFailure, takeAllowance } from './rate-limit';

const limit = { max: 3, windowSeconds: 60 };

beforeEach(async () => {
  await (await collection('rateLimits')).deleteMany({});
});
afterAll(closeDb);

describe('rate limits', () => {
  it('blocks a key after max failures within the window and tells how long', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    for (let attempt = 0; attempt < 2; attempt += 1) await recordFailure('k', limit, now);
    expect(await blockedForSeconds('k', limit, now)).toBe(0);
    await recordFailure('k', limit, now);
    expect(await blockedForSeconds('k', limit, new Date(now.getTime() + 10_000))).toBe(50);
  });

  it('opens again when the window has passed', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    for (let attempt = 0; attempt < 3; attempt += 1) await recordFailure('k', limit, now);
    const later = new Date(now.getTime() + 61_000);
    expect(await blockedForSeconds('k', limit, later)).toBe(0);
    await recordFailure('k', limit, later);
    expect(await blockedForSeconds('k', limit, later)).toBe(0);
  });

  it('keeps keys apart and clears on success', async () => {
    const now = new Date();
    for (let attempt = 0; attempt < 3; attempt += 1) await recordFailure('a', limit, now);
    expect(await blockedForSeconds('b', limit, now)).toBe(0);
    await clearFailures('a');
    expect(await blockedForSeconds('a', limit, now)).toBe(0);
  });

  it('reads the open counts of several keys at once, none for a key without one or past its window', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    await recordFailure('open', limit, now);
    await recordFailure('open', limit, now);
    await recordFailure('old', limit, new Date(now.getTime() - 61_000));
    expect(await openCounters(['open', 'old', 'never'], limit, now)).toEqual([{ failures: 2, windowStartedAt: now }, null, null]);
  });

  it('clears the keys that start with a prefix, its characters taken literally', async () => {
    const now = new Date();
    for (const key of ['p:a.b+c@x.y 1', 'p:a.b+c@x.y 2', 'p:aXb+c@x.y 1', 'p:a.b+c@x.yz 1', 'q:p:a.b+c@x.y 1']) await recordFailure(key, limit, now);
    await clearFailuresStartingWith('p:a.b+c@x.y ');
    const left = await (await collection('rateLimits')).find({}).toArray();
    expect(left.map((doc) => doc._id).sort()).toEqual(['p:a.b+c@x.yz 1', 'p:aXb+c@x.y 1', 'q:p:a.b+c@x.y 1']);
  });
});

describe('rate limits under concurrency', () => {
  it('counts every one of many parallel failures', async () => {
    const now = new Date();
    await Promise.all(Array.from({ length: 25 }, () => recordFailure('burst', { max: 100, windowSeconds: 60 }, now)));
    const doc = await (await collection('rateLimits')).findOne({ _id: 'burst' });
    expect(doc?.failures).toBe(25);
  });

  it('lets exactly max of many parallel requests through takeAllowance', async () => {
    const now = new Date();
    const answers = await Promise.all(Array.from({ length: 25 }, () => takeAllowance('allowance', { max: 10, windowSeconds: 60 }, now)));
    expect(answers.filter((retryAfter) => retryAfter === 0)).toHaveLength(10);
    expect(answers.filter((retryAfter) => retryAfter > 0)).toHaveLength(15);
    expect(Math.max(...answers)).toBeLessThanOrEqual(60);
  });
});

// Another instance counts in the same document.
describe('rate limits changed outside this process', () => {
  const windowLimit = { max: 3, windowSeconds: 60 };

  it('blocks when another process spent the budget meanwhile', async () => {
    const now = new Date();
    expect(await takeAllowance('elsewhere', windowLimit, now)).toBe(0);
    await (await collection('rateLimits')).updateOne({ _id: 'elsewhere' }, { $set: { failures: 3 } });
    expect(await takeAllowance('elsewhere', windowLimit, now)).toBeGreaterThan(0);
    expect((await (await collection('rateLimits')).findOne({ _id: 'elsewhere' }))?.failures).toBe(3);
  });

  it('lets through again when the counter was removed or its window moved elsewhere', async () => {
    const now = new Date();
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await takeAllowance('reset', windowLimit, now)).toBe(0);
    expect(await takeAllowance('reset', windowLimit, now)).toBeGreaterThan(0);
    await (await collection('rateLimits')).deleteOne({ _id: 'reset' });
    expect(await takeAllowance('reset', windowLimit, now)).toBe(0);
    expect((await (await collection('rateLimits')).findOne({ _id: 'reset' }))?.failures).toBe(1);
    await (await collection('rateLimits')).updateOne({ _id: 'reset' }, { $set: { failures: 3, windowStartedAt: new Date(now.getTime() - 61_000) } });
    expect(await takeAllowance('reset', windowLimit, now)).toBe(0);
  });

  it('counts on from what another process counted', async () => {
    const now = new Date();
    await recordFailure('shared', windowLimit, now);
    await (await collection('rateLimits')).updateOne({ _id: 'shared' }, { $set: { failures: 2 } });
    await recordFailure('shared', windowLimit, now);
    expect(await blockedForSeconds('shared', windowLimit, now)).toBeGreaterThan(0);
  });
});
