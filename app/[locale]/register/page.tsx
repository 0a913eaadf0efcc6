import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { RegisterForm } from '@/components/auth/register-form';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { safeReturnPath } from '@/lib/schemas/auth';
import { googleEnabled } from '@/server/platform/env';
import { smsAvailable } from '@/server/platform/sms';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('register');
  return { title: t('metaTitle'), robots: { index: false } };
}

type Props = { searchParams: Promise<{ from?: string }> };

export default async function RegisterPage({ searchParams }: Props) {
  const { from } = await searchParams;
  const t = await getTranslations('register');
  return (
    <AuthCard title={t('title')}>
      <WithClientMessages namespaces={['register', 'auth', 'phoneSignIn', 'errors']}>
        <RegisterForm returnTo={safeReturnPath(from)} googleEnabled={googleEnabled()} phoneSignIn={smsAvailable()} />
      </WithClientMessages>
    </AuthCard>
  );
}
