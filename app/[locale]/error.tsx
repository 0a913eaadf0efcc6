'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';

// Unexpected failures (including a database outage) land here with a way to try again.
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errorPage');
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div className="container-page py-20 text-center" role="alert">
      <h1 className="text-2xl font-bold text-brand-900">{t('title')}</h1>
      <p className="mt-3 text-slate-700">{t('text')}</p>
      <button type="button" className="btn-primary mt-6" onClick={reset}>{t('retry')}</button>
    </div>
  );
}
