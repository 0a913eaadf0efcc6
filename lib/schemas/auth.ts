import { z } from 'zod';
import { LIMITS } from '@/lib/catalogue';

// The sign-in forms' rules with the spec's exact messages (§5); used by the forms and the server.

const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const emailField = z
  .string({ error: 'email is requires' })
  .trim()
  .min(1, { error: 'email is requires', abort: true })
  .max(LIMITS.emailMax, `Must be at most ${LIMITS.emailMax} characters`)
  .regex(EMAIL_PATTERN, 'Provide a valid email')
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string({ error: 'password is requires' })
  .min(1, { error: 'password is requires', abort: true })
  .min(LIMITS.passwordMin, 'Must be 6 characters or longer')
  .max(LIMITS.passwordMax, `Must be at most ${LIMITS.passwordMax} characters`);

export const nameField = z
  .string({ error: 'Name is requires' })
  .trim()
  .min(1, { error: 'Name is requires', abort: true })
  .max(LIMITS.nameMax, `Must be at most ${LIMITS.nameMax} characters`);

export const loginSchema = z.strictObject({ email: emailField, password: passwordField });
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z.strictObject({ name: nameField, email: emailField, password: passwordField });
export type RegisterInput = z.input<typeof registerSchema>;

export const resetRequestSchema = z.strictObject({ email: emailField });

/** Where to go after signing in: only same-site paths, never another origin. */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from.startsWith('/login') || from.startsWith('/register')) return '/';
  return from;
}
