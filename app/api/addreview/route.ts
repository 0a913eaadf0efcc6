// GET|POST /api/addreview — the newest reviews in the old shape, oldest of them first (public); add or replace your own review (signed in)
import { NextResponse } from 'next/server';
import { legacyReviewBody, reviewListQuery } from '@/lib/schemas/legacy';
import { requireUser } from '@/server/guards';
import { jsonError, readJson, route } from '@/server/http';
import { PUBLIC_READ_HEADERS, queryOf, rememberedPublicRead } from '@/server/legacy-api';
import { toLegacyReview } from '@/server/legacy-shapes';
import { listNewestReviews, saveReview } from '@/server/reviews';

export const GET = route(async (request) =>
  rememberedPublicRead(request, async () => {
    const { limit } = reviewListQuery.parse(queryOf(request.nextUrl.searchParams));
    const reviews = await listNewestReviews(limit);
    // The old server listed reviews in the order they were written and its client shows the last
    // ones; the newest `limit`, oldest first, keep that (a replaced review counts as written anew).
    return NextResponse.json(reviews.map(toLegacyReview).reverse(), { headers: PUBLIC_READ_HEADERS });
  }),
);

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
