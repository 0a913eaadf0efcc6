'use client';

import { useId, useState } from 'react';
import { countOf, curriculumTotals, formatDuration } from '@/lib/curriculum';
import type { Curriculum } from '@/lib/curriculum';
import { addSectionAction } from '@/server/actions/curriculum';
import type { LessonEditorContent } from '@/lib/curriculum';
import { FieldFrame, describedBy } from '../form-fields';
import { SectionEditor } from './section-editor';
import { useCurriculumAction } from './use-curriculum-action';

type Props = { courseId: string; curriculum: Curriculum; contents: LessonEditorContent[] };

/** The course update screen's curriculum: sections and lessons in order, each editable in place. */
export function CurriculumEditor({ courseId, curriculum, contents }: Props) {
  const id = useId();
  const add = useCurriculumAction();
  const [formKey, setFormKey] = useState(0);
  const byLesson = new Map(contents.map((content) => [content.id, content]));
  const totals = curriculumTotals(curriculum);

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-brand-900">
        Curriculum
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-700">
        {countOf(totals.sections, 'section')} · {countOf(totals.lessons, 'lesson')}
        {totals.seconds > 0 ? ` · ${formatDuration(totals.seconds)}` : ''}. The course page’s
        counts of videos, notes and hours come from here.
      </p>
      {curriculum.length === 0 ? <p className="mb-4 text-slate-700">No sections yet. Add the first one below.</p> : null}
      <ol className="mb-6 space-y-4">
        {curriculum.map((section, index) => (
          <SectionEditor key={section.id} courseId={courseId} section={section} position={index + 1} first={index === 0} last={index === curriculum.length - 1} contents={byLesson} />
        ))}
      </ol>
      <form
        key={formKey}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        aria-label="Add a section"
        action={(form) => add.run(() => addSectionAction(courseId, { title: String(form.get('title') ?? '') }), 'Section added', () => setFormKey((key) => key + 1))}
      >
        <FieldFrame id={`${id}-section`} label="New section title" error={add.errorOf('title')} className="flex-1">
          <input id={`${id}-section`} name="title" className="input-field" aria-invalid={Boolean(add.errorOf('title'))} aria-describedby={describedBy(`${id}-section`)} />
        </FieldFrame>
        <button type="submit" className="btn-primary mb-7" disabled={add.pending}>
          Add section
        </button>
      </form>
    </section>
  );
}
