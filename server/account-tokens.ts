import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { MongoServerError } from 'mongodb';
import type { ObjectId } from 'mongodb';
import { collection, withDb } from './db';
import type { AuthTokenDocument } from './documents';

// Single-use, expiring tokens for e-mailed links. The link carries 32 random bytes; the database
// keeps only their hash, so a leaked database cannot be turned into working links.

export type TokenKind = AuthTokenDocument['kind'];

export const TOKEN_LIFETIME_MINUTES: Record<TokenKind, number> = {
  'password-reset': 30,
  'verify-email': 24 * 60,
};

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(kind: TokenKind, userId: ObjectId, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await withDb(async () =>
    (await collection('authTokens')).insertOne({
      _id: hashOf(token),
      kind,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MINUTES[kind] * 60_000),
    }),
  );
  return token;
}

export type ConsumeOutcome = { ok: true; userId: ObjectId } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/** Uses the token once; a second use, an expired token or one of another kind is refused. */
export async function consumeToken(kind: TokenKind, token: string, now = new Date()): Promise<ConsumeOutcome> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: 'invalid' };
  const id = hashOf(token);
  const doc = await withDb(async () => (await collection('authTokens')).findOne({ _id: id }));
  if (!doc || doc.kind !== kind) return { ok: false, reason: 'invalid' };
  if (doc.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  try {
    await withDb(async () => (await collection('usedTokens')).insertOne({ _id: id, usedAt: now }));
  } catch (error) {
    if (error instanceof MongoServerError && error.code === 11000) return { ok: false, reason: 'used' };
    throw error;
  }
  return { ok: true, userId: doc.userId };
}
