// PUT /api/user/admin/{email} — make an account admin (admin only)
import { NextResponse } from 'next/server';
import { emailParam } from '@/lib/schemas/legacy';
import { requirePermission } from '@/server/accounts/guards';
import { HttpError, route } from '@/server/platform/http';
import { updateResult } from '@/server/legacy/legacy-results';
import { promoteToAdmin } from '@/server/accounts/user-admin';

type Context = { params: Promise<{ email: string }> };

export const PUT = route(async (_request, { params }: Context) => {
  const email = emailParam.parse((await params).email);
  const admin = await requirePermission('manageUsers');
  const result = await promoteToAdmin(admin, email);
  if (result.matchedCount === 0) throw new HttpError(404, 'userNotFound');
  return NextResponse.json(updateResult(result));
});
