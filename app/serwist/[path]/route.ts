// GET /serwist/sw.js — the service worker (offline/service-worker.ts), bundled by Serwist when the
// site is built and served as a static file, with what it keeps from the start: the build's
// styles and the offline pages.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSerwistRoute } from '@serwist/turbopack';

/** The build's folder, as next.config.ts names it. */
const DIST_DIR = process.env.KZ_DIST_DIR ?? '.next';

/**
 * The offline pages' revision: a hash of what they are made of (their texts in every language),
 * so every instance built from the same source serves the same worker, and a browser fetches the
 * pages again only when they change.
 */
const revision = createHash('sha256')
  .update(readFileSync('messages/en.json'))
  .update(readFileSync('messages/bn.json'))
  .update(readFileSync('app/[locale]/offline/page.tsx'))
  .digest('hex')
  .slice(0, 16);

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'offline/service-worker.ts',
  // Of the build, only the styles (a few dozen kB), so the offline page looks like the site without
  // a connection. A learner on a metered connection downloads the scripts a page needs when they
  // open it (the worker keeps them then), not the whole site at once.
  globPatterns: [`${DIST_DIR}/static/chunks/*.css`],
  additionalPrecacheEntries: [
    { url: '/offline', revision },
    { url: '/bn/offline', revision },
  ],
  useNativeEsbuild: true,
});
