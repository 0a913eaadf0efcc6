import 'server-only';
import type { ObjectId } from 'mongodb';
import { issueToken, TOKEN_LIFETIME_MINUTES } from './account-tokens';
import { env } from './env';
import { sendMail } from './mail';

// The e-mails that carry one-time links: verification after registration, password reset.
// They greet without the account's name: a name is typed by whoever registered, and must not put
// their words ("URGENT: visit …") into a mail that comes from us.

function linkTo(path: string, token: string): string {
  return `${env().SITE_URL}${path}?token=${encodeURIComponent(token)}`;
}

export async function sendVerificationEmail(user: { id: ObjectId; email: string }): Promise<void> {
  const link = linkTo('/verify-email', await issueToken('verify-email', user.id));
  await sendMail({
    to: user.email,
    subject: 'Verify your e-mail for Knowledge Zone',
    text: `Hello,\n\nPlease confirm your e-mail address by opening this link:\n${link}\n\nThe link works once and expires in ${TOKEN_LIFETIME_MINUTES['verify-email'] / 60} hours.\n\nKnowledge Zone`,
  });
}

/** The link works only while the account's sessions are as they are now (no later reset or sign-out everywhere). */
export async function sendPasswordResetEmail(user: { id: ObjectId; email: string; sessionVersion: number }): Promise<void> {
  const link = linkTo('/reset-password', await issueToken('password-reset', user.id, { sessionVersion: user.sessionVersion }));
  await sendMail({
    to: user.email,
    subject: 'Reset your Knowledge Zone password',
    text: `Hello,\n\nSomeone (hopefully you) asked to reset your password. Choose a new one here:\n${link}\n\nThe link works once and expires in ${TOKEN_LIFETIME_MINUTES['password-reset']} minutes. If you did not ask for this, ignore this e-mail; your password stays as it is.\n\nKnowledge Zone`,
  });
}
