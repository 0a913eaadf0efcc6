import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { signInErrorKey } from '@/components/auth/auth-errors';
import { LoginForm } from '@/components/auth/login-form';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { safeReturnPath } from '@/lib/schemas/auth';
import { googleEnabled } from '@/server/platform/env';
import { smsAvailable } from '@/server/platform/sms';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('login');
  return { title: t('metaTitle'), robots: { index: false } };
}

type Props = { searchParams: Promise<{ from?: string; error?: string }> };

export default async function LoginPage({ searchParams }: Props) {
  const { from, error } = await searchParams;
  const [t, tAuth] = await Promise.all([getTranslations('login'), getTranslations('auth')]);
  const errorKey = signInErrorKey(error);
  return (
    <AuthCard title={tAuth('pleaseLogin')}>
      <WithClientMessages namespaces={['login', 'auth', 'phoneSignIn', 'resetPassword', 'errors']}>
        <LoginForm returnTo={safeReturnPath(from)} googleEnabled={googleEnabled()} initialError={errorKey && t(`signInErrors.${errorKey}`)} phoneSignIn={smsAvailable()} />
      </WithClientMessages>
    </AuthCard>
  );
}
