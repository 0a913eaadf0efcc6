import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { Pagination } from '@/components/catalogue/pagination';
import { formatDate, formatNumber } from '@/lib/format';
import { itemReviewsPagePath } from '@/lib/item-reviews';
import type { ItemReview, ItemReviewPage, ReviewedItemKind } from '@/lib/item-reviews';
import { RATING_BEST, REVIEW_GATE, STAR_VALUES, formatAverage } from '@/lib/ratings';
import type { RatingSummary } from '@/lib/ratings';
import { MyItemReview } from './my-item-review';
import { ReviewModeration } from './review-moderation';
import { RatingInWords, Stars } from './stars';

// Ratings and reviews on a course or book page (and its further review pages): the average, the
// count and the breakdown per star, one page of reviews newest first, and the visitor's own
// review form. Rendered on the server into the cached page; only the form and the admins'
// controls run in the browser.

/**
 * The messages those browser parts read: a page showing this section wraps its content (once, with
 * whatever else its own client components need) in <WithClientMessages namespaces={…}>.
 */
export const ITEM_REVIEWS_CLIENT_NAMESPACES = ['itemReviews', 'errors'] as const;

function RatingOverview({ rating }: { rating: RatingSummary }) {
  const t = useTranslations('itemReviews');
  const locale = useLocale();
  return (
    <div className="self-start rounded-xl border border-slate-200 bg-white p-5">
      <p className="flex items-baseline gap-2">
        <span className="text-5xl font-extrabold text-brand-900" aria-hidden>{formatAverage(rating.average, locale)}</span>
        <span className="text-slate-700" aria-hidden>{t('outOf', { best: RATING_BEST })}</span>
        <RatingInWords rating={rating} />
      </p>
      <p className="mt-2 flex items-center gap-2" aria-hidden>
        <Stars value={rating.average} size={22} />
        <span className="text-sm text-slate-700">{t('reviewCount', { count: rating.count })}</span>
      </p>
      <ul aria-label={t('breakdown')} className="mt-4 space-y-1.5">
        {[...STAR_VALUES].reverse().map((star) => {
          const percent = rating.percents[star - 1] ?? 0;
          const count = rating.stars[star - 1] ?? 0;
          return (
            <li key={star} className="grid grid-cols-[3.75rem_minmax(0,1fr)_2.75rem] items-center gap-2 text-sm">
              <span className="text-slate-800">{t('stars', { star })}</span>
              <span aria-hidden className="h-2.5 overflow-hidden rounded-full bg-slate-200">
                <span className="block h-full rounded-full bg-amber-500" style={{ width: `${percent}%` }} />
              </span>
              <span className="text-right tabular-nums text-slate-800">
                {formatNumber(percent, locale)}%<span className="sr-only"> ({t('reviewCount', { count })})</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewCard({ review }: { review: ItemReview }) {
  const t = useTranslations('itemReviews');
  const locale = useLocale();
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-bold text-brand-900">{review.authorName}</h3>
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
          <svg width={12} height={12} viewBox="0 0 24 24" aria-hidden fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round">
            <path d="M20 6 9 17l-5-5" />
          </svg>
          {t('verifiedBuyer')}
        </span>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
        <Stars value={review.rating} size={16} />
        <span className="sr-only">{t('rated', { rating: review.rating, best: RATING_BEST })}</span>
        <time dateTime={review.createdAt}>{formatDate(review.createdAt, 'short', locale)}</time>
        {review.edited ? <span>{t('edited')}</span> : null}
      </p>
      {/* Text, never markup: React escapes whatever the buyer typed. */}
      <p className="mt-3 whitespace-pre-line break-words text-slate-800">{review.body}</p>
      {review.reply ? (
        <div className="mt-4 rounded-lg border-l-4 border-brand-500 bg-brand-50 px-4 py-3">
          <p className="text-sm font-semibold text-brand-900">
            {t.rich('replyFrom', {
              name: review.reply.authorName,
              author: (chunks) => <span className="font-normal text-slate-700">{chunks}</span>,
            })}
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-slate-800">{review.reply.body}</p>
        </div>
      ) : null}
      <ReviewModeration reviewId={review.id} authorName={review.authorName} reply={review.reply?.body ?? null} />
    </article>
  );
}

type Props = {
  itemId: string;
  itemKind: ReviewedItemKind;
  /** The item's page: the further review pages hang below it. */
  itemPath: string;
  rating: RatingSummary | null;
  reviews: ItemReviewPage;
  /** On the item's own page: a link to the next reviews; on a review page: the whole pager. */
  paging: 'more-link' | 'pager';
  /** Without the visitor's form (a further review page: the form is on the item's page). */
  withForm?: boolean;
};

export function ItemReviewsSection({ itemId, itemKind, itemPath, rating, reviews, paging, withForm = true }: Props) {
  const t = useTranslations('itemReviews');
  return (
    <section aria-labelledby="reviews-heading" id="reviews" className="scroll-mt-24">
      <h2 id="reviews-heading" className="mb-4 text-2xl font-bold text-brand-900">{t('heading')}</h2>
      <div className={`grid grid-cols-[minmax(0,1fr)] gap-4 ${rating ? 'md:grid-cols-[17rem_minmax(0,1fr)]' : ''}`}>
        {rating ? <RatingOverview rating={rating} /> : null}
        <div className="space-y-4">
          {rating ? null : (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-slate-800">
              {t('noReviews', { kind: itemKind, days: REVIEW_GATE.daysAfterPurchase })}
            </p>
          )}
          {withForm ? <MyItemReview itemId={itemId} itemKind={itemKind} /> : null}
        </div>
      </div>
      {reviews.items.length > 0 ? (
        <ol aria-label={t('listLabel', { kind: itemKind })} className="mt-6 space-y-4">
          {reviews.items.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ol>
      ) : null}
      {paging === 'more-link' && reviews.pageCount > 1 ? (
        <p className="mt-5">
          <Link href={itemReviewsPagePath(itemPath, 2)} className="btn-outline">
            {t.rich('moreReviews', {
              kind: itemKind,
              count: reviews.total - reviews.items.length,
              hidden: (chunks) => <span className="sr-only">{chunks}</span>,
            })}
          </Link>
        </p>
      ) : null}
      {paging === 'pager' ? (
        <Pagination page={reviews.page} pageCount={reviews.pageCount} hrefFor={(page) => itemReviewsPagePath(itemPath, page)} label={t('reviewPages')} />
      ) : null}
    </section>
  );
}
