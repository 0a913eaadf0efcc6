'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatNumber } from '@/lib/format';
import { NOTIFICATIONS_CHANGED_EVENT } from '@/lib/notifications';
import type { NoticePage } from '@/lib/notifications';
import { BellIcon } from '@/components/ui/icons';
import { NoticeItem } from './notice-item';
import { fetchNotices, markAllNoticesRead, markNoticeRead } from './notice-requests';

const PANEL_PAGE_SIZE = 5;
/** The count stays fresh without a reload: polled while the tab is visible, and on focus. */
const POLL_MS = 30_000;

/** The header bell: unread count badge and a paginated panel of notices, newest first. */
export function NotificationBell() {
  const t = useTranslations('notifications');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<NoticePage | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  // The page the latest request asked for, so a slow answer for an old page is ignored.
  const wanted = useRef(page);

  const refresh = useCallback(async () => {
    const requested = wanted.current;
    const answer = await fetchNotices(requested, PANEL_PAGE_SIZE);
    if (requested !== wanted.current) return;
    setFailed(answer === null);
    if (!answer) return;
    setData(answer);
    // The list shrank (notices removed): follow the server to its last page.
    if (answer.page !== requested) setPage(answer.page);
  }, []);

  useEffect(() => {
    wanted.current = page;
    void refresh();
  }, [page, refresh]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const onChanged = () => void refresh();
    const timer = setInterval(onVisible, POLL_MS);
    window.addEventListener('focus', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, onChanged);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, onChanged);
    };
  }, [refresh]);

  useEffect(() => {
    if (!open) return;
    function onPointer(event: PointerEvent) {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') setOpen(false);
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  async function run(action: () => Promise<boolean>) {
    setBusy(true);
    // A successful mark announces the change; the listener above refetches the list and count.
    if (!(await action())) setFailed(true);
    setBusy(false);
  }

  const unread = data?.unreadCount ?? 0;

  return (
    <div className="relative" ref={container}>
      <button
        type="button"
        className="relative flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-brand-50 hover:text-brand-700"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((value) => !value);
          void refresh();
        }}
      >
        <BellIcon />
        {/* The name in words, not an aria-label: a label that leaves out the badge's visible "9+" fails WCAG 2.5.3 (label in name). */}
        <span className="sr-only">{data ? t('bellLabel', { count: unread }) : t('title')}</span>
        {unread > 0 && (
          <span aria-hidden className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white">
            {unread > 9 ? `${formatNumber(9, locale)}+` : formatNumber(unread, locale)}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-label={t('title')}
          className="fixed inset-x-2 top-16 z-50 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <h2 className="font-semibold text-slate-900">{t('title')}</h2>
            <button
              type="button"
              className="text-sm font-semibold text-brand-700 underline disabled:text-slate-500 disabled:no-underline"
              onClick={() => void run(markAllNoticesRead)}
              disabled={busy || unread === 0}
            >
              {t('markAllRead')}
            </button>
          </div>
          {!data && !failed && <p className="px-4 py-6 text-center text-sm text-slate-600">{t('loading')}</p>}
          {failed && <p role="alert" className="px-4 py-2 text-sm text-red-700">{t('loadFailed')}</p>}
          {data && data.notices.length === 0 && <p className="px-4 py-6 text-center text-sm text-slate-600">{t('none')}</p>}
          {data && data.notices.length > 0 && (
            <ul className="divide-y divide-slate-100">
              {data.notices.map((notice) => (
                <li key={notice.id}>
                  <NoticeItem notice={notice} busy={busy} onRead={(id) => void run(() => markNoticeRead(id))} onOpen={() => setOpen(false)} />
                </li>
              ))}
            </ul>
          )}
          <div className="flex items-center justify-between gap-2 border-t border-slate-100 px-4 py-2 text-sm">
            {data && data.pageCount > 1 ? (
              <span className="flex items-center gap-2">
                <button type="button" className="rounded px-2 py-1 text-brand-700 hover:bg-brand-50 disabled:text-slate-400" onClick={() => setPage(page - 1)} disabled={page <= 1}>
                  {t('previous')}
                </button>
                <span className="text-slate-600">{t('pageOf', { page: data.page, pageCount: data.pageCount })}</span>
                <button type="button" className="rounded px-2 py-1 text-brand-700 hover:bg-brand-50 disabled:text-slate-400" onClick={() => setPage(page + 1)} disabled={page >= data.pageCount}>
                  {t('next')}
                </button>
              </span>
            ) : (
              <span />
            )}
            <Link href="/notifications" className="font-semibold text-brand-700 underline" onClick={() => setOpen(false)}>
              {t('seeAll')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
