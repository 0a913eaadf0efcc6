import 'server-only';
import { revalidatePath } from 'next/cache';
import { routing } from '@/i18n/routing';

/**
 * revalidatePath for a page in every language. Pages live under app/[locale]: a route pattern
 * (`/book/[id]`) is that route in every language, and a literal address (`/books`) is kept once per
 * language (`/en/books`, `/bn/books`: the English address is rewritten to /en internally).
 */
export function revalidatePage(path: string, type?: 'page' | 'layout'): void {
  if (type) {
    revalidatePath(`/[locale]${path === '/' ? '' : path}`, type);
    return;
  }
  for (const locale of routing.locales) revalidatePath(`/${locale}${path === '/' ? '' : path}`);
}
