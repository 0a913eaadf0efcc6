// POST /api/refund-requests/{id}/approve — approve a pending refund request: the order is refunded (admin)
import { NextResponse } from 'next/server';
import { requirePermission } from '@/server/accounts/guards';
import { objectIdFrom, route } from '@/server/platform/http';
import { approveRefundRequest } from '@/server/commerce/refund-requests';

type Context = { params: Promise<{ id: string }> };

export const POST = route<Context>(async (_request, { params }) => {
  const admin = await requirePermission('refundOrders');
  const id = objectIdFrom((await params).id);
  return NextResponse.json(await approveRefundRequest(admin, id.toHexString()), { headers: { 'Cache-Control': 'no-store' } });
});
