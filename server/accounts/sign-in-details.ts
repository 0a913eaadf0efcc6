import 'server-only';
import { ObjectId } from 'mongodb';
import { coded } from '@/lib/coded-message';
import { displayedPhoneNumber } from '@/lib/phone-number';
import { phoneCodeRequestSchema } from '@/lib/schemas/phone-code';
import { emailChangeSchema, numberChangeSchema } from '@/lib/schemas/sign-in-details';
import { collection, isDuplicateKey, withDb } from '../platform/db';
import { HttpError } from '../platform/http';
import { textsIn } from '../platform/messages-in';
import { takeAllowance } from '../platform/rate-limit';
import { queueSms } from '../platform/sms';
import { sendEmailChangeEmail, sendEmailChangedNotice, sendNumberChangedNotice } from './account-mail';
import { revokeTokens } from './account-tokens';
import type { ConsumeOutcome } from './account-tokens';
import { checkPhoneCode, requestPhoneCode } from './phone-codes';
import type { CodeRequester, SentCode } from './phone-codes';
import { toUser } from './users';
import type { User } from './users';

// The ways an account signs in, changed from My Profile: a mobile number (proved by a code sent to
// it) and an e-mail address (proved by a link sent to it). Each belongs to one account only (the
// unique indexes decide, on any instance); which account holds one is told only to whoever proved
// they hold the number or the address. A change is told to the number or address it replaces, so
// a stolen session cannot quietly take the account over.

const NUMBER_TAKEN = coded('thisNumberBelongsToAnotherAccount');
export const EMAIL_TAKEN = coded('thisEmailBelongsToAnotherAccount');
/** E-mail change links asked for, per account: each is a mail to an address the account does not own yet. */
const EMAIL_CHANGE_LIMIT = { max: 3, windowSeconds: 15 * 60 };

function warn(what: string) {
  return (error: unknown) => console.error(`[accounts] ${what} failed`, error);
}

/** Sends a code to the number `user` wants to sign in with (the sign-in code's limits). 400 when it is theirs already. */
export async function requestNumberChangeCode(user: User, input: unknown, requester: CodeRequester): Promise<SentCode> {
  const { phone } = phoneCodeRequestSchema.parse(input);
  if (phone === user.mobileNumber) throw new HttpError(400, 'thisIsAlreadyYourMobileNumber');
  return requestPhoneCode('link', { phone }, requester);
}

/**
 * Gives `user` the number in `input` once its code is right (`{phone, code}`), in place of the one
 * it had, which is then texted (and the account's address e-mailed) that it no longer signs in.
 * 409 when another account holds the number.
 */
export async function changeMobileNumber(user: User, input: unknown): Promise<User> {
  const { phone, code } = numberChangeSchema.parse(input);
  if (phone === user.mobileNumber) throw new HttpError(400, 'thisIsAlreadyYourMobileNumber');
  await checkPhoneCode('link', { phone, code });
  const _id = new ObjectId(user.id);
  let updated;
  try {
    updated = await withDb(async () => (await collection('users')).findOneAndUpdate({ _id }, { $set: { mobileNumber: phone } }, { returnDocument: 'after' }));
  } catch (error) {
    if (isDuplicateKey(error)) throw new HttpError(409, NUMBER_TAKEN);
    throw error;
  }
  if (!updated) throw new HttpError(404, 'yourAccountWasNotFound');
  const now = new Date();
  if (user.mobileNumber) {
    const text = textsIn(user.locale, 'sms')('numberChanged', { number: displayedPhoneNumber(phone) });
    // Queued (sent after the answer), not sent, here: a queue outage must not undo the change.
    await queueSms(`number-changed:${user.id}:${now.getTime()}`, { to: user.mobileNumber, text }).catch(warn('the number change SMS'));
  }
  if (user.email) void sendNumberChangedNotice({ email: user.email, locale: user.locale }, displayedPhoneNumber(phone)).catch(warn('the number change e-mail'));
  return toUser(updated);
}

/**
 * Sends a link to the new address in `input` (`{email}`) that makes it the account's e-mail when
 * opened. The answer is the same whether or not the address has an account. Limited per account (429).
 */
export async function requestEmailChange(user: User, input: unknown): Promise<{ email: string }> {
  const { email } = emailChangeSchema.parse(input);
  if (email === user.email) throw new HttpError(400, 'thisIsAlreadyYourEmail');
  const waitSeconds = await takeAllowance(`email-change:${user.id}`, EMAIL_CHANGE_LIMIT);
  if (waitSeconds > 0) throw new HttpError(429, 'pleaseWaitBeforeAskingForAnotherEMail', { 'Retry-After': String(waitSeconds) });
  void sendEmailChangeEmail({ id: new ObjectId(user.id), locale: user.locale }, email).catch(warn('the e-mail change link'));
  return { email };
}

export type EmailChangeOutcome = { ok: true } | { ok: false; reason: 'invalid' | 'taken' };

/**
 * Makes an e-mail change link's address the account's e-mail, verified (opening the link proved
 * it). The links sent to the old address die; the old address is told, or, for an account that had
 * none, its number is. 'taken' when another account holds the address.
 */
export async function applyEmailChange(link: Extract<ConsumeOutcome, { ok: true }>): Promise<EmailChangeOutcome> {
  if (!link.email) return { ok: false, reason: 'invalid' };
  const users = await withDb(() => collection('users'));
  const before = await withDb(() => users.findOne({ _id: link.userId }));
  if (!before) return { ok: false, reason: 'invalid' };
  try {
    await withDb(() => users.updateOne({ _id: link.userId }, { $set: { email: link.email, emailVerifiedAt: new Date() } }));
  } catch (error) {
    if (isDuplicateKey(error)) return { ok: false, reason: 'taken' };
    throw error;
  }
  await revokeTokens(link.userId);
  const account = toUser(before);
  if (account.email && account.email !== link.email) {
    void sendEmailChangedNotice({ email: account.email, locale: account.locale }, link.email).catch(warn('the e-mail change notice'));
  } else if (!account.email && account.mobileNumber) {
    const text = textsIn(account.locale, 'sms')('emailAdded', { email: link.email });
    await queueSms(`email-added:${account.id}:${Date.now()}`, { to: account.mobileNumber, text }).catch(warn('the e-mail added SMS'));
  }
  return { ok: true };
}
