import { NOTIFICATIONS_API, NOTIFICATIONS_CHANGED_EVENT } from '@/lib/notifications';
import type { NoticePage } from '@/lib/notifications';

// The bell's and the /notifications page's calls to the small signed-in JSON endpoints.
// Failures answer null or false: a notice list that cannot refresh must not break the header.

export async function fetchNotices(page: number, pageSize: number): Promise<NoticePage | null> {
  try {
    const response = await fetch(NOTIFICATIONS_API.list(page, pageSize), { cache: 'no-store' });
    return response.ok ? ((await response.json()) as NoticePage) : null;
  } catch {
    return null;
  }
}

async function post(url: string): Promise<boolean> {
  try {
    // keepalive: following a notice's link marks it read while the browser leaves the page.
    const response = await fetch(url, { method: 'POST', keepalive: true });
    if (response.ok) window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
    return response.ok;
  } catch {
    return false;
  }
}

export function markNoticeRead(id: string): Promise<boolean> {
  return post(NOTIFICATIONS_API.read(id));
}

export function markAllNoticesRead(): Promise<boolean> {
  return post(NOTIFICATIONS_API.readAll);
}
