import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { authErrorMessage } from '@/components/auth/auth-errors';
import { LoginForm } from '@/components/auth/login-form';
import { safeReturnPath } from '@/lib/schemas/auth';
import { googleEnabled } from '@/server/env';

export const metadata: Metadata = { title: 'Login', robots: { index: false } };

type Props = { searchParams: Promise<{ from?: string; error?: string }> };

export default async function LoginPage({ searchParams }: Props) {
  const { from, error } = await searchParams;
  return (
    <AuthCard title="Please Login">
      <LoginForm returnTo={safeReturnPath(from)} googleEnabled={googleEnabled()} initialError={authErrorMessage(error)} />
    </AuthCard>
  );
}
