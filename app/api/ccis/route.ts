// GET /api/ccis — the caller's unread new-course notices as {unreadData, unreadCount} (signed in)
import { NextResponse } from 'next/server';
import { requireUser } from '@/server/guards';
import { route } from '@/server/http';
import { toLegacyNotice } from '@/server/legacy-shapes';
import { listUnreadNotices } from '@/server/notifications';

/** The old list held every unread notice; the count stays exact beyond this many. */
const UNREAD_DATA_MAX = 100;

export const GET = route(async () => {
  const user = await requireUser();
  const { notices, unreadCount } = await listUnreadNotices(user, 'course', UNREAD_DATA_MAX);
  return NextResponse.json({ unreadData: notices.map(toLegacyNotice), unreadCount }, { headers: { 'Cache-Control': 'private, no-store' } });
});
