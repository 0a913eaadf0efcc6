// POST /api/order — create an unpaid order for a course or book; GET /api/order?email= — the caller's unpaid orders (signed in)
import { NextResponse } from 'next/server';
import { createOrderSchema } from '@/lib/schemas/orders';
import { requireUser } from '@/server/accounts/guards';
import { readJson, route } from '@/server/platform/http';
import { orderListResponse } from '@/server/commerce/order-api';
import { createOrder } from '@/server/commerce/orders';

export const POST = route(async (request) => {
  const user = await requireUser();
  // Only the item id is used: name, image and price come from the catalogue, the buyer from the
  // session. createOrder also counts the request against the account's order allowance (429).
  const { id } = createOrderSchema.parse(await readJson(request, 8 * 1024));
  const { order, created } = await createOrder(user, id);
  return NextResponse.json(
    { acknowledged: true, insertedId: order.id },
    { status: created ? 201 : 200, headers: { 'Cache-Control': 'no-store' } },
  );
});

export const GET = route(async (request) => orderListResponse(await requireUser(), request.nextUrl.searchParams, 'unpaid'));
