import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import localFont from 'next/font/local';
import { VerifyEmailReminder } from '@/components/account/verify-email-reminder';
import { DemoBanner } from '@/components/layout/demo-banner';
import { LazyToaster } from '@/components/layout/lazy-toaster';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { AppSessionProvider } from '@/components/layout/session-provider';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { StaleHeadCleanup } from '@/components/layout/stale-head-cleanup';
import { clientMessages } from '@/i18n/client-messages';
import { routing } from '@/i18n/routing';
import { checkoutMode } from '@/server/payments/mode';
import { externalLinks } from '@/server/env';
import '../globals.css';

const siteUrl = process.env.SITE_URL ?? 'http://127.0.0.1:3000';

// Bengali script from the npm-packaged Noto Sans Bengali, served by this site. Its unicode-range
// keeps browsers from fetching it for pages without Bengali text; latin text keeps the system font.
const bengali = localFont({
  src: [
    { path: '../../node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2', weight: '400' },
    { path: '../../node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2', weight: '700' },
  ],
  declarations: [{ prop: 'unicode-range', value: 'U+0951-0952,U+0964-0965,U+0980-09FE,U+1CD0-1CF9,U+200C-200D,U+20B9,U+25CC,U+A8F1' }],
  display: 'swap',
  preload: false,
  variable: '--font-bengali',
  fallback: [],
  adjustFontFallback: false,
});

/** Both languages of every page without further parameters are static (ISR) pages, like before. */
export function generateStaticParams(): { locale: string }[] {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: hasLocale(routing.locales, locale) ? locale : routing.defaultLocale, namespace: 'site' });
  return {
    metadataBase: new URL(siteUrl),
    title: { default: t('title'), template: `%s | ${t('name')}` },
    description: t('description'),
    applicationName: t('name'),
    openGraph: { siteName: t('name'), type: 'website', locale: locale === 'bn' ? 'bn_BD' : 'en_US' },
  };
}

export const viewport: Viewport = { themeColor: '#1f5ad6', width: 'device-width', initialScale: 1 };

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  const [t, messages] = await Promise.all([getTranslations('layout'), getMessages()]);
  return (
    <html lang={locale} className={bengali.variable}>
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <NextIntlClientProvider locale={locale} messages={clientMessages(messages)}>
          <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
            {t('skipToContent')}
          </a>
          {/* The environment the server started with decides it, so cached and static pages stay so. */}
          {checkoutMode().kind === 'sandbox' ? <DemoBanner /> : null}
          <AppSessionProvider>
            <SiteHeader />
            <VerifyEmailReminder />
            <main id="main" className="flex-1">
              {children}
            </main>
            <SiteFooter links={externalLinks()} />
          </AppSessionProvider>
          <LazyToaster />
          <StaleHeadCleanup />
          <NavigationProgress />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
