import { coded, composedCode } from '@/lib/coded-message';
import { localeField } from './locale';
import { z } from 'zod';
import { LIMITS } from '@/lib/catalogue';
import { LOCALE_ALTERNATIVES } from '@/i18n/routing';

// The sign-in forms' rules with the exact messages of docs/product.md §5; used by the forms and the server.

const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const emailField = z
  .string({ error: coded('emailIsRequires') })
  .trim()
  .min(1, { error: coded('emailIsRequires'), abort: true })
  .max(LIMITS.emailMax, composedCode(`Must be at most ${LIMITS.emailMax} characters`))
  .regex(EMAIL_PATTERN, coded('provideAValidEmail'))
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string({ error: coded('passwordIsRequires') })
  .min(1, { error: coded('passwordIsRequires'), abort: true })
  .min(LIMITS.passwordMin, coded('mustBe6CharactersOrLonger'))
  .max(LIMITS.passwordMax, composedCode(`Must be at most ${LIMITS.passwordMax} characters`));

export const NAME_CHARACTERS_MESSAGE = coded('useOnlyLettersSpacesDotsApostrophesAndHyphens');

// A name is shown to others (reviews) and must not carry a link or an instruction: letters (any
// script) with the punctuation real names use. No digits, ':', '/', '@' or control characters,
// and nothing shaped like a domain ("evil.example", "www.").
const PLAIN_NAME = /^[\p{L}\p{M} .'’-]+$/u;
const DOMAIN_LIKE = /[\p{L}\p{M}]{2}\.[\p{L}\p{M}]{2}|www\./iu;

/** Whether `name` reads as a person's name rather than a link or message. */
export function isPlainName(name: string): boolean {
  return PLAIN_NAME.test(name) && /\p{L}/u.test(name) && !DOMAIN_LIKE.test(name);
}

export const nameField = z
  .string({ error: coded('nameIsRequires') })
  .trim()
  .min(1, { error: coded('nameIsRequires'), abort: true })
  .max(LIMITS.nameMax, { error: composedCode(`Must be at most ${LIMITS.nameMax} characters`), abort: true })
  .refine(isPlainName, NAME_CHARACTERS_MESSAGE);

export const loginSchema = z.strictObject({ email: emailField, password: passwordField });
export type LoginInput = z.input<typeof loginSchema>;

/** `locale`: the language of the page the account was made on; its e-mails are written in it. */
export const registerSchema = z.strictObject({ name: nameField, email: emailField, password: passwordField, locale: localeField.optional() });
export type RegisterInput = z.input<typeof registerSchema>;

export const resetRequestSchema = z.strictObject({ email: emailField });

// Return addresses are resolved against a stand-in origin: only a path that stays on it is ours.
const SITE_STAND_IN = 'https://site.invalid';
// Browsers drop tabs and newlines inside URLs and read "\" as "/", so "/\t/evil.example" becomes
// "//evil.example". Refused raw or percent-encoded (a second decoding must not produce them).
const UNSAFE_IN_RETURN_PATH = /[\u0000-\u001f\u007f\\]|%(?:[01][0-9a-f]|7f|5c)/i;

/**
 * A path on this site for `address`, or '/' when it would lead anywhere else. `siteOrigin` (the
 * browser's or Auth.js's own origin) also admits absolute addresses on it.
 */
export function sameSitePath(address: string | null | undefined, siteOrigin?: string): string {
  if (!address || UNSAFE_IN_RETURN_PATH.test(address)) return '/';
  let target: URL;
  try {
    const origin = new URL(siteOrigin ?? SITE_STAND_IN).origin;
    target = new URL(address, origin);
    if (target.origin !== origin) return '/';
  } catch {
    return '/';
  }
  const path = `${target.pathname}${target.search}${target.hash}`;
  // "/.//evil.example" normalises to "//evil.example", which a browser reads as another host.
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/** The sign-in forms, in any language. */
const SIGN_IN_FORMS = new RegExp(`^(?:/(?:${LOCALE_ALTERNATIVES}))?/(login|register)(?:[/?#]|$)`);

/**
 * Where to go after signing in: a path on this site (in any language: `/bn/myOrder` too), and
 * not back to the sign-in forms, in whichever language.
 */
export function safeReturnPath(from: string | null | undefined, siteOrigin?: string): string {
  const path = sameSitePath(from, siteOrigin);
  return SIGN_IN_FORMS.test(path) ? '/' : path;
}
