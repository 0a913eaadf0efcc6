import 'server-only';
import { createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { env } from '../../platform/env';
import { memoCache } from '../../platform/memo-cache';

// The addresses of a lesson's streaming ladder carry a short-lived token (HS256, with a key every
// instance derives from the shared server secret) saying whose it is, for which lesson and ladder,
// until when. A playlist or segment is then served on the token alone: no database read per
// segment, and a refunded buyer's access ends when the token does.

/** Tokens last from one to two of these: everyone asking within one gets the same token (and address), so the browser's cache keeps working. */
export const STREAM_TOKEN_WINDOW_SECONDS = 10 * 60;

const AUDIENCE = 'knowledge-zone-lesson-stream';

export type StreamGrant = {
  /** The signed-in learner, or null for a visitor watching a free preview. */
  userId: string | null;
  courseId: string;
  lessonId: string;
  streamId: string;
  /** Watching it counts toward the refund rule (a buyer's paid lesson). */
  countsTowardRefund: boolean;
};

function signingKey(): Uint8Array {
  return createHash('sha256').update(`lesson-stream-token:${env().AUTH_SECRET}`).digest();
}

/** A token for `grant`, valid until the end of the window after the current one. */
export async function signStreamToken(grant: StreamGrant, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
  const window = STREAM_TOKEN_WINDOW_SECONDS;
  const expires = (Math.floor(now / 1000 / window) + 2) * window;
  const token = await new SignJWT({ crs: grant.courseId, lsn: grant.lessonId, str: grant.streamId, ...(grant.countsTowardRefund ? { rf: 1 } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(grant.userId ?? 'visitor')
    .setAudience(AUDIENCE)
    .setExpirationTime(expires)
    .sign(signingKey());
  return { token, expiresAt: new Date(expires * 1000) };
}

const HEX_ID = /^[0-9a-f]{24}$/;

type VerifiedGrant = { grant: StreamGrant; expiresAtMs: number };

/** The token's grant when its signature and claims hold at `now`; throws otherwise. */
async function verifiedGrant(token: string, now: number): Promise<VerifiedGrant> {
  const { payload } = await jwtVerify(token, signingKey(), { algorithms: ['HS256'], audience: AUDIENCE, currentDate: new Date(now), requiredClaims: ['exp', 'sub'] });
  const { sub, crs, lsn, str, rf, exp } = payload;
  if (typeof crs !== 'string' || typeof lsn !== 'string' || typeof str !== 'string' || ![crs, lsn, str].every((id) => HEX_ID.test(id)) || exp === undefined) {
    throw new Error('not a lesson stream token');
  }
  return { grant: { userId: sub === 'visitor' ? null : (sub ?? null), courseId: crs, lessonId: lsn, streamId: str, countsTowardRefund: rf === 1 }, expiresAtMs: exp * 1000 };
}

/**
 * Tokens this instance found valid: a player sends the same token with every segment of a
 * playback, and checking its signature (WebCrypto, off the event loop and back) cost more than
 * serving a segment from memory. A token never changes what it grants, so only its expiry is
 * checked again on each use; a token refused is not kept.
 */
const verifiedTokens = memoCache<VerifiedGrant>('lesson-stream-tokens', { ttlMs: 2 * STREAM_TOKEN_WINDOW_SECONDS * 1000, max: 5000 });

/** What a token grants, or null for one forged, tampered with, expired or malformed. */
export async function verifyStreamToken(token: string, now = Date.now()): Promise<StreamGrant | null> {
  try {
    const { grant, expiresAtMs } = await verifiedTokens.get(token, () => verifiedGrant(token, now));
    return expiresAtMs > now ? grant : null;
  } catch {
    return null;
  }
}
