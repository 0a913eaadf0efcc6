// POST, DELETE /api/reviews/{id}/reply — write, change or remove the public reply under a course or book review (admin)
import { NextResponse } from 'next/server';
import { requirePermission } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { deleteItemReviewReply, replyToItemReview } from '@/server/reviews/item-reviews';

type Context = { params: Promise<{ id: string }> };

export const POST = route<Context>(async (request, { params }) => {
  const admin = await requirePermission('moderateReviews');
  const review = await replyToItemReview(admin, (await params).id, await readJson(request, 16 * 1024));
  return NextResponse.json({ review }, { headers: { 'Cache-Control': 'no-store' } });
});

export const DELETE = route<Context>(async (_request, { params }) => {
  const admin = await requirePermission('moderateReviews');
  await deleteItemReviewReply(admin, (await params).id);
  return NextResponse.json({ deleted: true }, { headers: { 'Cache-Control': 'no-store' } });
});
