import 'server-only';
import { coded } from '@/lib/coded-message';
import type { CodedMessage } from '@/lib/coded-message';
import { createHmac, randomInt } from 'node:crypto';
import { phoneCodeCheckSchema, phoneCodeRequestSchema } from '@/lib/schemas/phone-code';
import type { Locale } from '@/i18n/routing';
import { collection, withDb } from '../platform/db';
import type { PhoneCodeDocument } from '../platform/documents';
import { env, siteUrl } from '../platform/env';
import { HttpError } from '../platform/http';
import { textsIn } from '../platform/messages-in';
import { takeAllowance } from '../platform/rate-limit';
import { sameSecret } from '../platform/same-secret';
import type { Limit } from '../platform/rate-limit';
import { queueSms, smsAvailable } from '../platform/sms';

// One-time codes sent by SMS to a mobile number: to sign in (or create an account), to add a number
// to an account, to reset a password. Each SMS costs money and lands on someone's phone, so asking
// for one is limited per number, per client address and per device, counted in the database (so
// the limits hold across instances, and of parallel requests for one number exactly one passes);
// the site-wide daily cap is the SMS queue's (server/platform/sms). A code is 6 digits, kept only
// as a keyed hash, valid 5 minutes, used once; a number's codes die together after 5 tries or
// when one of them is used.

export type PhoneCodePurpose = PhoneCodeDocument['purpose'];

export const PHONE_CODE_LIMITS = {
  perNumberMinute: { max: 1, windowSeconds: 60 },
  perNumberQuarterHour: { max: 5, windowSeconds: 15 * 60 },
  perNumberDay: { max: 10, windowSeconds: 24 * 60 * 60 },
  perClientHour: { max: 20, windowSeconds: 60 * 60 },
  perDeviceHour: { max: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

export const PHONE_CODE_TTL_MS = 5 * 60 * 1000;
/** Tries a number's codes allow between two sent codes; the next one needs a new code. */
export const PHONE_CODE_TRIES = 5;
/** Codes still valid for a number: the last few sent, so a slow SMS's code works after a resend. */
const CODES_KEPT = 3;

export const PHONE_SIGN_IN_UNAVAILABLE = 'signInBySmsIsNotAvailablePleaseUseYourEMail';
export const SMS_PAUSED = 'weCannotSendMoreSmsTodayPleaseSignInWithYourE';
export const CODE_EXPIRED = 'thisCodeHasExpiredOrWasAlreadyUsedAskForANew';
export const TOO_MANY_TRIES = 'tooManyWrongCodesAskForANewOne';

/** Who asks: the client's address and the device's id (a cookie), each with its own cap. */
export type CodeRequester = { clientIp: string; deviceId: string | null; locale: Locale };

/** What a sent code's answer says: the number as kept (E.164), and when to ask again at the earliest. */
export type SentCode = { phone: string; expiresInSeconds: number; resendAfterSeconds: number };

function signingKey(): Buffer {
  return createHmac('sha256', env().AUTH_SECRET).update('phone-codes').digest();
}

function hashOf(purpose: PhoneCodePurpose, phone: string, code: string): string {
  return createHmac('sha256', signingKey()).update(`${purpose}\n${phone}\n${code}`).digest('base64url');
}

function documentId(purpose: PhoneCodePurpose, phone: string): string {
  return `${purpose}:${phone}`;
}

/** "30 seconds", "12 minutes", "3 hours": a wait written out for the message. */
function waitMessage(seconds: number): CodedMessage {
  if (seconds < 90) return coded('pleaseWaitSecondsBeforeAskingForAnotherCode', { seconds });
  if (seconds < 90 * 60) return coded('pleaseWaitMinutesBeforeAskingForAnotherCode', { minutes: Math.ceil(seconds / 60) });
  return coded('pleaseWaitHoursBeforeAskingForAnotherCode', { hours: Math.ceil(seconds / 3600) });
}

/** Counts the request against each cap that applies, the number's first: of parallel requests for one number, one passes it. */
async function takeRequestAllowances(phone: string, requester: CodeRequester): Promise<void> {
  const caps: [string, Limit][] = [
    [`phone-code:minute:${phone}`, PHONE_CODE_LIMITS.perNumberMinute],
    [`phone-code:quarter:${phone}`, PHONE_CODE_LIMITS.perNumberQuarterHour],
    [`phone-code:day:${phone}`, PHONE_CODE_LIMITS.perNumberDay],
    [`phone-code:client:${requester.clientIp}`, PHONE_CODE_LIMITS.perClientHour],
    ...(requester.deviceId ? [[`phone-code:device:${requester.deviceId}`, PHONE_CODE_LIMITS.perDeviceHour] as [string, Limit]] : []),
  ];
  for (const [key, limit] of caps) {
    const waitSeconds = await takeAllowance(key, limit);
    if (waitSeconds > 0) {
      throw new HttpError(429, waitMessage(waitSeconds), { 'Retry-After': String(waitSeconds) });
    }
  }
}

/** What each purpose's SMS says the code is for, so a code nobody asked for is noticed (`sms` messages). */
const SMS_TEXT_KEYS = { 'sign-in': 'phoneCode', link: 'linkCode', reset: 'resetCode' } as const satisfies Record<PhoneCodePurpose, string>;

/** The SMS: the code, and a last line in the origin-bound format browsers read to fill the code in (`@host #code`). */
function smsText(purpose: PhoneCodePurpose, code: string, locale: Locale): string {
  const t = textsIn(locale, 'sms');
  return `${t(SMS_TEXT_KEYS[purpose], { code, minutes: PHONE_CODE_TTL_MS / 60_000 })}\n\n@${new URL(siteUrl()).host} #${code}`;
}

/**
 * Sends a new code for `purpose` to the number in `input` (`{phone}`) and answers the number as
 * kept (E.164). `sendsTo(phone)` says whether this purpose sends to that number at all (a reset
 * only to a number an account has verified): when it does not, nothing is sent, and the answer and
 * the writes made are the same, so the answer never tells whether a number has an account.
 * 400 malformed number, 404 no SMS here, 429 with Retry-After past a cap, 503 past today's SMS cap.
 */
export async function requestPhoneCode(
  purpose: PhoneCodePurpose,
  input: unknown,
  requester: CodeRequester,
  sendsTo: (phone: string) => Promise<boolean> = async () => true,
): Promise<SentCode> {
  const { phone } = phoneCodeRequestSchema.parse(input);
  if (!smsAvailable()) throw new HttpError(404, PHONE_SIGN_IN_UNAVAILABLE);
  await takeRequestAllowances(phone, requester);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  const sending = await sendsTo(phone);
  await withDb(async () => {
    const codes = await collection('phoneCodes');
    const _id = documentId(purpose, phone);
    const current = await codes.findOne({ _id });
    const live = (current?.codes ?? []).filter((kept) => kept.expiresAt > now).slice(-(CODES_KEPT - 1));
    const issued = { hash: hashOf(purpose, phone, code), expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS) };
    // A number nothing is sent to keeps no code, but costs the same writes.
    const kept = sending ? [...live, issued] : live;
    await codes.updateOne({ _id }, { $set: { purpose, phone, codes: kept, tries: 0, updatedAt: now } }, { upsert: true });
  });
  if (sending && (await queueSms(`phone-code:${purpose}:${phone}:${now.getTime()}`, { to: phone, text: smsText(purpose, code, requester.locale) })) === 'paused') {
    throw new HttpError(503, SMS_PAUSED);
  }
  return { phone, expiresInSeconds: PHONE_CODE_TTL_MS / 1000, resendAfterSeconds: PHONE_CODE_LIMITS.perNumberMinute.windowSeconds };
}

/**
 * Checks the code in `input` (`{phone, code}`) for `purpose` and answers the number (E.164) when it
 * is right: then every code of that number and purpose is spent. A try is counted before the code
 * is compared, so parallel guesses cannot pass the limit. 400 malformed, wrong, expired or used.
 */
export async function checkPhoneCode(purpose: PhoneCodePurpose, input: unknown): Promise<string> {
  const { phone, code } = phoneCodeCheckSchema.parse(input);
  const _id = documentId(purpose, phone);
  return withDb(async () => {
    const codes = await collection('phoneCodes');
    const now = new Date();
    const counted = await codes.findOneAndUpdate({ _id, tries: { $lt: PHONE_CODE_TRIES } }, { $inc: { tries: 1 } }, { returnDocument: 'after' });
    if (!counted) {
      const spent = await codes.findOne({ _id });
      if (spent?.codes.some((kept) => kept.expiresAt > now)) {
        await codes.deleteOne({ _id, updatedAt: spent.updatedAt });
        throw new HttpError(400, TOO_MANY_TRIES);
      }
      throw new HttpError(400, CODE_EXPIRED);
    }
    const hash = hashOf(purpose, phone, code);
    const live = counted.codes.filter((kept) => kept.expiresAt > now);
    if (live.length === 0) throw new HttpError(400, CODE_EXPIRED);
    if (!live.some((kept) => sameSecret(hash, kept.hash))) {
      const left = PHONE_CODE_TRIES - counted.tries;
      if (left <= 0) {
        await codes.deleteOne({ _id, updatedAt: counted.updatedAt });
        throw new HttpError(400, TOO_MANY_TRIES);
      }
      throw new HttpError(400, coded('thatCodeIsNotRightTriesLeft', { tries: left }));
    }
    // One use: of requests with the right code at the same moment, one removes the codes.
    const used = await codes.deleteOne({ _id, updatedAt: counted.updatedAt });
    if (used.deletedCount !== 1) throw new HttpError(400, CODE_EXPIRED);
    return phone;
  });
}
