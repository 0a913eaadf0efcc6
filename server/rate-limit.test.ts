import { closeDb, collection } from './db';
import { blockedForSeconds, clearFailures, recordFailure } from './rate-limit';

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
});
