import 'server-only';
import { randomBytes } from 'node:crypto';
import type { ObjectId } from 'mongodb';
import { collection, parseObjectId, withDb } from '../platform/db';
import { findUserById } from './users';
import type { User } from './users';
import { takeWriteAllowance } from '../platform/write-limits';

// Ending Auth.js's JWT sessions on the server. A session cookie is a self-contained token, valid
// for 30 days wherever it is replayed; to end one sooner, the account's document says so:
// - every session carries a random id (`sid`), given at sign-in (server/accounts/auth.ts);
// - signing out adds that id to the account's `endedSessions`;
// - ending all of them (sign out everywhere, a password or role change, account deletion, or a
//   list grown past ENDED_SESSIONS_MAX) raises `sessionVersion` and empties the list.
// Every server check (server/accounts/guards.ts, proxy.ts, Auth.js's refresh) re-reads the account and asks
// isSessionLive, so an ended session is refused by every instance at its next request.

/** Sign-outs remembered per account; one more ends every session instead (a fresh version). */
export const ENDED_SESSIONS_MAX = 50;

export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

export type SessionState = { sessionVersion: number; endedSessions: readonly string[] };

/** What a session token says about itself (claims written in server/accounts/auth.ts's jwt callback). */
export type SessionMarks = { sid?: unknown; sessionVersion?: unknown };

/** Whether a session token still speaks for the account: current version, an id, not signed out. */
export function isSessionLive(account: SessionState, session: SessionMarks): boolean {
  const { sid, sessionVersion } = session;
  return typeof sid === 'string' && sid !== '' && sessionVersion === account.sessionVersion && !account.endedSessions.includes(sid);
}

/** The account a session token speaks for, read now; null when the account is gone or the session ended. */
export async function accountOfSession(session: SessionMarks & { sub: string }): Promise<User | null> {
  const account = await findUserById(session.sub);
  return account && isSessionLive(account, session) ? account : null;
}

/** Ends every session of the account (and its API tokens, which carry the version too). */
export async function endAllSessions(userId: ObjectId): Promise<void> {
  await withDb(async () =>
    (await collection('users')).updateOne({ _id: userId }, { $inc: { sessionVersion: 1 }, $set: { endedSessions: [] } }),
  );
}

/** A few per account and window: each one signs every device out again. */
const SIGN_OUT_EVERYWHERE_LIMIT = { max: 10, windowSeconds: 15 * 60 };

/** "Sign out everywhere" for the signed-in account: every session ends, this one too (429 past the limit). */
export async function signOutEverywhere(user: Pick<User, 'id'>): Promise<void> {
  const userId = parseObjectId(user.id);
  if (!userId) throw new Error('invalid user id');
  await takeWriteAllowance(`sign-out-everywhere:${user.id}`, SIGN_OUT_EVERYWHERE_LIMIT);
  await endAllSessions(userId);
}

/**
 * Records a sign-out: the session with this id and version is refused from now on. Nothing to do
 * when the account is gone or its version moved on (every such session has ended already).
 */
export async function endSession(userId: string, sid: string, sessionVersion: number): Promise<void> {
  const _id = parseObjectId(userId);
  if (!_id || sid === '') return;
  await withDb(async () => {
    const users = await collection('users');
    const recorded = await users.findOneAndUpdate({ _id, sessionVersion }, { $addToSet: { endedSessions: sid } }, { returnDocument: 'after' });
    // Bounded document: past the limit every session of the account ends at once.
    if ((recorded?.endedSessions?.length ?? 0) > ENDED_SESSIONS_MAX) {
      await users.updateOne({ _id, sessionVersion }, { $inc: { sessionVersion: 1 }, $set: { endedSessions: [] } });
    }
  });
}
