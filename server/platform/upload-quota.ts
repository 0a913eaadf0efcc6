import 'server-only';
import { env } from './env';
import { HttpError } from './http';
import { blockedForSeconds, takeAllowance } from './rate-limit';
import type { Limit } from './rate-limit';

// Every upload is decoded and most are stored, so each account gets a bounded number of attempts
// per window: a signed-in user can neither fill the database nor keep the server decoding by
// uploading in a loop. Failed uploads count too (a broken file costs as much to decode).

function limit(): Limit {
  const { UPLOAD_MAX_PER_USER, UPLOAD_WINDOW_SECONDS } = env();
  return { max: UPLOAD_MAX_PER_USER, windowSeconds: UPLOAD_WINDOW_SECONDS };
}

const key = (userId: string) => `upload:user:${userId}`;

function tooManyUploads(retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'tooManyUploadsPleaseTryAgainLater', { 'Retry-After': String(retryAfterSeconds) });
}

/**
 * Refuses early, before an upload's body is read, when the account's quota is already spent. Only
 * a shortcut: takeUploadAllowance decides.
 */
export async function refuseWhenUploadsSpent(userId: string): Promise<void> {
  const retryAfter = await blockedForSeconds(key(userId), limit());
  if (retryAfter > 0) throw tooManyUploads(retryAfter);
}

/**
 * Counts one upload attempt in the database, checked and counted in one conditional write, so
 * parallel uploads (on any number of app instances) cannot pass the quota; 429 once it is spent.
 */
export async function takeUploadAllowance(userId: string): Promise<void> {
  const retryAfter = await takeAllowance(key(userId), limit());
  if (retryAfter > 0) throw tooManyUploads(retryAfter);
}
