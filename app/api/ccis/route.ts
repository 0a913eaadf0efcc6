// GET /api/ccis — the caller's unread new-course notices as {unreadData, unreadCount} (signed in; none without a session)
import { route } from '@/server/http';
import { unreadNoticesResponse } from '@/server/legacy-notices';

export const GET = route(async () => unreadNoticesResponse('course'));
