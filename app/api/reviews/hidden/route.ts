// GET /api/reviews/hidden?page= — the hidden reviews of every course and book, newest hidden first, with who hid each and why (admin)
import { NextResponse } from 'next/server';
import { itemReviewsQuery } from '@/lib/schemas/item-review';
import { requirePermission } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { listHiddenItemReviews } from '@/server/reviews/item-reviews';

export const GET = route(async (request) => {
  const admin = await requirePermission('moderateReviews');
  const { page } = itemReviewsQuery.parse(Object.fromEntries(request.nextUrl.searchParams));
  return NextResponse.json(await listHiddenItemReviews(admin, page), { headers: { 'Cache-Control': 'no-store' } });
});
