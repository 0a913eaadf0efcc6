import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { RegisterForm } from '@/components/auth/register-form';
import { safeReturnPath } from '@/lib/schemas/auth';
import { googleEnabled } from '@/server/env';

export const metadata: Metadata = { title: 'Register', robots: { index: false } };

type Props = { searchParams: Promise<{ from?: string }> };

export default async function RegisterPage({ searchParams }: Props) {
  const { from } = await searchParams;
  return (
    <AuthCard title="Please Register">
      <RegisterForm returnTo={safeReturnPath(from)} googleEnabled={googleEnabled()} />
    </AuthCard>
  );
}
