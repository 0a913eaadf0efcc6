// GET /api/paidOrder?email= — the caller's paid orders (signed in; the email may only name the caller)
import { requireUser } from '@/server/guards';
import { route } from '@/server/http';
import { orderListResponse } from '@/server/order-api';

export const GET = route(async (request) => orderListResponse(await requireUser(), request.nextUrl.searchParams, 'paid'));
