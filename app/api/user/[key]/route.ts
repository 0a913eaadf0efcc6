// GET|PUT|DELETE /api/user/{key} — GET/PUT take an e-mail (profile, API token), DELETE takes a user id (admin)
import { NextResponse } from 'next/server';
import { emailParam, tokenRequestBody } from '@/lib/schemas/legacy';
import { requireSelfOrAdmin } from '@/server/accounts/api-access';
import { requestApiToken } from '@/server/accounts/api-tokens';
import { requirePermission, requireUser } from '@/server/accounts/guards';
import { HttpError, objectIdFrom, readJson, route } from '@/server/platform/http';
import { deleteResult, updateResult } from '@/server/legacy/legacy-results';
import { removeUser } from '@/server/accounts/user-admin';
import { findUserByEmail, toLegacyUser } from '@/server/accounts/users';

type Context = { params: Promise<{ key: string }> };

/** GET /api/user/{email} — the account's profile (own or admin); null when there is none. */
export const GET = route(async (_request, { params }: Context) => {
  const email = emailParam.parse((await params).key);
  await requireSelfOrAdmin(email);
  const user = await findUserByEmail(email);
  return NextResponse.json(user ? toLegacyUser(user) : null);
});

/** PUT /api/user/{email} — a short-lived bearer token, only for a caller signed in as that e-mail. */
export const PUT = route(async (request, { params }: Context) => {
  const email = emailParam.parse((await params).key);
  const body = tokenRequestBody.parse(await readJson(request));
  const caller = await requireUser();
  if (body.email !== email) throw new HttpError(403, 'forbiddenAccess');
  const { token, issued } = await requestApiToken(caller, email);
  return NextResponse.json({ result: updateResult(issued), token }, { headers: { 'Cache-Control': 'no-store' } });
});

/** DELETE /api/user/{id} — delete an account (admin; never yourself). */
export const DELETE = route(async (_request, { params }: Context) => {
  const id = objectIdFrom((await params).key);
  const admin = await requirePermission('manageUsers');
  const result = await removeUser(admin, id);
  if (result === 'self') throw new HttpError(409, 'youCannotDeleteYourOwnAccount');
  if (result.deletedCount === 0) throw new HttpError(404, 'userNotFound');
  return NextResponse.json(deleteResult(result));
});
