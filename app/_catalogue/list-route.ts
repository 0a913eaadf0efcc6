import 'server-only';
import { notFound, permanentRedirect } from 'next/navigation';
import { localePath } from '@/i18n/routing';
import { currentLocale } from '@/i18n/server-redirect';
import { listPagePath, parsePageNumber } from '@/lib/pagination';

// Turns the segments of a catalogue list address into the list and page to show. Page 1 lives at
// the list's own address, so `/…/page/1` and an index list reached by its slug (`/classes/one`)
// redirect there (in the page's language: `/bn/classes/one` → `/bn/classes`), and anything
// unknown is a 404.

type Linkable = { slug: string; href: string };

/** `/classes`, `/courses`, `/instructor`: the address of the list shown first. */
function isIndexAddress(href: string): boolean {
  return href.split('/').length === 2;
}

/** A permanent redirect to `path` (an English site path) in the page's own language. */
async function movedTo(path: string): Promise<never> {
  permanentRedirect(localePath(await currentLocale(), path));
}

/** The list named by `slug` (undefined: the index list), or a 404. */
export async function resolveList<Item extends Linkable>(items: readonly Item[], slug: string | undefined, page = 1): Promise<Item> {
  const item =
    slug === undefined
      ? items.find((candidate) => isIndexAddress(candidate.href))
      : items.find((candidate) => candidate.slug !== '' && candidate.slug === slug);
  if (!item) notFound();
  // The index list has its own short address; its slug form is only an alias.
  if (slug !== undefined && !item.href.endsWith(`/${slug}`)) await movedTo(listPagePath(item.href, page));
  return item;
}

/** The page number of a `/page/N` address: 1 redirects to the list itself, anything invalid is a 404. */
export async function resolvePageNumber(raw: string, basePath: string): Promise<number> {
  const page = parsePageNumber(raw);
  if (page === null) notFound();
  if (page === 1) await movedTo(basePath);
  return page;
}
