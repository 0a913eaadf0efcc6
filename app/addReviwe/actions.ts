'use server';

import { revalidatePath } from 'next/cache';
import type { Result } from '@/lib/result';
import { currentUser } from '@/server/guards';
import { clearSharedPageCache } from '@/server/shared-page-cache';
import { saveReview } from '@/server/reviews';

/** Saves the signed-in user's review (one per user) and refreshes the home page's carousel. */
export async function saveReviewAction(input: unknown): Promise<Result> {
  const user = await currentUser();
  if (!user) return { ok: false, message: 'Please log in again to add a review.' };
  const result = await saveReview(user, input);
  if (!result.ok) return result;
  revalidatePath('/');
  clearSharedPageCache();
  return { ok: true, data: undefined };
}
