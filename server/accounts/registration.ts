import 'server-only';
import type { z } from 'zod';
import type { registerSchema } from '@/lib/schemas/auth';
import { startEmailVerification } from './email-verification';
import { env } from '../platform/env';
import { HttpError } from '../platform/http';
import { burnPasswordCheck } from './passwords';
import { takeAllowance } from '../platform/rate-limit';
import { createPasswordUser, findUserDocumentByEmail } from './users';

export type RegistrationOutcome = { created: true } | { created: false };

export const TOO_MANY_SIGN_UPS = 'tooManySignUpsPleaseTryAgainLater';

/**
 * Counts one sign-up against the client's and the whole site's budget (in the database, so every
 * instance shares them); 429 with Retry-After once either is spent. Every try counts, known
 * address or not: that is what keeps making accounts in bulk and probing addresses slow.
 */
async function takeSignUpAllowance(ip: string): Promise<void> {
  const { REGISTER_MAX_PER_IP, REGISTER_MAX_TOTAL, REGISTER_WINDOW_SECONDS } = env();
  const byIp = await takeAllowance(`register:ip:${ip}`, { max: REGISTER_MAX_PER_IP, windowSeconds: REGISTER_WINDOW_SECONDS });
  const retryAfter = byIp > 0 ? byIp : await takeAllowance('register:all', { max: REGISTER_MAX_TOTAL, windowSeconds: REGISTER_WINDOW_SECONDS });
  if (retryAfter > 0) throw new HttpError(429, TOO_MANY_SIGN_UPS, { 'Retry-After': String(retryAfter) });
}

/**
 * Creates the account for a client at `ip` (validated input). For an e-mail that already has one,
 * nothing changes and the caller gives a neutral answer; the time spent is comparable because both
 * paths run argon2.
 */
export async function registerAccount(input: z.output<typeof registerSchema>, ip: string): Promise<RegistrationOutcome> {
  await takeSignUpAllowance(ip);
  if (await findUserDocumentByEmail(input.email)) {
    await burnPasswordCheck(input.password);
    return { created: false };
  }
  const user = await createPasswordUser(input);
  if (!user) return { created: false };
  startEmailVerification(user);
  return { created: true };
}
