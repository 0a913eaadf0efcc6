import 'server-only';
import { cache } from 'react';
import { ObjectId } from 'mongodb';
import type { AnyBulkWriteOperation, Collection } from 'mongodb';
import { defaultView, isDefaultView } from '@/lib/catalogue-view';
import type { CatalogueView } from '@/lib/catalogue-view';
import { searchableTitle } from '@/lib/bengali-content';
import { normalizeSearchTerm, normalizeSearchText } from '@/lib/format';
import { pageCountOf, skipFor } from '@/lib/pagination';
import type { PageInfo } from '@/lib/pagination';
import { SORTABLE_PROJECTION, catalogueFilter, compareForSort } from './catalogue-sorting';
import type { SortableFields } from './catalogue-sorting';
import { COURSE_SUMMARY_FIELDS, toCourseSummary } from './courses';
import type { CourseSummary } from './courses';
import { bulkWriteInBatches, collection, getDb, isDuplicateKey, withDb } from './db';

// Course search by title (spec §5: case-insensitive substring) without scanning the courses. A
// course is indexed under its English and, where it has one, its Bengali title (searchableTitle).
//
// The index is a set of posting lists: for every 1-, 2- and 3-character gram of the normalized
// titles, the courses whose title contains it. Every substring of three or more characters is
// covered by its trigrams and shorter terms are grams themselves, so a few lookups by gram (the
// `gram` index) give a complete candidate set. A gram's list is split into chunk documents
// (`{gram}#{n}`) of at most CHUNK_ENTRIES entries, so no document nears MongoDB's 16 MB limit
// however large the catalogue grows (a common gram such as "a" lists nearly every course).
//
// Each entry carries the course's title next to its id. That lets a search confirm the substring
// and sort by title from the posting lists alone; only the dozen courses shown are then read.

export const SEARCH_RESULTS_PER_PAGE = 12;
/** Posting lists read per long term: each extra list costs more to read than the substring checks it saves. */
const MAX_TRIGRAM_LOOKUPS = 2;
/** Entries per chunk document: an entry takes 50-150 bytes, so a full chunk stays near 1 MB. */
export const CHUNK_ENTRIES = 10_000;
const INSERT_BATCH = 500;
const LAYOUT_MARKER = 'courseSearchGrams:v2';

export type CourseSearchEntry = { id: ObjectId; title: string };
export type CourseSearchGramDocument = { _id: string; gram: string; size: number; courses: CourseSearchEntry[] };

/** `total` counts what the view shows; `termMatches` every title with the term, before any filter. */
export type CourseSearchResult = PageInfo & { term: string; items: CourseSummary[]; termMatches: number };

async function gramCollection(): Promise<Collection<CourseSearchGramDocument>> {
  await ensureChunkedLayout();
  return (await getDb()).collection<CourseSearchGramDocument>('courseSearchGrams');
}

const chunkId = (gram: string, chunk: number) => `${gram}#${chunk}`;

/** Every entry of a gram's posting list, from all its chunks. */
async function postingList(target: Collection<CourseSearchGramDocument>, gram: string): Promise<CourseSearchEntry[]> {
  return (await target.find({ gram }).toArray()).flatMap((chunk) => chunk.courses);
}

function toObjectId(id: ObjectId | string): ObjectId {
  return typeof id === 'string' ? new ObjectId(id) : id;
}

/** Entries are matched whole when removed, so they are always built the same way. */
function entryFor(id: ObjectId, title: string): CourseSearchEntry {
  return { id, title };
}

/** Every distinct 1-, 2- and 3-character gram of a title, in its normalized form. */
export function titleGrams(title: string): string[] {
  const characters = Array.from(normalizeSearchText(title));
  const grams = new Set<string>();
  for (let start = 0; start < characters.length; start += 1) {
    for (let length = 1; length <= 3 && start + length <= characters.length; length += 1) {
      grams.add(characters.slice(start, start + length).join(''));
    }
  }
  return [...grams];
}

/**
 * The grams to look up for a normalized term: the term itself when it has at most three
 * characters, else its first and last trigrams. Any of its trigrams bound the matches from above;
 * the substring check on the candidates' titles makes the answer exact.
 */
export function termGrams(term: string): string[] {
  const characters = Array.from(term);
  if (characters.length === 0) return [];
  if (characters.length <= 3) return [term];
  const lastStart = characters.length - 3;
  const starts = new Set<number>();
  const lookups = Math.min(MAX_TRIGRAM_LOOKUPS, lastStart + 1);
  for (let step = 0; step < lookups; step += 1) {
    starts.add(lookups === 1 ? 0 : Math.round((step * lastStart) / (lookups - 1)));
  }
  return [...new Set([...starts].map((start) => characters.slice(start, start + 3).join('')))];
}

/** Entries whose course is in every list; walks the shortest list so a rare gram keeps the work small. */
function intersect(lists: CourseSearchEntry[][]): CourseSearchEntry[] {
  const [shortest, ...others] = [...lists].sort((a, b) => a.length - b.length);
  if (!shortest) return [];
  const otherSets = others.map((list) => new Set(list.map((entry) => entry.id.toHexString())));
  return shortest.filter((entry) => {
    const key = entry.id.toHexString();
    return otherSets.every((set) => set.has(key));
  });
}

/** One entry per course (a course re-filed while another request filed it can appear twice). */
function uniqueById(entries: CourseSearchEntry[]): CourseSearchEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = entry.id.toHexString();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const titleOrder = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function byTitle(a: CourseSearchEntry, b: CourseSearchEntry): number {
  return titleOrder.compare(a.title, b.title) || a.id.toHexString().localeCompare(b.id.toHexString());
}

/** Ids per `$in` read of the matches' sort fields: each is a lookup of the `_id` index. */
const SORT_FIELDS_BATCH = 500;

/**
 * The matches (in title order) that pass the view's filters, in the view's order. Search has no
 * list to walk an index of: its matches come from the posting lists, so their few sortable fields
 * are read by `_id` (with the filters applied there) and ordered here exactly as a list's index
 * orders them (server/catalogue-sorting.ts).
 */
async function arrangeMatches(matches: CourseSearchEntry[], view: CatalogueView): Promise<CourseSearchEntry[]> {
  const courses = await collection('courses');
  const filter = catalogueFilter(view);
  const batches: ObjectId[][] = [];
  for (let start = 0; start < matches.length; start += SORT_FIELDS_BATCH) batches.push(matches.slice(start, start + SORT_FIELDS_BATCH).map((entry) => entry.id));
  const fields: SortableFields[] = (
    await Promise.all(batches.map((ids) => courses.find({ _id: { $in: ids }, ...filter }, { projection: SORTABLE_PROJECTION }).toArray()))
  ).flat();
  if (view.sort === 'title') {
    const kept = new Set(fields.map((document) => document._id.toHexString()));
    return matches.filter((entry) => kept.has(entry.id.toHexString()));
  }
  const titles = new Map(matches.map((entry) => [entry.id.toHexString(), entry.title]));
  return fields.sort(compareForSort(view.sort)).map((document) => entryFor(document._id, titles.get(document._id.toHexString()) ?? ''));
}

/**
 * One page of the courses whose title contains the term (case-insensitive), sorted by title unless
 * a view sorts or filters them (lib/catalogue-view.ts). A blank term matches nothing.
 */
export const searchCourses = cache(async (rawTerm: string, page: number, view: CatalogueView = defaultView('search')): Promise<CourseSearchResult> => {
  const term = normalizeSearchTerm(rawTerm);
  const empty: CourseSearchResult = { term, items: [], page, pageCount: 1, total: 0, pageSize: SEARCH_RESULTS_PER_PAGE, termMatches: 0 };
  const grams = termGrams(term);
  if (grams.length === 0) return empty;

  return withDb(async () => {
    const target = await gramCollection();
    const postings = await Promise.all(grams.map((gram) => postingList(target, gram)));
    // A gram no title contains means no title contains the term.
    if (postings.some((posting) => posting.length === 0)) return empty;
    const candidates = uniqueById(intersect(postings));
    const titleMatches = candidates.filter((entry) => normalizeSearchText(entry.title).includes(term)).sort(byTitle);
    const matches = isDefaultView('search', view) ? titleMatches : await arrangeMatches(titleMatches, view);
    if (matches.length === 0) return { ...empty, termMatches: titleMatches.length };

    const start = skipFor(page, SEARCH_RESULTS_PER_PAGE);
    const shown = matches.slice(start, start + SEARCH_RESULTS_PER_PAGE);
    const courses = await collection('courses');
    const documents = await Promise.all(
      shown.map((entry) => courses.findOne({ _id: entry.id }, { projection: COURSE_SUMMARY_FIELDS })),
    );
    return {
      term,
      // A course deleted without being unindexed is simply not shown.
      items: documents.flatMap((document) => (document ? [toCourseSummary(document)] : [])),
      page,
      pageCount: pageCountOf(matches.length, SEARCH_RESULTS_PER_PAGE),
      total: matches.length,
      pageSize: SEARCH_RESULTS_PER_PAGE,
      termMatches: titleMatches.length,
    };
  });
});

/**
 * Adds the entry to a chunk with room in each gram's list: chunk 0 first, and on to the next chunk
 * where one is full (the upsert of a full chunk collides with its _id). One write per gram, not a
 * bulk write: FerretDB 1.24 stops a bulk write at its first error, whatever `ordered` says.
 */
async function addToGrams(courseId: ObjectId, title: string): Promise<void> {
  const entry = entryFor(courseId, title);
  const target = await gramCollection();
  const addTo = async (gram: string, chunk: number): Promise<void> => {
    try {
      await target.updateOne(
        { _id: chunkId(gram, chunk), size: { $lt: CHUNK_ENTRIES } },
        { $push: { courses: entry }, $inc: { size: 1 }, $setOnInsert: { gram } },
        { upsert: true },
      );
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await addTo(gram, chunk + 1);
    }
  };
  await Promise.all(titleGrams(title).map((gram) => addTo(gram, 0)));
}

async function removeFromGrams(courseId: ObjectId, title: string): Promise<void> {
  const grams = titleGrams(title);
  if (grams.length === 0) return;
  const entry = entryFor(courseId, title);
  const target = await gramCollection();
  await bulkWriteInBatches(
    target,
    grams.map((gram) => ({ updateMany: { filter: { gram, 'courses.id': courseId }, update: { $pull: { courses: entry }, $inc: { size: -1 } } } })),
  );
  // Emptied chunks are dropped so the collection holds only grams some title still contains.
  await bulkWriteInBatches(
    target,
    grams.map((gram) => ({ deleteMany: { filter: { gram, size: { $lte: 0 } } } })),
  );
}

/** Adds a course to the posting lists of its title's grams (call after creating a course, with its searchableTitle). */
export async function indexCourseTitle(id: ObjectId | string, title: string): Promise<void> {
  await withDb(() => addToGrams(toObjectId(id), title));
}

/** Removes a course as indexed under `title`, its stored title (call after deleting a course). */
export async function unindexCourse(id: ObjectId | string, title: string): Promise<void> {
  await withDb(() => removeFromGrams(toObjectId(id), title));
}

/** Re-files a course whose title changed (call after updating a course with its old and new title). */
export async function reindexCourseTitle(id: ObjectId | string, previousTitle: string, nextTitle: string): Promise<void> {
  if (previousTitle === nextTitle) return;
  const courseId = toObjectId(id);
  await withDb(async () => {
    await removeFromGrams(courseId, previousTitle);
    await addToGrams(courseId, nextTitle);
  });
}

function sameEntries(a: CourseSearchEntry[], b: CourseSearchEntry[]): boolean {
  if (a.length !== b.length) return false;
  const keys = new Set(a.map((entry) => `${entry.id.toHexString()}\u0000${entry.title}`));
  return b.every((entry) => keys.has(`${entry.id.toHexString()}\u0000${entry.title}`));
}

/** A gram's posting list as chunk documents. */
function chunksOf(gram: string, entries: CourseSearchEntry[]): CourseSearchGramDocument[] {
  const chunks: CourseSearchGramDocument[] = [];
  for (let start = 0; start < entries.length; start += CHUNK_ENTRIES) {
    const courses = entries.slice(start, start + CHUNK_ENTRIES);
    chunks.push({ _id: chunkId(gram, chunks.length), gram, size: courses.length, courses });
  }
  return chunks;
}

/**
 * Rebuilds every posting list from the courses collection (after a seed or an import). Only the
 * chunks that differ are written and stale ones removed afterwards, so searches keep answering
 * meanwhile and a rebuild over an unchanged catalogue writes nothing.
 */
export async function rebuildCourseSearchIndex(): Promise<{ courses: number; grams: number; written: number }> {
  return withDb(async () => {
    const courses = await collection('courses');
    const postings = new Map<string, CourseSearchEntry[]>();
    let courseCount = 0;
    for await (const course of courses.find({}, { projection: { _id: 1, title: 1, bn: 1 } })) {
      courseCount += 1;
      const title = searchableTitle(course.title, course.bn);
      const entry = entryFor(course._id, title);
      for (const gram of titleGrams(title)) {
        const list = postings.get(gram);
        if (list) list.push(entry);
        else postings.set(gram, [entry]);
      }
    }

    const target = (await getDb()).collection<CourseSearchGramDocument>('courseSearchGrams');
    const existing = new Map<string, CourseSearchEntry[]>();
    // Small batches: a common gram's chunk is large, and one reply must stay well inside the socket timeout.
    // A document of an older layout (no `gram`) has an _id no chunk has, so it is removed as stale.
    for await (const chunk of target.find({}).batchSize(25)) existing.set(chunk._id, chunk.courses ?? []);

    const wanted = new Set<string>();
    const inserts: CourseSearchGramDocument[] = [];
    const replacements: AnyBulkWriteOperation<CourseSearchGramDocument>[] = [];
    for (const [gram, entries] of postings) {
      for (const chunk of chunksOf(gram, entries)) {
        wanted.add(chunk._id);
        const current = existing.get(chunk._id);
        if (!current) inserts.push(chunk);
        else if (!sameEntries(current, chunk.courses)) replacements.push({ replaceOne: { filter: { _id: chunk._id }, replacement: chunk } });
      }
    }
    const stale = [...existing.keys()].filter((id) => !wanted.has(id));

    for (let start = 0; start < inserts.length; start += INSERT_BATCH) {
      await target.insertMany(inserts.slice(start, start + INSERT_BATCH), { ordered: false });
    }
    await bulkWriteInBatches(target, replacements);
    for (let start = 0; start < stale.length; start += INSERT_BATCH) {
      await target.deleteMany({ _id: { $in: stale.slice(start, start + INSERT_BATCH) } });
    }
    await (await getDb()).collection<{ _id: string; at: Date }>('migrations').updateOne({ _id: LAYOUT_MARKER }, { $set: { at: new Date() } }, { upsert: true });
    return { courses: courseCount, grams: postings.size, written: inserts.length + replacements.length + stale.length };
  });
}

let layoutChecked: Promise<void> | null = null;

/** A database indexed before the lists were chunked is rebuilt once, the first time this process searches. */
function ensureChunkedLayout(): Promise<void> {
  layoutChecked ??= (async () => {
    const marker = await (await getDb()).collection<{ _id: string }>('migrations').findOne({ _id: LAYOUT_MARKER });
    if (!marker) await rebuildCourseSearchIndex();
  })().catch((error: unknown) => {
    layoutChecked = null;
    throw error;
  });
  return layoutChecked;
}
