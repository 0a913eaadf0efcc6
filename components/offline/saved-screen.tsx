'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import { formatFileSize } from '@/lib/book-file-upload';
import type { FormatLocale } from '@/lib/format';
import { useSession } from '@/components/layout/session-provider';
import { removeAllSaved, removeItems } from './saved-store';
import type { SavedBookItem, SavedItem, SavedLessonItem } from './saved-store';
import { SavedProgress } from './saved-progress';
import { SavedLessonView } from './saved-lesson-view';
import { SavedBookView } from './saved-book-view';
import { useSavedIndex } from './use-saved-items';
import { openSavedItem, savedAddress } from './saved-navigation';
import type { SavedView } from './saved-navigation';
import { useOnline } from './use-online';

type Storage = { used: number; available: number; persisted: boolean };

/** What the site's storage holds and may still take, and whether the browser keeps it when space runs short. */
function useStorage(items: unknown): [Storage | null, () => void] {
  const [storage, setStorage] = useState<Storage | null>(null);
  const read = () =>
    void Promise.all([navigator.storage?.estimate?.(), navigator.storage?.persisted?.()]).then(([estimate, persisted]) => {
      if (estimate?.quota !== undefined) setStorage({ used: estimate.usage ?? 0, available: Math.max(0, estimate.quota - (estimate.usage ?? 0)), persisted: persisted ?? false });
    });
  useEffect(read, [items]);
  return [storage, () => void navigator.storage?.persist?.().then(read)];
}

/** The saved lessons of one course, in the course's order. */
type CourseGroup = { courseId: string; courseTitle: string; lessons: SavedLessonItem[] };

function groupByCourse(items: SavedItem[]): CourseGroup[] {
  const groups = new Map<string, CourseGroup>();
  for (const item of items) {
    if (item.kind !== 'lesson') continue;
    const group = groups.get(item.courseId) ?? { courseId: item.courseId, courseTitle: item.courseTitle, lessons: [] };
    group.lessons.push(item);
    groups.set(item.courseId, group);
  }
  for (const group of groups.values()) group.lessons.sort((a, b) => a.order - b.order);
  return [...groups.values()];
}

/** The Saved screen: a saved lesson or book when the address names one, else the list of what is saved. */
export function SavedScreen() {
  const params = useSearchParams();
  const lesson = params.get('lesson');
  const book = params.get('book');
  if (lesson) return <SavedLessonView address={lesson} />;
  if (book) return <SavedBookView bookId={book} />;
  return <SavedList />;
}

function SavedList() {
  const t = useTranslations('saved');
  const tKind = useTranslations('lesson');
  const locale = useLocale() as FormatLocale;
  const index = useSavedIndex();
  const online = useOnline();
  const session = useSession();
  const items = index?.items ?? [];
  const [storage, persist] = useStorage(items);
  const size = (bytes: number) => formatFileSize(bytes, locale);
  const courses = groupByCourse(items);
  const books = items.filter((item): item is SavedBookItem => item.kind === 'book');
  const owner = index?.owner ?? '';
  // Shown once the device's storage is read, so nothing flashes "empty" before it.
  const loaded = index !== undefined;

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-extrabold text-brand-900 sm:text-3xl">{t('title')}</h1>
        <p className="text-slate-700">{t('intro')}</p>
        {!online ? (
          <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-900">
            {t('offlineNotice')}
          </p>
        ) : null}
      </header>

      {storage ? (
        <section aria-labelledby="saved-storage" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800">
          <h2 id="saved-storage" className="font-bold text-brand-900">
            {t('storageTitle')}
          </h2>
          <p>{t('storageUse', { used: size(storage.used), available: size(storage.available) })}</p>
          {storage.persisted ? (
            <p>{t('persisted')}</p>
          ) : (
            <p className="flex flex-wrap items-center gap-3">
              <span>{t('notPersisted')}</span>
              <button type="button" className="btn-outline" onClick={persist}>
                {t('persist')}
              </button>
            </p>
          )}
          {session.status === 'authenticated' && items.length > 0 ? <p className="text-slate-700">{t('signOutNote')}</p> : null}
        </section>
      ) : null}

      {loaded && items.length === 0 ? (
        <section className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-800">
          <h2 className="font-bold text-brand-900">{t('emptyTitle')}</h2>
          <p className="mt-1">{t('emptyText')}</p>
          {online ? (
            <Link href="/myCollection" className="btn-primary mt-4 inline-block">
              {t('toCollection')}
            </Link>
          ) : null}
        </section>
      ) : null}

      {courses.map((course) => (
        <section key={course.courseId} aria-labelledby={`saved-course-${course.courseId}`} className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`saved-course-${course.courseId}`} className="text-lg font-bold text-brand-900">
              {course.courseTitle}
            </h2>
            <button type="button" className="text-sm font-semibold text-red-700 underline" onClick={() => void removeItems(owner, course.lessons.map((item) => item.id))}>
              {t('removeCourse')}
              <span className="sr-only">: {course.courseTitle}</span>
            </button>
          </div>
          <ul className="mt-3 divide-y divide-slate-100">
            {course.lessons.map((item) => (
              <SavedRow key={item.id} owner={owner} item={item} view={{ lesson: `${item.courseId}/${item.lessonId}` }}>
                {tKind(`kind.${item.lessonKind}`)}
                {item.quality ? ` · ${item.quality === 'audio' ? t('qualityAudio') : item.quality}` : ''}
              </SavedRow>
            ))}
          </ul>
        </section>
      ))}

      {books.length > 0 ? (
        <section aria-labelledby="saved-books" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="saved-books" className="text-lg font-bold text-brand-900">
            {t('booksTitle')}
          </h2>
          <ul className="mt-3 divide-y divide-slate-100">
            {books.map((item) => (
              <SavedRow key={item.id} owner={owner} item={item} view={{ book: item.bookId }}>
                {item.format.toUpperCase()}
              </SavedRow>
            ))}
          </ul>
        </section>
      ) : null}

      {items.length > 0 ? (
        <button type="button" className="btn-outline" onClick={() => void removeAllSaved()}>
          {t('removeAll')}
        </button>
      ) : null}
    </div>
  );
}

/** One saved lesson or book in the list: its title (opening it once saved), what it is and weighs, its progress, and Remove. */
function SavedRow({ owner, item, view, children }: { owner: string; item: SavedItem; view: SavedView; children: ReactNode }) {
  const t = useTranslations('saved');
  const locale = useLocale() as FormatLocale;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        {item.status === 'saved' ? (
          <a href={savedAddress(locale, view)} onClick={(event) => openSavedItem(event, view)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            {item.title}
          </a>
        ) : (
          <span className="font-semibold">{item.title}</span>
        )}
        <p className="text-sm text-slate-700">
          {children} · {formatFileSize(item.status === 'saved' ? item.bytes : item.doneBytes, locale)}
        </p>
        {item.status !== 'saved' ? <SavedProgress items={[item]} /> : null}
      </div>
      <button type="button" className="btn-outline" onClick={() => void removeItems(owner, [item.id])}>
        {t('remove')}
        <span className="sr-only">: {item.title}</span>
      </button>
    </li>
  );
}
