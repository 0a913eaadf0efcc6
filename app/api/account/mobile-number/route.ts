// POST /api/account/mobile-number — give the signed-in account the number its code was sent to, in place of its old one (409 when another account holds it)
import { NextResponse } from 'next/server';
import { requireUser } from '@/server/accounts/guards';
import { changeMobileNumber } from '@/server/accounts/sign-in-details';
import { readJson, route } from '@/server/platform/http';

export const POST = route(async (request) => {
  const user = await requireUser();
  const updated = await changeMobileNumber(user, await readJson(request, 1024));
  return NextResponse.json({ ok: true, mobileNumber: updated.mobileNumber }, { headers: { 'Cache-Control': 'no-store' } });
});
