// POST /api/reviews/{id}/hide — hide a course or book review that breaks the rules, with the reason its author is sent (admin)
import { NextResponse } from 'next/server';
import { requirePermission } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { hideItemReview } from '@/server/reviews/item-reviews';

type Context = { params: Promise<{ id: string }> };

export const POST = route<Context>(async (request, { params }) => {
  const admin = await requirePermission('moderateReviews');
  const { alreadyHidden } = await hideItemReview(admin, (await params).id, await readJson(request, 4 * 1024));
  return NextResponse.json({ hidden: true, alreadyHidden }, { headers: { 'Cache-Control': 'no-store' } });
});
