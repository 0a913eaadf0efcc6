'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Link } from '@/i18n/navigation';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { formatFileSize } from '@/lib/book-file-upload';
import type { FormatLocale } from '@/lib/format';
import type { SavableCourse, SavableLesson } from '@/server/offline/saved-content';
import { FileDownloadIcon } from '@/components/ui/icons';
import { saveLesson } from './saved-downloads';
import { keepSavedShell } from './saved-shell';
import { canSave, lessonItemId, removeItems } from './saved-store';
import { SavedProgress } from './saved-progress';
import { qualityOptions, rungFor, savedBytes } from './saved-sizes';
import { useSavedIndex } from './use-saved-items';

type Scope = 'lesson' | 'section' | 'course';

const never = () => () => undefined;

/**
 * "Save for offline" under a bought lesson: this lesson, its section or the whole course, at a
 * chosen video quality, each with its size before anything is fetched; the saving's progress; and
 * once saved, that it is on this device, with a way to remove it.
 */
export function SaveForOffline({ courseId, lessonId, owner }: { courseId: string; lessonId: string; owner: string }) {
  const t = useTranslations('saved');
  const locale = useLocale();
  const id = useId();
  const supported = useSyncExternalStore(never, canSave, () => false);
  const index = useSavedIndex();
  const [open, setOpen] = useState(false);
  const [course, setCourse] = useState<SavableCourse | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [quality, setQuality] = useState<string | null>(null);
  const [saving, setSaving] = useState<Scope | null>(null);

  useEffect(() => {
    if (!open || course) return;
    let current = true;
    fetch(`/api/offline/courses/${courseId}?locale=${locale}`, { cache: 'no-store' })
      .then(async (answer) => {
        if (!answer.ok) throw new Error(String(answer.status));
        const read = (await answer.json()) as SavableCourse;
        if (!current) return;
        setCourse(read);
        setQuality((chosen) => chosen ?? qualityOptions(read)[0] ?? null);
      })
      .catch(() => current && setLoadFailed(true));
    return () => {
      current = false;
    };
  }, [open, course, courseId, locale]);

  if (!supported) return null;
  const owned = index?.owner === owner ? index.items : [];
  const thisItem = owned.find((item) => item.id === lessonItemId(courseId, lessonId));
  const size = (bytes: number) => formatFileSize(bytes, locale as FormatLocale);

  const lessons = course?.sections.flatMap((section) => section.lessons.map((lesson) => ({ lesson, section }))) ?? [];
  const here = lessons.find(({ lesson }) => lesson.id === lessonId);
  const savable = (candidates: { lesson: SavableLesson }[]) => candidates.filter(({ lesson }) => !lesson.onlineOnly).map(({ lesson }) => lesson);
  const scopes: Record<Scope, SavableLesson[]> = {
    lesson: here && !here.lesson.onlineOnly ? [here.lesson] : [],
    section: savable(lessons.filter(({ section }) => section.id === here?.section.id)),
    course: savable(lessons),
  };
  const onlineOnlyCount = lessons.length - scopes.course.length;

  const save = async (scope: Scope) => {
    if (!course) return;
    setSaving(scope);
    // Asked once something is saved: a browser may otherwise clear it when the phone runs short of space.
    void navigator.storage?.persist?.();
    // The Saved screen first: what is saved can be opened offline as soon as it shows as saved.
    await keepSavedShell(locale === DEFAULT_LOCALE ? '' : locale).catch(() => undefined);
    for (const lesson of scopes[scope]) {
      const rung = rungFor(lesson.rungs, quality);
      await saveLesson(owner, {
        courseId,
        courseTitle: course.title,
        lessonId: lesson.id,
        title: lesson.title,
        lessonKind: lesson.kind,
        order: lessons.findIndex((entry) => entry.lesson.id === lesson.id),
        quality: rung?.name ?? null,
        locale,
        bytes: savedBytes(lesson, quality),
      });
    }
    setSaving(null);
  };

  const inScope = (scope: Scope) => owned.filter((item) => item.kind === 'lesson' && scopes[scope].some((lesson) => item.id === lessonItemId(courseId, lesson.id)));

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-bold text-brand-900">
          <FileDownloadIcon className="h-5 w-5" /> {t('saveTitle')}
        </h2>
        <button type="button" className="btn-outline" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => {
            setLoadFailed(false);
            // Measured again at each opening: a quiz started since becomes savable.
            if (open) setCourse(null);
            setOpen(!open);
          }}>
          {open ? t('close') : t('saveOptions')}
        </button>
      </div>
      {thisItem ? (
        <div className="mt-3">
          <SavedProgress items={[thisItem]} />
          {thisItem.status === 'saved' ? (
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <Link href="/saved" className="font-semibold text-brand-700 underline">
                {t('openSaved')}
              </Link>
              <button type="button" className="font-semibold text-red-700 underline" onClick={() => void removeItems(owner, [thisItem.id])}>
                {t('removeThis')}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}
      {open ? (
        <div id={`${id}-panel`} className="mt-4 space-y-4">
          {loadFailed ? (
            <p role="alert" className="field-error">
              {t('sizesFailed')}
            </p>
          ) : !course ? (
            <p role="status" className="text-sm text-slate-700">
              {t('measuring')}
            </p>
          ) : (
            <>
              {qualityOptions(course).length > 0 ? (
                <div className="flex flex-col gap-1 text-sm">
                  <label htmlFor={`${id}-quality`} className="font-semibold">
                    {t('videoQuality')}
                  </label>
                  <select id={`${id}-quality`} className="max-w-xs rounded-md border border-slate-300 bg-white px-2 py-1.5" value={quality ?? ''} onChange={(event) => setQuality(event.target.value)}>
                    {qualityOptions(course).map((option) => (
                      <option key={option} value={option}>
                        {option === 'audio' ? t('qualityAudio') : option}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              <ul className="grid gap-2 sm:grid-cols-3">
                {(['lesson', 'section', 'course'] as const).map((scope) => {
                  const chosen = scopes[scope];
                  const bytes = chosen.reduce((sum, lesson) => sum + savedBytes(lesson, quality), 0);
                  return (
                    <li key={scope}>
                      <button type="button" className="btn-primary h-full w-full flex-col justify-center text-center" disabled={chosen.length === 0 || saving !== null} onClick={() => void save(scope)}>
                        <span>{t(`save.${scope}`, { count: chosen.length })}</span>
                        {chosen.length > 0 ? <span className="text-sm font-normal">{size(bytes)}</span> : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
              {saving ? <SavedProgress items={inScope(saving)} /> : null}
              {onlineOnlyCount > 0 ? <p className="text-sm text-slate-700">{t('onlineOnlyNote', { count: onlineOnlyCount })}</p> : null}
              {here?.lesson.onlineOnly ? <p className="text-sm text-slate-700">{t(`onlineOnly.${here.lesson.onlineOnly}`)}</p> : null}
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
