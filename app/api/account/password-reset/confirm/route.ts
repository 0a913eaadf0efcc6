// POST /api/account/password-reset/confirm — set a new password with a one-time reset link
import { NextResponse } from 'next/server';
import { TOKEN_FAILURE_MESSAGES, resetPasswordSchema } from '@/lib/schemas/account';
import { HttpError, readJson, route } from '@/server/platform/http';
import { resetPassword } from '@/server/accounts/password-reset';

export const POST = route(async (request) => {
  const { token, password } = resetPasswordSchema.parse(await readJson(request));
  const outcome = await resetPassword(token, password);
  if (!outcome.ok) throw new HttpError(outcome.reason === 'used' ? 409 : 400, TOKEN_FAILURE_MESSAGES[outcome.reason]);
  return NextResponse.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
});
