// POST /api/notifications/read-all — mark every notice read for the caller only (signed in)
import { NextResponse } from 'next/server';
import { requireUser } from '@/server/accounts/guards';
import { route } from '@/server/platform/http';
import { markAllRead, unreadCount } from '@/server/accounts/notifications';

export const POST = route(async () => {
  const user = await requireUser();
  const marked = await markAllRead(user);
  return NextResponse.json({ ok: true, marked, unreadCount: await unreadCount(user) }, { headers: { 'Cache-Control': 'no-store' } });
});
