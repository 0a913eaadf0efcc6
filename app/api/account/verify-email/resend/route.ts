// POST /api/account/verify-email/resend — send the signed-in user a new verification link
import { NextResponse } from 'next/server';
import { resendBlockedForSeconds, resendVerification } from '@/server/accounts/email-verification';
import { requireUser } from '@/server/accounts/guards';
import { HttpError, route } from '@/server/platform/http';

export const POST = route(async () => {
  const user = await requireUser();
  if (user.emailVerified) return NextResponse.json({ ok: true, message: 'Your e-mail is already verified.' });
  const retryAfter = await resendBlockedForSeconds(user);
  if (retryAfter > 0) throw new HttpError(429, 'Please wait before asking for another e-mail.', { 'Retry-After': String(retryAfter) });
  await resendVerification(user);
  return NextResponse.json({ ok: true, message: `We sent a new verification link to ${user.email}.` });
});
