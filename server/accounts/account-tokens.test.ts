import { ObjectId } from 'mongodb';
import { claimOnce, consumeToken, issueToken, releaseClaim, revokeTokens } from './account-tokens';
import { closeDb, collection } from '../platform/db';

afterAll(closeDb);

describe('one-time tokens', () => {
  const userId = new ObjectId();

  it('works once, then reports it was used', async () => {
    const token = await issueToken('password-reset', userId);
    expect(await consumeToken('password-reset', token)).toEqual({ ok: true, kind: 'password-reset', userId });
    expect(await consumeToken('password-reset', token)).toEqual({ ok: false, reason: 'used' });
  });

  it('expires', async () => {
    const issuedAt = new Date('2026-01-01T00:00:00Z');
    const token = await issueToken('password-reset', userId, { now: issuedAt });
    expect(await consumeToken('password-reset', token, new Date(issuedAt.getTime() + 31 * 60_000))).toEqual({ ok: false, reason: 'expired' });
    const verify = await issueToken('verify-email', userId, { now: issuedAt });
    expect((await consumeToken('verify-email', verify, new Date(issuedAt.getTime() + 23 * 3_600_000))).ok).toBe(true);
  });

  it('refuses a token of another kind, a made-up token and malformed input', async () => {
    const token = await issueToken('verify-email', userId);
    expect(await consumeToken('password-reset', token)).toEqual({ ok: false, reason: 'invalid' });
    expect(await consumeToken('password-reset', 'A'.repeat(43))).toEqual({ ok: false, reason: 'invalid' });
    expect(await consumeToken('password-reset', '{"$ne":null}')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('stores only a hash of the token', async () => {
    const token = await issueToken('password-reset', userId);
    const stored = await (await collection('authTokens')).find({}).toArray();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('lets exactly one of many concurrent uses through', async () => {
    const token = await issueToken('password-reset', userId);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => consumeToken('password-reset', token)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
  });

  it('carries the session version a link was sent at', async () => {
    const token = await issueToken('password-reset', userId, { sessionVersion: 4 });
    expect(await consumeToken('password-reset', token)).toEqual({ ok: true, kind: 'password-reset', userId, sessionVersion: 4 });
  });

  it('revokes an account’s outstanding links, of the kinds asked for, and no one else’s', async () => {
    const owner = new ObjectId();
    const stranger = new ObjectId();
    const reset = await issueToken('password-reset', owner);
    const verify = await issueToken('verify-email', owner);
    const othersReset = await issueToken('password-reset', stranger);
    await revokeTokens(owner, ['verify-email']);
    expect(await consumeToken('verify-email', verify)).toEqual({ ok: false, reason: 'invalid' });
    const laterReset = await issueToken('password-reset', owner);
    await revokeTokens(owner);
    expect(await consumeToken('password-reset', reset)).toEqual({ ok: false, reason: 'invalid' });
    expect(await consumeToken('password-reset', laterReset)).toEqual({ ok: false, reason: 'invalid' });
    expect((await consumeToken('password-reset', othersReset)).ok).toBe(true);
  });

  it('claims a key once across concurrent callers, and again after it was released', async () => {
    const key = `test-claim:${new ObjectId().toHexString()}`;
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimOnce(key)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    await releaseClaim(key);
    expect(await claimOnce(key)).toBe(true);
  });
});
