import 'server-only';
import type { ObjectId } from 'mongodb';
import { issueToken, TOKEN_LIFETIME_MINUTES } from './account-tokens';
import { localePath } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';
import { env } from '../platform/env';
import { sendMail } from '../platform/mail';
import { mailTexts } from '../platform/mail-messages';

// The e-mails about the account itself: the ones that carry one-time links (verification after
// registration, password reset, a new address asked for in My Profile), the warning of wrong
// passwords tried on it, and the notices that its e-mail or mobile number changed.
// They greet without the account's name: a name is typed by whoever registered, and must not put
// their words ("URGENT: visit …") into a mail that comes from us.

/** The page at `path` in the account's language. */
function pageLink(path: string, locale: Locale): string {
  return `${env().SITE_URL}${localePath(locale, path)}`;
}

/** The page at `path` in the account's language, with the one-time token. */
function linkTo(path: string, token: string, locale: Locale): string {
  return `${pageLink(path, locale)}?token=${encodeURIComponent(token)}`;
}

type Recipient = { id: ObjectId; email: string; locale: Locale };

export async function sendVerificationEmail(user: Recipient): Promise<void> {
  const link = linkTo('/verify-email', await issueToken('verify-email', user.id), user.locale);
  const t = mailTexts(user.locale);
  await sendMail({ to: user.email, subject: t('verifySubject'), text: t('verifyBody', { link, hours: TOKEN_LIFETIME_MINUTES['verify-email'] / 60 }) });
}

/** The link works only while the account's sessions are as they are now (no later reset or sign-out everywhere). */
export async function sendPasswordResetEmail(user: Recipient & { sessionVersion: number }): Promise<void> {
  const link = linkTo('/reset-password', await issueToken('password-reset', user.id, { sessionVersion: user.sessionVersion }), user.locale);
  const t = mailTexts(user.locale);
  await sendMail({ to: user.email, subject: t('resetSubject'), text: t('resetBody', { link, minutes: TOKEN_LIFETIME_MINUTES['password-reset'] }) });
}

/**
 * Tells the owner that wrong passwords are being tried on the account (server/accounts/login-attempts.ts):
 * sign-in still works for them, and where to choose a new password if theirs is weak.
 */
export async function sendLoginAlertEmail(user: Recipient, attempts: { failures: number; minutes: number }): Promise<void> {
  const link = pageLink('/login', user.locale);
  const t = mailTexts(user.locale);
  await sendMail({ to: user.email, subject: t('loginAlertSubject'), text: t('loginAlertBody', { count: attempts.failures, minutes: attempts.minutes, link }) });
}

/** A link to `newEmail` that makes it the account's e-mail when opened (on the verification page). */
export async function sendEmailChangeEmail(user: Pick<Recipient, 'id' | 'locale'>, newEmail: string): Promise<void> {
  const link = linkTo('/verify-email', await issueToken('email-change', user.id, { email: newEmail }), user.locale);
  const t = mailTexts(user.locale);
  await sendMail({ to: newEmail, subject: t('emailChangeSubject'), text: t('emailChangeBody', { link, hours: TOKEN_LIFETIME_MINUTES['email-change'] / 60 }) });
}

/** Tells the account's old address that it now uses `newEmail`, and where to act if that was not its owner. */
export async function sendEmailChangedNotice(user: Pick<Recipient, 'email' | 'locale'>, newEmail: string): Promise<void> {
  const t = mailTexts(user.locale);
  await sendMail({ to: user.email, subject: t('emailChangedSubject'), text: t('emailChangedBody', { email: newEmail, link: pageLink('/login', user.locale) }) });
}

/** Tells the account's address that it now signs in with `number` (as shown, e.g. +880 1711 000022). */
export async function sendNumberChangedNotice(user: Pick<Recipient, 'email' | 'locale'>, number: string): Promise<void> {
  const t = mailTexts(user.locale);
  await sendMail({ to: user.email, subject: t('numberChangedSubject'), text: t('numberChangedBody', { number, link: pageLink('/login', user.locale) }) });
}
