import { z } from 'zod';
import { passwordField } from './auth';

// One-time link forms: the token from the e-mailed link and, for a reset, the new password.
export const tokenField = z.string({ error: 'The link is invalid.' }).min(1, 'The link is invalid.').max(200, 'The link is invalid.');

export const resetPasswordSchema = z.strictObject({ token: tokenField, password: passwordField });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const verifyEmailSchema = z.strictObject({ token: tokenField });

export const TOKEN_FAILURE_MESSAGES = {
  invalid: 'This link is not valid. Ask for a new one.',
  expired: 'This link has expired. Ask for a new one.',
  used: 'This link has already been used.',
} as const;
