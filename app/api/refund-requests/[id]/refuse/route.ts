// POST /api/refund-requests/{id}/refuse — refuse a pending refund request with a reason the buyer is shown (admin)
import { NextResponse } from 'next/server';
import { refusalSchema } from '@/lib/schemas/refunds';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, readJson, route } from '@/server/platform/http';
import { refuseRefundRequest } from '@/server/commerce/refund-requests';

type Context = { params: Promise<{ id: string }> };

export const POST = route<Context>(async (request, { params }) => {
  const admin = await requirePermission('refundOrders');
  const id = objectIdFrom((await params).id);
  const body = refusalSchema.parse(await readJson(request, 8 * 1024));
  return NextResponse.json(await refuseRefundRequest(admin, id.toHexString(), body), { headers: { 'Cache-Control': 'no-store' } });
});
