import 'server-only';
import { createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { env } from '../platform/env';
import { HttpError } from '../platform/http';
import { findUserById, recordApiTokenIssued } from './users';
import type { User } from './users';
import { WRITE_LIMITS, takeWriteAllowance } from '../platform/write-limits';

// Bearer tokens for the legacy REST API (docs/legacy-api.md): HS256 with a key derived from the
// server secret, short-lived, bound to the account's session version, verified with an
// algorithm allow-list so `alg: none` or another algorithm is never accepted.

export const API_TOKEN_LIFETIME_SECONDS = 60 * 60;
const ISSUER = 'knowledge-zone';
const AUDIENCE = 'knowledge-zone-legacy-api';

function signingKey(): Uint8Array {
  return createHash('sha256').update(`legacy-api-token:${env().AUTH_SECRET}`).digest();
}

/**
 * A token for the caller's own account only (`email` must be theirs), within the account's token
 * allowance; notes when it was issued (docs/legacy-api.md answers that update's result).
 */
export async function requestApiToken(caller: User, email: string): Promise<{ token: string; issued: Awaited<ReturnType<typeof recordApiTokenIssued>> }> {
  if (caller.email !== email) throw new HttpError(403, 'forbiddenAccess');
  await takeWriteAllowance(`api-token:${caller.id}`, WRITE_LIMITS.apiToken);
  const issued = await recordApiTokenIssued(caller.id);
  return { token: await issueApiToken(caller), issued };
}

export async function issueApiToken(user: User): Promise<string> {
  return new SignJWT({ email: user.email, sv: user.sessionVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${API_TOKEN_LIFETIME_SECONDS}s`)
    .sign(signingKey());
}

/** The user a bearer token stands for; 403 'forbiddenAccess' for anything forged, expired or stale. */
export async function userFromApiToken(token: string): Promise<User> {
  const forbidden = new HttpError(403, 'forbiddenAccess');
  let payload;
  try {
    ({ payload } = await jwtVerify(token, signingKey(), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE }));
  } catch {
    throw forbidden;
  }
  const user = typeof payload.sub === 'string' ? await findUserById(payload.sub) : null;
  if (!user || payload.sv !== user.sessionVersion) throw forbidden;
  return user;
}

/** `Authorization: Bearer <token>` → the token; null when the header is absent. */
export function bearerTokenOf(authorization: string | null): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  if (!match?.[1]) throw new HttpError(403, 'forbiddenAccess');
  return match[1];
}
