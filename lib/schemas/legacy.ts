import { coded } from '@/lib/coded-message';
import { z } from 'zod';
import { COURSE_LISTS, SUBJECTS } from '@/lib/catalogue';
import { emailField } from './auth';
import { profileSchema } from './profile';
import { reviewSchema } from './review';

// Path and body schemas shared by the legacy API's handlers and its OpenAPI document.

export const objectIdParam = z.string().regex(/^[0-9a-f]{24}$/i, coded('invalidIdExpected24HexadecimalCharacters'));

/** Next has already URL-decoded path segments. */
export const emailParam = emailField;

/** PUT /api/user/{email}: only the e-mail may be sent (the old `$set` of the whole body made admins). */
export const tokenRequestBody = z.strictObject({ email: emailField });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});

/** The legacy list reads: the whole list unless paged (the old client expects it all), unknown parameters refused. */
export const legacyListQuery = z.strictObject(pageQuery.shape);

/** GET /api/searchCourse: without `q` the whole list as before; with it an indexed title search, 12 a page. */
export const courseSearchQuery = z.strictObject({ ...pageQuery.shape, q: z.string().max(200).optional() });

/** Path values that only name a known list or subject; anything else is an unknown resource (404). */
export const courseListParam = z.enum(COURSE_LISTS);
export const subjectParam = z.enum(SUBJECTS);

/** GET /api/addreview: the newest reviews first, at most 50. */
export const reviewListQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(50).default(50) });

/**
 * POST /api/addreview. The old client also sent its `name` and `image`; they are accepted and
 * ignored, since both come from the signed-in account.
 */
export const legacyReviewBody = reviewSchema.extend({
  name: z.string().max(200).nullable().optional(),
  image: z.string().max(2048).nullable().optional(),
});

/**
 * PUT /api/users/{email}. Name and e-mail are not changeable here: the name is ignored, and an
 * e-mail, when sent, must be the account's own.
 */
export const legacyProfileBody = profileSchema.omit({ image: true }).extend({
  name: z.string().max(200).nullable().optional(),
  email: emailField.optional(),
});
