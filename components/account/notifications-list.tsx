'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useState } from 'react';
import type { NoticePage } from '@/lib/notifications';
import { NoticeItem } from './notice-item';
import { markAllNoticesRead, markNoticeRead } from './notice-requests';

/** The /notifications page's list: marking re-renders the page from the server (and the bell refetches). */
export function NotificationsList({ data }: { data: NoticePage }) {
  const t = useTranslations('notifications');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function run(action: () => Promise<boolean>) {
    setBusy(true);
    const ok = await action();
    setFailed(!ok);
    if (ok) router.refresh();
    setBusy(false);
  }

  return (
    <section className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <p className="text-slate-700">
          {data.unreadCount === 0 ? t('allCaughtUp') : t('unreadCount', { count: data.unreadCount })}
        </p>
        <button type="button" className="btn-outline" onClick={() => void run(markAllNoticesRead)} disabled={busy || data.unreadCount === 0}>
          {t('markAllRead')}
        </button>
      </div>
      {failed && <p role="alert" className="px-4 py-2 text-sm text-red-700">{t('actionFailed')}</p>}
      {data.notices.length === 0 ? (
        <p className="px-4 py-10 text-center text-slate-600">{t('noneYet')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.notices.map((notice) => (
            <li key={notice.id}>
              <NoticeItem notice={notice} busy={busy} onRead={(id) => void run(() => markNoticeRead(id))} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
