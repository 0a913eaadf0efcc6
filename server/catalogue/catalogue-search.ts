import 'server-only';
import { ObjectId } from 'mongodb';
import { normalizeSearchTerm, normalizeSearchText } from '@/lib/format';
import { everyTitle, titleTranslations, translatedTexts } from '@/lib/translated-content';
import type { ItemText, Translations } from '@/lib/translated-content';
import { BOOK_SUMMARY_FIELDS, toBookSummary } from './books';
import type { BookSummary } from './books';
import { keptUntilCatalogueChange } from './catalogue-memory';
import { collection, withDb } from '../platform/db';
import { toInstructor } from './instructors';
import type { Instructor } from './instructors';
import { byTitle, entriesForTyping, findMatches, textIndexOf } from '../platform/text-index';
import type { Indexed, Matches, TextIndex } from '../platform/text-index';

// Search finds books (by name, writer or about text) and instructors (by name or education) as
// well as courses, shown in groups beside the course results. Like the course index, each index is
// built from its collection on first use and again after a catalogue change this process learns
// of; the few entries shown are then read by `_id`.

type IndexedItem = Indexed & { translations?: Translations<Pick<ItemText, 'title'>> };

function indexed(key: string, title: string, translations: Translations<ItemText> | undefined): IndexedItem {
  return { key, title, titles: everyTitle(title, translations).map(normalizeSearchText), ...titleTranslations(translations) };
}

/** An index of `entries` with their description texts. */
function indexOf(entries: { entry: IndexedItem; description: string }[]): TextIndex<IndexedItem> {
  const described = new Map(entries.map(({ entry, description }) => [entry.key, description]));
  return textIndexOf(
    entries.map(({ entry }) => entry).sort(byTitle),
    (entry) => described.get(entry.key) ?? '',
  );
}

const bookIndex = keptUntilCatalogueChange('bookSearchIndex', async () => {
  const documents = await withDb(async () =>
    (await collection('books'))
      .find({}, { projection: { bookName: 1, translations: 1, about: 1, writerName1: 1, writerName2: 1, writerName3: 1, writerName4: 1 } })
      .toArray(),
  );
  return indexOf(
    documents.map((document) => ({
      entry: indexed(document._id.toHexString(), document.bookName, document.translations),
      description: [document.writerName1, document.writerName2, document.writerName3, document.writerName4, document.about, ...translatedTexts(document.translations, 'description')].filter(Boolean).join(' '),
    })),
  );
});

const instructorIndex = keptUntilCatalogueChange('instructorSearchIndex', async () => {
  const documents = await withDb(async () => (await collection('instructors')).find({}, { projection: { name: 1, translations: 1, education: 1, Subject: 1 } }).toArray());
  return indexOf(
    documents.map((document) => ({
      entry: indexed(document._id.toHexString(), document.name, document.translations),
      description: [document.education, ...translatedTexts(document.translations, 'description'), document.Subject].filter(Boolean).join(' '),
    })),
  );
});

/** Books and instructors shown per search: a group, not a list to page through. */
export const SEARCH_GROUP_MAX = 8;

export type SearchGroup<T> = { items: T[]; total: number; approximate: boolean };
export type BookAndInstructorResults = { books: SearchGroup<BookSummary>; instructors: SearchGroup<Instructor> };

const nothing = { items: [], total: 0, approximate: false };

/** The books and instructors a term finds (as findMatches ranks them), the first SEARCH_GROUP_MAX of each read whole. */
export async function searchBooksAndInstructors(rawTerm: string): Promise<BookAndInstructorResults> {
  const term = normalizeSearchTerm(rawTerm);
  if (term === '') return { books: nothing, instructors: nothing };
  const [books, instructors] = await Promise.all([bookIndex.get(), instructorIndex.get()]);
  const foundBooks = findMatches(books, term);
  const foundInstructors = findMatches(instructors, term);
  const bookKeys = shownKeys(foundBooks.matches);
  const instructorKeys = shownKeys(foundInstructors.matches);
  const [bookDocuments, instructorDocuments] = await withDb(async () =>
    Promise.all([
      bookKeys.length > 0 ? (await collection('books')).find(withIds(bookKeys), { projection: BOOK_SUMMARY_FIELDS }).toArray() : [],
      instructorKeys.length > 0 ? (await collection('instructors')).find(withIds(instructorKeys)).toArray() : [],
    ]),
  );
  return {
    books: { items: inOrder(bookKeys, bookDocuments).map(toBookSummary), total: foundBooks.matches.length, approximate: foundBooks.approximate },
    instructors: { items: inOrder(instructorKeys, instructorDocuments).map(toInstructor), total: foundInstructors.matches.length, approximate: foundInstructors.approximate },
  };
}

const shownKeys = (found: IndexedItem[]) => found.slice(0, SEARCH_GROUP_MAX).map((entry) => entry.key);

const withIds = (keys: string[]) => ({ _id: { $in: keys.map((key) => new ObjectId(key)) } });

/** The documents in the order of `keys` (a document deleted since the index was built is left out). */
function inOrder<T extends { _id: ObjectId }>(keys: string[], documents: T[]): T[] {
  const byKey = new Map(documents.map((document) => [document._id.toHexString(), document]));
  return keys.flatMap((key) => byKey.get(key) ?? []);
}

export type NamedSuggestion = { id: string; title: string; translations?: Translations<Pick<ItemText, 'title'>> };

/** Book and instructor names to offer while a normalized term is typed (entriesForTyping). */
export async function suggestBooksAndInstructors(term: string, limits: { books: number; instructors: number }): Promise<{ books: Matches<NamedSuggestion>; instructors: Matches<NamedSuggestion> }> {
  const [books, instructors] = await Promise.all([bookIndex.get(), instructorIndex.get()]);
  const suggest = (index: TextIndex<IndexedItem>, limit: number): Matches<NamedSuggestion> => {
    const { matches, approximate } = entriesForTyping(index, term);
    return { matches: matches.slice(0, limit).map((entry) => ({ id: entry.key, title: entry.title, ...titleTranslations(entry.translations) })), approximate };
  };
  return { books: suggest(books, limits.books), instructors: suggest(instructors, limits.instructors) };
}
