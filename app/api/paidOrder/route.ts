// GET /api/paidOrder?email= — the caller's paid orders (signed in; the email may only name the caller)
import { requireUser } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { orderListResponse } from '@/server/commerce/order-api';

export const GET = route(async (request) => orderListResponse(await requireUser(), request.nextUrl.searchParams, 'paid'));
