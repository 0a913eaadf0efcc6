'use client';

import dynamic from 'next/dynamic';
import { useSession } from '@/components/layout/session-provider';

// Downloaded only by the few signed-in users who still have to verify their e-mail.
const VerifyEmailBanner = dynamic(() => import('./verify-email-banner'), { ssr: false });

/** Shown to signed-in users whose e-mail is not verified yet (an account made with a mobile number has none). */
export function VerifyEmailReminder() {
  const { data: session } = useSession();
  if (!session?.user?.email || session.user.isEmailVerified) return null;
  return <VerifyEmailBanner email={session.user.email} />;
}
