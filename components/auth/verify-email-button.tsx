'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useErrorText } from '@/i18n/use-error-text';
import { useSession } from '@/components/layout/session-provider';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { postJson } from './post-json';

/** Verification happens on a click (a POST), so mail scanners that prefetch links change nothing. */
export function VerifyEmailButton({ token }: { token: string }) {
  const t = useTranslations('accountVerifyEmail');
  const errorText = useErrorText();
  const { update } = useSession();
  const [state, setState] = useState<'ready' | 'busy' | 'done'>('ready');
  const [error, setError] = useState<string | null>(null);

  async function verify() {
    setState('busy');
    const answer = await postJson('/api/account/verify-email', { token });
    if (answer.status === 200) {
      // update({}) (a POST) makes Auth.js re-issue the token with the verified flag.
      await update({});
      return setState('done');
    }
    setState('ready');
    setError(answer.body.message ? errorText(answer.body) : t('failed'));
  }

  if (state === 'busy') return <Spinner label={t('verifying')} />;
  if (state === 'done') {
    return (
      <div role="status" className="space-y-4 text-center">
        <p className="text-green-800">{t('verified')}</p>
        <Link href="/" className="btn-primary">{t('backHome')}</Link>
      </div>
    );
  }
  return (
    <div className="space-y-4 text-center">
      <button type="button" className="btn-primary w-full" onClick={verify}>{t('verify')}</button>
      {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
    </div>
  );
}
