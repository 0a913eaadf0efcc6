// PATCH /api/enrollCourse/{id} — mark the caller's order paid once the provider confirms the payment (owner only)
import { NextResponse } from 'next/server';
import { enrollSchema, objectIdString } from '@/lib/schemas/orders';
import { confirmOrderPayment } from '@/server/commerce/checkout';
import { requireUser } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { toLegacyOrder } from '@/server/commerce/orders';

type Context = { params: Promise<{ id: string }> };

export const PATCH = route<Context>(async (request, { params }) => {
  const user = await requireUser();
  const orderId = objectIdString.parse((await params).id);
  const { transactionId } = enrollSchema.parse(await readJson(request, 8 * 1024));
  const order = await confirmOrderPayment(user, orderId, transactionId);
  return NextResponse.json(
    { acknowledged: true, modifiedCount: 1, order: toLegacyOrder(order) },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
