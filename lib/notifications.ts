// Notices as the bell, the /notifications page and GET /api/notifications see them.

export type Notice = { id: string; createdAt: string; read: boolean } & (
  | { kind: 'course'; itemId: string; title: string }
  | { kind: 'book'; itemId: string; bookName: string }
);

/**
 * A notice as the bell and the /notifications page list it: `href` is its course's or book's page,
 * or null once that item has left the catalogue (the notice then says so and opens nothing).
 */
export type ListedNotice = Notice & { href: string | null };

export type NoticePage = { notices: ListedNotice[]; page: number; pageCount: number; total: number; unreadCount: number };

export const NOTIFICATIONS_API = {
  list: (page: number, pageSize: number) => `/api/notifications?page=${page}&pageSize=${pageSize}`,
  read: (id: string) => `/api/notifications/${id}/read`,
  readAll: '/api/notifications/read-all',
} as const;

/** Sent on window after a notice is marked read anywhere, so every view of the count refreshes. */
export const NOTIFICATIONS_CHANGED_EVENT = 'kz:notifications-changed';
