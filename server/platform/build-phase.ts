import 'server-only';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';

// `next build` prerenders the static pages (home, the catalogue lists, the sitemap) once, but that
// output is never served: the cache handler (serving/isr-cache.mjs) keeps rendered pages in
// each instance's memory only, so every instance renders a page at its first request, from the
// database it serves. The build therefore renders those pages without data and reads no database:
// one build is made once and deployed to any number of instances.

/** True while `next build` runs (Next sets NEXT_PHASE for it). */
export function isBuilding(): boolean {
  return process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;
}
