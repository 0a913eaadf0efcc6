// DELETE /api/order/{id} — cancel the caller's unpaid order (owner only, unpaid only)
import { NextResponse } from 'next/server';
import { requireUser } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { cancelUnpaidOrder } from '@/server/commerce/orders';

type Context = { params: Promise<{ id: string }> };

export const DELETE = route<Context>(async (_request, { params }) => {
  const user = await requireUser();
  await cancelUnpaidOrder(user, (await params).id);
  return NextResponse.json({ acknowledged: true, deletedCount: 1 }, { headers: { 'Cache-Control': 'no-store' } });
});
