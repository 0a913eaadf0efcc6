import { Link } from '@/i18n/navigation';
import { Stars } from '@/components/reviews/stars';
import type { HiddenItemReview } from '@/lib/item-reviews';
import { RATING_BEST } from '@/lib/ratings';
import { ShowReviewButton } from './show-review-button';

// The moderators' list of hidden reviews (/admin/reviews): what each said, on which item, who hid
// it when and why, and the way back (Show Again).

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

export function HiddenReviewsList({ reviews }: { reviews: HiddenItemReview[] }) {
  if (reviews.length === 0) {
    return (
      <p className="rounded-lg bg-white p-6 text-slate-700">
        No reviews are hidden. A review you hide on a course or book page shows here, so you can show it again.
      </p>
    );
  }
  return (
    <ul aria-label="Hidden reviews, newest hidden first" className="grid gap-4 lg:grid-cols-2">
      {reviews.map((review) => (
        <li key={review.id} className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <div>
            <p className="text-sm text-slate-700">
              <span className="capitalize">{review.item.kind}</span>:{' '}
              {review.item.path ? (
                <Link href={review.item.path} className="font-semibold text-brand-700 hover:underline">
                  {review.item.name}
                </Link>
              ) : (
                <span className="font-semibold text-slate-900">{review.item.name} (no longer in the catalogue)</span>
              )}
            </p>
            <h2 className="mt-1 break-words text-lg font-bold text-brand-900">{review.authorName}</h2>
            <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
              <Stars value={review.rating} size={16} />
              <span className="sr-only">
                Rated {review.rating} out of {RATING_BEST}.
              </span>
            </p>
          </div>
          {/* Text, never markup: React escapes whatever the buyer typed. */}
          <blockquote className="whitespace-pre-line break-words rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200">
            <span className="sr-only">The review: </span>
            {review.body}
          </blockquote>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-slate-600">Reason</dt>
            <dd className="break-words text-red-800">{review.hiddenReason ?? 'None recorded.'}</dd>
            {review.hiddenAt ? (
              <>
                <dt className="font-semibold text-slate-600">Hidden</dt>
                <dd className="text-slate-900">
                  <time dateTime={review.hiddenAt}>{when.format(new Date(review.hiddenAt))}</time> UTC
                </dd>
              </>
            ) : null}
            <dt className="font-semibold text-slate-600">By</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">
              {review.hiddenBy ? (
                <>
                  {review.hiddenBy.name} <span className="block text-slate-700">{review.hiddenBy.email}</span>
                </>
              ) : (
                <span className="italic text-slate-700">An admin whose account was deleted</span>
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
