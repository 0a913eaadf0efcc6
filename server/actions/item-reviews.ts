'use server';

import { ZodError } from 'zod';
import { fieldErrorsOf } from '@/lib/result';
import type { Result } from '@/lib/result';
import { isDatabaseUnavailable } from '@/server/platform/db';
import { currentUser } from '@/server/accounts/guards';
import { HttpError } from '@/server/platform/http';
import { deleteItemReviewReply, deleteMyItemReview, hideItemReview, replyToItemReview, saveMyItemReview, showItemReview } from '@/server/reviews/item-reviews';
import type { MyItemReview } from '@/server/reviews/item-reviews';
import type { User } from '@/server/accounts/users';
import { TOO_MANY_WRITES } from '@/server/platform/write-limits';

// The review forms on course and book pages. Each action only finds the signed-in account and
// turns the domain's refusals into the form's messages; who may do what, the allowance and the
// validation are server/reviews/item-reviews.ts's, shared with the REST API.

async function asReviewAction<T>(run: (user: User) => Promise<T>): Promise<Result<T>> {
  try {
    const user = await currentUser();
    if (!user) return { ok: false, message: 'pleaseLogInAgain' };
    return { ok: true, data: await run(user) };
  } catch (error) {
    if (error instanceof ZodError) return { ok: false, message: 'pleaseCorrectTheHighlightedFields', fieldErrors: fieldErrorsOf(error.issues) };
    if (error instanceof HttpError) return { ok: false, message: error.status === 429 ? TOO_MANY_WRITES : error.coded };
    if (isDatabaseUnavailable(error)) return { ok: false, message: 'theServiceIsTemporarilyUnavailablePleaseTryAgainShortly' };
    throw error;
  }
}

/** Posts or edits the signed-in buyer's review of a course or book. */
export async function saveMyItemReviewAction(itemId: string, input: unknown): Promise<Result<MyItemReview>> {
  return asReviewAction(async (user) => (await saveMyItemReview(user, String(itemId), input)).review);
}

export async function deleteMyItemReviewAction(itemId: string): Promise<Result<null>> {
  return asReviewAction(async (user) => {
    await deleteMyItemReview(user, String(itemId));
    return null;
  });
}

/** Admins: the public reply under a review. */
export async function replyToItemReviewAction(reviewId: string, input: unknown): Promise<Result<null>> {
  return asReviewAction(async (user) => {
    await replyToItemReview(user, String(reviewId), input);
    return null;
  });
}

export async function deleteItemReviewReplyAction(reviewId: string): Promise<Result<null>> {
  return asReviewAction(async (user) => {
    await deleteItemReviewReply(user, String(reviewId));
    return null;
  });
}

/** Admins: hide a review that breaks the rules, with the reason its author is sent. */
export async function hideItemReviewAction(reviewId: string, input: unknown): Promise<Result<null>> {
  return asReviewAction(async (user) => {
    await hideItemReview(user, String(reviewId), input);
    return null;
  });
}

/** Admins (the hidden reviews screen): show a hidden review again; says whether it already was. */
export async function showItemReviewAction(reviewId: string): Promise<Result<{ alreadyShown: boolean }>> {
  return asReviewAction((user) => showItemReview(user, String(reviewId)));
}
