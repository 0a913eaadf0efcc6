// POST /api/account/password-reset — e-mail a reset link (same answer whether or not the account exists)
import { NextResponse } from 'next/server';
import { resetRequestSchema } from '@/lib/schemas/auth';
import { HttpError, readJson, route } from '@/server/platform/http';
import { messageBody } from '@/server/platform/english-text';
import { clientIp } from '@/server/accounts/login-attempts';
import { RESET_REQUESTED_MESSAGE, requestPasswordReset, resetBlockedForSeconds } from '@/server/accounts/password-reset';

export const POST = route(async (request) => {
  const { email } = resetRequestSchema.parse(await readJson(request));
  const ip = clientIp(request.headers);
  const retryAfter = await resetBlockedForSeconds(email, ip);
  if (retryAfter > 0) {
    throw new HttpError(429, 'tooManyResetRequestsPleaseTryAgainLater', { 'Retry-After': String(retryAfter) });
  }
  await requestPasswordReset(email, ip);
  return NextResponse.json({ ok: true, ...messageBody(RESET_REQUESTED_MESSAGE) }, { headers: { 'Cache-Control': 'no-store' } });
});
