// POST /api/account/login — password sign-in for the login form (sets the session cookie)
import { NextResponse } from 'next/server';
import { loginSchema } from '@/lib/schemas/auth';
import { InvalidCredentials, TooManyAttempts, signIn } from '@/server/accounts/auth';
import { HttpError, readJson, route } from '@/server/platform/http';
import { CredentialsSignin } from 'next-auth';

export const POST = route(async (request) => {
  const input = loginSchema.parse(await readJson(request));
  try {
    await signIn('credentials', { ...input, redirect: false });
  } catch (error) {
    if (error instanceof TooManyAttempts) {
      throw new HttpError(429, 'tooManyFailedAttemptsPleaseTryAgainLater', { 'Retry-After': String(error.retryAfterSeconds) });
    }
    if (error instanceof InvalidCredentials || error instanceof CredentialsSignin) {
      throw new HttpError(401, 'emailOrPasswordIsIncorrect');
    }
    throw error;
  }
  return NextResponse.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
});
