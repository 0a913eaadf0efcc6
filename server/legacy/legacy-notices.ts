import 'server-only';
import { NextResponse } from 'next/server';
import type { NotificationDocument } from '../platform/documents';
import { currentUser } from '../accounts/guards';
import { toLegacyNotice } from './legacy-shapes';
import { listUnreadNotices } from '../accounts/notifications';

/** The old list held every unread notice; the count stays exact beyond this many. */
const UNREAD_DATA_MAX = 100;

/** Each caller has their own read state: never kept by a shared cache. */
const PERSONAL = { 'Cache-Control': 'private, no-store' } as const;

/**
 * GET /api/ccis and /api/bookN: the caller's unread notices of one kind as `{unreadData, unreadCount}`.
 * The old client asks on every page, signed in or not, and shows the count, so a caller without a
 * session has nothing unread rather than a 401 (an invalid bearer token is still 403: the client
 * signs out on it).
 */
export async function unreadNoticesResponse(kind: NotificationDocument['kind']): Promise<NextResponse> {
  const user = await currentUser();
  if (!user) return NextResponse.json({ unreadData: [], unreadCount: 0 }, { headers: PERSONAL });
  const { notices, unreadCount } = await listUnreadNotices(user, kind, UNREAD_DATA_MAX);
  return NextResponse.json({ unreadData: notices.map(toLegacyNotice), unreadCount }, { headers: PERSONAL });
}
