'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LESSON_KINDS } from '@/lib/curriculum';
import type { CurriculumSection } from '@/lib/curriculum';
import { TRANSLATION_LOCALES, byTranslationLocale } from '@/lib/translated-content';
import { addLessonAction, deleteSectionAction, moveSectionAction, renameSectionAction } from '@/server/actions/curriculum';
import type { LessonEditorContent } from '@/lib/curriculum';
import { FieldFrame, describedBy } from '../form-fields';
import { LessonEditor } from './lesson-editor';
import { MoveButtons } from './move-buttons';
import { useCurriculumAction } from './use-curriculum-action';

type Props = {
  courseId: string;
  section: CurriculumSection;
  position: number;
  first: boolean;
  last: boolean;
  contents: ReadonlyMap<string, LessonEditorContent>;
};

/** One section: rename, move, delete, its lessons, and a form to add a lesson. */
export function SectionEditor({ courseId, section, position, first, last, contents }: Props) {
  const t = useTranslations('curriculumEditor');
  const tForms = useTranslations('adminForms');
  const languages = useTranslations('languages');
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const rename = useCurriculumAction();
  const add = useCurriculumAction();
  const [formKey, setFormKey] = useState(0);

  return (
    <li className="rounded-xl border border-slate-300 bg-slate-50 p-2 sm:p-4">
      <div className="flex flex-wrap items-end gap-2">
        <form
          className="flex min-w-0 flex-1 flex-wrap items-end gap-2"
          aria-label={t('renameSectionForm', { position })}
          action={(form) =>
            rename.run(
              () =>
                renameSectionAction(courseId, section.id, {
                  title: String(form.get('title') ?? ''),
                  translations: byTranslationLocale((locale) => ({ title: String(form.get(`translations.${locale}.title`) ?? '') })),
                }),
              t('sectionRenamed'),
            )
          }
        >
          <FieldFrame id={`${id}-title`} label={t('sectionNumber', { position })} error={rename.errorOf('title')} className="min-w-[12rem] flex-1">
            <input id={`${id}-title`} name="title" defaultValue={section.title} className="input-field font-semibold" aria-invalid={Boolean(rename.errorOf('title'))} aria-describedby={describedBy(`${id}-title`)} />
          </FieldFrame>
          {/* The section's title in each translated language (optional: left blank, the default title is shown). */}
          {TRANSLATION_LOCALES.map((locale) => {
            const name = `translations.${locale}.title`;
            const inputId = `${id}-${locale}-title`;
            return (
              <FieldFrame key={locale} id={inputId} label={tForms('translatedTitle', { language: languages(locale) })} error={rename.errorOf(name)} className="min-w-[12rem] flex-1">
                <input id={inputId} name={name} defaultValue={section.translations?.[locale]?.title ?? ''} className="input-field" aria-invalid={Boolean(rename.errorOf(name))} aria-describedby={describedBy(inputId)} />
              </FieldFrame>
            );
          })}
          <button type="submit" className="btn-outline mb-7" disabled={rename.pending}>
            {t('rename')}
            <span className="sr-only"> {t('sectionNumberLower', { position })}</span>
          </button>
        </form>
        <div className="mb-7 flex gap-2">
          <MoveButtons label={t('sectionNamed', { title: section.title })} first={first} last={last} busy={rename.pending} onMove={(direction) => rename.run(() => moveSectionAction(courseId, section.id, direction))} />
          <button type="button" className="btn border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50" disabled={rename.pending} onClick={() => setConfirming(true)}>
            {t('delete')}
            <span className="sr-only"> {t('sectionNamed', { title: section.title })}</span>
          </button>
        </div>
      </div>

      {section.lessons.length === 0 ? <p className="mb-3 text-sm text-slate-700">{t('noLessons')}</p> : null}
      <ol className="mb-4 space-y-2">
        {section.lessons.map((lesson, index) => (
          <LessonEditor
            key={lesson.id}
            courseId={courseId}
            lesson={lesson}
            content={contents.get(lesson.id)}
            first={first && index === 0}
            last={last && index === section.lessons.length - 1}
          />
        ))}
      </ol>

      <form
        key={formKey}
        className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end"
        aria-label={t('addLessonForm', { position })}
        action={(form) =>
          add.run(
            () => addLessonAction(courseId, { sectionId: section.id, title: String(form.get('title') ?? ''), kind: String(form.get('kind') ?? '') }),
            t('lessonAdded'),
            () => setFormKey((key) => key + 1),
          )
        }
      >
        <FieldFrame id={`${id}-lesson-title`} label={t('newLessonTitle')} error={add.errorOf('title')}>
          <input id={`${id}-lesson-title`} name="title" className="input-field" aria-invalid={Boolean(add.errorOf('title'))} aria-describedby={describedBy(`${id}-lesson-title`)} />
        </FieldFrame>
        <FieldFrame id={`${id}-lesson-kind`} label={t('type')} error={add.errorOf('kind')}>
          <select id={`${id}-lesson-kind`} name="kind" defaultValue="article" className="input-field h-[2.625rem]" aria-describedby={describedBy(`${id}-lesson-kind`)}>
            {LESSON_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </FieldFrame>
        <button type="submit" className="btn-primary mb-7" disabled={add.pending}>
          {t('addLesson')}
          <span className="sr-only"> {t('toSection', { position })}</span>
        </button>
      </form>

      <ConfirmDialog
        open={confirming}
        title={t('deleteSectionTitle')}
        confirmLabel={t('confirmDelete')}
        busy={rename.pending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => rename.run(() => deleteSectionAction(courseId, section.id), t('deleted', { title: section.title }), () => setConfirming(false))}
      >
        {t('deleteSectionText', { title: section.title, lessons: section.lessons.length })}
      </ConfirmDialog>
    </li>
  );
}
