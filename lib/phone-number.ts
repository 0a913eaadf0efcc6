import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

// Mobile numbers as the site keeps them: E.164 (`+8801712345678`), one spelling per number, so a
// number belongs to one account and its limits count once however it was typed. Learners write
// Bangladeshi numbers many ways (01712-345678, 8801712345678, +880 1712 345678); other countries'
// numbers need their country code. Only numbers that can receive an SMS (mobile numbers, by
// libphonenumber's metadata) are accepted.

export const DEFAULT_PHONE_COUNTRY = 'BD';

/** Bangladesh's country code written without its plus, as many people write it: 8801712345678. */
const BANGLADESH_WITHOUT_PLUS = /^880\d{10}$/;

/** The mobile number `input` names, in E.164, or null when it is not one. */
export function normalisePhoneNumber(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d{6,15}$/.test(compact)) return null;
  const spelled = BANGLADESH_WITHOUT_PLUS.test(compact) ? `+${compact}` : compact;
  const parsed = parsePhoneNumberFromString(spelled, { defaultCountry: DEFAULT_PHONE_COUNTRY });
  return parsed?.isValid() ? parsed.number : null;
}

/** Whether what was typed into a sign-in field is meant as a phone number rather than an e-mail address. */
export function looksLikePhoneNumber(input: string): boolean {
  return !input.includes('@') && /^\+?[\d\s().-]{6,}$/.test(input.trim());
}

/** The number as people read it, for messages and the profile: `+880 1712 345678`. */
export function displayedPhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
