import { may } from '@/lib/permissions';
import type { Permission } from '@/lib/permissions';
import { HttpError } from '@/server/platform/http';
import type { User } from '@/server/accounts/users';
import { replace } from '@/serving/app-link.mjs';

// For jest tests of server actions and route handlers. The guards read the Auth.js session, which
// jest never loads, so the caller is whoever a test puts in `caller.user`:
//   jest.mock('./guards', () => jest.requireActual('@/tests/support/signed-in-caller').guards);
// Next's page cache needs a Next request, so such tests record revalidatePath/revalidateTag instead;
// the shared page cache is the one the production server installs in the app link (serving/server.mjs),
// here a recording one.

export const caller: { user: User | null } = { user: null };

export const guards = {
  currentUser: async () => caller.user,
  requireUser: async () => {
    if (!caller.user) throw new HttpError(401, 'unauthorizedAccess');
    return caller.user;
  },
  requirePermission: async (permission: Permission) => {
    if (!caller.user) throw new HttpError(401, 'unauthorizedAccess');
    if (!may(caller.user, permission)) throw new HttpError(403, 'forbiddenAccess');
    return caller.user;
  },
};

export const sharedPageCache = { clear: jest.fn(), forget: jest.fn<void, [(address: string) => boolean, number]>() };
replace('pageCache', sharedPageCache);

/** How many times the shared page cache was told to forget the page at `address` (or everything). */
export function timesForgotten(address: string): number {
  return sharedPageCache.clear.mock.calls.length + sharedPageCache.forget.mock.calls.filter(([affected]) => affected(address)).length;
}

export function clearPageCacheRecords(): void {
  sharedPageCache.clear.mockClear();
  sharedPageCache.forget.mockClear();
}
