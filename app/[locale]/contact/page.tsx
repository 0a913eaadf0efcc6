import { localeAlternates } from '@/app/_catalogue/seo';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ContactDetails } from '@/components/contact/contact-details';
import { ContactForm } from '@/components/contact/contact-form';
import { ContactIllustration } from '@/components/contact/contact-illustration';
import { LazyEmbed } from '@/components/contact/lazy-embed';
import { ZoomIn } from '@/components/contact/zoom-in';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { CONTACT } from '@/lib/catalogue';

export async function generateMetadata(): Promise<Metadata> {
  const [t, tSite, alternates] = await Promise.all([getTranslations('contact'), getTranslations('site'), localeAlternates('/contact')]);
  const description = t('metaDescription');
  return {
    title: t('metaTitle'),
    description,
    alternates,
    openGraph: { title: t('metaOgTitle'), description, url: alternates.canonical, type: 'website', siteName: tSite('name') },
  };
}

const office = encodeURIComponent(CONTACT.office);

// The product's page on the social network whose page widget is embedded below.
const SOCIAL_PAGE_URL = 'https://www.facebook.com/knowledgezone';

export default async function ContactPage() {
  const t = await getTranslations('contact');
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 text-white">
        <div className="container-page py-14 text-center sm:py-20">
          <h1 className="text-4xl font-extrabold sm:text-5xl">{t('heading')}</h1>
          <p className="mt-3 text-lg font-medium text-brand-50">{t('tagline')}</p>
        </div>
      </section>

      {/* The form and the embeds run in the browser with these messages. */}
      <WithClientMessages namespaces={['contact', 'errors']}>
        <div className="container-page space-y-12 py-12">
          <ZoomIn>
            <ContactDetails />
          </ZoomIn>

          <ZoomIn>
            <section aria-labelledby="contact-form-heading" className="grid items-center gap-10 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:grid-cols-2">
              <div className="flex justify-center">
                <ContactIllustration />
              </div>
              <div>
                <h2 id="contact-form-heading" className="mb-6 text-2xl font-bold text-brand-900 sm:text-3xl">{t('formHeading')}</h2>
                <ContactForm />
              </div>
            </section>
          </ZoomIn>

          <ZoomIn>
            <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
              <section aria-labelledby="contact-map-heading">
                <h2 id="contact-map-heading" className="mb-4 text-xl font-bold text-brand-900">{t('mapHeading')}</h2>
                <LazyEmbed
                  title={t('mapTitle', { office: t('office') })}
                  src={`https://www.google.com/maps?q=${office}&output=embed`}
                  href={`https://www.google.com/maps/search/?api=1&query=${office}`}
                  linkText={t('viewMap')}
                  loadText={t('loadMap')}
                  height={360}
                  sandbox="allow-scripts allow-same-origin allow-popups"
                />
              </section>
              <section aria-labelledby="contact-social-heading">
                <h2 id="contact-social-heading" className="mb-4 text-xl font-bold text-brand-900">{t('chatHeading')}</h2>
                <LazyEmbed
                  title={t('pageTitle')}
                  src={`https://www.facebook.com/plugins/page.php?href=${encodeURIComponent(SOCIAL_PAGE_URL)}&tabs=messages&width=340&height=360&small_header=true&hide_cover=false`}
                  href={SOCIAL_PAGE_URL}
                  linkText={t('visitPage')}
                  loadText={t('loadPage')}
                  height={360}
                  sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
                />
              </section>
            </div>
          </ZoomIn>
        </div>
      </WithClientMessages>
    </>
  );
}
