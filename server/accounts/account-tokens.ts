import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { ObjectId } from 'mongodb';
import { collection, isDuplicateKey, withDb } from '../platform/db';
import type { AuthTokenDocument } from '../platform/documents';

// Single-use, expiring tokens for e-mailed links. The link carries 32 random bytes; the database
// keeps only their hash, so a leaked database cannot be turned into working links.

export type TokenKind = AuthTokenDocument['kind'];

export const TOKEN_LIFETIME_MINUTES: Record<TokenKind, number> = {
  'password-reset': 30,
  'verify-email': 24 * 60,
  'email-change': 24 * 60,
};

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type IssueOptions = { now?: Date; sessionVersion?: number; email?: string };

/**
 * A new link token; `sessionVersion` ties it to the account's sessions as they are now (see
 * resetPassword); `email` is the address an e-mail change's link proves.
 */
export async function issueToken(kind: TokenKind, userId: ObjectId, { now = new Date(), sessionVersion, email }: IssueOptions = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await withDb(async () =>
    (await collection('authTokens')).insertOne({
      _id: hashOf(token),
      kind,
      userId,
      ...(sessionVersion === undefined ? {} : { sessionVersion }),
      ...(email === undefined ? {} : { email }),
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MINUTES[kind] * 60_000),
    }),
  );
  return token;
}

/**
 * Claims `key` once: true for the first caller, false for every later (or concurrent) one, on any
 * instance. The insert into a unique-keyed collection is the lock.
 */
export async function claimOnce(key: string, now = new Date()): Promise<boolean> {
  try {
    await withDb(async () => (await collection('usedTokens')).insertOne({ _id: key, usedAt: now }));
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

async function wasClaimed(key: string): Promise<boolean> {
  return (await withDb(async () => (await collection('usedTokens')).findOne({ _id: key }))) !== null;
}

/** Gives a claim back when the work it guarded failed before changing anything. */
export async function releaseClaim(key: string): Promise<void> {
  await withDb(async () => (await collection('usedTokens')).deleteOne({ _id: key }));
}

export type ConsumeOutcome = { ok: true; kind: TokenKind; userId: ObjectId; sessionVersion?: number; email?: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/** Uses the token once; a second use, an expired token or one of another kind is refused. */
export async function consumeToken(kind: TokenKind | readonly TokenKind[], token: string, now = new Date()): Promise<ConsumeOutcome> {
  return checkToken(kind, token, now, { use: true });
}

/**
 * What consumeToken would answer, without using the token: a page can say a link is dead when it
 * opens (mail scanners and previews open links too, so opening must never use one up).
 */
export async function peekToken(kind: TokenKind, token: string, now = new Date()): Promise<ConsumeOutcome> {
  return checkToken(kind, token, now, { use: false });
}

async function checkToken(kind: TokenKind | readonly TokenKind[], token: string, now: Date, { use }: { use: boolean }): Promise<ConsumeOutcome> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: 'invalid' };
  const id = hashOf(token);
  const doc = await withDb(async () => (await collection('authTokens')).findOne({ _id: id }));
  // A used link's record may be gone (revoked with the others): the claim still says it was used.
  if (!doc) return (await wasClaimed(id)) ? { ok: false, reason: 'used' } : { ok: false, reason: 'invalid' };
  if (!([kind].flat() as TokenKind[]).includes(doc.kind)) return { ok: false, reason: 'invalid' };
  if (doc.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  const usable = use ? await claimOnce(id, now) : !(await wasClaimed(id));
  if (!usable) return { ok: false, reason: 'used' };
  const { userId, sessionVersion, email } = doc;
  return { ok: true, kind: doc.kind, userId, ...(sessionVersion === undefined ? {} : { sessionVersion }), ...(email === undefined ? {} : { email }) };
}

/** Ends the account's outstanding links of these kinds (all kinds by default). */
export async function revokeTokens(userId: ObjectId, kinds: readonly TokenKind[] = ['password-reset', 'verify-email', 'email-change']): Promise<void> {
  await withDb(async () => (await collection('authTokens')).deleteMany({ userId, kind: { $in: [...kinds] } }));
}
