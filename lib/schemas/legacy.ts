import { z } from 'zod';
import { emailField } from './auth';

// Path and body schemas shared by the legacy API's handlers and its OpenAPI document.

export const objectIdParam = z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid id: expected 24 hexadecimal characters');

/** Next has already URL-decoded path segments. */
export const emailParam = emailField;

/** PUT /api/user/{email}: only the e-mail may be sent (the old `$set` of the whole body made admins). */
export const tokenRequestBody = z.strictObject({ email: emailField });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});
