import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { isBuilding } from '@/server/platform/build-phase';
import { resolveList, resolvePageNumber } from './list-route';

// The /classes, /courses and /instructor sections each have four routes that differ only in which
// list and page they show: the index list (/classes), a list by slug (/classes/two), and the
// /page/N of either. This builds the four routes' generateMetadata and page component from a
// section's lists, its metadata and its screen; each route's page.tsx re-exports them and keeps
// its own `export const revalidate = 300` (Next reads segment settings from the file itself).

type Linkable = { slug: string; href: string };

type Section<Item extends Linkable> = {
  /** The section's lists (ACADEMIC_PAGES, SKILL_PAGES, SUBJECT_PAGES); one has the section's own address. */
  lists: readonly Item[];
  metadata: (list: Item, page: number) => Promise<Metadata>;
  render: (list: Item, page: number) => ReactNode;
};

type PageParams = Promise<{ page: string }>;
type SlugParams = Promise<{ slug: string }>;
type SlugPageParams = Promise<{ slug: string; page: string }>;

/** " — page N" for the later pages of a list, in the page's language, so every page has its own title. */
export async function listPageSuffix(page: number): Promise<string> {
  if (page <= 1) return '';
  const t = await getTranslations('catalogue');
  return t('pageSuffix', { page });
}

/** No page is built ahead: each renders on its first request and is cached from then on. */
async function noPagesAhead(): Promise<never[]> {
  return [];
}

export function catalogueListPages<Item extends Linkable>({ lists, metadata, render }: Section<Item>) {
  const indexList = () => resolveList(lists, undefined);

  async function indexPageOf(params: PageParams) {
    const { page } = await params;
    const list = await indexList();
    return { list, page: await resolvePageNumber(page, list.href) };
  }

  async function slugPageOf(params: SlugPageParams) {
    const { slug, page: rawPage } = await params;
    // Page 1 goes back to the slug's own address (/classes/two), whatever the slug turns out to be.
    const page = await resolvePageNumber(rawPage, `${(await indexList()).href}/${slug}`);
    return { list: await resolveList(lists, slug, page), page };
  }

  return {
    /** /classes: prerendered by `next build`, which renders it without data (server/platform/build-phase.ts). */
    index: {
      generateMetadata: async (): Promise<Metadata> => metadata(await indexList(), 1),
      Page: async function IndexListPage() {
        if (isBuilding()) return null;
        return render(await indexList(), 1);
      },
    },
    /** /classes/page/N */
    indexPage: {
      generateStaticParams: noPagesAhead,
      generateMetadata: async ({ params }: { params: PageParams }): Promise<Metadata> => {
        const { list, page } = await indexPageOf(params);
        return metadata(list, page);
      },
      Page: async function IndexListPageN({ params }: { params: PageParams }) {
        const { list, page } = await indexPageOf(params);
        return render(list, page);
      },
    },
    /** /classes/two */
    slug: {
      generateStaticParams: noPagesAhead,
      generateMetadata: async ({ params }: { params: SlugParams }): Promise<Metadata> => metadata(await resolveList(lists, (await params).slug), 1),
      Page: async function SlugListPage({ params }: { params: SlugParams }) {
        return render(await resolveList(lists, (await params).slug), 1);
      },
    },
    /** /classes/two/page/N */
    slugPage: {
      generateStaticParams: noPagesAhead,
      generateMetadata: async ({ params }: { params: SlugPageParams }): Promise<Metadata> => {
        const { list, page } = await slugPageOf(params);
        return metadata(list, page);
      },
      Page: async function SlugListPageN({ params }: { params: SlugPageParams }) {
        const { list, page } = await slugPageOf(params);
        return render(list, page);
      },
    },
  };
}
