// POST /api/account/register — create an e-mail + password account and sign it in (limited per client and site-wide: 429)
import { NextResponse } from 'next/server';
import { registerSchema } from '@/lib/schemas/auth';
import { signIn } from '@/server/accounts/auth';
import { readJson, route } from '@/server/platform/http';
import { messageBody } from '@/server/platform/english-text';
import { clientIp } from '@/server/accounts/login-attempts';
import { registerAccount } from '@/server/accounts/registration';

export const POST = route(async (request) => {
  const input = registerSchema.parse(await readJson(request));
  const outcome = await registerAccount(input, clientIp(request.headers));
  if (!outcome.created) {
    // Same status as success and no hint whether the address is known (no account enumeration).
    return NextResponse.json(
      { ok: true, signedIn: false, ...messageBody('checkYourEMailToContinueOrLogInIfYouAlready') },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  }
  await signIn('credentials', { email: input.email, password: input.password, redirect: false });
  return NextResponse.json({ ok: true, signedIn: true }, { headers: { 'Cache-Control': 'no-store' } });
});
