// POST /api/account/password-reset/phone-confirm — set a new password with the code sent by SMS (public; ends every session of the account)
import { NextResponse } from 'next/server';
import { resetPasswordByCode } from '@/server/accounts/password-reset';
import { readJson, route } from '@/server/platform/http';

export const POST = route(async (request) => {
  await resetPasswordByCode(await readJson(request, 2 * 1024));
  return NextResponse.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
});
