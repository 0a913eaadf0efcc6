import { ObjectId } from 'mongodb';
import { revalidateTag } from 'next/cache';
import { encode } from 'next-auth/jwt';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { closeDb, collection } from '../platform/db';
import { listNewestReviews, saveReview } from '../reviews/reviews';
import { sessionFromCookies } from './session-token';
import { ENDED_SESSIONS_MAX, accountOfSession, endSession, newSessionId, signOutEverywhere } from './sessions';
import { promoteToAdmin, removeUser } from './user-admin';
import { createPasswordUser, findUserById, setPassword } from './users';
import type { User } from './users';

// A session cookie saved before a sign-out (or a password change, role change, sign-out
// everywhere, account deletion) still decodes — it is a self-contained token — but the check every
// server door makes (accountOfSession: server/accounts/guards.ts, proxy.ts, Auth.js's refresh) refuses it.
selectPrivateDatabase('kz_jest_sessions');
afterAll(closeDb);

// Next's page cache needs a Next request: revalidateTag is recorded instead.
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

const secret = process.env.AUTH_SECRET ?? '';
const cookieName = 'authjs.session-token';

async function newAccount(role: 'user' | 'admin' = 'user'): Promise<User> {
  const user = await createPasswordUser({ name: 'Session Tester', email: `s-${new ObjectId().toHexString()}@example.com`, password: 'secret12', role });
  if (!user) throw new Error('no account');
  return user;
}

/** What Auth.js's jwt callback writes at sign-in (server/accounts/auth.ts), as the cookie the browser keeps. */
async function signIn(user: User): Promise<{ cookie: string; sid: string }> {
  const sid = newSessionId();
  const cookie = await encode({ token: { sub: user.id, sid, role: user.role, sessionVersion: user.sessionVersion }, secret, salt: cookieName });
  return { cookie, sid };
}

/** The account a replayed cookie gets a server door to act for, or null. */
async function replay(cookie: string): Promise<User | null> {
  const jar = { get: (name: string) => (name === cookieName ? { value: cookie } : undefined), getAll: () => [{ name: cookieName, value: cookie }] };
  const session = await sessionFromCookies(jar, { secure: false });
  if (!session) throw new Error('the saved cookie no longer decodes');
  return accountOfSession(session);
}

describe('ending sessions on the server', () => {
  it('a saved cookie stops working after its sign-out; the account’s other sessions go on', async () => {
    const user = await newAccount();
    const laptop = await signIn(user);
    const phone = await signIn(user);
    expect((await replay(laptop.cookie))?.id).toBe(user.id);

    await endSession(user.id, laptop.sid, user.sessionVersion);
    expect(await replay(laptop.cookie)).toBeNull();
    expect((await replay(phone.cookie))?.id).toBe(user.id);
  });

  it('sign out everywhere ends every session, and the next sign-in works', async () => {
    const user = await newAccount();
    const first = await signIn(user);
    const second = await signIn(user);
    await signOutEverywhere(user);
    expect(await replay(first.cookie)).toBeNull();
    expect(await replay(second.cookie)).toBeNull();
    const again = await signIn((await findUserById(user.id)) ?? user);
    expect((await replay(again.cookie))?.id).toBe(user.id);
  });

  it('sign out everywhere is a write with a limit (429 with Retry-After)', async () => {
    const user = await newAccount();
    for (let index = 0; index < 10; index += 1) await signOutEverywhere(user);
    await expect(signOutEverywhere(user)).rejects.toMatchObject({ status: 429 });
    expect((await findUserById(user.id))?.sessionVersion).toBe(user.sessionVersion + 10);
  });

  it('a password change ends every session', async () => {
    const user = await newAccount();
    const session = await signIn(user);
    await setPassword(new ObjectId(user.id), 'another-secret', 'email');
    expect(await replay(session.cookie)).toBeNull();
  });

  it('a promotion keeps the account signed in, and its very next request carries the new role', async () => {
    const admin = await newAccount('admin');
    const user = await newAccount();
    const session = await signIn(user);
    const adminSession = await signIn(admin);
    expect((await replay(session.cookie))?.role).toBe('user');
    expect((await promoteToAdmin(admin, user.email!)).modifiedCount).toBe(1);
    expect((await replay(session.cookie))?.role).toBe('admin');

    const again = await promoteToAdmin(admin, user.email!);
    expect([again.matchedCount, again.modifiedCount]).toEqual([1, 0]);
    expect((await replay(session.cookie))?.id).toBe(user.id);
    expect((await replay(adminSession.cookie))?.id).toBe(admin.id);
  });

  it('deleting the account ends its sessions and takes its review off the home page', async () => {
    const admin = await newAccount('admin');
    const user = await newAccount();
    const session = await signIn(user);
    const saved = await saveReview(user, { ratting: 5, comment: 'Visit evil.example for refunds' });
    expect(saved.ok).toBe(true);
    expect((await listNewestReviews(50)).map((review) => review.comment)).toContain('Visit evil.example for refunds');

    jest.mocked(revalidateTag).mockClear();
    await removeUser(admin, new ObjectId(user.id));
    expect(await replay(session.cookie)).toBeNull();
    expect((await listNewestReviews(50)).map((review) => review.comment)).not.toContain('Visit evil.example for refunds');
    expect(await (await collection('reviews')).countDocuments({ userId: new ObjectId(user.id) })).toBe(0);
    // The home pages show the newest reviews: every instance forgets them.
    expect(revalidateTag).toHaveBeenCalledWith('home', { expire: 0 });
  });

  it('refuses a token without a session id (made before sessions had one) or of an older version', async () => {
    const user = await newAccount();
    const withoutId = await encode({ token: { sub: user.id, sessionVersion: user.sessionVersion }, secret, salt: cookieName });
    expect(await replay(withoutId)).toBeNull();
    const older = await encode({ token: { sub: user.id, sid: newSessionId(), sessionVersion: user.sessionVersion - 1 }, secret, salt: cookieName });
    expect(await replay(older)).toBeNull();
  });

  it('keeps the list of ended sessions bounded: past the limit every session ends at once', async () => {
    const user = await newAccount();
    const survivor = await signIn(user);
    for (let index = 0; index < ENDED_SESSIONS_MAX; index += 1) await endSession(user.id, newSessionId(), user.sessionVersion);
    expect((await replay(survivor.cookie))?.id).toBe(user.id);
    expect((await findUserById(user.id))?.endedSessions).toHaveLength(ENDED_SESSIONS_MAX);

    await endSession(user.id, newSessionId(), user.sessionVersion);
    const after = await findUserById(user.id);
    expect(after?.endedSessions).toEqual([]);
    expect(after?.sessionVersion).toBe(user.sessionVersion + 1);
    expect(await replay(survivor.cookie)).toBeNull();
  });

  it('records concurrent sign-outs of one account, every one of them', async () => {
    const user = await newAccount();
    const sessions = await Promise.all(Array.from({ length: 6 }, () => signIn(user)));
    await Promise.all(sessions.map((session) => endSession(user.id, session.sid, user.sessionVersion)));
    for (const session of sessions) expect(await replay(session.cookie)).toBeNull();
  });
});
