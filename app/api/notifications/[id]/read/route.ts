// POST /api/notifications/{id}/read — mark one notice read for the caller only (signed in)
import { NextResponse } from 'next/server';
import { requireUser } from '@/server/accounts/guards';
import { HttpError, route } from '@/server/platform/http';
import { markRead, unreadCount } from '@/server/accounts/notifications';

type Context = { params: Promise<{ id: string }> };

export const POST = route<Context>(async (_request, { params }) => {
  const user = await requireUser();
  const { id } = await params;
  if (!/^[0-9a-f]{24}$/i.test(id)) throw new HttpError(400, 'invalidNotificationId');
  if (!(await markRead(user, id))) throw new HttpError(404, 'notificationNotFound');
  return NextResponse.json({ ok: true, unreadCount: await unreadCount(user) }, { headers: { 'Cache-Control': 'no-store' } });
});
