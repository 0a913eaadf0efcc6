import 'server-only';
import type { ItemText, Translations } from '@/lib/translated-content';
import type { ObjectId } from 'mongodb';
import { cache } from 'react';
import type { BookFormat } from '@/lib/catalogue';
import { defaultView } from '@/lib/catalogue-view';
import type { CatalogueView } from '@/lib/catalogue-view';
import { centsToDollars } from '@/lib/format';
import { pageCountOf, skipFor } from '@/lib/pagination';
import type { PageInfo } from '@/lib/pagination';
import { ratingSummary } from '@/lib/ratings';
import type { RatingSummary } from '@/lib/ratings';
import { catalogueFilter, catalogueSort } from './catalogue-sorting';
import { collection, parseObjectId, withDb } from '../platform/db';
import type { BookDocument, Points } from '../platform/documents';
import { readByIdTogether } from '../platform/reads-by-id';

// Reads of the book catalogue, as plain objects (`_id` → `id`; `price` in dollars kept beside
// `priceCents` for the legacy answers; `pricePaisa`, the taka price, where the book has one).
// Each read is memoized per request with React cache().

export const BOOKS_PER_PAGE = 24;
const LATEST_BOOKS_MAX = 50;

/** `rating`: buyers' reviews (server/reviews/item-reviews.ts); null until the first one. */
/** `translations`: the name and about text in other languages, where an admin gave them (lib/translated-content.ts). */
/** `pricePaisa`: the price in taka, integer paisa; absent: priced in dollars only. */
export type BookSummary = { id: string; bookName: string; img: string; priceCents: number; price: number; pricePaisa?: number; rating: RatingSummary | null; translations?: Translations<ItemText> };

export type BookWriter = { name: string; img: string; education: string };

export type Book = BookSummary & {
  writers: BookWriter[];
  objective: Points;
  about: string;
  page: number;
  interactive: 'YES' | 'NO';
  formate: BookFormat;
  filesize: string;
  /** On sale only with a stored, verified file (nothing is sold that cannot be delivered). */
  onSale: boolean;
  state: 'unread' | 'read';
  createdAt: string;
};

export type BookPage = PageInfo & { items: BookSummary[] };

export const BOOK_SUMMARY_FIELDS = { bookName: 1, img: 1, priceCents: 1, pricePaisa: 1, rating: 1, translations: 1 } as const;
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

type SummaryFields = Pick<BookDocument, '_id' | 'bookName' | 'img' | 'priceCents' | 'pricePaisa' | 'rating' | 'translations'>;

/** A book's card fields as read with BOOK_SUMMARY_FIELDS. */
export function toBookSummary(document: SummaryFields): BookSummary {
  return {
    id: document._id.toHexString(),
    bookName: document.bookName,
    img: document.img,
    priceCents: document.priceCents,
    price: centsToDollars(document.priceCents),
    ...(typeof document.pricePaisa === 'number' ? { pricePaisa: document.pricePaisa } : {}),
    rating: ratingSummary(document),
    ...(document.translations ? { translations: document.translations } : {}),
  };
}

/** Writers 2–4 are optional; a slot counts only when it has a name. */
function writersOf(document: BookDocument): BookWriter[] {
  const slots: [string | undefined, string | undefined, string | undefined][] = [
    [document.writerName1, document.writerImg, document.educationWriter1],
    [document.writerName2, document.writerImg2, document.educationWriter2],
    [document.writerName3, document.writerImg3, document.educationWriter3],
    [document.writerName4, document.writerImg4, document.educationWriter4],
  ];
  return slots
    .filter((slot): slot is [string, string | undefined, string | undefined] => Boolean(slot[0]?.trim()))
    .map(([name, img, education]) => ({ name, img: img ?? '', education: education ?? '' }));
}

function toBook(document: BookDocument, hasFile: boolean): Book {
  return {
    ...toBookSummary(document),
    writers: writersOf(document),
    objective: document.objective,
    about: document.about,
    page: document.page,
    interactive: document.interactive,
    formate: document.formate,
    filesize: document.filesize,
    onSale: hasFile,
    state: document.state,
    createdAt: document.createdAt.toISOString(),
  };
}

/**
 * One page of the Books List, newest first unless a view sorts or filters it (lib/catalogue-view.ts;
 * the indexes are in server/catalogue/catalogue-sorting.ts and db.ts).
 */
export const listBooks = cache(async (page: number, view: CatalogueView = defaultView('books')): Promise<BookPage> =>
  withDb(async () => {
    const books = await collection('books');
    const filter = catalogueFilter(view);
    const filtered = Object.keys(filter).length > 0;
    const [documents, total] = await Promise.all([
      books
        .find(filter, { projection: BOOK_SUMMARY_FIELDS })
        .sort(catalogueSort(view.sort))
        .skip(skipFor(page, BOOKS_PER_PAGE))
        .limit(BOOKS_PER_PAGE)
        .toArray(),
      // The whole list's count comes from the collection's metadata; a filtered one from its index.
      filtered ? books.countDocuments(filter) : books.estimatedDocumentCount(),
    ]);
    return {
      items: documents.map(toBookSummary),
      page,
      pageCount: pageCountOf(total, BOOKS_PER_PAGE),
      total,
      pageSize: BOOKS_PER_PAGE,
    };
  }),
);

/** The most recently added books, newest first (home: Our Available Books shows the last 6). */
export const listLatestBooks = cache(async (limit: number): Promise<BookSummary[]> =>
  withDb(async () => {
    const count = Math.min(Math.max(Math.trunc(limit), 1), LATEST_BOOKS_MAX);
    const books = await collection('books');
    const documents = await books.find({}, { projection: BOOK_SUMMARY_FIELDS }).sort(NEWEST_FIRST).limit(count).toArray();
    return documents.map(toBookSummary);
  }),
);

/** One book, or null when the id is malformed or unknown (the page answers 404 either way). */
export const getBook = cache(async (id: string): Promise<Book | null> => {
  const objectId = parseObjectId(id);
  if (!objectId) return null;
  return withDb(async () => {
    const [document, file] = await Promise.all([
      (await collection('books')).findOne({ _id: objectId }),
      (await collection('bookFileMeta')).findOne({ _id: objectId }, { projection: { _id: 1 } }),
    ]);
    return document ? toBook(document, file !== null) : null;
  });
});

/** Every book id, for the sitemap. */
export const listAllBookIds = cache(async (): Promise<string[]> =>
  withDb(async () => {
    const books = await collection('books');
    const documents = await books.find({}, { projection: { _id: 1 } }).toArray();
    return documents.map((document) => document._id.toHexString());
  }),
);

// Whole documents for the legacy API, which answers in the old document shape (server/legacy/legacy-shapes.ts).

const bookDocumentById = readByIdTogether((ids) => withDb(async () => (await collection('books')).find({ _id: { $in: ids } }).toArray()));

/** One book document, or null when there is none. */
export async function findBookDocument(id: ObjectId): Promise<BookDocument | null> {
  return bookDocumentById(id);
}

/**
 * A window of the book documents in the order they were added, and their total: the old server
 * listed them unsorted (insertion order) and its client shows the last ones as the newest. The
 * `_id` index answers the sort.
 */
export async function listBookDocuments(skip: number, limit: number): Promise<{ documents: BookDocument[]; total: number }> {
  return withDb(async () => {
    const books = await collection('books');
    const [documents, total] = await Promise.all([
      books.find({}).sort({ _id: 1 }).skip(skip).limit(limit).toArray(),
      books.estimatedDocumentCount(),
    ]);
    return { documents, total };
  });
}
