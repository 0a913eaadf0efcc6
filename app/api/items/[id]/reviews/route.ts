// GET /api/items/{id}/reviews?page= — a course's or book's rating and its shown reviews, newest first, 10 a page (public)
import { NextResponse } from 'next/server';
import { itemReviewsQuery } from '@/lib/schemas/item-review';
import { route } from '@/server/platform/http';
import { getItemReviews } from '@/server/reviews/item-reviews';
import { PUBLIC_READ_HEADERS, queryOf } from '@/server/legacy/legacy-api';

type Context = { params: Promise<{ id: string }> };

export const GET = route<Context>(async (request, { params }) => {
  const { page } = itemReviewsQuery.parse(queryOf(request.nextUrl.searchParams));
  const answer = await getItemReviews((await params).id, page);
  return NextResponse.json(answer, { headers: PUBLIC_READ_HEADERS });
});
