import 'server-only';
import { ObjectId } from 'mongodb';
import { phoneResetSchema } from '@/lib/schemas/phone-code';
import { HttpError } from '../platform/http';
import { localeOfAccount } from './account-locale';
import { claimOnce, consumeToken, peekToken, releaseClaim, revokeTokens } from './account-tokens';
import { sendPasswordResetEmail } from './account-mail';
import { clearLoginFailures } from './login-attempts';
import { blockedForSeconds, recordFailure } from '../platform/rate-limit';
import { findUserById, findUserDocumentByEmail, setPassword } from './users';
import { CODE_EXPIRED, checkPhoneCode, requestPhoneCode } from './phone-codes';
import type { CodeRequester } from './phone-codes';
import { findUserByMobileNumber } from './phone-sign-in';

const REQUEST_LIMIT = { max: 3, windowSeconds: 15 * 60 };
const REQUEST_LIMIT_PER_IP = { max: 20, windowSeconds: 15 * 60 };

export const RESET_REQUESTED_MESSAGE = 'sentEmailIfAnAccountExistsForThisAddressAPasswordReset';

/** Seconds to wait before another reset e-mail may be requested for this address or from this IP. */
export async function resetBlockedForSeconds(email: string, ip: string): Promise<number> {
  const [byEmail, byIp] = await Promise.all([
    blockedForSeconds(`reset:email:${email}`, REQUEST_LIMIT),
    blockedForSeconds(`reset:ip:${ip}`, REQUEST_LIMIT_PER_IP),
  ]);
  return Math.max(byEmail, byIp);
}

/**
 * Sends a reset link when the address has an account. The caller answers the same either way,
 * and the e-mail is sent in the background so the answer takes the same time (no enumeration).
 */
export async function requestPasswordReset(email: string, ip: string): Promise<void> {
  await Promise.all([recordFailure(`reset:email:${email}`, REQUEST_LIMIT), recordFailure(`reset:ip:${ip}`, REQUEST_LIMIT_PER_IP)]);
  const doc = await findUserDocumentByEmail(email);
  if (!doc) return;
  void sendPasswordResetEmail({ id: doc._id, email, sessionVersion: doc.sessionVersion, locale: localeOfAccount(doc) }).catch((error: unknown) => {
    console.error('[mail] password reset e-mail failed', error);
  });
}

export type ResetOutcome = { ok: true } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/**
 * Whether a reset link can still set a password, read without using it (the reset page asks when
 * it opens): the same answers resetPassword would give for it.
 */
export async function resetLinkStatus(token: string): Promise<ResetOutcome> {
  const link = await peekToken('password-reset', token);
  if (!link.ok) return link;
  const user = await findUserById(link.userId.toHexString());
  if (!user || link.sessionVersion !== user.sessionVersion) return { ok: false, reason: 'invalid' };
  return { ok: true };
}

/**
 * Sets the new password once per link, and once per generation of links: a link works only while
 * the account's session version is the one it was sent at, and a reset raises that version, so
 * every other link sent before it is dead (verification links too: the reset proved the address).
 * Every session of the account ends.
 */
export async function resetPassword(token: string, password: string): Promise<ResetOutcome> {
  const link = await consumeToken('password-reset', token);
  if (!link.ok) return link;
  const user = await findUserById(link.userId.toHexString());
  if (!user || link.sessionVersion !== user.sessionVersion) return { ok: false, reason: 'invalid' };
  // Two links of one generation used at once: only the first sets a password (on any instance).
  const generation = `password-reset:${user.id}:${user.sessionVersion}`;
  if (!(await claimOnce(generation))) return { ok: false, reason: 'used' };
  try {
    await setPassword(link.userId, password, 'email');
  } catch (error) {
    // Nothing changed: a new link of this generation may try again.
    await releaseClaim(generation).catch(() => undefined);
    throw error;
  }
  await revokeTokens(link.userId);
  // The owner proved control of the address: lift the brute-force blocks on the account.
  if (user.email) await clearLoginFailures(user.email);
  return { ok: true };
}

/**
 * Sends a reset code by SMS when the number is an account's (verified: an account holds a number
 * only once its code was entered). Any other number is answered the same, after the same reads
 * and writes, and sent nothing, so the answer never tells whether a number has an account.
 */
export async function requestPasswordResetCode(input: unknown, requester: CodeRequester) {
  return requestPhoneCode('reset', input, requester, async (phone) => (await findUserByMobileNumber(phone)) !== null);
}

/**
 * Sets a new password with the code sent to the account's number (`{phone, code, password}`), once:
 * the code is spent, and every session of the account ends, as with a reset link. The e-mail
 * address, if any, stays as verified as it was. 400 malformed, or a wrong, expired or used code.
 */
export async function resetPasswordByCode(input: unknown): Promise<void> {
  const { phone, code, password } = phoneResetSchema.parse(input);
  const verified = await checkPhoneCode('reset', { phone, code });
  const user = await findUserByMobileNumber(verified);
  // The number left its account after the code was sent.
  if (!user) throw new HttpError(400, CODE_EXPIRED);
  await setPassword(new ObjectId(user.id), password, 'phone');
  await revokeTokens(new ObjectId(user.id), ['password-reset']);
  if (user.email) await clearLoginFailures(user.email);
}
