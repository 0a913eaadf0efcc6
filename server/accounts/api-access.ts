import 'server-only';
import { may } from '@/lib/permissions';
import { requireUser } from './guards';
import { HttpError } from '../platform/http';
import type { User } from './users';

/** The caller must be the account named by `email`, or an admin (docs/legacy-api.md). */
export async function requireSelfOrAdmin(email: string): Promise<User> {
  const caller = await requireUser();
  if (!may(caller, 'manageUsers') && caller.email !== email.toLowerCase()) throw new HttpError(403, 'forbiddenAccess');
  return caller;
}
