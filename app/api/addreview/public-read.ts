// GET /api/addreview, apart from the route's POST: the production server also hands requests to this
// handler itself, through a module graph that must not load the sign-in guards
// (app/api/public-reads.ts). Both wrap it in route().
import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { reviewListQuery } from '@/lib/schemas/legacy';
import { PUBLIC_READ_HEADERS, queryOf, rememberedPublicRead } from '@/server/legacy/legacy-api';
import { toLegacyReview } from '@/server/legacy/legacy-shapes';
import { listNewestReviews } from '@/server/reviews/reviews';

export async function readNewestReviews(request: NextRequest): Promise<Response> {
  return rememberedPublicRead(request, async () => {
    const { limit } = reviewListQuery.parse(queryOf(request.nextUrl.searchParams));
    const reviews = await listNewestReviews(limit);
    // The old server listed reviews in the order they were written and its client shows the last
    // ones; the newest `limit`, oldest first, keep that (a replaced review counts as written anew).
    return NextResponse.json(reviews.map(toLegacyReview).reverse(), { headers: PUBLIC_READ_HEADERS });
  });
}
