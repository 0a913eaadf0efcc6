import { BOOK_BENGALI, COURSE_BENGALI } from '../../scripts/seed-data/bengali';
import { BOOKS } from '../../scripts/seed-data/books';
import { COURSES } from '../../scripts/seed-data/courses';
import { INSTRUCTORS } from '../../scripts/seed-data/instructors';

// What the site's search should find in the demo catalogue, worked out here from the seed data
// and the rules the search promises (not from its code): a name containing the term, a name with
// every word of it, or a description with every word of it (a word of three letters or more may
// start a longer one). Typos are not modelled: tests of them name what they expect.

const lower = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
const wordsOf = (text: string) => lower(text).split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);

/** How well an item matches: 0 a name contains the term, 1 a name has its words, 2 the description has them; null not at all. */
function tierOf(term: string, names: (string | undefined)[], description: (string | undefined)[]): number | null {
  const wanted = lower(term);
  const lowered = names.filter((name): name is string => Boolean(name)).map(lower);
  if (lowered.some((name) => name.includes(wanted))) return 0;
  const parts = wanted.split(' ');
  if (parts.length > 1 && lowered.some((name) => parts.every((part) => name.includes(part)))) return 1;
  const described = wordsOf(description.filter(Boolean).join(' '));
  const termWords = wordsOf(wanted);
  const hasEveryWord = termWords.length > 0 && termWords.every((word) => described.some((candidate) => (word.length >= 3 ? candidate.startsWith(word) : candidate === word)));
  return hasEveryWord ? 2 : null;
}

const nameOrder = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The items found, best match first, then by name: the order the site shows them in. */
function found<T>(items: readonly T[], nameOf: (item: T) => string, tier: (item: T) => number | null): T[] {
  return items
    .map((item) => ({ item, tier: tier(item) }))
    .filter((entry): entry is { item: T; tier: number } => entry.tier !== null)
    .sort((a, b) => a.tier - b.tier || nameOrder.compare(nameOf(a.item), nameOf(b.item)))
    .map(({ item }) => item);
}

export function coursesFound(term: string) {
  return found(COURSES, (course) => course.title, (course) => {
    const bn = COURSE_BENGALI[course.title];
    return tierOf(term, [course.title, bn?.title], [course.ShortDescription, bn?.description, course.instructorName]);
  });
}

export function booksFound(term: string) {
  return found(BOOKS, (book) => book.bookName, (book) => {
    const bn = BOOK_BENGALI[book.bookName];
    return tierOf(term, [book.bookName, bn?.title], [book.writerName1, book.writerName2, book.writerName3, book.writerName4, book.about, bn?.description]);
  });
}

export function instructorsFound(term: string) {
  return found(INSTRUCTORS, (instructor) => instructor.name, (instructor) => tierOf(term, [instructor.name], [instructor.education, instructor.Subject]));
}

/** The search page's heading counts everything found. */
export function everythingFound(term: string): number {
  return coursesFound(term).length + booksFound(term).length + instructorsFound(term).length;
}
