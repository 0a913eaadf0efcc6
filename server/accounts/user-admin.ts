import 'server-only';
import type { DeleteResult, ObjectId, UpdateResult } from 'mongodb';
import { revokeTokens } from './account-tokens';
import { recordAudit } from '../platform/audit';
import { deleteUserItemReviews } from '../reviews/item-reviews';
import { deleteUserReview } from '../reviews/reviews';
import { deleteUserById, findUserByEmail, findUserById, setRoleAdmin } from './users';
import { authorizeAdminChange } from './permissions';
import type { Actor } from './permissions';

// The admin's changes to accounts (All Users and the legacy API), each written to the audit log.

/** Makes the account with this e-mail an admin; audited when the role actually changed, which ends its sessions. */
export async function promoteToAdmin(actor: Actor, email: string): Promise<UpdateResult> {
  await authorizeAdminChange(actor, 'manageUsers');
  const result = await setRoleAdmin(email);
  if (result.modifiedCount > 0) {
    const user = await findUserByEmail(email);
    await recordAudit({ actor, action: 'make-admin', entity: 'user', entityId: user?.id ?? email, summary: `Made ${email} an admin` });
  }
  return result;
}

/**
 * Deletes an account, never the acting admin's own ('self'); audited when something was deleted.
 * Its sessions end with it (no account, no session), and so do its e-mailed links, its public
 * review, which leaves the home page at once, and its reviews of courses and books.
 */
export async function removeUser(actor: Actor, id: ObjectId): Promise<DeleteResult | 'self'> {
  await authorizeAdminChange(actor, 'manageUsers');
  if (actor.id === id.toHexString()) return 'self';
  const user = await findUserById(id.toHexString());
  const result = await deleteUserById(id);
  if (result.deletedCount > 0) {
    await recordAudit({ actor, action: 'delete', entity: 'user', entityId: id.toHexString(), summary: `Deleted the account ${user?.email ?? id.toHexString()}` });
  }
  // Also after a deletion that another request finished first: what the account left behind goes.
  await revokeTokens(id);
  await deleteUserReview(id.toHexString());
  // Its reviews of courses and books too, each out of its item's rating.
  await deleteUserItemReviews(id.toHexString());
  return result;
}
