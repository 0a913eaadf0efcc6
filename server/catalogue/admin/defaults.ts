import 'server-only';
import type { Points, SyllabusPart } from '../../platform/documents';

// Creation defaults (docs/product.md §9) for the fields the add forms do not ask for. Nothing a learner reads
// is invented: the objective and the syllabus start empty (the pages leave out what nobody wrote,
// and a course's curriculum is its syllabus) until an admin writes them, through the legacy API.

const NO_POINTS: Points = { point1: '', point2: '', point3: '' };
const NO_PART: SyllabusPart = { title: '', ...NO_POINTS };

export const COURSE_DEFAULTS = {
  promoCode: 'KZ2026',
  state: 'unread',
  objective: NO_POINTS,
  syllabus: { free: NO_PART, email: NO_PART, monologues: NO_PART },
} as const satisfies {
  promoCode: string;
  state: 'unread';
  objective: Points;
  syllabus: { free: SyllabusPart; email: SyllabusPart; monologues: SyllabusPart };
};

export const BOOK_DEFAULTS = {
  state: 'unread',
  objective: NO_POINTS,
} as const satisfies { state: 'unread'; objective: Points };
