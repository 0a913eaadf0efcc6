'use client';

import { useEffect } from 'react';

// Unexpected failures (including a database outage) land here with a way to try again.
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div className="container-page py-20 text-center" role="alert">
      <h1 className="text-2xl font-bold text-brand-900">We could not load this page</h1>
      <p className="mt-3 text-slate-700">The service may be briefly unavailable. Please try again in a moment.</p>
      <button type="button" className="btn-primary mt-6" onClick={reset}>Try again</button>
    </div>
  );
}
