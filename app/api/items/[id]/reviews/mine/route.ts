// GET, PUT, DELETE /api/items/{id}/reviews/mine — the caller's own review of a course or book, and whether they may write one (signed in; writing: buyers)
import { NextResponse } from 'next/server';
import { requireUser } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { messageBody } from '@/server/platform/english-text';
import { deleteMyItemReview, getMyItemReview, saveMyItemReview } from '@/server/reviews/item-reviews';

type Context = { params: Promise<{ id: string }> };

const PRIVATE = { 'Cache-Control': 'private, no-store' };

export const GET = route<Context>(async (_request, { params }) => {
  const user = await requireUser();
  const mine = await getMyItemReview(user, (await params).id);
  // Why the caller may not review yet, in English, with its code for the page.
  const eligibility = mine.eligibility.status === 'eligible' ? mine.eligibility : { ...mine.eligibility, ...messageBody(mine.eligibility.message) };
  return NextResponse.json({ ...mine, eligibility }, { headers: PRIVATE });
});

export const PUT = route<Context>(async (request, { params }) => {
  const user = await requireUser();
  const saved = await saveMyItemReview(user, (await params).id, await readJson(request, 16 * 1024));
  return NextResponse.json(saved, { status: saved.created ? 201 : 200, headers: PRIVATE });
});

export const DELETE = route<Context>(async (_request, { params }) => {
  const user = await requireUser();
  await deleteMyItemReview(user, (await params).id);
  return NextResponse.json({ deleted: true }, { headers: PRIVATE });
});
