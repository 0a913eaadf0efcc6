import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { VerifyEmailButton } from '@/components/auth/verify-email-button';
import { WithClientMessages } from '@/i18n/with-client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accountVerifyEmail');
  return { title: t('title'), robots: { index: false } };
}

type Props = { searchParams: Promise<{ token?: string }> };

export default async function VerifyEmailPage({ searchParams }: Props) {
  const { token } = await searchParams;
  const t = await getTranslations('accountVerifyEmail');
  return (
    <AuthCard title={t('title')}>
      {token ? (
        <WithClientMessages namespaces={['accountVerifyEmail', 'errors']}>
          <VerifyEmailButton token={token} />
        </WithClientMessages>
      ) : (
        <p role="alert" className="text-red-700">{t('invalidLink')}</p>
      )}
    </AuthCard>
  );
}
