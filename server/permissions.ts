import 'server-only';
import type { Role } from './documents';
import { HttpError } from './http';
import { takeAdminWriteAllowance } from './write-limits';

// Who may do what. Each domain operation that needs a role calls `authorize` (or
// `authorizeAdminChange`) first, with the acting account, so every door that reaches it (page,
// server action, legacy API) gets the same refusal. The doors' own checks (the proxy's redirect,
// requireAdmin in route handlers) only answer early, before a request body is read.

/** The acting account, as the domain needs it: who it is (audit) and what it may do (role). */
export type Actor = { id: string; email: string; role: Role };

const ROLES_WITH = {
  /** Courses, books, blogs, instructors, curricula, quizzes and their files. */
  manageCatalogue: ['admin'],
  /** Other people's accounts: roles, deletion, the user list. */
  manageUsers: ['admin'],
  /** Sales, every order and the audit log. */
  viewBusinessRecords: ['admin'],
  /** Promo codes: creating, changing, deactivating and deleting them. */
  managePromotions: ['admin'],
  /** Buyers' reviews of courses and books: hide one that breaks the rules, reply in public. */
  moderateReviews: ['admin'],
  /** Refunding paid orders, and answering buyers' refund requests (server/refunds.ts). */
  refundOrders: ['admin'],
  /** Taka payments held for review (accept or refund them) and those being paid back (server/payment-review.ts). */
  reviewPayments: ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof ROLES_WITH;

export function may(actor: Actor, permission: Permission): boolean {
  return (ROLES_WITH[permission] as readonly Role[]).includes(actor.role);
}

/** 403 unless the actor holds the permission. */
export function authorize(actor: Actor, permission: Permission): void {
  if (!may(actor, permission)) throw new HttpError(403, 'Forbidden access');
}

/** An admin's change: authorized first, then counted against the admin's own allowance (server/write-limits.ts). */
export async function authorizeAdminChange(actor: Actor, permission: Permission): Promise<void> {
  authorize(actor, permission);
  await takeAdminWriteAllowance(actor);
}
