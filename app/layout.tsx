import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { VerifyEmailReminder } from '@/components/account/verify-email-reminder';
import { DemoBanner } from '@/components/layout/demo-banner';
import { LazyToaster } from '@/components/layout/lazy-toaster';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { AppSessionProvider } from '@/components/layout/session-provider';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { StaleHeadCleanup } from '@/components/layout/stale-head-cleanup';
import { checkoutMode } from '@/server/payments/mode';
import { externalLinks } from '@/server/env';
import './globals.css';

const siteUrl = process.env.SITE_URL ?? 'http://127.0.0.1:3000';

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl),
  title: { default: 'Knowledge Zone — an EdTech Platform', template: '%s | Knowledge Zone' },
  description:
    'Adaptive self-learning courses and personalised 1-on-1 classes for ages 4-18+: academic courses for classes 1–12, skill courses, books, blogs and instructors.',
  applicationName: 'Knowledge Zone',
  openGraph: { siteName: 'Knowledge Zone', type: 'website' },
};

export const viewport: Viewport = { themeColor: '#1f5ad6', width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          Skip to content
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
      </body>
    </html>
  );
}
