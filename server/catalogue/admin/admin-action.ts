import 'server-only';
import { ZodError } from 'zod';
import { fieldErrorsOf } from '@/lib/result';
import type { Result } from '@/lib/result';
import { isDatabaseUnavailable, parseObjectId } from '../../platform/db';
import type { Permission } from '@/lib/permissions';
import { requirePermission } from '../../accounts/guards';
import { HttpError } from '../../platform/http';
import type { User } from '../../accounts/users';

// What every staff server action shares: the permission check on the server (a form is never
// trusted to have been shown only to those allowed) and expected failures returned as values for
// the form. The catalogue's operations parse the form's values themselves (admin-input.ts): the
// action only turns their refusal into the form's field errors.

/** The form's answer when the admin has used up their allowance of changes (server/platform/write-limits.ts). */
export const TOO_MANY_CHANGES = 'youHaveMadeTooManyChangesInAShortTimePleaseWait';

/** What the form shows when the domain operation refused the values it was given. */
export type InvalidAnswer<T> = (error: ZodError) => Result<T>;

/**
 * Runs a server action for an account holding `permission`. With `invalid`, a schema's refusal
 * thrown by the domain operation is answered with it (the form's field errors); without, it is
 * unexpected and thrown on.
 */
export async function asPermittedAction<T>(permission: Permission, run: (actor: User) => Promise<Result<T>>, invalid?: InvalidAnswer<NoInfer<T>>): Promise<Result<T>> {
  try {
    const actor = await requirePermission(permission);
    return await run(actor);
  } catch (error) {
    if (invalid && error instanceof ZodError) return invalid(error);
    if (error instanceof HttpError) {
      if (error.status === 429) return { ok: false, message: TOO_MANY_CHANGES };
      if (error.status === 401) return { ok: false, message: 'pleaseLogInAgain' };
      if (error.status === 403) return { ok: false, message: 'onlyAdminsCanDoThis' };
      // A refusal the domain worded for the admin (a conflict, a limit, a record gone).
      return { ok: false, message: error.coded };
    }
    if (isDatabaseUnavailable(error)) return { ok: false, message: 'theServiceIsTemporarilyUnavailablePleaseTryAgainShortly' };
    throw error;
  }
}

export function invalidInput<T>(error: ZodError): Result<T> {
  return { ok: false, message: 'pleaseCorrectTheHighlightedFields', fieldErrors: fieldErrorsOf(error.issues) };
}

/** An id sent by the browser, or null when it is not one of ours. */
export function objectIdOrNull(value: unknown) {
  return typeof value === 'string' ? parseObjectId(value) : null;
}
