import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ReviewForm } from '@/components/reviews/review-form';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { requireUserPage } from '@/server/accounts/guards';
import { findUserReview } from '@/server/reviews/reviews';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('addReview');
  return { title: t('title'), robots: { index: false } };
}

/** The old client's path (docs/product.md §2) keeps its spelling; /addReview shows the same page. */
export default async function AddReviewPage() {
  const user = await requireUserPage('/addReviwe');
  const [existing, t] = await Promise.all([findUserReview(user.id), getTranslations('addReview')]);
  return (
    <div className="container-page py-10">
      <div className="mx-auto max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="mb-2 text-3xl font-bold text-brand-900">{t('title')}</h1>
        <p className="mb-6 text-slate-700">{t('intro')}</p>
        <WithClientMessages namespaces={['addReview', 'reviewForm', 'errors']}>
          <ReviewForm name={user.name} hasReview={existing !== null} />
        </WithClientMessages>
      </div>
    </div>
  );
}
