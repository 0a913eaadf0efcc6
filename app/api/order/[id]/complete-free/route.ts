// POST /api/order/{id}/complete-free — complete the caller's free order (a free course, or a promo code that took the whole price) without a card (owner only; 409 when it is not free)
import { NextResponse } from 'next/server';
import { objectIdString } from '@/lib/schemas/orders';
import { completeFreeOrder } from '@/server/commerce/checkout';
import { requireUser } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { toLegacyOrder } from '@/server/commerce/orders';

type Context = { params: Promise<{ id: string }> };

export const POST = route<Context>(async (_request, { params }) => {
  const user = await requireUser();
  const orderId = objectIdString.parse((await params).id);
  // The price is computed again on the server: $0 only with a code that still takes the whole price.
  const order = await completeFreeOrder(user, orderId);
  return NextResponse.json(
    { status: 'succeeded', transactionId: order.transactionId, order: toLegacyOrder(order) },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
