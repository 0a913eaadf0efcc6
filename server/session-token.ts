import 'server-only';
import { createDecipheriv, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { env } from './env';

// Reads the Auth.js session cookie on the server without Auth.js's `auth()`.
//
// Why: `auth()` runs Auth.js's whole session action for every server check — it derives the key
// again (HKDF), decrypts through WebCrypto, runs the callbacks and then encrypts and re-issues the
// cookie — about 1.5 ms of CPU per request, a fifth of an order's cost in the app. Server checks
// (server/guards.ts, proxy.ts) only need the user id and session marks, and re-read the user from
// the database anyway. The cookie still rolls where Auth.js serves it (/api/auth/session).
//
// The token is what Auth.js writes (@auth/core/jwt): a compact JWE, `alg: dir`,
// `enc: A256CBC-HS512` (RFC 7518 §5.2), keyed by HKDF-SHA256(AUTH_SECRET, salt = cookie name,
// info = "Auth.js Generated Encryption Key (<salt>)", 64 bytes). Anything else is refused.

export const SESSION_COOKIES = ['__Secure-authjs.session-token', 'authjs.session-token'] as const;

/** Auth.js's own allowance for clock differences when it checks `exp`. */
const CLOCK_TOLERANCE_SECONDS = 15;

export type SessionClaims = { sub: string; role?: string; sessionVersion?: number; [claim: string]: unknown };

type CookieJar = { get(name: string): { value: string } | undefined; getAll(): { name: string; value: string }[] };

const derivedKeys = new Map<string, Buffer>();

function keyFor(secret: string, salt: string): Buffer {
  const id = `${salt}\u0000${secret}`;
  let key = derivedKeys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, salt, `Auth.js Generated Encryption Key (${salt})`, 64));
    derivedKeys.set(id, key);
  }
  return key;
}

function isBase64Url(part: string): boolean {
  return /^[A-Za-z0-9_-]*$/.test(part);
}

/** The claims of an Auth.js session token, or null when it is not one this secret made, or expired. */
export function decodeSessionToken(token: string, salt: string, { secret = env().AUTH_SECRET, now = Date.now() } = {}): SessionClaims | null {
  const parts = token.split('.');
  if (parts.length !== 5 || !parts.every(isBase64Url)) return null;
  const [protectedHeader = '', encryptedKey = '', ivPart = '', ciphertextPart = '', tagPart = ''] = parts;
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(protectedHeader, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!header || typeof header !== 'object') return null;
  const { alg, enc, zip, crit } = header as Record<string, unknown>;
  if (alg !== 'dir' || enc !== 'A256CBC-HS512' || zip !== undefined || crit !== undefined || encryptedKey !== '') return null;

  const key = keyFor(secret, salt);
  const iv = Buffer.from(ivPart, 'base64url');
  const ciphertext = Buffer.from(ciphertextPart, 'base64url');
  const tag = Buffer.from(tagPart, 'base64url');
  if (iv.length !== 16 || tag.length !== 32 || ciphertext.length === 0 || ciphertext.length % 16 !== 0) return null;
  // Authenticate before decrypting: HMAC-SHA-512 over AAD || IV || ciphertext || AAD length in bits, first 32 bytes.
  const aad = Buffer.from(protectedHeader, 'ascii');
  const aadBits = Buffer.alloc(8);
  aadBits.writeBigUInt64BE(BigInt(aad.length) * 8n);
  const expected = createHmac('sha512', key.subarray(0, 32)).update(aad).update(iv).update(ciphertext).update(aadBits).digest().subarray(0, 32);
  if (!timingSafeEqual(expected, tag)) return null;

  let claims: unknown;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key.subarray(32), iv);
    claims = JSON.parse(Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8'));
  } catch {
    return null;
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return null;
  const { sub, exp, nbf } = claims as Record<string, unknown>;
  if (typeof sub !== 'string' || sub === '') return null;
  const nowSeconds = now / 1000;
  if (typeof exp !== 'number' || exp + CLOCK_TOLERANCE_SECONDS <= nowSeconds) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf - CLOCK_TOLERANCE_SECONDS > nowSeconds)) return null;
  return claims as SessionClaims;
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
export function sessionFromCookies(cookies: CookieJar, { secure }: { secure: boolean }): SessionClaims | null {
  const name = sessionCookieName({ secure });
  const value = cookieValue(cookies, name);
  return value ? decodeSessionToken(value, name) : null;
}

/** Whether a cookie belongs to the session (whole or one of its chunks). */
export function isSessionCookie(cookieName: string): boolean {
  return SESSION_COOKIES.some((name) => cookieName === name || cookieName.startsWith(`${name}.`));
}
