import 'server-only';
import { ObjectId } from 'mongodb';
import { consumeToken, revokeTokens } from './account-tokens';
import { sendVerificationEmail } from './account-mail';
import { blockedForSeconds, recordFailure } from '../platform/rate-limit';
import { applyEmailChange } from './sign-in-details';
import { markEmailVerified } from './users';
import type { User } from './users';

const RESEND_LIMIT = { max: 3, windowSeconds: 15 * 60 };

/** Sends the verification link in the background; a mail outage must not fail registration. */
export function startEmailVerification(user: User): void {
  if (!user.email) return;
  void sendVerificationEmail({ id: new ObjectId(user.id), email: user.email, locale: user.locale }).catch((error: unknown) => {
    console.error('[mail] verification e-mail failed', error);
  });
}

export async function resendBlockedForSeconds(user: User): Promise<number> {
  return blockedForSeconds(`verify:user:${user.id}`, RESEND_LIMIT);
}

export async function resendVerification(user: User): Promise<void> {
  if (!user.email) return;
  await recordFailure(`verify:user:${user.id}`, RESEND_LIMIT);
  await sendVerificationEmail({ id: new ObjectId(user.id), email: user.email, locale: user.locale });
}

export type VerifyOutcome = { ok: true } | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'taken' };

/**
 * Marks the address verified once; the account's other verification links die with this one. A
 * link sent to a new address from My Profile makes that address the account's (server/accounts/sign-in-details.ts).
 */
export async function verifyEmail(token: string): Promise<VerifyOutcome> {
  const outcome = await consumeToken(['verify-email', 'email-change'], token);
  if (!outcome.ok) return outcome;
  if (outcome.kind === 'email-change') return applyEmailChange(outcome);
  if (!(await markEmailVerified(outcome.userId))) return { ok: false, reason: 'invalid' };
  await revokeTokens(outcome.userId, ['verify-email']);
  return { ok: true };
}
