import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

// What the service worker shows for a page that cannot be reached without a connection
// (offline/service-worker.ts keeps it, in each language). The same for everyone: it says nothing
// about who is signed in, so the copy kept on a shared phone shows no one's details. No script:
// the worker keeps the styles, not every page's scripts.

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('offline');
  return { title: t('title'), robots: { index: false } };
}

export default async function OfflinePage() {
  const t = await getTranslations('offline');
  return (
    <div className="container-page py-14">
      <section className="mx-auto max-w-xl space-y-4 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{t('heading')}</h1>
        <p className="text-slate-700">{t('explanation')}</p>
        {/* The worker answers with this page at the address asked for: the link asks for it again. */}
        <a href="" className="btn-primary inline-block">
          {t('retry')}
        </a>
      </section>
    </div>
  );
}
