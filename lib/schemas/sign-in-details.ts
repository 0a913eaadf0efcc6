import { z } from 'zod';
import { emailField } from './auth';
import { phoneCodeField, phoneNumberField } from './phone-code';

// My Profile's sign-in details: a new mobile number with the code sent to it, or a new e-mail
// address (proved by the link sent to it).

export const numberChangeSchema = z.strictObject({ phone: phoneNumberField, code: phoneCodeField });
export const emailChangeSchema = z.strictObject({ email: emailField });
export type EmailChangeInput = z.input<typeof emailChangeSchema>;
