import { localeAlternates } from '@/app/_catalogue/seo';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import type { ReactNode } from 'react';
import { CONTACT } from '@/lib/catalogue';

export async function generateMetadata(): Promise<Metadata> {
  const [t, tSite, alternates] = await Promise.all([getTranslations('privacy'), getTranslations('site'), localeAlternates('/privacy')]);
  const description = t('metaDescription');
  return {
    title: t('metaTitle'),
    description,
    alternates,
    openGraph: { title: t('metaOgTitle'), description, url: alternates.canonical, type: 'article', siteName: tSite('name') },
  };
}

async function PolicySection({ id, number, title, children }: { id: string; number: number; title: string; children: ReactNode }) {
  const t = await getTranslations('privacy');
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold text-brand-900 sm:text-2xl">
        {t('sectionTitle', { number, title })}
      </h2>
      {children}
    </section>
  );
}

export default async function PrivacyPage() {
  const t = await getTranslations('privacy');
  return (
    <div className="container-page py-10 sm:py-14">
      <article className="mx-auto max-w-3xl space-y-10 rounded-2xl bg-white p-6 leading-relaxed text-slate-800 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <header>
          <h1 className="text-3xl font-extrabold text-brand-900 sm:text-4xl">{t('heading')}</h1>
          <p className="mt-3 text-slate-700">{t('intro')}</p>
        </header>

        <PolicySection id="privacy-overview" number={1} title={t('overviewTitle')}>
          <p>{t('overview1')}</p>
          <p>{t('overview2')}</p>
        </PolicySection>

        <PolicySection id="privacy-user-provided" number={2} title={t('userProvidedTitle')}>
          <p>{t('userProvidedIntro')}</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>{t('userProvided1')}</li>
            <li>{t('userProvided2')}</li>
            <li>{t('userProvided3')}</li>
            <li>{t('userProvided4')}</li>
            <li>{t('userProvided5')}</li>
          </ul>
          <p>{t('userProvidedCards')}</p>
        </PolicySection>

        <PolicySection id="privacy-automatic" number={3} title={t('automaticTitle')}>
          <p>{t('automatic1')}</p>
          <p>{t('automatic2')}</p>
        </PolicySection>

        <PolicySection id="privacy-how-collected" number={4} title={t('howCollectedTitle')}>
          <p>{t('howCollectedIntro')}</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>{t('howCollected1')}</li>
            <li>{t('howCollected2')}</li>
            <li>{t('howCollected3')}</li>
          </ul>
          <p>{t('howCollectedEmbeds')}</p>
        </PolicySection>

        <PolicySection id="privacy-cookies" number={5} title={t('cookiesTitle')}>
          <p>{t('cookiesIntro')}</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>{t('cookies1')}</li>
            <li>{t('cookies2')}</li>
          </ul>
          <p>{t('cookiesControl')}</p>
        </PolicySection>

        <footer className="border-t border-slate-200 pt-6 text-slate-700">
          <p>
            {t.rich('questions', {
              email: CONTACT.email,
              mail: (chunks) => <a href={`mailto:${CONTACT.email}`} className="font-semibold text-brand-700 underline">{chunks}</a>,
              contact: (chunks) => <Link href="/contact" className="font-semibold text-brand-700 underline">{chunks}</Link>,
            })}
          </p>
        </footer>
      </article>
    </div>
  );
}
