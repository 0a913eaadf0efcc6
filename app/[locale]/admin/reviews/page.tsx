import type { Metadata } from 'next';
import { HiddenReviewsList } from '@/components/admin/hidden-reviews-list';
import { Pager } from '@/components/ui/pager';
import { parsePageNumber, queryPagePath } from '@/lib/pagination';
import { requireAdminPage } from '@/server/guards';
import { listHiddenItemReviews } from '@/server/item-reviews';

export const metadata: Metadata = { title: 'Hidden reviews', robots: { index: false } };

type Props = { searchParams: Promise<{ page?: string }> };

/** The reviews admins hid on course and book pages (issue 21): check them, and show one again if hiding it was a mistake. */
export default async function HiddenReviewsPage({ searchParams }: Props) {
  const admin = await requireAdminPage('/admin/reviews');
  const reviews = await listHiddenItemReviews(admin, parsePageNumber((await searchParams).page) ?? 1);
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold text-brand-900">Hidden Reviews</h1>
      <p className="mb-6 mt-1 text-slate-700">
        Buyers&apos; reviews hidden for breaking the rules show on no page and count in no rating; Show Again puts one back on its page and in its
        rating.
        {reviews.total > 0 ? ` ${reviews.total} hidden, newest first.` : null}
      </p>
      <HiddenReviewsList reviews={reviews.items} />
      <Pager page={reviews.page} pageCount={reviews.pageCount} href={(target) => queryPagePath('/admin/reviews', target)} />
    </div>
  );
}
