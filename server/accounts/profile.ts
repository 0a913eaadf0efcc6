import 'server-only';
import type { ObjectId, UpdateResult } from 'mongodb';
import { PROFILE_IMAGE_TYPES, isAcceptedImageType } from '@/lib/media';
import { fieldErrorsOf } from '@/lib/result';
import type { Result } from '@/lib/result';
import { PROFILE_IMAGE_MESSAGES, profileSchema } from '@/lib/schemas/profile';
import { collection, parseObjectId, withDb } from '../platform/db';
import { findOwnedImage } from '../catalogue/media';
import { updateReviewerImage } from '../reviews/reviews';
import { toUser } from './users';
import type { User } from './users';
import { WRITE_LIMITS, takeWriteAllowance } from '../platform/write-limits';

const INVALID = 'pleaseCorrectTheHighlightedFields';

/**
 * Counts one valid profile change against the account's allowance (HttpError 429 once spent): the
 * profile form and the legacy PUT /api/users/{email} share it.
 */
async function takeProfileWriteAllowance(userId: string): Promise<void> {
  await takeWriteAllowance(`profile:${userId}`, WRITE_LIMITS.profile);
}

/**
 * Saves the Update Your Profile form for `userId` (docs/product.md §4 Profile update). Name, e-mail and role
 * are not part of the form and cannot be changed here. A new picture must be an image this account
 * uploaded as png or jpeg; the account's review, if any, shows the new picture too (and the home
 * page is refreshed when it shows that review). Without one the current picture stays; an account
 * that has none must choose one. Limited per account (429).
 */
export async function updateProfile(userId: string, input: unknown): Promise<Result<User>> {
  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: INVALID, fieldErrors: fieldErrorsOf(parsed.error.issues) };
  const { education, location, phone, image } = parsed.data;

  const _id = parseObjectId(userId);
  if (!_id) return { ok: false, message: 'yourAccountWasNotFound' };
  // Told before the allowance is taken, like any other missing field.
  if (image === undefined && !(await hasPicture(_id))) return { ok: false, message: INVALID, fieldErrors: { image: [PROFILE_IMAGE_MESSAGES.required] } };
  await takeProfileWriteAllowance(userId);
  let picture: string | undefined;
  if (image !== undefined) {
    const uploaded = await findOwnedImage(image, userId);
    if (!uploaded) return { ok: false, message: INVALID, fieldErrors: { image: [PROFILE_IMAGE_MESSAGES.upload] } };
    if (!isAcceptedImageType(uploaded.sourceType, PROFILE_IMAGE_TYPES)) {
      return { ok: false, message: INVALID, fieldErrors: { image: [PROFILE_IMAGE_MESSAGES.type] } };
    }
    picture = uploaded.url;
  }

  const updated = await withDb(async () =>
    (await collection('users')).findOneAndUpdate(
      { _id },
      { $set: { education, location, phone, ...(picture === undefined ? {} : { image: picture }) } },
      { returnDocument: 'after' },
    ),
  );
  if (!updated) return { ok: false, message: 'yourAccountWasNotFound' };
  if (picture !== undefined) await updateReviewerImage(userId, picture);
  return { ok: true, data: toUser(updated) };
}

/** Whether the account has a picture already (an upload, or the one its Google account brought). */
async function hasPicture(_id: ObjectId): Promise<boolean> {
  const account = await withDb(async () => (await collection('users')).findOne({ _id }, { projection: { image: 1 } }));
  return Boolean(account?.image);
}

const profileDetailsSchema = profileSchema.omit({ image: true });

/**
 * The legacy PUT /api/users/{email}: education, location and phone with the form's rules, no
 * picture (the old client never sent one). Name, e-mail and role cannot be changed here. Answers
 * the raw update result, which the legacy API returns. Limited per account (429), like the form.
 */
export async function updateProfileDetails(userId: string, input: unknown): Promise<Result<UpdateResult>> {
  const parsed = profileDetailsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: INVALID, fieldErrors: fieldErrorsOf(parsed.error.issues) };
  const _id = parseObjectId(userId);
  if (!_id) return { ok: false, message: 'yourAccountWasNotFound' };
  await takeProfileWriteAllowance(userId);
  const { education, location, phone } = parsed.data;
  const result = await withDb(async () => (await collection('users')).updateOne({ _id }, { $set: { education, location, phone } }));
  return { ok: true, data: result };
}
