'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { curriculumTotals } from '@/lib/curriculum';
import type { Curriculum } from '@/lib/curriculum';
import { addSectionAction } from '@/server/actions/curriculum';
import type { LessonEditorContent } from '@/lib/curriculum';
import { FieldFrame, describedBy } from '../form-fields';
import { useDurationText } from './curriculum-text';
import { SectionEditor } from './section-editor';
import { useCurriculumAction } from './use-curriculum-action';

type Props = { courseId: string; curriculum: Curriculum; contents: LessonEditorContent[] };

/** The course update screen's curriculum: sections and lessons in order, each editable in place. */
export function CurriculumEditor({ courseId, curriculum, contents }: Props) {
  const t = useTranslations('curriculumEditor');
  const durationText = useDurationText();
  const id = useId();
  const add = useCurriculumAction();
  const [formKey, setFormKey] = useState(0);
  const byLesson = new Map(contents.map((content) => [content.id, content]));
  const totals = curriculumTotals(curriculum);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Opened at #curriculum (where Add Course leads): the page is rendered after the navigation that
  // would have scrolled, so the editor brings itself into view, and keyboard focus with it.
  useEffect(() => {
    if (window.location.hash !== '#curriculum') return;
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <section id="curriculum" aria-labelledby={`${id}-heading`} className="mt-10 scroll-mt-20 rounded-xl border border-slate-200 bg-white p-3 sm:p-6">
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="scroll-mt-24 text-2xl font-bold text-brand-900 focus:outline-none focus-visible:outline-none">
        {t('heading')}
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-700">
        {t('summary', { sections: totals.sections, lessons: totals.lessons, duration: totals.seconds > 0 ? ` · ${durationText(totals.seconds)}` : '' })}
      </p>
      {curriculum.length === 0 ? <p className="mb-4 text-slate-700">{t('noSections')}</p> : null}
      <ol className="mb-6 space-y-4">
        {curriculum.map((section, index) => (
          <SectionEditor key={section.id} courseId={courseId} section={section} position={index + 1} first={index === 0} last={index === curriculum.length - 1} contents={byLesson} />
        ))}
      </ol>
      <form
        key={formKey}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        aria-label={t('addSectionForm')}
        action={(form) => add.run(() => addSectionAction(courseId, { title: String(form.get('title') ?? '') }), t('sectionAdded'), () => setFormKey((key) => key + 1))}
      >
        <FieldFrame id={`${id}-section`} label={t('newSectionTitle')} error={add.errorOf('title')} className="flex-1">
          <input id={`${id}-section`} name="title" className="input-field" aria-invalid={Boolean(add.errorOf('title'))} aria-describedby={describedBy(`${id}-section`)} />
        </FieldFrame>
        <button type="submit" className="btn-primary mb-7" disabled={add.pending}>
          {t('addSection')}
        </button>
      </form>
    </section>
  );
}
