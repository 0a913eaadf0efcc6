import 'server-only';
import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { ITEM_REVIEWS_CLIENT_NAMESPACES, ItemReviewsSection } from '@/components/reviews/item-reviews-section';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { itemReviewsPagePath } from '@/lib/item-reviews';
import type { ReviewedItemKind } from '@/lib/item-reviews';
import { parsePageNumber } from '@/lib/pagination';
import type { RatingSummary } from '@/lib/ratings';
import { listItemReviews } from '@/server/reviews/item-reviews';
import { pageMetadata } from './seo';

// A course's or book's further reviews (page 1 is on the item's own page), as plain cached pages
// so they work without scripts; a review change refreshes them with the item's page
// (server/reviews/item-reviews.ts). The course and book routes differ only in how they find the item from
// their address, so this builds their generateStaticParams, generateMetadata and page component;
// each route's page.tsx re-exports them and keeps its own `export const revalidate = 300` (Next
// reads segment settings from the file itself).

/** What the pages show of the reviewed course or book. */
export type ReviewedItem = {
  id: string;
  kind: ReviewedItemKind;
  name: string;
  /** The item's own page. */
  path: string;
  image: string;
  rating: RatingSummary | null;
  /** The list the breadcrumbs lead back through (its label in the page's language). */
  list: { href: string; label: string };
};

/** The item an address names (null: there is none, a 404), and whether that address is the item's own (or a redirect to it). */
type Find<Params> = (params: Params) => Promise<{ item: ReviewedItem; canonical: boolean } | null>;

export function itemReviewsPages<Params extends { page: string }>(find: Find<Params>) {
  async function load(params: Promise<Params>) {
    const resolved = await params;
    const page = parsePageNumber(resolved.page);
    if (page === null) notFound();
    const found = await find(resolved);
    if (!found) notFound();
    const { item, canonical } = found;
    if (!canonical || page === 1) permanentRedirect(itemReviewsPagePath(item.path, page));
    const reviews = await listItemReviews(item.id, page, item.rating);
    if (page > reviews.pageCount) notFound();
    return { item, reviews, page };
  }

  return {
    /** No page is built ahead: each renders on its first request and is cached from then on. */
    generateStaticParams: async (): Promise<Params[]> => [],
    generateMetadata: async ({ params }: { params: Promise<Params> }): Promise<Metadata> => {
      const { item, page } = await load(params);
      const t = await getTranslations('itemReviews');
      return pageMetadata({
        title: t('pageTitle', { name: item.name, page }),
        description: t('pageDescription', { name: item.name }),
        path: itemReviewsPagePath(item.path, page),
        image: item.image,
      });
    },
    Page: async function ItemReviewsPage({ params }: { params: Promise<Params> }) {
      const { item, reviews, page } = await load(params);
      const [t, tNav] = await Promise.all([getTranslations('itemReviews'), getTranslations('nav')]);
      return (
        <div className="container-page max-w-4xl py-6 lg:py-10">
          <Breadcrumbs
            trail={[{ href: '/', label: tNav('home') }, { href: item.list.href, label: item.list.label }, { href: item.path, label: item.name }]}
            current={t('pageCrumb', { page })}
          />
          <h1 className="mb-6 mt-4 text-3xl font-extrabold leading-tight text-brand-900">{t('pageHeading', { name: item.name })}</h1>
          <WithClientMessages namespaces={ITEM_REVIEWS_CLIENT_NAMESPACES}>
            <ItemReviewsSection itemId={item.id} itemKind={item.kind} itemPath={item.path} rating={item.rating} reviews={reviews} paging="pager" withForm={false} />
          </WithClientMessages>
        </div>
      );
    },
  };
}
