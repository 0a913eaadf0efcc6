import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { preload } from 'react-dom';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { VerifyEmailReminder } from '@/components/account/verify-email-reminder';
import { DemoBanner } from '@/components/layout/demo-banner';
import { LazyToaster } from '@/components/layout/lazy-toaster';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { AppSessionProvider } from '@/components/layout/session-provider';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { ServiceWorkerRegistration } from '@/components/offline/service-worker-registration';
import { ProgressSync } from '@/components/learning/progress-sync';
import { SavedContentKeeper } from '@/components/offline/saved-content-keeper';
import { StaleHeadCleanup } from '@/components/layout/stale-head-cleanup';
import { clientMessages } from '@/i18n/client-messages';
import { EVERY_PAGE_FONT_FILES } from '@/i18n/every-page-font';
import { LOCALE_DETAILS, routing } from '@/i18n/routing';
import { checkoutMode } from '@/server/commerce/payments/mode';
import { simulatedMethods } from '@/server/commerce/payments/methods';
import { externalLinks, siteUrl } from '@/server/platform/env';
import { releaseRenderWhenComplete } from '@/server/learning/render-completion';
import '../globals.css';

/**
 * Fonts preloaded so text never swaps font under the reader (app/globals.css): Noto Sans Bengali
 * by pages in Bengali script; by pages in other scripts, only its every-page cut, for the header's
 * "বাংলা" (i18n/every-page-font.ts).
 */
const BENGALI_FONT_FILES = ['/fonts/noto-sans-bengali-bengali-400-normal.woff2', '/fonts/noto-sans-bengali-bengali-700-normal.woff2'];
const OTHER_SCRIPT_FONT_FILES = [`/fonts/${EVERY_PAGE_FONT_FILES[400]}`];

/** Every language of every page without further parameters is a static (ISR) page, like before. */
export function generateStaticParams(): { locale: string }[] {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const requested = (await params).locale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'site' });
  return {
    metadataBase: new URL(siteUrl()),
    title: { default: t('title'), template: `%s | ${t('name')}` },
    description: t('description'),
    applicationName: t('name'),
    appleWebApp: { capable: true, title: t('name'), statusBarStyle: 'default' },
    icons: { apple: [{ url: '/icons/apple-touch-icon.png', sizes: '180x180' }] },
    openGraph: { siteName: t('name'), type: 'website', locale: LOCALE_DETAILS[locale].openGraph },
  };
}

export const viewport: Viewport = { themeColor: '#1f5ad6', width: 'device-width', initialScale: 1 };

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  releaseRenderWhenComplete();
  const [t, messages] = await Promise.all([getTranslations('layout'), getMessages()]);
  const sandboxCard = checkoutMode().kind === 'sandbox';
  const simulatedPayments = simulatedMethods().length > 0;
  for (const file of LOCALE_DETAILS[locale].script === 'Beng' ? BENGALI_FONT_FILES : OTHER_SCRIPT_FONT_FILES) preload(file, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  return (
    <html lang={locale}>
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <NextIntlClientProvider locale={locale} messages={clientMessages(messages)}>
          <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
            {t('skipToContent')}
          </a>
          {/* The environment the server started with decides it, so cached and static pages stay so. */}
          {sandboxCard || simulatedPayments ? <DemoBanner sandboxCard={sandboxCard} simulated={simulatedPayments} /> : null}
          <AppSessionProvider>
            <SiteHeader />
            <VerifyEmailReminder />
            <main id="main" className="flex-1">
              {children}
            </main>
            <SiteFooter links={externalLinks()} />
            <ProgressSync />
            <SavedContentKeeper />
          </AppSessionProvider>
          <LazyToaster />
          <StaleHeadCleanup />
          <NavigationProgress />
          <ServiceWorkerRegistration />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
