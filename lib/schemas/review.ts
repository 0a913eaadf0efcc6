import { coded, composedCode } from '@/lib/coded-message';
import { z } from 'zod';
import { LIMITS } from '@/lib/catalogue';

// The Add Review form (docs/product.md §5, §8): rating 0 to 5, comment at most 120 characters. The name and
// picture come from the signed-in account, never from the form.

/** The message of docs/product.md §5, trailing space included. */
export const RATING_MESSAGE = coded('rattingWillBeBetween0To5');
export const REVIEW_SAVED_MESSAGE = coded('yourReviewAddSuccessfully');

export const reviewSchema = z.strictObject({
  ratting: z
    .number({ error: RATING_MESSAGE })
    .min(LIMITS.ratingMin, RATING_MESSAGE)
    .max(LIMITS.ratingMax, RATING_MESSAGE),
  comment: z
    .string({ error: coded('commentIsRequired') })
    .trim()
    .min(1, { error: coded('commentIsRequired'), abort: true })
    .max(LIMITS.reviewCommentMax, composedCode(`Comment must be at most ${LIMITS.reviewCommentMax} characters`)),
});

export type ReviewInput = z.input<typeof reviewSchema>;
export type ReviewValues = z.output<typeof reviewSchema>;
