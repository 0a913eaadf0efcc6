import 'server-only';
import { catalogueItemOf, isImpossibleCatalogueAddress } from '@/lib/catalogue-addresses';
import { splitLocale } from '@/i18n/routing';
import type { Locale } from '@/i18n/routing';
import { provide } from '@/serving/app-link.mjs';
import { catalogueItemExists } from './catalogue-item-ids';

// Made-up catalogue addresses — an impossible one (`/book/xyz`, `/classes/nowhere`) or a
// well-formed id of no item — are answered by the proxy with a plain 404 that is the same for
// every such address of a language. The production server's page cache keeps that answer once per
// language and gives it to the next made-up addresses itself, past Next's request pipeline (whose
// cost is the floor of anything Next answers). Both ask this
// module, so they always agree on what is made up.

/**
 * Whether a site path (without its language) is a made-up catalogue address; not when the database
 * cannot say (the page answers then).
 */
export async function isMadeUpAddress(path: string): Promise<boolean> {
  if (isImpossibleCatalogueAddress(path)) return true;
  const item = catalogueItemOf(path);
  if (!item) return false;
  return !(await catalogueItemExists(item.kind, item.id).catch(() => true));
}

/** The language of the plain 404 when `pathname` (with its language) is a made-up catalogue address, else null. */
export async function madeUpAddressLocale(pathname: string): Promise<Locale | null> {
  const { locale, path } = splitLocale(pathname);
  return (await isMadeUpAddress(path)) ? locale : null;
}

/**
 * Paths Next hands to the proxy as they are: not `/en/...` (redirected to the unprefixed address),
 * no trailing slash (redirected), nothing escaped or to resolve. Others go through Next.
 */
const AS_SERVED = /^(?!\/en(?:\/|$))(?:\/[A-Za-z0-9_-]+)+$/;

/**
 * Offers the check to the production server's page cache (serving/page-cache.mjs), which finds it
 * as `madeUpAddresses` in the app link (a separate module graph in the same process).
 */
export function offerMadeUpAddressesToPageCache(): void {
  provide('madeUpAddresses', {
    candidate(path) {
      if (!AS_SERVED.test(path)) return false;
      const siteAddress = splitLocale(path).path;
      return catalogueItemOf(siteAddress) !== null || isImpossibleCatalogueAddress(siteAddress);
    },
    localeOf: madeUpAddressLocale,
  });
}
