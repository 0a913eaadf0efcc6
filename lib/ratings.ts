// Buyers' ratings of a course or book (server/reviews/item-reviews.ts), read by pages, cards and lists in
// the browser and on the server. The counters live on the course or book document itself
// (`rating`, kept with $inc by every review change, and `averageRating` beside it for sorting), so
// a list shows and sorts by rating without reading a single review. Counts in words ("12 reviews")
// are the pages' messages (`itemReviews` in messages/).

import { formatNumber } from './format';
import type { FormatLocale } from './format';

export const STAR_VALUES = [1, 2, 3, 4, 5] as const;
export type StarValue = (typeof STAR_VALUES)[number];

export const RATING_BEST = 5;
export const RATING_WORST = 1;

/** Reviews shown per page, on the item's page and on its further review pages. */
export const ITEM_REVIEWS_PER_PAGE = 10;

/** The review gate for courses: a fifth of the lessons completed, or this long after the purchase. */
export const REVIEW_GATE = { lessonFraction: 5, daysAfterPurchase: 7 } as const;

/**
 * As stored on a course or book: how many visible reviews, the sum of their stars, and how many
 * gave each star (`stars[0]` one star … `stars[4]` five stars).
 */
export type RatingCounters = { count: number; sum: number; stars: number[] };

export const EMPTY_RATING: RatingCounters = { count: 0, sum: 0, stars: [0, 0, 0, 0, 0] };

/** What a page or a card shows; null when nobody has reviewed the item (cards then show nothing). */
export type RatingSummary = {
  count: number;
  /** Rounded to one decimal, as shown ("4.6"). */
  average: number;
  /** Counts per star, one star first. */
  stars: [number, number, number, number, number];
  /** Whole percents per star, one star first, adding up to exactly 100. */
  percents: [number, number, number, number, number];
};

/** What a card needs of a summary. */
export type CardRating = Pick<RatingSummary, 'average' | 'count'>;

/**
 * The rating of a course or book document (or any object carrying its `rating` counters): null
 * without reviews. Counters are clamped at zero, so a document a failed write left inconsistent
 * never shows a negative count. Lists that sort by rating use the `averageRating` field instead
 * (absent or 0: no reviews).
 */
export function ratingSummary(document: { rating?: RatingCounters | null } | null | undefined): RatingSummary | null {
  const counters = document?.rating;
  if (!counters || !(counters.count > 0)) return null;
  const stars = STAR_VALUES.map((star) => Math.max(0, Math.trunc(counters.stars?.[star - 1] ?? 0))) as RatingSummary['stars'];
  const average = Math.min(RATING_BEST, Math.max(RATING_WORST, counters.sum / counters.count));
  return { count: counters.count, average: roundToTenth(average), stars, percents: largestRemainderPercents(stars) as RatingSummary['percents'] };
}

/** The exact average kept in `averageRating` (0 without reviews), for sorting and filtering. */
export function averageOf(counters: Pick<RatingCounters, 'count' | 'sum'>): number {
  return counters.count > 0 ? counters.sum / counters.count : 0;
}

function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * Whole percents of each count in the total that add up to exactly 100 (0 each for no counts):
 * every share is rounded down, and the points left over go to the largest remainders (ties to the
 * larger count, then to the later entry, i.e. the higher star). Plain rounding can add up to 99 or
 * 101 (three equal thirds give 33 + 33 + 33).
 */
export function largestRemainderPercents(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return counts.map(() => 0);
  const shares = counts.map((count, index) => {
    const exact = (count * 100) / total;
    return { index, count, floor: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = 100 - shares.reduce((sum, share) => sum + share.floor, 0);
  const order = [...shares].sort((a, b) => b.remainder - a.remainder || b.count - a.count || b.index - a.index);
  const percents = shares.map((share) => share.floor);
  for (const share of order) {
    if (left <= 0) break;
    percents[share.index] = (percents[share.index] ?? 0) + 1;
    left -= 1;
  }
  return percents;
}

/** "4.6" (bn: "৪.৬") — the average as the page writes it, always with one decimal. */
export function formatAverage(average: number, locale: FormatLocale = 'en'): string {
  return formatNumber(average, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
