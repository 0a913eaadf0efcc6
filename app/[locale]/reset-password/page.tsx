import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { AuthCard } from '@/components/auth/auth-card';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { resetLinkStatus } from '@/server/accounts/password-reset';
import type { ResetOutcome } from '@/server/accounts/password-reset';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('resetPassword');
  return { title: t('title'), robots: { index: false } };
}

type Props = { searchParams: Promise<{ token?: string }> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token } = await searchParams;
  const t = await getTranslations('resetPassword');
  // Checked, not used: opening the page (or a mail scanner opening the link) must not spend it.
  const status: ResetOutcome = token ? await resetLinkStatus(token) : { ok: false, reason: 'invalid' };
  return (
    <AuthCard title={t('title')}>
      {token && status.ok ? (
        <WithClientMessages namespaces={['resetPassword', 'auth', 'errors']}>
          <ResetPasswordForm token={token} />
        </WithClientMessages>
      ) : (
        <div className="space-y-4 text-center">
          {/* Why the link cannot set a password, said as soon as the page opens rather than after typing one. */}
          <p role="alert" className="text-red-700">
            {t(`deadLink.${status.ok ? 'invalid' : status.reason}`)} {t('askForNewLink')}
          </p>
          <Link href="/login" className="btn-primary">{t('goToLogin')}</Link>
        </div>
      )}
    </AuthCard>
  );
}
