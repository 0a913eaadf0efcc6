'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useErrorText } from '@/i18n/use-error-text';
import { signOutEverywhereAction } from '@/server/actions/profile';
import { signOutTo } from '@/components/auth/sign-out';

/**
 * "Sign out everywhere": ends every session of the account on the server (a lost phone, a shared
 * computer), then signs this browser out too.
 */
export function SignOutEverywhere() {
  const t = useTranslations('profile');
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signOutAll() {
    setBusy(true);
    setError(null);
    const result = await signOutEverywhereAction().catch(() => null);
    if (!result?.ok) {
      setBusy(false);
      setError(result ? errorText(result.message) : t('signOutFailed'));
      return;
    }
    await signOutTo('/login');
  }

  return (
    <section aria-labelledby="sessions-heading" className="mt-8 rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="sessions-heading" className="text-lg font-semibold text-brand-900">{t('sessions')}</h2>
      <p className="mt-1 text-sm text-slate-700">{t('sessionsText')}</p>
      <button type="button" className="btn mt-4 border border-red-700 bg-white text-red-700 hover:bg-red-50" onClick={signOutAll} disabled={busy}>
        {busy ? t('signingOut') : t('signOutEverywhere')}
      </button>
      {error && <p role="alert" className="mt-2 text-sm font-medium text-red-700">{error}</p>}
    </section>
  );
}
