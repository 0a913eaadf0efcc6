import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { loginUrl } from '@/lib/routes';
import { currentLocale, redirectInLocale } from '@/i18n/server-redirect';
import { localePath } from '@/i18n/routing';
import { bearerTokenOf, userFromApiToken } from './api-tokens';
import { may } from '@/lib/permissions';
import type { Permission } from '@/lib/permissions';
import { HttpError } from '../platform/http';
import { accountOfSession } from './sessions';
import { isHttpsRequest, sessionFromCookies } from './session-token';
import type { User } from './users';

/**
 * The signed-in user, re-read from the database (role and session state), once per request.
 * A token for a deleted account or an ended session (signed out, signed out everywhere, password
 * or role changed) counts as signed out.
 * A request with `Authorization: Bearer` (the legacy API's clients) is judged by that token
 * alone, never by a cookie that happens to ride along.
 */
export const currentUser = cache(async (): Promise<User | null> => {
  const requestHeaders = await headers();
  const bearer = bearerTokenOf(requestHeaders.get('authorization'));
  if (bearer) return userFromApiToken(bearer);
  // The cookie is read directly (server/accounts/session-token.ts): Auth.js's auth() would re-issue it too.
  const session = await sessionFromCookies(await cookies(), { secure: isHttpsRequest(requestHeaders) });
  if (!session) return null;
  return accountOfSession(session);
});

/** The login page in the page's language, coming back to `from` (an English site path) in it too. */
async function goToLogin(from: string): Promise<never> {
  return redirectInLocale(loginUrl(localePath(await currentLocale(), from)));
}

/** For pages: signed-out visitors go to /login and come back to `from` afterwards. */
export async function requireUserPage(from: string): Promise<User> {
  const user = await currentUser();
  if (!user) return goToLogin(from);
  return user;
}

/** For pages: accounts without `permission` go to /login (the proxy has already signed them out). */
export async function requirePermissionPage(permission: Permission, from: string): Promise<User> {
  const user = await requireUserPage(from);
  if (!may(user, permission)) return goToLogin(from);
  return user;
}

/** For route handlers and server actions: 401 when signed out. */
export async function requireUser(): Promise<User> {
  const user = await currentUser();
  if (!user) throw new HttpError(401, 'unauthorizedAccess');
  return user;
}

/**
 * For route handlers and server actions: 401 when signed out, 403 without `permission`, before the
 * request body is read. An early answer only: the domain operations authorize by themselves
 * (server/accounts/permissions.ts).
 */
export async function requirePermission(permission: Permission): Promise<User> {
  const user = await requireUser();
  if (!may(user, permission)) throw new HttpError(403, 'forbiddenAccess');
  return user;
}
