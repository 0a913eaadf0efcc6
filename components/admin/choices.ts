import { BOOK_FORMATS, COURSE_LISTS, INTERACTIVE_VALUES, SUBJECTS, listPageFor } from '@/lib/catalogue';

// The fixed lists of the admin forms' drop-downs, from the same constants the pages read.

/** The list's name as the pages use it, with its menu label for readability. */
export const COURSE_TYPE_OPTIONS = COURSE_LISTS.map((list) => ({ value: list, label: `${listPageFor(list).label} (${list})` }));
export const FORMAT_OPTIONS = BOOK_FORMATS.map((format) => ({ value: format, label: format }));
export const INTERACTIVE_OPTIONS = INTERACTIVE_VALUES.map((value) => ({ value, label: value }));
export const SUBJECT_OPTIONS = SUBJECTS.map((subject) => ({ value: subject, label: subject }));
