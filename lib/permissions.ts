// Who may do what: each role and the permissions it holds. Every door (the proxy, pages, server
// actions, API routes) and every domain operation asks for a permission, never for a role by
// name, so a new role (a moderator, an instructor) is one more row here.

/** What an account may be allowed to do beyond buying and learning. */
export const PERMISSIONS = [
  /** Courses, books, blogs, instructors, curricula, quizzes and their files. */
  'manageCatalogue',
  /** Other people's accounts: roles, deletion, the user list. */
  'manageUsers',
  /** Sales, every order and the audit log. */
  'viewBusinessRecords',
  /** Promo codes: creating, changing, deactivating and deleting them. */
  'managePromotions',
  /** Buyers' reviews of courses and books: hide one that breaks the rules, reply in public. */
  'moderateReviews',
  /** Refunding paid orders, and answering buyers' refund requests. */
  'refundOrders',
  /** Taka payments held for review (accept or refund them) and those being paid back. */
  'reviewPayments',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Each role's permissions: learners hold none, admins all of them. */
export const ROLE_PERMISSIONS = {
  user: [],
  admin: PERMISSIONS,
} as const satisfies Record<string, readonly Permission[]>;

export type Role = keyof typeof ROLE_PERMISSIONS;

/** The role every new account gets. */
export const DEFAULT_ROLE: Role = 'user';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && Object.hasOwn(ROLE_PERMISSIONS, value);
}

/** Whether `account` (signed in, or null) holds `permission`; an unknown role holds none. */
export function may(account: { role: string } | null | undefined, permission: Permission): boolean {
  if (!account || !isRole(account.role)) return false;
  return (ROLE_PERMISSIONS[account.role] as readonly Permission[]).includes(permission);
}

/** Whether `account` holds any permission at all: it works on the site, not only learns from it. */
export function isStaff(account: { role: string } | null | undefined): boolean {
  return PERMISSIONS.some((permission) => may(account, permission));
}
