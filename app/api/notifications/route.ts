// GET /api/notifications?page=&pageSize= — the caller's notices, newest first, with their unread count (signed in)
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { requireUser } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { NOTIFICATIONS_PAGE_SIZE, listNotifications } from '@/server/accounts/notifications';

// Out-of-range or malformed paging falls back to the defaults rather than failing the bell.
const querySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(50).catch(NOTIFICATIONS_PAGE_SIZE),
});

export const GET = route(async (request) => {
  const user = await requireUser();
  const { searchParams } = request.nextUrl;
  const { page, pageSize } = querySchema.parse({ page: searchParams.get('page') ?? undefined, pageSize: searchParams.get('pageSize') ?? undefined });
  const result = await listNotifications(user, page, pageSize);
  return NextResponse.json(result, { headers: { 'Cache-Control': 'private, no-store' } });
});
