'use client';

import { signIn } from 'next-auth/react';
import { GoogleIcon } from '@/components/ui/icons';

export function GoogleButton({ returnTo, onStart }: { returnTo: string; onStart: () => void }) {
  return (
    <button
      type="button"
      className="btn w-full border border-slate-400 bg-white text-slate-800 hover:bg-slate-50"
      onClick={() => {
        onStart();
        void signIn('google', { redirectTo: returnTo });
      }}
    >
      <GoogleIcon /> CONTINUE WITH GOOGLE
    </button>
  );
}
