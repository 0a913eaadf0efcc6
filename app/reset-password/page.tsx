import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';

export const metadata: Metadata = { title: 'Reset Password', robots: { index: false } };

type Props = { searchParams: Promise<{ token?: string }> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <AuthCard title="Reset Password">
      {token ? <ResetPasswordForm token={token} /> : <p role="alert" className="text-red-700">This link is not valid. Ask for a new one from the login page.</p>}
    </AuthCard>
  );
}
