import type { CodedMessage } from './coded-message';
import type { PageInfo } from './pagination';

// The shapes of buyers' reviews of a course or book as pages, forms and the API see them
// (server/reviews/item-reviews.ts makes them from the stored documents).

export type ReviewedItemKind = 'course' | 'book';

/** How long a review, a reply and a reason for hiding may be (the schemas' limits, the forms' maxLength). */
export const ITEM_REVIEW_LIMITS = { bodyMax: 2000, replyMax: 2000, hideReasonMax: 500 } as const;

export type ReviewReply = { body: string; authorName: string; createdAt: string; updatedAt: string };

export type ItemReview = {
  id: string;
  /** 1 to 5 stars. */
  rating: number;
  body: string;
  authorName: string;
  createdAt: string;
  updatedAt: string;
  /** Changed by its author after it was first posted. */
  edited: boolean;
  /** Only buyers can review, so every review is a verified buyer's (the page marks it so). */
  verifiedBuyer: true;
  reply: ReviewReply | null;
};

/** The author's own review, with whether a moderator hid it and why (told to the author only). */
export type MyItemReview = ItemReview & { hidden: boolean; hiddenReason: string | null };

export type ItemReviewPage = PageInfo & { items: ItemReview[] };

/**
 * A review a moderator hid, as the moderators' list shows it (never the public): what it said,
 * on which item, and who hid it when and why, so a mistake can be seen and undone.
 */
export type HiddenItemReview = {
  id: string;
  /** `path` is null once the item left the catalogue (its review stays until the author deletes it). */
  item: { id: string; kind: ReviewedItemKind; name: string; path: string | null };
  authorName: string;
  rating: number;
  body: string;
  hiddenReason: string | null;
  hiddenAt: string | null;
  /** The moderator's account, or null once it was deleted. */
  hiddenBy: { email: string; name: string } | null;
};

export type HiddenItemReviewPage = PageInfo & { items: HiddenItemReview[] };

export type ReviewEligibility =
  | { status: 'eligible' }
  | { status: 'not-bought'; message: CodedMessage }
  | { status: 'too-early'; message: CodedMessage; eligibleAt: string; lessonsToGo: number };

/** GET /api/items/{id}/reviews/mine: may the caller review the item now, and their review if any. */
export type MyItemReviewState = { itemKind: ReviewedItemKind; eligibility: ReviewEligibility; review: MyItemReview | null };

/** The further pages of an item's reviews (page 1 is on the item's own page). */
export function itemReviewsPagePath(itemPath: string, page: number): string {
  return page <= 1 ? `${itemPath}#reviews` : `${itemPath}/reviews/page/${page}`;
}
