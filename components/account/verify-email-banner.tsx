'use client';

import { useState } from 'react';
import { postJson } from '@/components/auth/post-json';

/** The banner for signed-in users whose e-mail is not verified yet, with a way to get a new link. */
export default function VerifyEmailBanner() {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    const answer = await postJson('/api/account/verify-email/resend', {});
    setBusy(false);
    setMessage(answer.body.message ?? 'Could not send the e-mail. Please try again later.');
  }

  return (
    <div className="border-b border-amber-200 bg-amber-50 text-amber-900">
      <div className="container-page flex flex-wrap items-center gap-3 py-2 text-sm">
        <span>Please verify your e-mail address: we sent you a link.</span>
        <button type="button" className="font-semibold underline disabled:opacity-60" onClick={resend} disabled={busy}>
          Resend verification e-mail
        </button>
        {message && <span role="status">{message}</span>}
      </div>
    </div>
  );
}
