'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LessonKindIcon } from '@/components/learning/lesson-kind-icon';
import type { LessonOutline } from '@/lib/curriculum';
import { routes } from '@/lib/routes';
import { CURRICULUM_LIMITS } from '@/lib/schemas/curriculum';
import { byTranslationLocale } from '@/lib/translated-content';
import { deleteLessonAction, moveLessonAction, updateLessonAction } from '@/server/actions/curriculum';
import type { LessonEditorContent } from '@/lib/curriculum';
import { FieldFrame, describedBy } from '../form-fields';
import { useDurationText } from './curriculum-text';
import { CaptionsFields } from './captions-fields';
import { LessonUploadField } from './lesson-upload-field';
import { PlaybackSummaryLine } from './playback-summary';
import { MoveButtons } from './move-buttons';
import { QuizEditor } from './quiz-editor';
import { TranslationFieldsets } from '../translation-fieldsets';
import { useCurriculumAction } from './use-curriculum-action';
import { VideoStreamingStatus } from './video-streaming-status';

type Props = { courseId: string; lesson: LessonOutline; content: LessonEditorContent | undefined; first: boolean; last: boolean };

/** One lesson in the editor: its row (move, edit, delete) and, when opened, its form and uploads. */
export function LessonEditor({ courseId, lesson, content, first, last }: Props) {
  const t = useTranslations('curriculumEditor');
  const tForms = useTranslations('adminForms');
  const durationText = useDurationText();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { pending, run, errorOf } = useCurriculumAction();

  function save(form: FormData) {
    const text = (name: string) => String(form.get(name) ?? '');
    // The same fields for the default language and, under `translations.{locale}.`, for each translated one.
    const written = (prefix: string) => ({
      ...(lesson.kind === 'video' ? { transcript: text(`${prefix}transcript`) } : {}),
      ...(lesson.kind === 'article' ? { markdown: text(`${prefix}markdown`) } : {}),
    });
    const input = {
      title: text('title'),
      duration: text('duration'),
      freePreview: form.get('freePreview') === 'on',
      ...(lesson.kind === 'video' ? { youtubeUrl: text('youtubeUrl') } : {}),
      ...written(''),
      translations: byTranslationLocale((locale) => ({ title: text(`translations.${locale}.title`), ...written(`translations.${locale}.`) })),
    };
    run(() => updateLessonAction(courseId, lesson.id, input), t('saved', { title: input.title }));
  }

  const field = (name: string) => `${id}-${name}`;

  return (
    <li className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-2 px-3 py-2">
        <LessonKindIcon kind={lesson.kind} className="h-4 w-4 text-slate-500" />
        <span className="min-w-[12rem] flex-1 text-sm">
          <span className="sr-only">{t('kindPrefix', { kind: t(`kinds.${lesson.kind}`) })} </span>
          <span className="font-medium text-slate-900">{lesson.title}</span>
          {lesson.durationSeconds ? <span className="ml-2 text-slate-600">{durationText(lesson.durationSeconds)}</span> : null}
          {lesson.freePreview ? <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">{t('freePreviewBadge')}</span> : null}
        </span>
        <MoveButtons label={t('lessonNamed', { title: lesson.title })} first={first} last={last} busy={pending} onMove={(direction) => run(() => moveLessonAction(courseId, lesson.id, direction))} />
        <button type="button" className="btn border border-slate-300 px-3 py-1 text-slate-800 hover:bg-slate-50" aria-expanded={open} aria-controls={field('form')} onClick={() => setOpen(!open)}>
          {open ? t('close') : t('edit')}
          <span className="sr-only"> {t('lessonNamed', { title: lesson.title })}</span>
        </button>
        <button type="button" className="btn border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50" disabled={pending} onClick={() => setConfirming(true)}>
          {t('delete')}
          <span className="sr-only"> {t('lessonNamed', { title: lesson.title })}</span>
        </button>
      </div>

      {open ? (
        <div id={field('form')} className="space-y-4 border-t border-slate-200 p-2 sm:p-4">
          <form action={save} className="space-y-4" aria-label={t('editLessonForm', { title: lesson.title })}>
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
              <FieldFrame id={field('title')} label={t('lessonTitle')} error={errorOf('title')}>
                <input id={field('title')} name="title" defaultValue={lesson.title} className="input-field" aria-invalid={Boolean(errorOf('title'))} aria-describedby={describedBy(field('title'))} />
              </FieldFrame>
              <FieldFrame id={field('duration')} label={t('duration.label')} error={errorOf('duration')}>
                <input
                  id={field('duration')}
                  name="duration"
                  type="number"
                  min={0}
                  max={CURRICULUM_LIMITS.minutes}
                  step="any"
                  inputMode="decimal"
                  defaultValue={lesson.durationSeconds === undefined ? '' : Math.round((lesson.durationSeconds / 60) * 100) / 100}
                  className="input-field"
                  aria-invalid={Boolean(errorOf('duration'))}
                  aria-describedby={describedBy(field('duration'))}
                />
              </FieldFrame>
            </div>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name="freePreview" defaultChecked={lesson.freePreview} className="h-4 w-4" />
              {t('freePreview')}
            </label>
            {lesson.kind === 'video' ? (
              <>
                <FieldFrame id={field('youtube')} label={t('youtubeAddress')} error={errorOf('youtubeUrl')} hint={content?.video ? t('playsUploadedVideo') : undefined}>
                  <input id={field('youtube')} name="youtubeUrl" defaultValue={content?.youtubeUrl ?? ''} className="input-field" aria-invalid={Boolean(errorOf('youtubeUrl'))} aria-describedby={describedBy(field('youtube'), content?.video ? 'hint' : undefined)} />
                </FieldFrame>
                <FieldFrame id={field('transcript')} label={t('transcript')} error={errorOf('transcript')}>
                  <textarea id={field('transcript')} name="transcript" rows={4} defaultValue={content?.transcript ?? ''} className="input-field resize-y" aria-invalid={Boolean(errorOf('transcript'))} aria-describedby={describedBy(field('transcript'))} />
                </FieldFrame>
              </>
            ) : null}
            {lesson.kind === 'article' ? (
              <FieldFrame id={field('markdown')} label={t('articleText')} error={errorOf('markdown')} hint={t('markdownHint')}>
                <textarea id={field('markdown')} name="markdown" rows={14} defaultValue={content?.markdown ?? ''} className="input-field resize-y font-mono text-sm" aria-invalid={Boolean(errorOf('markdown'))} aria-describedby={describedBy(field('markdown'), 'hint')} />
              </FieldFrame>
            ) : null}
            <TranslationFieldsets>
              {(locale, language) => {
                const name = (part: string) => `translations.${locale}.${part}`;
                const inputId = (part: string) => field(`${locale}-${part}`);
                const texts = content?.translations?.[locale];
                return (
                  <>
                    <FieldFrame id={inputId('title')} label={tForms('translatedTitle', { language })} error={errorOf(name('title'))}>
                      <input id={inputId('title')} name={name('title')} defaultValue={lesson.translations?.[locale]?.title ?? ''} className="input-field" aria-invalid={Boolean(errorOf(name('title')))} aria-describedby={describedBy(inputId('title'))} />
                    </FieldFrame>
                    {lesson.kind === 'video' ? (
                      <FieldFrame id={inputId('transcript')} label={t('translatedTranscript', { language })} error={errorOf(name('transcript'))}>
                        <textarea id={inputId('transcript')} name={name('transcript')} rows={4} defaultValue={texts?.transcript ?? ''} className="input-field resize-y" aria-invalid={Boolean(errorOf(name('transcript')))} aria-describedby={describedBy(inputId('transcript'))} />
                      </FieldFrame>
                    ) : null}
                    {/* Not monospaced like the default article: monospace fonts rarely have every script's letters. */}
                    {lesson.kind === 'article' ? (
                      <FieldFrame id={inputId('markdown')} label={t('translatedArticle', { language })} error={errorOf(name('markdown'))} hint={t('markdownHint')}>
                        <textarea id={inputId('markdown')} name={name('markdown')} rows={10} defaultValue={texts?.markdown ?? ''} className="input-field resize-y text-sm" aria-invalid={Boolean(errorOf(name('markdown')))} aria-describedby={describedBy(inputId('markdown'), 'hint')} />
                      </FieldFrame>
                    ) : null}
                  </>
                );
              }}
            </TranslationFieldsets>
            <div className="flex flex-wrap items-center gap-3">
              <button type="submit" className="btn-primary" disabled={pending}>
                {pending ? t('saving') : t('saveLesson')}
              </button>
              <Link href={routes.learn(courseId, lesson.id)} target="_blank" className="font-semibold text-brand-700 hover:underline">
                {t('previewAsLearner')}
                <span className="sr-only"> {t('opensInNewTab')}</span>
              </Link>
            </div>
          </form>
          {lesson.kind === 'quiz' ? <QuizEditor courseId={courseId} lessonId={lesson.id} quiz={content?.quiz} /> : null}
          {lesson.kind === 'video' ? <LessonUploadField courseId={courseId} lessonId={lesson.id} part="video" current={content?.video} /> : null}
          {lesson.kind === 'video' && content?.streaming ? <VideoStreamingStatus streaming={content.streaming} /> : null}
          {lesson.kind === 'video' && content?.playback ? <PlaybackSummaryLine playback={content.playback} /> : null}
          {lesson.kind === 'video' ? <CaptionsFields courseId={courseId} lessonId={lesson.id} captions={content?.captions} /> : null}
          {lesson.kind === 'file' ? <LessonUploadField courseId={courseId} lessonId={lesson.id} part="file" current={content?.file} /> : null}
          <LessonUploadField courseId={courseId} lessonId={lesson.id} part="notes" current={content?.notes} />
        </div>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title={t('deleteLessonTitle')}
        confirmLabel={t('confirmDelete')}
        busy={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => run(() => deleteLessonAction(courseId, lesson.id), t('deleted', { title: lesson.title }), () => setConfirming(false))}
      >
        {t('deleteLessonText', { title: lesson.title })}
      </ConfirmDialog>
    </li>
  );
}
