'use client';

import { signIn } from 'next-auth/react';
import { GoogleIcon } from '@/components/ui/icons';
import { safeReturnPath } from '@/lib/schemas/auth';

export function GoogleButton({ returnTo, onStart }: { returnTo: string; onStart: () => void }) {
  return (
    <button
      type="button"
      className="btn w-full border border-slate-400 bg-white text-slate-800 hover:bg-slate-50"
      onClick={() => {
        onStart();
        // Auth.js checks it again (server/auth.ts redirect callback).
        void signIn('google', { redirectTo: safeReturnPath(returnTo) });
      }}
    >
      <GoogleIcon /> CONTINUE WITH GOOGLE
    </button>
  );
}
