import 'server-only';
import { NextResponse } from 'next/server';
import { orderListQuerySchema } from '@/lib/schemas/orders';
import { HttpError } from '../platform/http';
import { listOrders, toLegacyOrder } from './orders';
import type { OrderFilter } from './orders';
import type { User } from '../accounts/users';

// The legacy order lists (GET /api/order?email=, GET /api/paidOrder?email=): an array of orders
// in the old shape, one page at a time (`?page=`, totals in headers so the body stays an array).

export async function orderListResponse(caller: User, searchParams: URLSearchParams, filter: OrderFilter): Promise<NextResponse> {
  const query = orderListQuerySchema.parse(Object.fromEntries(searchParams));
  // The old server answered any ?email=; now it may only name the caller.
  if (query.email !== undefined && query.email.toLowerCase() !== caller.email) throw new HttpError(403, 'forbiddenAccess');
  const page = await listOrders(caller, filter, query.page ?? 1);
  return NextResponse.json(page.items.map(toLegacyOrder), {
    headers: {
      'Cache-Control': 'no-store',
      'X-Total-Count': String(page.total),
      'X-Page': String(page.page),
      'X-Page-Count': String(page.pageCount),
    },
  });
}
