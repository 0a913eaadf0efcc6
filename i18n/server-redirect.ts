import 'server-only';
import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { isLocale, localePath, routing } from './routing';

/** The language of the page being rendered (English outside app/[locale]). */
export async function currentLocale() {
  const locale = await getLocale();
  return isLocale(locale) ? locale : routing.defaultLocale;
}

/** Redirects a page to `path` (an English site path, query and fragment allowed) in the page's own language. */
export async function redirectInLocale(path: string): Promise<never> {
  redirect(localePath(await currentLocale(), path));
}
