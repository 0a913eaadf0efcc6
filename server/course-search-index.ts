import 'server-only';
import MiniSearch from 'minisearch';
import type { ObjectId } from 'mongodb';
import type { CourseList } from '@/lib/catalogue';
import { editDistance } from '@/lib/edit-distance';
import { normalizeSearchText } from '@/lib/format';
import { collection, withDb } from './db';
import { keptUntilCatalogueChange } from './catalogue-memory';

// Every instance keeps the titles of all courses in memory, English and Bengali, normalized: a
// substring test over 10,000 short titles takes a fraction of a millisecond, which no database
// index of grams matched (issue 23). The courses collection stays the source of truth: the index is
// built from it on the first search and built again on the first search after a catalogue change
// this process learns of (server/public-changes.ts, at most a second after it was made anywhere),
// so a new, renamed or deleted course shows in every instance's search within about two seconds.
// Sales and reviews, announced far more often, do not change titles: they leave the index alone.
//
// A term no title contains as typed is looked for word by word first: a title with every word of it,
// in any order and place ("physics nine" in "Physics for Class Nine"), then, when none has them all,
// MiniSearch's fuzzy word matching over the same titles, nearest titles only ("phisics" and
// "phsyics" find Physics, not Phonics; "pyhton" finds Python). The word test looks
// only at the courses listed for the rarest gram of any word (below); the fuzzy search scores every
// title of every word near the term's and took up to 10 ms for terms of common words (of the bench's
// search terms, 81 % are in no title as typed, and 97 % of those have every word in one: the fuzzy
// search is left for misspellings).

export type IndexedCourse = {
  id: ObjectId;
  key: string;
  classCourse: CourseList;
  title: string;
  bnTitle: string | undefined;
  /** The normalized English title, then the normalized Bengali one if any: what a term is looked for in. */
  titles: string[];
};

/** Letters in a gram: a term of at least this many is looked for only where its grams are. */
const GRAM = 3;

/**
 * Each run of three letters in a normalized title, and the positions (in title order) of the courses
 * whose titles have it. A title containing a term has every gram of it, so only the courses listed for
 * the term's rarest gram need a look: a few dozen titles for most terms instead of all 10,000, which
 * a walk over every title had to read for each term.
 */
type Grams = Map<string, Int32Array>;

/** One MiniSearch document per title (a term's words never match across a course's two titles); `course` is the course's position. */
type FuzzyTitle = { id: number; course: number; text: string };

export type CourseSearchIndex = { courses: IndexedCourse[]; grams: Grams; fuzzy: MiniSearch<FuzzyTitle> };

const titleOrder = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Title order, ties by id: the order search answers in. */
export function byTitle(a: IndexedCourse, b: IndexedCourse): number {
  return titleOrder.compare(a.title, b.title) || a.key.localeCompare(b.key);
}

/**
 * Edits allowed per fuzzy word: two from five letters on ("pyhton" for Python, where two letters
 * swapped count as two edits here), one from three, none below.
 */
const FUZZINESS = (word: string) => (word.length >= 5 ? 2 : word.length >= 3 ? 1 : 0);

async function buildIndex(): Promise<CourseSearchIndex> {
  const documents = await withDb(async () =>
    (await collection('courses')).find({}, { projection: { _id: 1, classCourse: 1, title: 1, bn: 1 } }).toArray(),
  );
  const courses = documents
    .map((document): IndexedCourse => {
      const titles = [document.title, ...(document.bn?.title ? [document.bn.title] : [])].map(normalizeSearchText);
      return {
        id: document._id,
        key: document._id.toHexString(),
        classCourse: document.classCourse,
        title: document.title,
        bnTitle: document.bn?.title || undefined,
        titles,
      };
    })
    .sort(byTitle);
  const fuzzy = new MiniSearch<FuzzyTitle>({ fields: ['text'], storeFields: ['course'], searchOptions: { fuzzy: FUZZINESS, prefix: true, combineWith: 'AND' } });
  fuzzy.addAll(courses.flatMap((course, position) => course.titles.map((text) => ({ course: position, text }))).map((title, id) => ({ id, ...title })));
  return { courses, grams: gramIndexOf(courses), fuzzy };
}

/** Each run of GRAM letters in a text, in order. */
function* gramsIn(text: string): Generator<string> {
  for (let at = 0; at + GRAM <= text.length; at += 1) yield text.slice(at, at + GRAM);
}

function gramIndexOf(courses: IndexedCourse[]): Grams {
  const positions = new Map<string, number[]>();
  courses.forEach((course, position) => {
    const grams = new Set<string>();
    for (const title of course.titles) for (const gram of gramsIn(title)) grams.add(gram);
    for (const gram of grams) {
      const list = positions.get(gram);
      if (list) list.push(position);
      else positions.set(gram, [position]);
    }
  });
  return new Map([...positions].map(([gram, list]) => [gram, Int32Array.from(list)]));
}

const kept = keptUntilCatalogueChange('courseSearchIndex', buildIndex);

/** Builds the index from the courses as they are now (tests; a search builds it when needed). */
export const rebuildCourseSearchIndex = kept.rebuild;

/** The index as of the last change this process learned of: searches arriving together share one build. */
export const courseSearchIndex = kept.get;

const NONE = new Int32Array(0);

/**
 * The positions of the only courses whose titles can have every one of `parts`: those listed for the
 * rarest gram of any part (a title missing one has none of them); null when no part is long enough
 * to have a gram, and every course can.
 */
function candidatePositions(index: CourseSearchIndex, parts: string[]): Int32Array | null {
  let rarest: Int32Array | null = null;
  for (const part of parts) {
    for (const gram of gramsIn(part)) {
      const positions = index.grams.get(gram);
      if (!positions) return NONE;
      if (!rarest || positions.length < rarest.length) rarest = positions;
    }
  }
  return rarest;
}

/** The courses with a title that has every one of `parts` (together as `fits` says), in title order. */
function coursesWithTitle(index: CourseSearchIndex, parts: string[], fits: (title: string) => boolean): IndexedCourse[] {
  const matches = (course: IndexedCourse) => course.titles.some(fits);
  const positions = candidatePositions(index, parts);
  if (!positions) return index.courses.filter(matches);
  const found: IndexedCourse[] = [];
  for (const position of positions) {
    const course = index.courses[position]!;
    if (matches(course)) found.push(course);
  }
  return found;
}

/** Courses whose title (either language) contains the normalized term, in title order. */
export function coursesContaining(index: CourseSearchIndex, term: string): IndexedCourse[] {
  if (term === '') return [...index.courses];
  return coursesWithTitle(index, [term], (title) => title.includes(term));
}

/**
 * Courses with every word of a term of several words in one of their titles, anywhere and in any
 * order, in title order; none for a term of one word (the substring test already answered it).
 */
export function coursesWithEveryWord(index: CourseSearchIndex, term: string): IndexedCourse[] {
  const words = term.split(' ');
  if (words.length < 2) return [];
  return coursesWithTitle(index, words, (title) => words.every((word) => title.includes(word)));
}

/**
 * A term still being typed may be a misspelt start of a word ("phisic" of "physics"): two edits
 * from six letters on, one from three.
 */
const TYPING_FUZZINESS = (term: string) => Math.min(2, Math.floor(term.length / 3));

/**
 * How far a title's words are from a term's: for each word of the term, the edits to the nearest
 * word of the title or its start (the search matches prefixes too), a swap of two letters counting
 * one, summed. Orders the fuzzy matches, whose own score counts a swap as two edits and would put
 * "Phonics" before "Physics" for "phsyics".
 */
function editsFrom(words: string[], title: string): number {
  const titleWords = title.split(' ');
  const nearest = (word: string) => Math.min(...titleWords.map((titleWord) => Math.min(editDistance(word, titleWord, 3), editDistance(word, titleWord.slice(0, word.length), 3))));
  return words.reduce((total, word) => total + nearest(word), 0);
}

/**
 * Courses whose title words are nearest the term's (typos, letters swapped or missing): those the
 * fewest edits away, best match first; `typing` for a term not finished yet.
 */
export function coursesNear(index: CourseSearchIndex, term: string, { typing = false }: { typing?: boolean } = {}): IndexedCourse[] {
  const words = term.split(' ');
  // A course near by both its titles is listed once, with its nearer one; ties keep MiniSearch's order.
  const best = new Map<number, { edits: number; rank: number }>();
  index.fuzzy.search(term, typing ? { fuzzy: TYPING_FUZZINESS } : {}).forEach((hit, rank) => {
    const course = hit.course as number;
    const titles = index.courses[course]?.titles ?? [];
    const edits = Math.min(...titles.map((title) => editsFrom(words, title)));
    const known = best.get(course);
    if (!known || edits < known.edits) best.set(course, { edits, rank: known?.rank ?? rank });
  });
  const fewest = Math.min(...[...best.values()].map(({ edits }) => edits));
  return [...best]
    .filter(([, { edits }]) => edits === fewest)
    .sort(([, a], [, b]) => a.rank - b.rank)
    .flatMap(([position]) => index.courses[position] ?? []);
}
