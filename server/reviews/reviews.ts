import 'server-only';
import type { ObjectId } from 'mongodb';
import { cache } from 'react';
import { fieldErrorsOf } from '@/lib/result';
import type { Result } from '@/lib/result';
import { reviewSchema } from '@/lib/schemas/review';
import { collection, isDuplicateKey, parseObjectId, withDb } from '../platform/db';
import type { ReviewDocument } from '../platform/documents';
import { announceHomeReviewsChange } from '../catalogue/catalogue-cache';
import type { User } from '../accounts/users';
import { WRITE_LIMITS, takeWriteAllowance } from '../platform/write-limits';

// Reviews: the home page's newest ones, and each signed-in user's own (one per user), as plain
// objects (`_id` → `id`). Saving one is limited per account and refreshes the cached home pages
// here, whichever door it came through (the Add Review form or POST /api/addreview); a save that
// changes nothing the home page shows refreshes nothing, so repeating it costs the site nothing.

export type Review = {
  id: string;
  name: string;
  comment: string;
  /** 0 to 5 (the legacy field name is kept: docs/product.md §3). */
  ratting: number;
  image: string;
  createdAt: string;
};

const NEWEST_MAX = 50;
/** docs/product.md §9: the home carousel shows the newest 3. */
export const HOME_REVIEW_COUNT = 3;

/** The newest reviews first (docs/product.md §9: the home carousel shows the newest 3). */
export const listNewestReviews = cache(async (limit: number): Promise<Review[]> =>
  withDb(async () => {
    const count = Math.min(Math.max(Math.trunc(limit), 1), NEWEST_MAX);
    const reviews = await collection('reviews');
    const documents = await reviews
      .find({}, { projection: { name: 1, comment: 1, ratting: 1, image: 1, createdAt: 1 } })
      .sort({ createdAt: -1, _id: -1 })
      .limit(count)
      .toArray();
    return documents.map(toReview);
  }),
);

/** The picture a review shows when its author has none. */
export const DEFAULT_REVIEW_IMAGE = '/avatars/default-avatar.webp';

type Reviewer = Pick<User, 'id' | 'name' | 'image'>;

function toReview(document: ReviewDocument): Review {
  return {
    id: document._id.toHexString(),
    name: document.name,
    comment: document.comment,
    ratting: document.ratting,
    image: document.image,
    createdAt: document.createdAt.toISOString(),
  };
}


/**
 * Saves the signed-in user's review (docs/product.md §5). Name and picture come from the account, never from
 * the form. One review per user: a second submission replaces the first, and is dated when it was
 * last written so the home carousel shows it among the newest. Each valid submission counts
 * against the account's review allowance (HttpError 429 with Retry-After once it is spent).
 */
export async function saveReview(user: Reviewer, input: unknown): Promise<Result<Review>> {
  const parsed = reviewSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, message: 'pleaseCorrectTheHighlightedFields', fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  const userId = parseObjectId(user.id);
  if (!userId) return { ok: false, message: 'yourAccountWasNotFound' };
  await takeWriteAllowance(`review:${user.id}`, WRITE_LIMITS.review);
  const shown: ShownReview = { ...parsed.data, name: user.name, image: user.image ?? DEFAULT_REVIEW_IMAGE };

  const unchanged = await unchangedNewestReview(userId, shown);
  if (unchanged) return { ok: true, data: toReview(unchanged) };

  const fields = { ...shown, createdAt: new Date() };
  const upsert = async () =>
    (await collection('reviews')).findOneAndUpdate({ userId }, { $set: fields }, { upsert: true, returnDocument: 'after' });
  const saved = await withDb(async () => {
    try {
      return await upsert();
    } catch (error) {
      // Two submissions at once both tried to insert; the unique index let one win, so update it.
      if (isDuplicateKey(error)) return upsert();
      throw error;
    }
  });
  if (!saved) throw new Error('The review upsert returned no document');
  // A saved review is the newest, so the home carousel now shows it first.
  await refreshHomeReviews();
  return { ok: true, data: toReview(saved) };
}

type ShownReview = Pick<ReviewDocument, 'name' | 'comment' | 'ratting' | 'image'>;

/**
 * The user's review when it already is the newest and shows exactly `shown`: saving it again
 * would change nothing anyone sees, so it is left as it is (date included).
 */
async function unchangedNewestReview(userId: ObjectId, shown: ShownReview): Promise<ReviewDocument | null> {
  const [newest] = await withDb(async () =>
    (await collection('reviews')).find({}).sort({ createdAt: -1, _id: -1 }).limit(1).toArray(),
  );
  if (!newest?.userId.equals(userId)) return null;
  const same = newest.name === shown.name && newest.comment === shown.comment && newest.ratting === shown.ratting && newest.image === shown.image;
  return same ? newest : null;
}

/** True when the user's review is among those the home carousel shows. */
async function isShownOnHome(userId: ObjectId): Promise<boolean> {
  const shown = await withDb(async () =>
    (await collection('reviews'))
      .find({}, { projection: { userId: 1 } })
      .sort({ createdAt: -1, _id: -1 })
      .limit(HOME_REVIEW_COUNT)
      .toArray(),
  );
  return shown.some((review) => review.userId.equals(userId));
}

/**
 * Drops the cached pages that show the newest reviews (the home layout: the home page and its grade
 * groups), on this instance and, through the announcement, every other.
 */
async function refreshHomeReviews(): Promise<void> {
  await announceHomeReviewsChange();
}

/**
 * Keeps a user's review showing their current profile picture; true when their review changed.
 * The home pages are refreshed only when that review is one they show.
 */
export async function updateReviewerImage(userId: string, image: string): Promise<boolean> {
  const _id = parseObjectId(userId);
  if (!_id) return false;
  const result = await withDb(async () => (await collection('reviews')).updateOne({ userId: _id, image: { $ne: image } }, { $set: { image } }));
  if (result.matchedCount === 0) return false;
  if (await isShownOnHome(_id)) await refreshHomeReviews();
  return true;
}

/** The user's own review, so the form can say a new submission replaces it. */
export async function findUserReview(userId: string): Promise<Review | null> {
  const _id = parseObjectId(userId);
  if (!_id) return null;
  const document = await withDb(async () => (await collection('reviews')).findOne({ userId: _id }));
  return document ? toReview(document) : null;
}

/** Removes a user's review (their account is being deleted); the home pages drop it at once. */
export async function deleteUserReview(userId: string): Promise<boolean> {
  const _id = parseObjectId(userId);
  if (!_id) return false;
  const result = await withDb(async () => (await collection('reviews')).deleteOne({ userId: _id }));
  if (result.deletedCount === 0) return false;
  await refreshHomeReviews();
  return true;
}
