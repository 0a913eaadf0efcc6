import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { Stars } from '@/components/reviews/stars';
import type { HiddenItemReview } from '@/lib/item-reviews';
import { formatDate } from '@/lib/format';
import { RATING_BEST } from '@/lib/ratings';
import { ShowReviewButton } from './show-review-button';

// The moderators' list of hidden reviews (/admin/reviews): what each said, on which item, who hid
// it when and why, and the way back (Show Again).

export async function HiddenReviewsList({ reviews }: { reviews: HiddenItemReview[] }) {
  const t = await getTranslations('hiddenReviews');
  const kinds = await getTranslations('adminItemKinds');
  const locale = await getLocale();
  if (reviews.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">{t('empty')}</p>;
  return (
    <ul aria-label={t('listLabel')} className="grid gap-4 lg:grid-cols-2">
      {reviews.map((review) => (
        <li key={review.id} className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <div>
            <p className="text-sm text-slate-700">
              <span className="capitalize">{kinds(review.item.kind)}</span>:{' '}
              {review.item.path ? (
                <Link href={review.item.path} className="font-semibold text-brand-700 hover:underline">
                  {review.item.name}
                </Link>
              ) : (
                <span className="font-semibold text-slate-900">{t('notInCatalogue', { name: review.item.name })}</span>
              )}
            </p>
            <h2 className="mt-1 break-words text-lg font-bold text-brand-900">{review.authorName}</h2>
            <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
              <Stars value={review.rating} size={16} />
              <span className="sr-only">{t('rated', { rating: review.rating, best: RATING_BEST })}</span>
            </p>
          </div>
          {/* Text, never markup: React escapes whatever the buyer typed. */}
          <blockquote className="whitespace-pre-line break-words rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200">
            <span className="sr-only">{t('theReview')}</span>
            {review.body}
          </blockquote>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-slate-600">{t('reason')}</dt>
            <dd className="break-words text-red-800">{review.hiddenReason ?? t('noneRecorded')}</dd>
            {review.hiddenAt ? (
              <>
                <dt className="font-semibold text-slate-600">{t('hidden')}</dt>
                <dd className="text-slate-900">
                  <time dateTime={review.hiddenAt}>{formatDate(review.hiddenAt, 'shortTime', locale)}</time> UTC
                </dd>
              </>
            ) : null}
            <dt className="font-semibold text-slate-600">{t('by')}</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">
              {review.hiddenBy ? (
                <>
                  {review.hiddenBy.name} <span className="block text-slate-700">{review.hiddenBy.email}</span>
                </>
              ) : (
                <span className="italic text-slate-700">{t('deletedAdmin')}</span>
              )}
            </dd>
          </dl>
          <div className="mt-auto flex flex-wrap gap-3">
            <ShowReviewButton reviewId={review.id} authorName={review.authorName} rating={review.rating} itemName={review.item.name} />
          </div>
        </li>
      ))}
    </ul>
  );
}
