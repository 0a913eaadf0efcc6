// GET|POST /api/addreview — the newest reviews in the old shape, oldest of them first (public); add or replace your own review (signed in)
import { NextResponse } from 'next/server';
import { legacyReviewBody } from '@/lib/schemas/legacy';
import { requireUser } from '@/server/accounts/guards';
import { jsonError, readJson, route } from '@/server/platform/http';
import { saveReview } from '@/server/reviews/reviews';
import { readNewestReviews } from './public-read';

export const GET = route(readNewestReviews);

export const POST = route(async (request) => {
  const user = await requireUser();
  // The old client's `name` and `image` are dropped: both come from the signed-in account.
  const { comment, ratting } = legacyReviewBody.parse(await readJson(request, 8 * 1024));
  // saveReview counts it against the account's review allowance (429) and refreshes the home page.
  const saved = await saveReview(user, { comment, ratting });
  if (!saved.ok) return jsonError(400, saved.message, { fieldErrors: saved.fieldErrors });
  // One review per account: a second one replaces the first, and the answer names that review.
  return NextResponse.json({ acknowledged: true, insertedId: saved.data.id }, { headers: { 'Cache-Control': 'no-store' } });
});
