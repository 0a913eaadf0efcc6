import 'server-only';
import { may } from '@/lib/permissions';
import type { Permission, Role } from '@/lib/permissions';
import { HttpError } from '../platform/http';
import { takeAdminWriteAllowance } from '../platform/write-limits';

// The domain's side of the permission table (lib/permissions.ts). Each domain operation that needs
// a permission calls `authorize` (or `authorizeAdminChange`) first, with the acting account, so
// every door that reaches it (page, server action, legacy API) gets the same refusal. The doors'
// own checks (the proxy's redirect, requirePermission in route handlers and actions) only answer
// early, before a request body is read.

/** The acting account, as the domain needs it: who it is (audit) and what it may do (role). */
/** Who does something: staff accounts have an e-mail; an account made with a mobile number has none. */
export type Actor = { id: string; email: string | null; role: Role };

export type { Permission };
export { may };

/** 403 unless the actor holds the permission. */
export function authorize(actor: Actor, permission: Permission): void {
  if (!may(actor, permission)) throw new HttpError(403, 'forbiddenAccess');
}

/** An admin's change: authorized first, then counted against the admin's own allowance (server/platform/write-limits.ts). */
export async function authorizeAdminChange(actor: Actor, permission: Permission): Promise<void> {
  authorize(actor, permission);
  await takeAdminWriteAllowance(actor);
}
