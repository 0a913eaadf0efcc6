import 'server-only';
import { ObjectId } from 'mongodb';
import { consumeToken } from './account-tokens';
import { sendVerificationEmail } from './account-mail';
import { blockedForSeconds, recordFailure } from './rate-limit';
import { markEmailVerified } from './users';
import type { User } from './users';

const RESEND_LIMIT = { max: 3, windowSeconds: 15 * 60 };

/** Sends the verification link in the background; a mail outage must not fail registration. */
export function startEmailVerification(user: User): void {
  void sendVerificationEmail({ id: new ObjectId(user.id), email: user.email, name: user.name }).catch((error: unknown) => {
    console.error('[mail] verification e-mail failed', error);
  });
}

export async function resendBlockedForSeconds(user: User): Promise<number> {
  return blockedForSeconds(`verify:user:${user.id}`, RESEND_LIMIT);
}

export async function resendVerification(user: User): Promise<void> {
  await recordFailure(`verify:user:${user.id}`, RESEND_LIMIT);
  await sendVerificationEmail({ id: new ObjectId(user.id), email: user.email, name: user.name });
}

export type VerifyOutcome = { ok: true } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

export async function verifyEmail(token: string): Promise<VerifyOutcome> {
  const outcome = await consumeToken('verify-email', token);
  if (!outcome.ok) return outcome;
  return (await markEmailVerified(outcome.userId)) ? { ok: true } : { ok: false, reason: 'invalid' };
}
