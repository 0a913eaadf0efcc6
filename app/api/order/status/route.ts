// GET /api/order/status?id= — whether the caller has ordered or paid for a course or book, and how far into a bought course they are (signed in)
import { NextResponse } from 'next/server';
import { orderStatusQuerySchema } from '@/lib/schemas/orders';
import { requireUser } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { itemOwnershipFor } from '@/server/commerce/item-ownership';

// Lets the catalogue's detail pages stay static: Buy Now, or the owner's way in (with the course's progress), is fetched per user.
export const GET = route(async (request) => {
  const user = await requireUser();
  const { id } = orderStatusQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  return NextResponse.json(await itemOwnershipFor(user, id), { headers: { 'Cache-Control': 'private, no-store' } });
});
