// POST /api/order/{id}/refund — refund a paid order in full through the payment provider (admin)
import { NextResponse } from 'next/server';
import { adminRefundSchema } from '@/lib/schemas/refunds';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, readJson, route } from '@/server/platform/http';
import { refundOrder } from '@/server/commerce/refunds';

type Context = { params: Promise<{ id: string }> };

export const POST = route<Context>(async (request, { params }) => {
  const admin = await requirePermission('refundOrders');
  const id = objectIdFrom((await params).id);
  const body = adminRefundSchema.parse(await readJson(request, 8 * 1024));
  const refund = await refundOrder(admin, id.toHexString(), body);
  return NextResponse.json(refund, { headers: { 'Cache-Control': 'no-store' } });
});
