// GET /api/refund-requests?status=&page= — buyers' refund requests, pending ones unless asked otherwise, newest first (admin)
import { NextResponse } from 'next/server';
import { refundRequestListQuerySchema } from '@/lib/schemas/refunds';
import { requirePermission } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { listRefundRequests } from '@/server/commerce/refund-requests';

export const GET = route(async (request) => {
  const admin = await requirePermission('refundOrders');
  const query = refundRequestListQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  const page = await listRefundRequests(admin, query.status, query.page);
  return NextResponse.json(page.items, {
    headers: {
      'Cache-Control': 'no-store',
      'X-Total-Count': String(page.total),
      'X-Page': String(page.page),
      'X-Page-Count': String(page.pageCount),
    },
  });
});
