// GET /api/payment/{id} — the order to pay: price, image and name (owner only)
import { NextResponse } from 'next/server';
import { requireUser } from '@/server/guards';
import { route } from '@/server/http';
import { getOrderForOwner, toLegacyOrder } from '@/server/orders';

type Context = { params: Promise<{ id: string }> };

export const GET = route<Context>(async (_request, { params }) => {
  const user = await requireUser();
  const order = await getOrderForOwner(user, (await params).id);
  return NextResponse.json(toLegacyOrder(order), { headers: { 'Cache-Control': 'no-store' } });
});
