import type { MetadataRoute } from 'next';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { textsIn } from '@/server/platform/messages-in';

// The web app manifest: what a phone or a desktop browser needs to install the site as an app
// (name, icons, colours, the page it opens on). The service worker is offline/service-worker.ts.

export default function manifest(): MetadataRoute.Manifest {
  const t = textsIn(DEFAULT_LOCALE, 'site');
  return {
    name: t('name'),
    short_name: t('name'),
    description: t('description'),
    lang: DEFAULT_LOCALE,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1f5ad6',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
