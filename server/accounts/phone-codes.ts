import 'server-only';
import { coded } from '@/lib/coded-message';
import type { CodedMessage } from '@/lib/coded-message';
import { createHmac, randomInt } from 'node:crypto';
import { phoneCodeCheckSchema, phoneCodeRequestSchema } from '@/lib/schemas/phone-code';
import type { Locale } from '@/i18n/routing';
import { collection, isDuplicateKey, withDb } from '../platform/db';
import type { PhoneCodeDocument, PhoneCodePurpose } from '../platform/documents';
import { env, siteUrl } from '../platform/env';
import { HttpError } from '../platform/http';
import { textsIn } from '../platform/messages-in';
import { takeAllowance } from '../platform/rate-limit';
import { sameSecret } from '../platform/same-secret';
import type { Limit } from '../platform/rate-limit';
import { queueSms, smsAvailable } from '../platform/sms';

// One-time codes sent by SMS to a mobile number: to sign in (or create an account), to add a number
// to an account, to reset a password. Each SMS costs money and lands on someone's phone, so asking
// for one is limited per client address and per device, then per number, counted in the database
// (so the limits hold across instances, and of parallel requests for one number exactly one
// passes); the site-wide daily cap is the SMS queue's (server/platform/sms). A code is 6 digits,
// kept only as a keyed hash, valid 5 minutes, used once; a number's codes for one purpose die
// together after 5 tries or when one of them is used.
//
// A number has one document (`phoneCodes`, by its E.164 form): when codes were sent to it in the
// last day, from which its own limits are counted over sliding windows, and its live codes per
// purpose. Sending a code is then one write to the number (an insert for a number with no
// document), not a counter per limit and a code document besides.

export type { PhoneCodePurpose };

/** The number's limits are sliding windows over its sends; the address's and device's are counters (server/platform/rate-limit.ts). */
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
const NUMBER_LIMITS = [PHONE_CODE_LIMITS.perNumberMinute, PHONE_CODE_LIMITS.perNumberQuarterHour, PHONE_CODE_LIMITS.perNumberDay];
/** The longest of the number's windows: older sends are dropped from its document. */
const SENDS_KEPT_MS = Math.max(...NUMBER_LIMITS.map((limit) => limit.windowSeconds)) * 1000;
/** Each retry follows a write another request made to the same number at the same moment. */
const MAX_ATTEMPTS = 5;

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

/** "30 seconds", "12 minutes", "3 hours": a wait written out for the message. */
function waitMessage(seconds: number): CodedMessage {
  if (seconds < 90) return coded('pleaseWaitSecondsBeforeAskingForAnotherCode', { seconds });
  if (seconds < 90 * 60) return coded('pleaseWaitMinutesBeforeAskingForAnotherCode', { minutes: Math.ceil(seconds / 60) });
  return coded('pleaseWaitHoursBeforeAskingForAnotherCode', { hours: Math.ceil(seconds / 3600) });
}

function tooSoon(waitSeconds: number): HttpError {
  return new HttpError(429, waitMessage(waitSeconds), { 'Retry-After': String(waitSeconds) });
}

/** Counts the request against its client address's and its device's caps (429 past one). */
async function takeRequesterAllowances(requester: CodeRequester): Promise<void> {
  const caps: [string, Limit][] = [
    [`phone-code:client:${requester.clientIp}`, PHONE_CODE_LIMITS.perClientHour],
    ...(requester.deviceId ? [[`phone-code:device:${requester.deviceId}`, PHONE_CODE_LIMITS.perDeviceHour] as [string, Limit]] : []),
  ];
  const waitSeconds = Math.max(0, ...(await Promise.all(caps.map(([key, limit]) => takeAllowance(key, limit)))));
  if (waitSeconds > 0) throw tooSoon(waitSeconds);
}

/** Seconds until one more send fits `limit` among the sends at `sentAt` (oldest first); 0 when it fits now. */
function secondsUntilRoom(sentAt: Date[], limit: Limit, now: number): number {
  const windowMs = limit.windowSeconds * 1000;
  const inWindow = sentAt.filter((at) => at.getTime() > now - windowMs);
  if (inWindow.length < limit.max) return 0;
  // The send that has to leave the window first: the one `max` places before the newest.
  const leaving = inWindow[inWindow.length - limit.max]!;
  return Math.max(1, Math.ceil((leaving.getTime() + windowMs - now) / 1000));
}

/**
 * Counts a send to `phone` against the number's limits and keeps `issued` as the newest of its
 * codes for `purpose` (for a number nothing is sent to, `null`: the same writes, no code). A number
 * without a document gets one in one insert; otherwise the write is guarded by the version read, so
 * of parallel requests for one number one passes. 429 with the wait past a limit.
 */
async function recordSend(phone: string, purpose: PhoneCodePurpose, issued: { hash: string; expiresAt: Date } | null, now: Date): Promise<void> {
  const numbers = await withDb(() => collection('phoneCodes'));
  let current: PhoneCodeDocument | null = null;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    if (!current) {
      try {
        await withDb(() => numbers.insertOne({ _id: phone, sentAt: [now], codes: issued ? { [purpose]: { hashes: [issued], tries: 0 } } : {}, version: 1, updatedAt: now }));
        return;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      current = await withDb(() => numbers.findOne({ _id: phone }));
      if (!current) continue; // removed meanwhile
    }
    const { sentAt, codes, version } = current;
    const waitSeconds = Math.max(...NUMBER_LIMITS.map((limit) => secondsUntilRoom(sentAt, limit, now.getTime())));
    if (waitSeconds > 0) throw tooSoon(waitSeconds);
    const live = (codes[purpose]?.hashes ?? []).filter((kept) => kept.expiresAt > now).slice(-(CODES_KEPT - 1));
    const recent = [...sentAt.filter((at) => at.getTime() > now.getTime() - SENDS_KEPT_MS), now];
    const written = await withDb(() =>
      numbers.updateOne({ _id: phone, version }, { $set: { sentAt: recent, [`codes.${purpose}`]: { hashes: issued ? [...live, issued] : live, tries: 0 }, updatedAt: now }, $inc: { version: 1 } }),
    );
    if (written.matchedCount === 1) return;
    current = await withDb(() => numbers.findOne({ _id: phone }));
  }
  throw new HttpError(503, 'tooManyRequestsAtTheSameMomentPleaseTryAgain');
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
  await takeRequesterAllowances(requester);
  const sending = await sendsTo(phone);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  // A number nothing is sent to keeps no code, but costs the same writes.
  await recordSend(phone, purpose, sending ? { hash: hashOf(purpose, phone, code), expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS) } : null, now);
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
  const field = `codes.${purpose}` as const;
  return withDb(async () => {
    const numbers = await collection('phoneCodes');
    const now = new Date();
    // A try is not a send: it leaves the version alone, so a right code tried beside wrong ones is still used.
    const counted = await numbers.findOneAndUpdate({ _id: phone, [`${field}.tries`]: { $lt: PHONE_CODE_TRIES } }, { $inc: { [`${field}.tries`]: 1 } }, { returnDocument: 'after' });
    const forgetCodes = (version: number) => numbers.updateOne({ _id: phone, version }, { $unset: { [field]: '' }, $inc: { version: 1 } });
    const entry = counted?.codes[purpose];
    if (!counted || !entry) {
      const spent = await numbers.findOne({ _id: phone });
      if (spent?.codes[purpose]?.hashes.some((kept) => kept.expiresAt > now)) {
        await forgetCodes(spent.version);
        throw new HttpError(400, TOO_MANY_TRIES);
      }
      throw new HttpError(400, CODE_EXPIRED);
    }
    const hash = hashOf(purpose, phone, code);
    const live = entry.hashes.filter((kept) => kept.expiresAt > now);
    if (live.length === 0) throw new HttpError(400, CODE_EXPIRED);
    if (!live.some((kept) => sameSecret(hash, kept.hash))) {
      const left = PHONE_CODE_TRIES - entry.tries;
      if (left <= 0) {
        await forgetCodes(counted.version);
        throw new HttpError(400, TOO_MANY_TRIES);
      }
      throw new HttpError(400, coded('thatCodeIsNotRightTriesLeft', { tries: left }));
    }
    // One use: of requests with the right code at the same moment, one forgets the codes.
    const used = await forgetCodes(counted.version);
    if (used.modifiedCount !== 1) throw new HttpError(400, CODE_EXPIRED);
    return phone;
  });
}
