// POST /api/account/email — e-mail a link to the address the signed-in account wants to use; opening it makes the address the account's (the same answer whether or not another account holds it)
import { NextResponse } from 'next/server';
import { coded } from '@/lib/coded-message';
import { requireUser } from '@/server/accounts/guards';
import { requestEmailChange } from '@/server/accounts/sign-in-details';
import { messageBody } from '@/server/platform/english-text';
import { readJson, route } from '@/server/platform/http';

export const POST = route(async (request) => {
  const user = await requireUser();
  const { email } = await requestEmailChange(user, await readJson(request, 1024));
  return NextResponse.json({ ok: true, ...messageBody(coded('weSentALinkToConfirmYourNewEmail', { email })) }, { headers: { 'Cache-Control': 'no-store' } });
});
