import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { securityHeaders } from './lib/security-headers';
// The plain list rather than i18n/routing.ts, whose next-intl import the config's loader need not compile.
import { DEFAULT_LOCALE, LOCALES } from './i18n/locales.mjs';

const isDevelopment = process.env.NODE_ENV !== 'production';

/** A path that starts with a language's segment: `bn/...`, `en/...` (path-to-regexp's own regex). */
const LOCALE_SEGMENT = LOCALES.map((locale) => `${locale}(?:/|$)`).join('|');

const nextConfig: NextConfig = {
  // Test runs build into their own folder against their own fresh database (scripts/test-e2e.sh).
  distDir: process.env.KZ_DIST_DIR ?? '.next',
  poweredByHeader: false,
  // Every instance must run one build: the build id names its pages and assets. Copies of one build
  // share it; machines that each build the same commit agree on it through KZ_BUILD_ID (and on server
  // actions through NEXT_SERVER_ACTIONS_ENCRYPTION_KEY, which Next reads itself). Unset: a random id.
  generateBuildId: async () => process.env.KZ_BUILD_ID || null,
  reactStrictMode: true,
  // Rendered pages are kept by our own handler (in memory, bounded, never a 404) instead of Next's
  // default, which writes every render to disk without bound (serving/isr-cache.mjs).
  cacheHandler: path.resolve('serving/isr-cache.mjs'),
  cacheMaxMemorySize: 0,
  // Loaded by Node as they are: pdf.js (counting an uploaded PDF's pages, server/catalogue/pdf-pages.ts) imports
  // its parser at run time, which a server bundle would not hold; esbuild bundles the service worker
  // (app/serwist). These two are what @serwist/turbopack's withSerwist adds; importing it here would
  // load next/server into every process that reads this config (jest's among them).
  serverExternalPackages: ['@node-rs/argon2', 'mongodb', 'pdfjs-dist', 'esbuild', 'esbuild-wasm'],
  // Only our own images go through the optimizer; remote image URLs are shown unoptimized so the
  // optimizer can never be used to fetch arbitrary hosts.
  // Fewer candidate widths than Next's 16 defaults: every picture's srcset (in the HTML and again in
  // the RSC payload) listed all of them, about a third of the home page's bytes. These still give a
  // close match for 1x–2x screens from a 96 px avatar to a full-width banner.
  images: { formats: ['image/webp'], imageSizes: [96, 192, 320], deviceSizes: [480, 640, 828, 1200, 1920] },
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders(isDevelopment) },
      // The Bengali font's files change only with its npm package: a day without asking again.
      { source: '/fonts/:file*', headers: [{ key: 'Cache-Control', value: 'public, max-age=86400' }] },
    ];
  },
  // English pages keep their unprefixed addresses (i18n/routing.ts): each is the `en` page of
  // app/[locale]. Every other language's addresses (/bn/...) match the segment themselves.
  // afterFiles: public files and the API's own routes are matched first; every request, a form's
  // POST included, is rewritten (the proxy does not run for requests with a body).
  async rewrites() {
    return {
      beforeFiles: [],
      afterFiles: [
        { source: '/', destination: `/${DEFAULT_LOCALE}` },
        { source: `/:path((?!${LOCALE_SEGMENT}|api/|_next/|media/|serwist/).+)`, destination: `/${DEFAULT_LOCALE}/:path` },
      ],
      fallback: [],
    };
  },
  // One English address per page: /en/... is the internal name of the unprefixed page.
  async redirects() {
    return [
      { source: `/${DEFAULT_LOCALE}`, destination: '/', permanent: true },
      { source: `/${DEFAULT_LOCALE}/:path*`, destination: '/:path*', permanent: true },
    ];
  },
};

// Messages are compiled at build time, so browsers get no ICU message parser (about 10 kB gzip).
export default createNextIntlPlugin({
  requestConfig: './i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: [...LOCALES], precompile: true } },
})(nextConfig);
