import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { HiddenReviewsList } from '@/components/admin/hidden-reviews-list';
import { Pager } from '@/components/ui/pager';
import { parsePageNumber, queryPagePath } from '@/lib/pagination';
import { requirePermissionPage } from '@/server/accounts/guards';
import { listHiddenItemReviews } from '@/server/reviews/item-reviews';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('hiddenReviews');
  return { title: t('metaTitle'), robots: { index: false } };
}

type Props = { searchParams: Promise<{ page?: string }> };

/** The reviews admins hid on course and book pages: check them, and show one again if hiding it was a mistake. */
export default async function HiddenReviewsPage({ searchParams }: Props) {
  const admin = await requirePermissionPage('moderateReviews', '/admin/reviews');
  const reviews = await listHiddenItemReviews(admin, parsePageNumber((await searchParams).page) ?? 1);
  const t = await getTranslations('hiddenReviews');
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
      <p className="mb-6 mt-1 text-slate-700">
        {t('intro')}
        {reviews.total > 0 ? ` ${t('count', { count: reviews.total })}` : null}
      </p>
      {/* Each review has a Show Again button (a client component). */}
      <WithClientMessages namespaces={['adminReviewActions', 'ui', 'errors']}>
        <HiddenReviewsList reviews={reviews.items} />
      </WithClientMessages>
      <Pager page={reviews.page} pageCount={reviews.pageCount} href={(target) => queryPagePath('/admin/reviews', target)} />
    </div>
  );
}
