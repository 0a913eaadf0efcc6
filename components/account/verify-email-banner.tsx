'use client';

import { useSession } from 'next-auth/react';
import { useState } from 'react';
import { postJson } from '@/components/auth/post-json';

/** Shown to signed-in users whose e-mail is not verified yet, with a way to get a new link. */
export function VerifyEmailBanner() {
  const { data: session } = useSession();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!session?.user || session.user.isEmailVerified) return null;

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
