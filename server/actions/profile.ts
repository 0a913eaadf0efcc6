'use server';

import { revalidatePage } from '@/server/platform/revalidate-page';
import type { Result } from '@/lib/result';
import { currentUser } from '@/server/accounts/guards';
import { HttpError } from '@/server/platform/http';
import { signOutEverywhere } from '@/server/accounts/sessions';
import { updateProfile } from '@/server/accounts/profile';
import { asLimitedFormWrite } from '@/server/platform/write-limits';

/**
 * Saves the Update Your Profile form for the signed-in user; the image was uploaded first.
 * updateProfile limits it and refreshes the home page when it shows the user's review.
 */
export async function updateProfileAction(input: unknown): Promise<Result> {
  const user = await currentUser();
  if (!user) return { ok: false, message: 'pleaseLogInAgainToUpdateYourProfile' };
  const result = await asLimitedFormWrite(() => updateProfile(user.id, input));
  if (!result.ok) return result;
  // The profile page itself is rendered per request; this refreshes the form's view of it.
  revalidatePage('/myProfile');
  return { ok: true, data: undefined };
}

/** Ends every session of the signed-in account, this browser's too; the page then signs out here. */
export async function signOutEverywhereAction(): Promise<Result> {
  const user = await currentUser();
  if (!user) return { ok: false, message: 'pleaseLogInAgain' };
  try {
    await signOutEverywhere(user);
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return { ok: false, message: 'youSignedOutEverywhereAMomentAgoPleaseTryAgainLater' };
    throw error;
  }
  return { ok: true, data: undefined };
}
