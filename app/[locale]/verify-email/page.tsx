import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { VerifyEmailButton } from '@/components/auth/verify-email-button';

export const metadata: Metadata = { title: 'Verify your e-mail', robots: { index: false } };

type Props = { searchParams: Promise<{ token?: string }> };

export default async function VerifyEmailPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <AuthCard title="Verify your e-mail">
      {token ? <VerifyEmailButton token={token} /> : <p role="alert" className="text-red-700">This link is not valid.</p>}
    </AuthCard>
  );
}
