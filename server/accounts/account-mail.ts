import 'server-only';
import type { ObjectId } from 'mongodb';
import { issueToken, TOKEN_LIFETIME_MINUTES } from './account-tokens';
import { localePath } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';
import { env } from '../platform/env';
import { sendMail } from '../platform/mail';
import { mailTexts } from '../platform/mail-messages';

// The e-mails about the account itself: the ones that carry one-time links (verification after
// registration, password reset) and the warning of wrong passwords tried on it.
// They greet without the account's name: a name is typed by whoever registered, and must not put
// their words ("URGENT: visit …") into a mail that comes from us.

/** The page at `path` in the account's language, with the one-time token. */
function linkTo(path: string, token: string, locale: Locale): string {
  return `${env().SITE_URL}${localePath(locale, path)}?token=${encodeURIComponent(token)}`;
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
  const link = `${env().SITE_URL}${localePath(user.locale, '/login')}`;
  const t = mailTexts(user.locale);
  await sendMail({ to: user.email, subject: t('loginAlertSubject'), text: t('loginAlertBody', { count: attempts.failures, minutes: attempts.minutes, link }) });
}
