'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { formatDate } from '@/lib/format';
import type { ListedNotice } from '@/lib/notifications';

type Props = {
  notice: ListedNotice;
  busy: boolean;
  onRead: (id: string) => void;
  /** Called when the notice's link is followed (the bell closes its panel). */
  onOpen?: () => void;
};

/**
 * One notice (docs/product.md §4 Notification). Its text links to the new course or book, and following it
 * marks the notice read; unread ones also have a Mark as read button, so a notice can be cleared
 * without leaving the page. A notice whose item was deleted says so and links nowhere.
 */
export function NoticeItem({ notice, busy, onRead, onOpen }: Props) {
  const t = useTranslations('notifications');
  const locale = useLocale();
  // What a notice says: the new course's title or the new book's name (docs/product.md §3).
  const text = notice.kind === 'course' ? t('newCourse', { title: notice.title }) : t('newBook', { name: notice.bookName });
  const textClass = `break-words ${notice.read ? 'text-slate-700' : 'font-semibold text-slate-900'}`;
  return (
    <div className="flex items-start gap-3 px-4 py-3">
      <span aria-hidden className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${notice.read ? 'bg-transparent' : 'bg-brand-600'}`} />
      <span className="flex min-w-0 flex-1 flex-col">
        {notice.href ? (
          <Link
            href={notice.href}
            className={`${textClass} underline-offset-2 hover:text-brand-700 hover:underline`}
            onClick={() => {
              if (!notice.read) onRead(notice.id);
              onOpen?.();
            }}
          >
            {text}
          </Link>
        ) : (
          <span className={textClass}>{text}</span>
        )}
        <span className="text-xs text-slate-600">
          <time dateTime={notice.createdAt}>{formatDate(notice.createdAt, 'short', locale)}</time>
          {` · ${notice.read ? t('read') : t('unread')}`}
          {notice.href ? null : ` · ${t('itemGone')}`}
        </span>
      </span>
      {notice.read ? null : (
        <button
          type="button"
          className="shrink-0 rounded px-1 text-xs font-semibold text-brand-700 underline hover:bg-brand-50 disabled:text-slate-500 disabled:no-underline"
          onClick={() => onRead(notice.id)}
          disabled={busy}
          // Starts with the visible words (WCAG 2.5.3) and says which notice.
          aria-label={t('markAsReadLabel', { text })}
        >
          {t('markAsRead')}
        </button>
      )}
    </div>
  );
}
