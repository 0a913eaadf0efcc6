'use server';

import type { Result } from '@/lib/result';
import { currentUser } from '@/server/accounts/guards';
import { saveReview } from '@/server/reviews/reviews';
import { asLimitedFormWrite } from '@/server/platform/write-limits';

/** Saves the signed-in user's review (one per user); saveReview limits it and refreshes the home page. */
export async function saveReviewAction(input: unknown): Promise<Result> {
  const user = await currentUser();
  if (!user) return { ok: false, message: 'pleaseLogInAgainToAddAReview' };
  const result = await asLimitedFormWrite(() => saveReview(user, input));
  return result.ok ? { ok: true, data: undefined } : result;
}
