// GET /api/order/status?id= — whether the caller has ordered or paid for a course or book (signed in)
import { NextResponse } from 'next/server';
import { orderStatusQuerySchema } from '@/lib/schemas/orders';
import { requireUser } from '@/server/guards';
import { route } from '@/server/http';
import { orderStatusForItem } from '@/server/orders';

// Lets the catalogue's detail pages stay static: the Buy / Already Paid state is fetched per user.
export const GET = route(async (request) => {
  const user = await requireUser();
  const { id } = orderStatusQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  return NextResponse.json(await orderStatusForItem(user, id), { headers: { 'Cache-Control': 'private, no-store' } });
});
