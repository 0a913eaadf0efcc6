'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';

/** Every 2 s the page is rendered again on the server, which asks nothing of the browser; after this long it says so and stops. */
const POLL_MS = 2_000;
const GIVE_UP_MS = 90_000;

/** A payment the provider has not confirmed yet: the page updates by itself until it is (or says it will take longer). */
export function RefreshWhilePending({ confirming, stillConfirming }: { confirming: string; stillConfirming: string }) {
  const router = useRouter();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > GIVE_UP_MS) {
        setGaveUp(true);
        clearInterval(timer);
        return;
      }
      router.refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [router]);
  return (
    <p role="status" aria-live="polite" className="mb-4 flex items-center gap-3 rounded-lg bg-sky-50 px-4 py-3 font-medium text-sky-950 ring-1 ring-sky-200">
      {gaveUp ? null : <span aria-hidden className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-sky-700 border-t-transparent" />}
      {gaveUp ? stillConfirming : confirming}
    </p>
  );
}
