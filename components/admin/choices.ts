'use client';

import { useTranslations } from 'next-intl';
import { BOOK_FORMATS, COURSE_LISTS, INTERACTIVE_VALUES, SUBJECTS } from '@/lib/catalogue';
import type { InstructorChoice } from '@/server/catalogue/instructors';

// The fixed lists of the admin forms' drop-downs, from the same constants the pages read; the
// values stay the stored (English) ones, only the labels follow the page's language.

/** Each course list labelled as its page is, with the list's name for readability. */
export function useCourseTypeOptions() {
  const t = useTranslations('adminForms');
  return COURSE_LISTS.map((list) => ({ value: list, label: t('courseType', { label: t(`courseLists.${list}`), list }) }));
}

export const FORMAT_OPTIONS = BOOK_FORMATS.map((format) => ({ value: format, label: format }));

export function useInteractiveOptions() {
  const t = useTranslations('adminForms');
  return INTERACTIVE_VALUES.map((value) => ({ value, label: t(`interactive.${value}`) }));
}

/** The instructors a course may be given, under their subjects. */
export function useInstructorOptions(instructors: readonly InstructorChoice[]) {
  const t = useTranslations('adminForms');
  return instructors.map((instructor) => ({ value: instructor.id, label: instructor.name, group: t(`subjects.${instructor.Subject}`) }));
}

export function useSubjectOptions() {
  const t = useTranslations('adminForms');
  return SUBJECTS.map((subject) => ({ value: subject, label: t(`subjects.${subject}`) }));
}
