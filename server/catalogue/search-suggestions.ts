import 'server-only';
import { normalizeSearchTerm } from '@/lib/format';
import { suggestBooksAndInstructors } from './catalogue-search';
import type { NamedSuggestion } from './catalogue-search';
import { suggestCourses } from './course-search';
import type { CourseSuggestion } from './course-search';
import type { Matches } from '../platform/text-index';

// What the header's search box offers while a term is typed, grouped: courses, then books, then
// instructors, all from the in-memory indexes.

export const SUGGESTIONS_MAX = 8;
const BOOKS_MAX = 3;
const INSTRUCTORS_MAX = 2;

export type Suggestions = { courses: CourseSuggestion[]; books: NamedSuggestion[]; instructors: NamedSuggestion[] };

/**
 * At most SUGGESTIONS_MAX in all: a few books and instructors, and courses in the rest. Near names
 * (typos) are offered only when no name of any group contains the term.
 */
export async function suggestForTerm(rawTerm: string): Promise<Suggestions> {
  const term = normalizeSearchTerm(rawTerm);
  if (term === '') return { courses: [], books: [], instructors: [] };
  const [courses, others] = await Promise.all([suggestCourses(term, SUGGESTIONS_MAX), suggestBooksAndInstructors(term, { books: BOOKS_MAX, instructors: INSTRUCTORS_MAX })]);
  const asTyped = [courses, others.books, others.instructors].some((group) => group.matches.length > 0 && !group.approximate);
  const kept = <T>(group: Matches<T>): T[] => (asTyped && group.approximate ? [] : group.matches);
  const [books, instructors] = [kept(others.books), kept(others.instructors)];
  return { courses: kept(courses).slice(0, SUGGESTIONS_MAX - books.length - instructors.length), books, instructors };
}
