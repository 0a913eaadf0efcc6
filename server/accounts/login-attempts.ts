import 'server-only';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { localeOfAccount } from './account-locale';
import { sendLoginAlertEmail } from './account-mail';
import { claimOnce } from './account-tokens';
import type { UserDocument } from '../platform/documents';
import { env } from '../platform/env';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { clearFailures, clearFailuresStartingWith, openCounters, recordFailure, takeAllowance } from '../platform/rate-limit';
import type { Limit } from '../platform/rate-limit';
import { findUserDocumentByEmail, toUser } from './users';
import type { User } from './users';

// Brute-force protection for password sign-in. Every door to it (the login form's
// POST /api/account/login and Auth.js's own credentials callback) reaches passwordSignIn through
// server/accounts/auth.ts's authorize; nothing else checks a password.
//
// - One client guessing one account is refused: LOGIN_MAX_FAILURES tries per (account, client
//   address) pair in the window. Each try is counted before its password is checked, so tries
//   sent at once cannot get past the limit; the right password clears the pair.
// - Guessing spread over many clients, or over many accounts from one address, is slowed and never
//   refused: a refusal per account would let anyone lock its owner out, and one per address
//   everyone behind a shared address (a school, a mobile carrier). Every try for an account, or from
//   an address, with many recent failures waits first, whatever password it brings: waiting only
//   on wrong ones would tell a right one by its quick answer.
// - From LOGIN_MAX_FAILURES failures on the account (any clients) its owner is e-mailed, once per
//   window, whichever instance counted them.
// An unknown address goes through the same steps (the same counts, waits and writes) as a known
// one, so neither the answer nor its timing says whether it has an account.

export type DelayScale = { firstMs: number; maxMs: number };

/**
 * How long a try waits with `failures` recent failures where slowing starts at `slowFrom`: nothing
 * below it, then `firstMs`, doubling with each further failure up to `maxMs`.
 */
export function loginDelayMs(failures: number, slowFrom: number, { firstMs, maxMs }: DelayScale): number {
  if (failures < slowFrom || firstMs <= 0) return 0;
  return Math.min(maxMs, firstMs * 2 ** Math.min(failures - slowFrom, 30));
}

function settings() {
  const { LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_IP, LOGIN_WINDOW_SECONDS, LOGIN_DELAY_MS, LOGIN_MAX_DELAY_MS } = env();
  return {
    pair: { max: LOGIN_MAX_FAILURES, windowSeconds: LOGIN_WINDOW_SECONDS } satisfies Limit,
    // Counted without a budget: only their size matters, for the waits and the alert.
    spread: { max: Number.MAX_SAFE_INTEGER, windowSeconds: LOGIN_WINDOW_SECONDS } satisfies Limit,
    slowAccountFrom: LOGIN_MAX_FAILURES,
    slowAddressFrom: LOGIN_MAX_FAILURES_PER_IP,
    alertFrom: LOGIN_MAX_FAILURES,
    scale: { firstMs: LOGIN_DELAY_MS, maxMs: LOGIN_MAX_DELAY_MS } satisfies DelayScale,
  };
}

// An address (lib/schemas/auth.ts) has no whitespace, so the space ends it in a pair's key.
const pairPrefix = (email: string) => `login:pair:${email.toLowerCase()} `;
const pairKey = (email: string, ip: string) => `${pairPrefix(email)}${ip}`;
const accountKey = (email: string) => `login:account:${email.toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;
// Kept for weeks in usedTokens: the address only as a digest.
const alertClaim = (email: string, windowStartedAt: Date) =>
  `login-alert:${createHash('sha256').update(email.toLowerCase()).digest('base64url')}:${windowStartedAt.getTime()}`;

export type PasswordSignIn =
  | { ok: true; user: User; delayMs: number }
  | { ok: false; reason: 'invalid'; delayMs: number }
  | { ok: false; reason: 'blocked'; retryAfterSeconds: number };

/** One password sign-in from the client at `ip`: the account, a wrong e-mail or password, or the seconds this client must wait. */
export async function passwordSignIn(email: string, password: string, ip: string): Promise<PasswordSignIn> {
  const config = settings();
  const [retryAfterSeconds, [byAccount, byAddress]] = await Promise.all([
    takeAllowance(pairKey(email, ip), config.pair),
    openCounters([accountKey(email), ipKey(ip)], config.spread),
  ]);
  if (retryAfterSeconds > 0) return { ok: false, reason: 'blocked', retryAfterSeconds };

  const delayMs = Math.max(
    loginDelayMs(byAccount?.failures ?? 0, config.slowAccountFrom, config.scale),
    loginDelayMs(byAddress?.failures ?? 0, config.slowAddressFrom, config.scale),
  );
  if (delayMs > 0) await sleep(delayMs);

  const doc = await findUserDocumentByEmail(email);
  const valid = doc?.passwordHash ? await verifyPassword(doc.passwordHash, password) : (await burnPasswordCheck(password), false);
  if (!doc || !valid) {
    await recordSpreadFailure(email, ip, doc, config);
    return { ok: false, reason: 'invalid', delayMs };
  }
  await clearFailures(pairKey(email, ip));
  return { ok: true, user: toUser(doc), delayMs };
}

/** Counts the failure for the account and the address, and warns the owner when they reach the alert. */
async function recordSpreadFailure(email: string, ip: string, doc: UserDocument | null, config: ReturnType<typeof settings>): Promise<void> {
  await Promise.all([recordFailure(accountKey(email), config.spread), recordFailure(ipKey(ip), config.spread)]);
  // Read after counting: of failures counted at once, at least the last sees the total.
  const [account] = await openCounters([accountKey(email)], config.spread);
  if (!account || account.failures < config.alertFrom) return;
  // One insert per account and window that only one request on any instance wins.
  if (!(await claimOnce(alertClaim(email, account.windowStartedAt))) || !doc) return;
  const attempts = { failures: account.failures, minutes: Math.max(1, Math.round(config.spread.windowSeconds / 60)) };
  // Not awaited, like the reset e-mail: the answer takes as long whether or not the address has an account.
  void sendLoginAlertEmail({ id: doc._id, email, locale: localeOfAccount(doc) }, attempts).catch((error: unknown) => {
    console.error('[mail] sign-in alert e-mail failed', error);
  });
}

/**
 * Lifts the account's blocks and slowing: its owner has just proved control of the address
 * (server/accounts/password-reset.ts). The counts of the addresses stay.
 */
export async function clearLoginFailures(email: string): Promise<void> {
  await Promise.all([clearFailures(accountKey(email)), clearFailuresStartingWith(pairPrefix(email))]);
}

/**
 * The client's address for per-client limits. The production server (serving/server.mjs) replaces
 * x-forwarded-for with the one address it established from the socket and the operator's
 * TRUSTED_PROXY_HOPS (serving/front-door.mjs), so a client cannot choose its own.
 */
export function clientIp(headers: Headers): string {
  return headers.get('x-forwarded-for')?.split(',').pop()?.trim() || 'unknown';
}
