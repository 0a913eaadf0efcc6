import type { Metadata } from 'next';
import { Link } from '@/i18n/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { resetLinkStatus } from '@/server/password-reset';
import type { ResetOutcome } from '@/server/password-reset';

export const metadata: Metadata = { title: 'Reset Password', robots: { index: false } };

type Props = { searchParams: Promise<{ token?: string }> };

type DeadLink = Extract<ResetOutcome, { ok: false }>['reason'];

/** Why the link cannot set a password, said as soon as the page opens rather than after typing one. */
const DEAD_LINK_MESSAGES: Record<DeadLink, string> = {
  invalid: 'This link is not valid.',
  expired: 'This link has expired.',
  used: 'This link has expired: it was already used to set a new password.',
};

export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token } = await searchParams;
  // Checked, not used: opening the page (or a mail scanner opening the link) must not spend it.
  const status: ResetOutcome = token ? await resetLinkStatus(token) : { ok: false, reason: 'invalid' };
  return (
    <AuthCard title="Reset Password">
      {token && status.ok ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="space-y-4 text-center">
          <p role="alert" className="text-red-700">
            {DEAD_LINK_MESSAGES[status.ok ? 'invalid' : status.reason]} Ask for a new one from the login page: enter your e-mail there and
            choose Reset Password.
          </p>
          <Link href="/login" className="btn-primary">Go to Login</Link>
        </div>
      )}
    </AuthCard>
  );
}
