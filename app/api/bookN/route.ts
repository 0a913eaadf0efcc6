// GET /api/bookN — the caller's unread new-book notices as {unreadData, unreadCount} (signed in; none without a session)
import { route } from '@/server/platform/http';
import { unreadNoticesResponse } from '@/server/legacy/legacy-notices';

export const GET = route(async () => unreadNoticesResponse('book'));
