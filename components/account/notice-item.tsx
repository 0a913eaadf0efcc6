'use client';

import { noticeText } from '@/lib/notifications';
import type { Notice } from '@/lib/notifications';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** One notice; unread ones are a button that marks them read (spec §4 Notification). */
export function NoticeItem({ notice, busy, onRead }: { notice: Notice; busy: boolean; onRead: (id: string) => void }) {
  const body = (
    <>
      <span aria-hidden className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${notice.read ? 'bg-transparent' : 'bg-brand-600'}`} />
      <span className="flex min-w-0 flex-col">
        <span className={`break-words ${notice.read ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>{noticeText(notice)}</span>
        <span className="text-xs text-slate-600">
          <time dateTime={notice.createdAt}>{dateFormat.format(new Date(notice.createdAt))}</time>
          {notice.read ? ' · read' : ' · unread'}
        </span>
      </span>
    </>
  );
  if (notice.read) return <div className="flex gap-3 px-4 py-3">{body}</div>;
  return (
    <button
      type="button"
      className="flex w-full gap-3 px-4 py-3 text-left hover:bg-brand-50 disabled:opacity-60"
      onClick={() => onRead(notice.id)}
      disabled={busy}
    >
      {body}
      <span className="sr-only">. Mark as read</span>
    </button>
  );
}
