import { useLocale, useTranslations } from 'next-intl';
import { formatNumber } from '@/lib/format';
import { RATING_BEST, formatAverage } from '@/lib/ratings';
import type { CardRating } from '@/lib/ratings';

// Star pictures for buyers' ratings. The stars themselves are decorative: each use says the
// rating in words for screen readers. The parts with words render on the server (cards, item
// pages), where next-intl's hooks read the page's messages.

const STAR_PATH = 'm12 2.5 2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

function StarRow({ size }: { size: number }) {
  return Array.from({ length: RATING_BEST }, (_, index) => (
    <svg key={index} width={size} height={size} viewBox="0 0 24 24" className="shrink-0" aria-hidden>
      <path fill="currentColor" d={STAR_PATH} />
    </svg>
  ));
}

/** Five stars filled up to `value` (partly filled for an average such as 4.3). */
export function Stars({ value, size = 18 }: { value: number; size?: number }) {
  const percent = Math.min(100, Math.max(0, (value / RATING_BEST) * 100));
  return (
    <span aria-hidden className="relative inline-flex shrink-0">
      <span className="flex text-slate-300">
        <StarRow size={size} />
      </span>
      <span className="absolute inset-y-0 left-0 flex overflow-hidden text-amber-500" style={{ width: `${percent}%` }}>
        <StarRow size={size} />
      </span>
    </span>
  );
}

/** "Rated 4.6 out of 5 from 12 reviews", for screen readers. */
export function RatingInWords({ rating }: { rating: CardRating }) {
  const t = useTranslations('itemReviews');
  const locale = useLocale();
  return <span className="sr-only">{t('ratedFrom', { average: formatAverage(rating.average, locale), best: RATING_BEST, count: rating.count })}</span>;
}

/** A card's rating: stars, the average and "(12)"; nothing when nobody has reviewed the item. */
export function CardRatingLine({ rating }: { rating: CardRating | null | undefined }) {
  const locale = useLocale();
  if (!rating || rating.count <= 0) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <Stars value={rating.average} size={16} />
      <span aria-hidden className="font-semibold text-slate-900">{formatAverage(rating.average, locale)}</span>
      <span aria-hidden className="text-slate-700">({formatNumber(rating.count, locale)})</span>
      <RatingInWords rating={rating} />
    </p>
  );
}

/** Beside an item's title: its rating, leading to the reviews further down; nothing without reviews. */
export function RatingLink({ rating, className = '' }: { rating: CardRating | null | undefined; className?: string }) {
  const t = useTranslations('itemReviews');
  const locale = useLocale();
  if (!rating || rating.count <= 0) return null;
  return (
    <p className={className}>
      <a href="#reviews" className="inline-flex items-center gap-2 text-slate-800 hover:underline">
        <Stars value={rating.average} size={20} />
        <span aria-hidden className="font-bold text-slate-900">{formatAverage(rating.average, locale)}</span>
        <span aria-hidden className="text-slate-700">({t('reviewCount', { count: rating.count })})</span>
        <RatingInWords rating={rating} />
      </a>
    </p>
  );
}
