'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { postJson } from '@/components/auth/post-json';
import type { JsonAnswer } from '@/components/auth/post-json';
import { errorText } from '@/i18n/error-text';
import { parseCoded } from '@/lib/coded-message';
import type { ErrorTranslator } from '@/i18n/error-text';

/** The banner for signed-in users whose e-mail is not verified yet, with a way to get a new link. */
export default function VerifyEmailBanner({ email }: { email: string | null | undefined }) {
  const t = useTranslations('verifyEmail');
  // The layout shows the banner on every page, where only the base namespaces reach the browser
  // (not `errors`): the English answers it can get have their translations in its own namespace.
  const answers = useTranslations('verifyEmail.answers') as unknown as ErrorTranslator;
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function answerText({ status, body }: JsonAnswer): string {
    if (!body.message) return t('sendFailed');
    // A sent link is announced with the address it went to, which the account's session knows too.
    if (status === 200 && email && parseCoded(body.code ?? '')?.code === 'weSentANewVerificationLinkTo') return t('linkSent', { email });
    return errorText(answers, body);
  }

  async function resend() {
    setBusy(true);
    const answer = await postJson('/api/account/verify-email/resend', {});
    setBusy(false);
    setMessage(answerText(answer));
  }

  return (
    <div className="border-b border-amber-200 bg-amber-50 text-amber-900">
      <div className="container-page flex flex-wrap items-center gap-3 py-2 text-sm">
        <span>{t('pleaseVerify')}</span>
        <button type="button" className="font-semibold underline disabled:opacity-60" onClick={resend} disabled={busy}>
          {t('resend')}
        </button>
        {message && <span role="status">{message}</span>}
      </div>
    </div>
  );
}
