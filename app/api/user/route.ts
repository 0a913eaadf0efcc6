// GET /api/user — every account without password hashes (admin only; ?page=&limit= to page through)
import { NextResponse } from 'next/server';
import { pageQuery } from '@/lib/schemas/legacy';
import { requirePermission } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { listUsersSlice, toLegacyUser } from '@/server/accounts/users';

export const GET = route(async (request) => {
  const { page, limit } = pageQuery.parse(Object.fromEntries(request.nextUrl.searchParams));
  const admin = await requirePermission('manageUsers');
  const users = await listUsersSlice(admin, page, limit);
  return NextResponse.json(users.map(toLegacyUser));
});
