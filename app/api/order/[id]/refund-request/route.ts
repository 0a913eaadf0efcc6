// POST /api/order/{id}/refund-request — ask for a refund of the caller's own paid order, with an optional reason (owner)
import { NextResponse } from 'next/server';
import { refundRequestSchema } from '@/lib/schemas/refunds';
import { requireUser } from '@/server/accounts/guards';
import { objectIdFrom, readJson, route } from '@/server/platform/http';
import { requestRefund } from '@/server/commerce/refund-requests';

type Context = { params: Promise<{ id: string }> };

export const POST = route<Context>(async (request, { params }) => {
  const user = await requireUser();
  const id = objectIdFrom((await params).id);
  const body = refundRequestSchema.parse(await readJson(request, 8 * 1024));
  const refundRequest = await requestRefund(user, id.toHexString(), body);
  return NextResponse.json(refundRequest, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
