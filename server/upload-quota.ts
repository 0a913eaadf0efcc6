import 'server-only';
import { env } from './env';
import { blockedForSeconds, recordFailure } from './rate-limit';
import type { Limit } from './rate-limit';

// Every upload is stored, so each account gets a bounded number per window: a signed-in user
// cannot fill the database by uploading in a loop.

function limit(): Limit {
  const { UPLOAD_MAX_PER_USER, UPLOAD_WINDOW_SECONDS } = env();
  return { max: UPLOAD_MAX_PER_USER, windowSeconds: UPLOAD_WINDOW_SECONDS };
}

const key = (userId: string) => `upload:user:${userId}`;

/** Seconds until the account may upload again, or 0. */
export async function uploadBlockedForSeconds(userId: string): Promise<number> {
  return blockedForSeconds(key(userId), limit());
}

/** Counts one stored upload against the account's allowance (the counter is shared with rate limits). */
export async function recordUpload(userId: string): Promise<void> {
  await recordFailure(key(userId), limit());
}
