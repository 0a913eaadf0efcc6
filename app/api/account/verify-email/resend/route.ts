// POST /api/account/verify-email/resend — send the signed-in user a new verification link
import { NextResponse } from 'next/server';
import { resendBlockedForSeconds, resendVerification } from '@/server/accounts/email-verification';
import { requireUser } from '@/server/accounts/guards';
import { HttpError, route } from '@/server/platform/http';
import { messageBody } from '@/server/platform/english-text';
import { coded } from '@/lib/coded-message';

export const POST = route(async () => {
  const user = await requireUser();
  if (user.emailVerified || !user.email) return NextResponse.json({ ok: true, ...messageBody('yourEMailIsAlreadyVerified') });
  const retryAfter = await resendBlockedForSeconds(user);
  if (retryAfter > 0) throw new HttpError(429, 'pleaseWaitBeforeAskingForAnotherEMail', { 'Retry-After': String(retryAfter) });
  await resendVerification(user);
  return NextResponse.json({ ok: true, ...messageBody(coded('weSentANewVerificationLinkTo', { email: user.email })) });
});
