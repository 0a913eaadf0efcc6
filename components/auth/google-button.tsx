'use client';

import { signIn } from 'next-auth/react';
import { useLocale, useTranslations } from 'next-intl';
import { GoogleIcon } from '@/components/ui/icons';
import { signedInPath } from './return-to';

export function GoogleButton({ returnTo, onStart }: { returnTo: string; onStart: () => void }) {
  const t = useTranslations('auth');
  const locale = useLocale();
  return (
    <button
      type="button"
      className="btn w-full border border-slate-400 bg-white text-slate-800 hover:bg-slate-50"
      onClick={() => {
        onStart();
        // Auth.js checks it again (server/accounts/auth.ts redirect callback).
        void signIn('google', { redirectTo: signedInPath(returnTo, locale) });
      }}
    >
      <GoogleIcon /> {t('continueWithGoogle')}
    </button>
  );
}
