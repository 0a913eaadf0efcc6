import { coded } from '@/lib/coded-message';
import { z } from 'zod';
import { normalisePhoneNumber } from '@/lib/phone-number';
import { nameField, passwordField } from './auth';
import { localeField } from './locale';

// The phone sign-in forms' rules, used by the forms and the server: a mobile number (kept in E.164,
// lib/phone-number.ts) and the 6-digit code sent to it by SMS.

export const PHONE_NUMBER_REQUIRED = coded('enterYourMobileNumber');
export const PHONE_NUMBER_INVALID = coded('enterAValidMobileNumberWithItsCountryCodeIfItIs');
export const PHONE_CODE_INVALID = coded('enterThe6DigitCodeFromTheSms');

export const phoneNumberField = z
  .string({ error: PHONE_NUMBER_REQUIRED })
  .trim()
  .min(1, { error: PHONE_NUMBER_REQUIRED, abort: true })
  .max(40, { error: PHONE_NUMBER_INVALID, abort: true })
  .transform((input, context) => {
    const number = normalisePhoneNumber(input);
    if (number) return number;
    context.addIssue({ code: 'custom', message: PHONE_NUMBER_INVALID });
    return z.NEVER;
  });

export const phoneCodeField = z
  .string({ error: PHONE_CODE_INVALID })
  .trim()
  .regex(/^\d{6}$/, { error: PHONE_CODE_INVALID });

export const phoneCodeRequestSchema = z.object({ phone: phoneNumberField });

export const phoneCodeCheckSchema = z.object({ phone: phoneNumberField, code: phoneCodeField });

/** Proof that a number was just verified by its code, for the step that names the new account. */
export const TICKET_EXPIRED = coded('thisStepHasExpiredAskForANewCode');

export const phoneTicketField = z.string({ error: TICKET_EXPIRED }).min(20, { error: TICKET_EXPIRED }).max(2000, { error: TICKET_EXPIRED });

/** Signing in with a number: its code. */
export const phoneCodeLoginSchema = z.strictObject({ phone: phoneNumberField, code: phoneCodeField, locale: localeField.optional() });

/** For a number with no account yet: the proof that it was verified, and the new account's name. */
export const phoneNamingSchema = z.strictObject({ ticket: phoneTicketField, name: nameField, locale: localeField.optional() });

/** Either step, for the API's description. */
export const phoneLoginSchema = z.union([phoneCodeLoginSchema, phoneNamingSchema]);

/** Asking for a sign-in code: the number, and the page's language, which the SMS is written in. */
export const phoneCodeAskSchema = phoneCodeRequestSchema.extend({ locale: localeField.optional() });

/** A new password set with the code sent by SMS to the account's number. */
export const phoneResetSchema = z.strictObject({ phone: phoneNumberField, code: phoneCodeField, password: passwordField });
export type PhoneResetInput = z.input<typeof phoneResetSchema>;
