import 'server-only';
import { env } from './env';
import { blockedForSeconds, clearFailures, recordFailure } from './rate-limit';
import type { Limit } from './rate-limit';

// Brute-force protection for password sign-in: a few failures per account, more per IP.

function limits(): { account: Limit; ip: Limit } {
  const { LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_IP, LOGIN_WINDOW_SECONDS } = env();
  return {
    account: { max: LOGIN_MAX_FAILURES, windowSeconds: LOGIN_WINDOW_SECONDS },
    ip: { max: LOGIN_MAX_FAILURES_PER_IP, windowSeconds: LOGIN_WINDOW_SECONDS },
  };
}

const accountKey = (email: string) => `login:account:${email.toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

export async function loginBlockedForSeconds(email: string, ip: string): Promise<number> {
  const { account, ip: ipLimit } = limits();
  const [byAccount, byIp] = await Promise.all([
    blockedForSeconds(accountKey(email), account),
    blockedForSeconds(ipKey(ip), ipLimit),
  ]);
  return Math.max(byAccount, byIp);
}

export async function recordLoginFailure(email: string, ip: string): Promise<void> {
  const { account, ip: ipLimit } = limits();
  await Promise.all([recordFailure(accountKey(email), account), recordFailure(ipKey(ip), ipLimit)]);
}

export async function recordLoginSuccess(email: string): Promise<void> {
  await clearFailures(accountKey(email));
}

/**
 * The client's address for per-client limits. The production server (scripts/serve.mjs) replaces
 * x-forwarded-for with the one address it established from the socket and the operator's
 * TRUSTED_PROXY_HOPS (scripts/serve/front-door.mjs), so a client cannot choose its own.
 */
export function clientIp(headers: Headers): string {
  return headers.get('x-forwarded-for')?.split(',').pop()?.trim() || 'unknown';
}
