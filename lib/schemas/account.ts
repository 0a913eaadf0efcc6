import { coded } from '@/lib/coded-message';
import { z } from 'zod';
import { passwordField } from './auth';

// One-time link forms: the token from the e-mailed link and, for a reset, the new password.
export const tokenField = z.string({ error: coded('theLinkIsInvalid') }).min(1, coded('theLinkIsInvalid')).max(200, coded('theLinkIsInvalid'));

export const resetPasswordSchema = z.strictObject({ token: tokenField, password: passwordField });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const verifyEmailSchema = z.strictObject({ token: tokenField });

export const TOKEN_FAILURE_MESSAGES = {
  invalid: coded('thisLinkIsNotValidAskForANewOne'),
  expired: coded('thisLinkHasExpiredAskForANewOne'),
  used: coded('thisLinkHasAlreadyBeenUsed'),
} as const;
