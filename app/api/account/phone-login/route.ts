// POST /api/account/phone-login — sign in with a mobile number: {phone, code}, then for a number with no account yet {ticket, name} (public; sets the session cookie)
import { NextResponse } from 'next/server';
import { signIn } from '@/server/accounts/auth';
import { phoneLoginStep } from '@/server/accounts/phone-sign-in';
import { readJson, route } from '@/server/platform/http';

export const POST = route(async (request) => {
  const step = await phoneLoginStep(await readJson(request, 4 * 1024));
  const headers = { 'Cache-Control': 'no-store' };
  if (step.status === 'needs-name') return NextResponse.json({ ok: true, signedIn: false, ticket: step.ticket }, { headers });
  await signIn('phone', { ticket: step.ticket, redirect: false });
  return NextResponse.json({ ok: true, signedIn: true }, { headers });
});
