// POST /api/order/{id}/promo — apply a promo code {code} to the caller's unpaid order: the discount and the new total (owner only); DELETE — take it off again
import { NextResponse } from 'next/server';
import { objectIdString } from '@/lib/schemas/orders';
import { requireUser } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { applyPromoCode, removePromoCode } from '@/server/commerce/promo-codes';

type Context = { params: Promise<{ id: string }> };

export const POST = route<Context>(async (request, { params }) => {
  const user = await requireUser();
  const orderId = objectIdString.parse((await params).id);
  // 404 for a code that does not exist, 409 with the reason for one that cannot be used, 429 after too many tries.
  const answer = await applyPromoCode(user, orderId, await readJson(request, 4 * 1024));
  return NextResponse.json(answer, { headers: { 'Cache-Control': 'no-store' } });
});

export const DELETE = route<Context>(async (_request, { params }) => {
  const user = await requireUser();
  const orderId = objectIdString.parse((await params).id);
  return NextResponse.json(await removePromoCode(user, orderId), { headers: { 'Cache-Control': 'no-store' } });
});
