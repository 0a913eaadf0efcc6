import 'server-only';
import { cache } from 'react';
import { defaultView, isDefaultView } from '@/lib/catalogue-view';
import type { CatalogueView } from '@/lib/catalogue-view';
import { normalizeSearchTerm } from '@/lib/format';
import { titleTranslations } from '@/lib/translated-content';
import { pageCountOf, skipFor } from '@/lib/pagination';
import type { PageInfo } from '@/lib/pagination';
import { SORTABLE_PROJECTION, catalogueFilter, compareForSort } from './catalogue-sorting';
import type { SortableFields } from './catalogue-sorting';
import { COURSE_SUMMARY_FIELDS, toCourseSummary } from './courses';
import type { CourseSummary } from './courses';
import type { CourseDocument } from '../platform/documents';
import { courseSearchIndex } from './course-search-index';
import type { IndexedCourse } from './course-search-index';
import { entriesForTyping, findMatches } from '../platform/text-index';
import type { Matches } from '../platform/text-index';
import { collection, withDb } from '../platform/db';
import { memoCache } from '../platform/memo-cache';
import { cacheTags } from '@/lib/cache-tags';

// Course search (docs/product.md §5: the titles that contain the term, case-insensitive) over the in-memory
// index of server/catalogue/course-search-index.ts: the matches, their order and the page come from memory;
// only the dozen courses shown are read, by `_id`, in one query. After the titles that contain the
// term come those with every word of it and the courses whose description or instructor has them;
// when none, the titles nearest it (typos), and the answer says so (`approximate`).

export const SEARCH_RESULTS_PER_PAGE = 12;

/**
 * `total` counts what the view shows; `termMatches` every course the term found, before any filter;
 * `approximate` when none has the term and these are the titles nearest to it.
 */
export type CourseSearchResult = PageInfo & { term: string; items: CourseSummary[]; termMatches: number; approximate: boolean };

/** Ids per `$in` read of the matches' sort fields: each is a lookup of the `_id` index. */
const SORT_FIELDS_BATCH = 500;

/**
 * The matches that pass the view's filters, in the view's order. Search has no list to walk an
 * index of, so the matches' few sortable fields are read by `_id` (with the filters applied there)
 * and ordered here exactly as a list's index orders them (server/catalogue/catalogue-sorting.ts). The best
 * match order is the matches' own.
 */
async function arrangeMatches(matches: IndexedCourse[], view: CatalogueView): Promise<IndexedCourse[]> {
  const courses = await collection('courses');
  const filter = catalogueFilter(view);
  const batches: IndexedCourse[][] = [];
  for (let start = 0; start < matches.length; start += SORT_FIELDS_BATCH) batches.push(matches.slice(start, start + SORT_FIELDS_BATCH));
  const fields: SortableFields[] = (
    await Promise.all(batches.map((batch) => courses.find({ _id: { $in: batch.map((entry) => entry.id) }, ...filter }, { projection: SORTABLE_PROJECTION }).toArray()))
  ).flat();
  const byKey = new Map(matches.map((entry) => [entry.key, entry]));
  if (view.sort === 'relevance') {
    const kept = new Set(fields.map((document) => document._id.toHexString()));
    return matches.filter((entry) => kept.has(entry.key));
  }
  return fields.sort(compareForSort(view.sort)).flatMap((document) => byKey.get(document._id.toHexString()) ?? []);
}

/**
 * The shown courses as read by `_id`, whole or as the cards' summary fields, kept by this process
 * until the course changes (edited, sold, reviewed, on any instance: server/platform/public-changes.ts), so
 * searches for different terms that show the same courses read each of them once. Bounded: the
 * least recently shown make room.
 */
const SHOWN_FIELDS = { whole: undefined, summary: COURSE_SUMMARY_FIELDS } as const;
const shownCourses = {
  whole: memoCache<CourseDocument | null>('shownCourses', { ttlMs: 60_000, max: 5_000, shows: (id) => [cacheTags.course(id)] }),
  summary: memoCache<CourseDocument | null>('shownCourseSummaries', { ttlMs: 60_000, max: 5_000, shows: (id) => [cacheTags.course(id)] }),
};

/**
 * The shown courses, in the order given (a course deleted since the index was built is left out):
 * those this process has not kept are read in one query by `_id`.
 */
export async function coursesInOrder(shown: IndexedCourse[], fields: keyof typeof SHOWN_FIELDS): Promise<CourseDocument[]> {
  const toRead: IndexedCourse[] = [];
  let read: Promise<Map<string, CourseDocument>> | undefined;
  // One query for all the courses not kept, started once the loop below has listed them.
  const readMissing = () =>
    (read ??= Promise.resolve().then(async () => {
      const found = await withDb(async () => (await collection('courses')).find({ _id: { $in: toRead.map((entry) => entry.id) } }, { projection: SHOWN_FIELDS[fields] }).toArray());
      return new Map(found.map((document) => [document._id.toHexString(), document]));
    }));
  const documents = shown.map((entry) =>
    shownCourses[fields].get(entry.key, async () => {
      toRead.push(entry);
      return (await readMissing()).get(entry.key) ?? null;
    }),
  );
  return (await Promise.all(documents)).filter((document): document is CourseDocument => document !== null);
}

/** A page of matches, before the shown courses are read: the index's entries of that page. */
export type CourseMatchPage = Omit<CourseSearchResult, 'items'> & { shown: IndexedCourse[] };

/**
 * One page of the courses the term finds (findMatches), best match first unless a view sorts or
 * filters them (lib/catalogue-view.ts). A blank term matches nothing. Only a view other than the
 * default reads the database (the matches' sort fields). `descriptions: false` looks at titles
 * only (the legacy search).
 */
export async function matchCourses(rawTerm: string, page: number, view: CatalogueView = defaultView('search'), { descriptions = true } = {}): Promise<CourseMatchPage> {
  const term = normalizeSearchTerm(rawTerm);
  const empty: CourseMatchPage = { term, shown: [], page, pageCount: 1, total: 0, pageSize: SEARCH_RESULTS_PER_PAGE, termMatches: 0, approximate: false };
  if (term === '') return empty;

  const { matches: termMatches, approximate } = findMatches(await courseSearchIndex(), term, { descriptions });
  const matches = isDefaultView('search', view) ? termMatches : await withDb(() => arrangeMatches(termMatches, view));
  const start = skipFor(page, SEARCH_RESULTS_PER_PAGE);
  return {
    term,
    shown: matches.slice(start, start + SEARCH_RESULTS_PER_PAGE),
    page,
    pageCount: pageCountOf(matches.length, SEARCH_RESULTS_PER_PAGE),
    total: matches.length,
    pageSize: SEARCH_RESULTS_PER_PAGE,
    termMatches: termMatches.length,
    approximate: approximate && termMatches.length > 0,
  };
}

/** matchCourses with the shown courses' summaries (the search page's cards). */
export const searchCourses = cache(async (rawTerm: string, page: number, view: CatalogueView = defaultView('search')): Promise<CourseSearchResult> => {
  const { shown, ...matched } = await matchCourses(rawTerm, page, view);
  return { ...matched, items: (await coursesInOrder(shown, 'summary')).map(toCourseSummary) };
});

export type CourseSuggestion = { id: string; classCourse: IndexedCourse['classCourse']; title: string; translations?: IndexedCourse['translations'] };

/** Course titles to offer while a normalized term is typed (entriesForTyping), at most `limit`, all from memory. */
export async function suggestCourses(term: string, limit: number): Promise<Matches<CourseSuggestion>> {
  const { matches, approximate } = entriesForTyping(await courseSearchIndex(), term);
  return {
    matches: matches.slice(0, limit).map((entry) => ({ id: entry.key, classCourse: entry.classCourse, title: entry.title, ...titleTranslations(entry.translations) })),
    approximate,
  };
}
