'use server';

import { revalidatePath } from 'next/cache';
import type { Result } from '@/lib/result';
import { currentUser } from '@/server/guards';
import { clearSharedPageCache } from '@/server/shared-page-cache';
import { updateProfile } from '@/server/profile';

/** Saves the Update Your Profile form for the signed-in user; the image was uploaded first. */
export async function updateProfileAction(input: unknown): Promise<Result> {
  const user = await currentUser();
  if (!user) return { ok: false, message: 'Please log in again to update your profile.' };
  const result = await updateProfile(user.id, input);
  if (!result.ok) return result;
  revalidatePath('/myProfile');
  // The user's review on the home page shows their picture.
  revalidatePath('/');
  clearSharedPageCache();
  return { ok: true, data: undefined };
}
