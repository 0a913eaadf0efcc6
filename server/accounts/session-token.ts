import 'server-only';
import { hkdfSync } from 'node:crypto';
import { base64url, calculateJwkThumbprint, jwtDecrypt } from 'jose';
import { markUsed } from '@/lib/recently-used.mjs';
import { env } from '../platform/env';
import { SESSION_COOKIES } from './session-cookies.mjs';

// Reads the Auth.js session cookie on the server without Auth.js's `auth()`.
//
// Why: `auth()` runs Auth.js's whole session action for every server check — it derives the key
// again (HKDF), decrypts, runs the callbacks and then encrypts and re-issues the cookie — a real
// share of a signed-in request's CPU, paid on every check. Server checks
// (server/accounts/guards.ts, proxy.ts) only need the user id and session marks, and re-read the user from
// the database anyway. The cookie still rolls where Auth.js serves it (/api/auth/session).
//
// Decoding is Auth.js's own (@auth/core/jwt `decode`): the same key derivation and the same
// `jwtDecrypt` options; only the derived keys are kept, instead of derived again per request.
//
// A token's claims are a function of the token and the secrets alone, so the claims of tokens
// decoded lately are kept too (decrypting is a real share of a signed-in request's CPU, and every
// such request would repeat it). Nothing elsewhere can change them: whether the session still
// counts is re-read from the database on every request (server/accounts/sessions.ts), and the expiry is
// checked again on every use. Only tokens that decoded are kept, so forged ones cannot fill it.

export { SESSION_COOKIES, isSessionCookie } from './session-cookies.mjs';

export type SessionClaims = { sub: string; role?: string; sessionVersion?: number; [claim: string]: unknown };

type CookieJar = { get(name: string): { value: string } | undefined; getAll(): { name: string; value: string }[] };

type DerivedKey = { key: Uint8Array; kid: Promise<string> };

// Few entries: one per secret, cookie name (the salt) and encryption.
const derivedKeys = new Map<string, DerivedKey>();

/** Auth.js's key for a secret and cookie name, and its thumbprint (the token's `kid`, which picks the secret). */
function keyFor(secret: string, salt: string, enc: string): DerivedKey {
  const id = [enc, salt, secret].join('\u0000');
  let derived = derivedKeys.get(id);
  if (!derived) {
    // jwtDecrypt lets only A256CBC-HS512 (a 64-byte key) and A256GCM (32 bytes) through.
    const length = enc === 'A256GCM' ? 32 : 64;
    const key = new Uint8Array(hkdfSync('sha256', secret, salt, `Auth.js Generated Encryption Key (${salt})`, length));
    derived = { key, kid: calculateJwkThumbprint({ kty: 'oct', k: base64url.encode(key) }, `sha${length * 8}` as 'sha256' | 'sha512') };
    derivedKeys.set(id, derived);
  }
  return derived;
}

/** Seconds of clock difference allowed on a token's expiry, as Auth.js allows. */
const CLOCK_TOLERANCE_SECONDS = 15;

type DecodedToken = { claims: SessionClaims; salt: string; secrets: string; expiresAt: number; movedAt?: number };

/** Tokens decoded lately (a signed-in visitor's requests carry the same token until it rolls), least recently used first. */
const decodedTokens = new Map<string, DecodedToken>();
const DECODED_TOKENS_KEPT = 5000;

function rememberDecoded(token: string, decoded: DecodedToken): void {
  decodedTokens.set(token, decoded);
  if (decodedTokens.size > DECODED_TOKENS_KEPT) decodedTokens.delete(decodedTokens.keys().next().value as string);
}

/**
 * The claims of an Auth.js session token, or null when it is not one these secrets made, or expired.
 * Several secrets (newest first) are tried as Auth.js does when its secret is rotated.
 */
export async function decodeSessionToken(
  token: string,
  salt: string,
  { secret = env().AUTH_SECRET, now = Date.now() }: { secret?: string | string[]; now?: number } = {},
): Promise<SessionClaims | null> {
  const secrets = Array.isArray(secret) ? secret : [secret];
  const secretsId = secrets.join('\u0000');
  const known = decodedTokens.get(token);
  if (known && known.salt === salt && known.secrets === secretsId) {
    if (now >= (known.expiresAt + CLOCK_TOLERANCE_SECONDS) * 1000) {
      decodedTokens.delete(token);
      return null;
    }
    markUsed(decodedTokens, token, known, now);
    return known.claims;
  }
  const claims = await decryptSessionToken(token, salt, secrets, now);
  if (claims && typeof claims.exp === 'number') rememberDecoded(token, { claims: Object.freeze(claims), salt, secrets: secretsId, expiresAt: claims.exp });
  return claims;
}

async function decryptSessionToken(token: string, salt: string, secrets: string[], now: number): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtDecrypt(
      token,
      async ({ kid, enc = '' }) => {
        for (const candidate of secrets) {
          const derived = keyFor(candidate, salt, enc);
          if (kid === undefined || kid === (await derived.kid)) return derived.key;
        }
        throw new Error('no matching secret');
      },
      {
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256CBC-HS512', 'A256GCM'],
        currentDate: new Date(now),
        // Auth.js never compresses its tokens: nothing to inflate.
        maxDecompressedLength: 0,
        // Auth.js always writes both; a session needs them.
        requiredClaims: ['sub', 'exp'],
      },
    );
    return typeof payload.sub === 'string' && payload.sub !== '' ? (payload as SessionClaims) : null;
  } catch {
    return null;
  }
}

/** Auth.js splits large tokens into name.0, name.1, … cookies. */
function cookieValue(cookies: CookieJar, name: string): string | undefined {
  const whole = cookies.get(name)?.value;
  if (whole) return whole;
  const chunks = cookies
    .getAll()
    .filter((cookie) => cookie.name.startsWith(`${name}.`))
    .sort((a, b) => Number(a.name.slice(name.length + 1)) - Number(b.name.slice(name.length + 1)));
  return chunks.length ? chunks.map((cookie) => cookie.value).join('') : undefined;
}

/** The cookie Auth.js keeps the session in: the `__Secure-` name only for requests that came over https. */
export function sessionCookieName({ secure }: { secure: boolean }): (typeof SESSION_COOKIES)[number] {
  return secure ? '__Secure-authjs.session-token' : 'authjs.session-token';
}

type HeaderBag = { get(name: string): string | null };

/**
 * Whether the request came over https, by the rule Auth.js picks its cookie names with: the
 * `X-Forwarded-Proto` header (Next sets it from the connection when no proxy did), else the URL.
 */
export function isHttpsRequest(headers: HeaderBag, urlProtocol?: string): boolean {
  const forwarded = headers.get('x-forwarded-proto');
  if (forwarded) return forwarded.split(',')[0]?.trim().toLowerCase() === 'https';
  return urlProtocol === 'https:';
}

/**
 * The session in a request's cookies, or null. Only the cookie Auth.js uses for the request's
 * protocol counts: over plain http a `__Secure-` cookie (left from https, or planted) is ignored,
 * so what Auth.js signs out is what this reader stops reading.
 */
export async function sessionFromCookies(cookies: CookieJar, { secure }: { secure: boolean }): Promise<SessionClaims | null> {
  const name = sessionCookieName({ secure });
  const value = cookieValue(cookies, name);
  return value ? decodeSessionToken(value, name) : null;
}

