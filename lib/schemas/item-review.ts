import { coded } from '@/lib/coded-message';
import { z } from 'zod';
import { ITEM_REVIEW_LIMITS } from '@/lib/item-reviews';
import { RATING_BEST, RATING_WORST } from '@/lib/ratings';

// Reviews of one course or book by its buyers (server/reviews/item-reviews.ts), their moderators' replies
// and hiding. Parsed by the API's handlers and the forms' server actions, and again by the domain.
// Not the site-wide Add Review form (lib/schemas/review.ts), which keeps its own rules (docs/product.md §5).

export const RATING_REQUIRED = coded('chooseARatingFrom1To5Stars');

/** Text a person typed: trimmed, required, bounded. */
function writtenText(required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, tooLong);
}

/** PUT /api/items/{id}/reviews/mine and the review form: the buyer's stars and words. */
export const itemReviewSchema = z.strictObject({
  rating: z.number({ error: RATING_REQUIRED }).int(RATING_REQUIRED).min(RATING_WORST, RATING_REQUIRED).max(RATING_BEST, RATING_REQUIRED),
  body: writtenText(coded('writeAFewWordsAboutIt'), ITEM_REVIEW_LIMITS.bodyMax, coded('aReviewCanBeAtMost2000Characters')),
});

/** POST /api/reviews/{id}/reply: the public answer shown under a review. */
export const reviewReplySchema = z.strictObject({
  body: writtenText(coded('writeTheReply'), ITEM_REVIEW_LIMITS.replyMax, coded('aReplyCanBeAtMost2000Characters')),
});

/** POST /api/reviews/{id}/hide: why the review breaks the rules (the author is told). */
export const reviewHideSchema = z.strictObject({
  reason: writtenText(coded('giveTheReasonForHidingThisReview'), ITEM_REVIEW_LIMITS.hideReasonMax, coded('theReasonCanBeAtMost500Characters')),
});

/** GET /api/items/{id}/reviews?page= and GET /api/reviews/hidden?page= */
export const itemReviewsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export type ItemReviewInput = z.input<typeof itemReviewSchema>;
export type ItemReviewValues = z.output<typeof itemReviewSchema>;
