'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { ArticleLesson } from '@/components/learning/article-lesson';
import { CompleteButton } from '@/components/learning/complete-button';
import { ProgressSync } from '@/components/learning/progress-sync';
import { QuizLesson } from '@/components/learning/quiz/quiz-lesson';
import type { QuizState } from '@/lib/quiz';
import { routes } from '@/lib/routes';
import { Link } from '@/i18n/navigation';
import { keepSavedQuiz, readSavedLesson } from './saved-downloads';
import type { SavedLessonContent } from './saved-downloads';
import { lessonItemId } from './saved-store';
import { keepSavedPosition, savedPosition } from './saved-position';
import type { SavedLessonItem } from './saved-store';
import { SavedVideo } from './saved-video';
import { openSavedItem, savedAddress } from './saved-navigation';
import { useOnline } from './use-online';
import { useSavedIndex } from './use-saved-items';
import { BackToSaved } from './back-to-saved';

/** A saved lesson, read from the device: it opens with no connection and asks the network for nothing. */
export function SavedLessonView({ address }: { address: string }) {
  const t = useTranslations('saved');
  const tPlayer = useTranslations('player');
  const tKind = useTranslations('lesson');
  const languages = useTranslations('languages');
  const locale = useLocale();
  const online = useOnline();
  const index = useSavedIndex();
  const [courseId = '', lessonId = ''] = address.split('/');
  /** `startAt`: where its video resumes, read once as it opens (a change would reload the player). */
  const [loaded, setLoaded] = useState<{ address: string; content: SavedLessonContent | null; startAt: number } | null>(null);
  const item = index?.items.find((candidate): candidate is SavedLessonItem => candidate.id === lessonItemId(courseId, lessonId));
  const owner = index?.owner;
  const ready = item?.status === 'saved';

  useEffect(() => {
    if (!owner || !ready) return;
    let current = true;
    void readSavedLesson(owner, courseId, lessonId)
      .catch(() => null)
      .then((read) => current && setLoaded({ address, content: read, startAt: savedPosition(owner, courseId, lessonId, read?.video?.positionSeconds ?? 0) }));
    return () => {
      current = false;
    };
  }, [owner, ready, address, courseId, lessonId]);
  // Unknown until the device's index is read, then until a saved lesson's file is.
  const content = index === undefined ? undefined : !owner || !ready ? null : loaded?.address === address ? loaded.content : undefined;
  const keepPosition = useCallback(
    (seconds: number) => {
      if (owner) keepSavedPosition(owner, courseId, lessonId, seconds);
    },
    [owner, courseId, lessonId],
  );
  const keepQuiz = useCallback((quiz: QuizState) => void (owner ? keepSavedQuiz(owner, courseId, lessonId, quiz) : undefined), [owner, courseId, lessonId]);

  const back = <BackToSaved />;
  if (content === undefined) return back;
  if (!content || !owner) {
    return (
      <div>
        {back}
        <section className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-800">
          <h1 className="text-xl font-bold text-brand-900">{t('notSavedTitle')}</h1>
          <p className="mt-1">{online ? t('notSavedOnline') : t('notSavedOffline')}</p>
          {online ? (
            <Link href={routes.learn(courseId, lessonId)} className="btn-primary mt-4 inline-block">
              {t('openOnline')}
            </Link>
          ) : null}
        </section>
      </div>
    );
  }

  const savedLessons = (index?.items ?? []).filter((candidate): candidate is SavedLessonItem => candidate.kind === 'lesson' && candidate.courseId === courseId && candidate.status === 'saved').sort((a, b) => a.order - b.order);
  const position = savedLessons.findIndex((candidate) => candidate.lessonId === lessonId);
  const previous = savedLessons[position - 1];
  const next = savedLessons[position + 1];
  const { saved } = content;

  return (
    <div>
      {back}
      <ProgressSync learnerId={owner} />
      <article className="min-w-0 space-y-6">
        <header>
          <p className="text-sm text-slate-700">{content.courseTitle}</p>
          <p className="mt-1 text-sm font-semibold uppercase tracking-wide text-brand-700">{tKind(`kind.${content.kind}`)}</p>
          <h1 className="mt-1 text-2xl font-extrabold leading-tight text-brand-900 sm:text-3xl">{content.title}</h1>
          <p className="mt-2 inline-flex rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200">{t('onThisDevice')}</p>
        </header>

        {content.article ? <ArticleLesson courseId={courseId} lessonId={lessonId} html={content.article.html} lang={content.article.lang} canSave completed={false} /> : null}
        {content.kind === 'video' && saved.video ? (
          <SavedVideo
            courseId={courseId}
            lessonId={lessonId}
            title={content.title}
            playlist={saved.video.playlist}
            captions={Object.entries(saved.captions).map(([language, src]) => ({ locale: language, label: languages(language as 'en'), src }))}
            transcript={content.transcript ?? null}
            startAt={loaded?.startAt ?? 0}
            onPosition={keepPosition}
          />
        ) : null}
        {content.quiz ? <QuizLesson key={lessonId} courseId={courseId} lessonId={lessonId} initial={content.quiz} signedIn loginHref={routes.learn(courseId, lessonId)} onGraded={keepQuiz} /> : null}
        {content.kind === 'video' && !saved.video ? <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">{t('videoNotSaved')}</p> : null}
        {content.files.map((file) => (
          <p key={file.part}>
            <a href={saved.files[file.part]} download={file.name} className="btn-outline inline-flex">
              {file.part === 'notes' ? tPlayer('downloadNotes') : tPlayer('download')}: {file.name}
            </a>
          </p>
        ))}

        <div className="flex flex-col gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
          {/* A quiz is completed by passing it. */}
          {content.kind === 'quiz' ? <span /> : <CompleteButton courseId={courseId} lessonId={lessonId} completed={false} />}
          <div className="flex flex-wrap gap-3">
            {previous ? (
              <a href={savedAddress(locale, { lesson: `${courseId}/${previous.lessonId}` })} onClick={(event) => openSavedItem(event, { lesson: `${courseId}/${previous.lessonId}` })} className="btn-outline">
                <span aria-hidden="true">←</span> {tPlayer('previous')}
                <span className="sr-only">: {previous.title}</span>
              </a>
            ) : null}
            {next ? (
              <a href={savedAddress(locale, { lesson: `${courseId}/${next.lessonId}` })} onClick={(event) => openSavedItem(event, { lesson: `${courseId}/${next.lessonId}` })} className="btn-primary">
                {tPlayer('next')}
                <span className="sr-only">: {next.title}</span> <span aria-hidden="true">→</span>
              </a>
            ) : null}
          </div>
        </div>
      </article>
    </div>
  );
}
