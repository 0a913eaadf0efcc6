// POST /api/account/verify-email — confirm the account's e-mail, or the new e-mail asked for in My Profile, with the one-time link's token
import { NextResponse } from 'next/server';
import { TOKEN_FAILURE_MESSAGES, verifyEmailSchema } from '@/lib/schemas/account';
import { verifyEmail } from '@/server/accounts/email-verification';
import { EMAIL_TAKEN } from '@/server/accounts/sign-in-details';
import { HttpError, readJson, route } from '@/server/platform/http';

export const POST = route(async (request) => {
  const { token } = verifyEmailSchema.parse(await readJson(request));
  const outcome = await verifyEmail(token);
  if (!outcome.ok) {
    if (outcome.reason === 'taken') throw new HttpError(409, EMAIL_TAKEN);
    throw new HttpError(outcome.reason === 'used' ? 409 : 400, TOKEN_FAILURE_MESSAGES[outcome.reason]);
  }
  return NextResponse.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
});
