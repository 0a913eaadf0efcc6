// GET /api/admin/{email} — whether that account is an admin (the account itself or an admin may ask)
import { isStaff } from '@/lib/permissions';
import { NextResponse } from 'next/server';
import { emailParam } from '@/lib/schemas/legacy';
import { requireSelfOrAdmin } from '@/server/accounts/api-access';
import { route } from '@/server/platform/http';
import { findUserByEmail } from '@/server/accounts/users';

type Context = { params: Promise<{ email: string }> };

export const GET = route(async (_request, { params }: Context) => {
  const email = emailParam.parse((await params).email);
  await requireSelfOrAdmin(email);
  const user = await findUserByEmail(email);
  return NextResponse.json({ admin: isStaff(user) });
});
