// POST /api/reviews/{id}/show — show a hidden course or book review again: back in its list and rating, audited (admin)
import { NextResponse } from 'next/server';
import { requirePermission } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { showItemReview } from '@/server/reviews/item-reviews';

type Context = { params: Promise<{ id: string }> };

export const POST = route<Context>(async (_request, { params }) => {
  const admin = await requirePermission('moderateReviews');
  const { alreadyShown } = await showItemReview(admin, (await params).id);
  return NextResponse.json({ shown: true, alreadyShown }, { headers: { 'Cache-Control': 'no-store' } });
});
