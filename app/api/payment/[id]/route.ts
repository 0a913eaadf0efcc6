// GET /api/payment/{id} — the order to pay: price (the catalogue's now, for an unpaid order), image and name (owner only)
import { NextResponse } from 'next/server';
import { getOrderToPay } from '@/server/commerce/checkout';
import { requireUser } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { toLegacyOrder } from '@/server/commerce/orders';

type Context = { params: Promise<{ id: string }> };

export const GET = route<Context>(async (_request, { params }) => {
  const user = await requireUser();
  const order = await getOrderToPay(user, (await params).id);
  return NextResponse.json(toLegacyOrder(order), { headers: { 'Cache-Control': 'no-store' } });
});
