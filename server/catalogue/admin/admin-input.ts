import 'server-only';
import type { z } from 'zod';
import { authorize } from '../../accounts/permissions';
import type { Actor } from '../../accounts/permissions';

// The catalogue's admin operations parse what they are given themselves (docs/architecture.md,
// house style 3), so a new door (page, server action, API route) cannot forget to validate.
// The schema's ZodError carries every issue: route handlers answer it 400 with field errors
// (server/platform/http.ts), the forms' actions put each message by its field (admin-action.ts).

/** Which door's payload an item operation parses: the admin form's, or the legacy API's (its own field set). */
export type AdminPayload = 'form' | 'legacy';

/**
 * `input` parsed with `schema` for an actor allowed to change the catalogue. The permission comes
 * first, so a refused caller learns nothing of the schema; the caller counts the change against
 * the admin's allowance only after this, so malformed input costs none of it.
 */
export function parsedAdminInput<Schema extends z.ZodType>(actor: Actor, schema: Schema, input: unknown): z.output<Schema> {
  authorize(actor, 'manageCatalogue');
  return schema.parse(input);
}
