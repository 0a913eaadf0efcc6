import { selectPrivateDatabase } from '@/tests/support/private-database';
import { ObjectId } from 'mongodb';
import { PRICE_FILTERS, RATING_FILTERS, SORTS, defaultView } from '@/lib/catalogue-view';
import type { CatalogueSort, CatalogueView } from '@/lib/catalogue-view';
import type { BookDocument, CourseDocument } from '../platform/documents';
import { BOOKS_PER_PAGE, listBooks } from './books';
import { catalogueFilter, catalogueSort } from './catalogue-sorting';
import { COURSES_PER_PAGE, listCoursesByList } from './courses';
import { searchCourses, SEARCH_RESULTS_PER_PAGE } from './course-search';
import { rebuildCourseSearchIndex } from './course-search-index';
import { closeDb, collection, getDb } from '../platform/db';

// The sort and filters of the course lists, the Books List and search, against real
// documents in the embedded database: every sort order and filter, and paging through ties that
// never repeats or skips an item. The expected orders are computed here independently, the way
// MongoDB orders values (a missing field below every number).

selectPrivateDatabase('kz_catalogue_sorting');

afterAll(closeDb);

const LIST = 'classTen';
const OTHER_LIST = 'classEleven';

// Chosen to tie a lot: three prices (one free), seven ratings (none, emptied, and averages), two
// enrolment counts and only four creation dates across 60 items, so each page boundary cuts ties.
const PRICES = [0, 900, 1500];
const RATINGS: (number | undefined)[] = [undefined, 0, 3, 3.5, 4.25, 4.5, 5];
const ENROLLED = [120, 40];
const DATES = [0, 1, 2, 3].map((day) => new Date(Date.UTC(2026, 1, 1 + day)));
const ITEMS = 60;

type Sortable = { _id: ObjectId; priceCents: number; averageRating?: number; Enrolled?: number; createdAt: Date };

function attributes(index: number): Omit<Sortable, '_id'> & { Enrolled: number } {
  return {
    priceCents: PRICES[index % PRICES.length]!,
    averageRating: RATINGS[index % RATINGS.length],
    Enrolled: ENROLLED[index % ENROLLED.length]!,
    createdAt: DATES[index % DATES.length]!,
  };
}

/** A course document with a stored rating when it has an average (absent: never reviewed). */
function course(index: number, list: CourseDocument['classCourse'] = LIST, title = `Sorting Course ${index}`): CourseDocument {
  const part = { title: 'Part', point1: 'One', point2: 'Two', point3: 'Three' };
  const { averageRating, ...rest } = attributes(index);
  return {
    _id: new ObjectId(),
    classCourse: list,
    title,
    img: '/demo/courses/classTen.webp',
    state: 'unread',
    ShortDescription: 'A course.',
    objective: { point1: 'One', point2: 'Two', point3: 'Three' },
    instructorImg: '/demo/instructors/teacher.webp',
    instructorName: 'Teacher',
    education: 'MSc',
    about: 'About the teacher.',
    syllabus: { free: part, email: part, monologues: part },
    video: 'https://www.youtube.com/embed/abcdefghijk',
    promoCode: 'KZ2026',
    hours: 10,
    videos: 20,
    quizzes: 5,
    notes: 5,
    transcripts: 10,
    ...rest,
    ...(averageRating === undefined ? {} : { averageRating, rating: { count: averageRating > 0 ? 4 : 0, sum: averageRating * 4, stars: [0, 0, 0, 0, 0] } }),
  };
}

function book(index: number): BookDocument {
  const { averageRating, priceCents, createdAt } = attributes(index);
  return {
    _id: new ObjectId(),
    bookName: `Sorting Book ${index}`,
    img: '/demo/books/book.webp',
    priceCents,
    state: 'unread',
    writerName1: 'Writer',
    writerImg: '/demo/instructors/teacher.webp',
    educationWriter1: 'MA',
    objective: { point1: 'One', point2: 'Two', point3: 'Three' },
    about: 'About the book.',
    page: 100,
    interactive: 'NO',
    formate: 'PDF',
    filesize: '2 MB',
    createdAt,
    ...(averageRating === undefined ? {} : { averageRating }),
  };
}

// ---- the expected order, independently of the code under test ----

const FIELD: Record<Exclude<CatalogueSort, 'relevance'>, keyof Sortable> = {
  newest: 'createdAt',
  'price-asc': 'priceCents',
  'price-desc': 'priceCents',
  rating: 'averageRating',
  popular: 'Enrolled',
};
const ASCENDING = new Set<CatalogueSort>(['price-asc']);

function rank(value: unknown): number {
  if (value === undefined || value === null) return Number.NEGATIVE_INFINITY;
  return value instanceof Date ? value.getTime() : Number(value);
}

function expectedOrder<T extends Sortable>(items: T[], view: CatalogueView): T[] {
  const minimum = view.rating === 'any' ? null : Number(view.rating);
  const kept = items.filter(
    (item) =>
      (view.price !== 'free' || item.priceCents === 0) &&
      (view.price !== 'paid' || item.priceCents > 0) &&
      (minimum === null || (item.averageRating ?? Number.NEGATIVE_INFINITY) >= minimum),
  );
  if (view.sort === 'relevance') return kept;
  const field = FIELD[view.sort];
  const direction = ASCENDING.has(view.sort) ? 1 : -1;
  return [...kept].sort((a, b) => {
    const [left, right] = [rank(a[field]), rank(b[field])];
    if (left !== right) return direction * (left < right ? -1 : 1);
    const [leftId, rightId] = [a._id.toHexString(), b._id.toHexString()];
    return direction * (leftId < rightId ? -1 : leftId > rightId ? 1 : 0);
  });
}

/** Every combination a kind offers: each sort with each price filter and each minimum rating. */
function viewsOf(kind: 'courses' | 'books' | 'search'): CatalogueView[] {
  return SORTS[kind].flatMap((sort) => PRICE_FILTERS.flatMap((price) => RATING_FILTERS.map((rating) => ({ sort, price, rating }))));
}

const label = (view: CatalogueView) => `${view.sort} / ${view.price} / ${view.rating}`;

describe('the query builder', () => {
  it('sorts by the key, then by _id the same way', () => {
    expect(catalogueSort('newest')).toEqual({ createdAt: -1, _id: -1 });
    expect(catalogueSort('price-asc')).toEqual({ priceCents: 1, _id: 1 });
    expect(catalogueSort('price-desc')).toEqual({ priceCents: -1, _id: -1 });
    expect(catalogueSort('rating')).toEqual({ averageRating: -1, _id: -1 });
    expect(catalogueSort('popular')).toEqual({ Enrolled: -1, _id: -1 });
    expect(Object.keys(catalogueSort('rating'))).toEqual(['averageRating', '_id']);
  });

  it('filters free as a price of 0, paid above it, and a minimum average rating', () => {
    expect(catalogueFilter(defaultView('courses'))).toEqual({});
    expect(catalogueFilter({ sort: 'newest', price: 'free', rating: 'any' })).toEqual({ priceCents: 0 });
    expect(catalogueFilter({ sort: 'newest', price: 'paid', rating: '4.5' })).toEqual({ priceCents: { $gt: 0 }, averageRating: { $gte: 4.5 } });
  });
});

describe('the indexes behind every combination offered', () => {
  type Key = [string, number][];

  async function indexKeys(name: 'courses' | 'books'): Promise<Key[]> {
    await getDb();
    return (await (await collection(name)).indexes()).map((index) => Object.entries(index.key as Record<string, number>));
  }

  /** An index whose keys start with the equality, then the sort (either way), and hold every filter field. */
  function answers(keys: Key, equality: string[], sort: Record<string, number>): boolean {
    const sortEntries = Object.entries(sort);
    const prefix = keys.slice(0, equality.length + sortEntries.length);
    if (!equality.every((field, index) => prefix[index]?.[0] === field)) return false;
    const sortPart = prefix.slice(equality.length);
    const same = sortEntries.every(([field, direction], index) => sortPart[index]?.[0] === field && sortPart[index]?.[1] === direction);
    const reversed = sortEntries.every(([field, direction], index) => sortPart[index]?.[0] === field && sortPart[index]?.[1] === -direction);
    const fields = new Set(keys.map(([field]) => field));
    return (same || reversed) && ['priceCents', 'averageRating'].every((field) => fields.has(field));
  }

  it('has, for each sort of a course list, an index of the list, the sort key, _id and the filter fields', async () => {
    const keys = await indexKeys('courses');
    for (const sort of SORTS.courses) {
      expect([sort, keys.some((key) => answers(key, ['classCourse'], catalogueSort(sort)))]).toEqual([sort, true]);
    }
  });

  it('has, for each sort of the Books List, an index of the sort key, _id and the filter fields', async () => {
    const keys = await indexKeys('books');
    for (const sort of SORTS.books) {
      expect([sort, keys.some((key) => answers(key, [], catalogueSort(sort)))]).toEqual([sort, true]);
    }
  });
});

describe('course lists', () => {
  let listed: CourseDocument[];

  beforeAll(async () => {
    const courses = await collection('courses');
    await courses.deleteMany({});
    listed = Array.from({ length: ITEMS }, (_, index) => course(index));
    // Courses of another list never show in this one, whatever the view.
    await courses.insertMany([...listed, ...Array.from({ length: 10 }, (_, index) => course(index, OTHER_LIST))]);
  });

  /** Every page of the view, one after the other, as a visitor pages through it. */
  async function pagesOf(view: CatalogueView) {
    const first = await listCoursesByList(LIST, 1, view);
    const pages = [first];
    for (let page = 2; page <= first.pageCount; page += 1) pages.push(await listCoursesByList(LIST, page, view));
    return pages;
  }

  it('gives every sort and filter in the expected order, each item once across the pages', async () => {
    for (const view of viewsOf('courses')) {
      const pages = await pagesOf(view);
      const shown = pages.flatMap((page) => page.items.map((item) => item.id));
      const expected = expectedOrder(listed, view).map((item) => item._id.toHexString());
      expect([label(view), shown]).toEqual([label(view), expected]);
      expect(pages[0]?.total).toBe(expected.length);
      expect(pages.slice(0, -1).every((page) => page.items.length === COURSES_PER_PAGE)).toBe(true);
    }
  });

  it('keeps the plain list newest first', async () => {
    const plain = await listCoursesByList(LIST, 1);
    expect(plain.total).toBe(ITEMS);
    expect(plain.items.map((item) => item.id)).toEqual(expectedOrder(listed, defaultView('courses')).slice(0, COURSES_PER_PAGE).map((item) => item._id.toHexString()));
  });

  it('puts items without reviews last when sorting by rating', async () => {
    const all = (await pagesOf({ sort: 'rating', price: 'any', rating: 'any' })).flatMap((result) => result.items);
    expect(all[0]?.rating?.average).toBe(5);
    const firstUnrated = all.findIndex((item) => item.rating === null);
    expect(all.slice(firstUnrated).every((item) => item.rating === null)).toBe(true);
  });

  it('shows only free courses, in ascending price order when asked', async () => {
    const free = await listCoursesByList(LIST, 1, { sort: 'price-asc', price: 'free', rating: 'any' });
    expect(free.total).toBe(listed.filter((item) => item.priceCents === 0).length);
    expect(free.items.every((item) => item.priceCents === 0)).toBe(true);
    const cheapest = await listCoursesByList(LIST, 1, { sort: 'price-asc', price: 'any', rating: 'any' });
    const prices = cheapest.items.map((item) => item.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('answers an empty page for filters nothing matches', async () => {
    await (await collection('courses')).deleteMany({ classCourse: OTHER_LIST, priceCents: 0 });
    const none = await listCoursesByList(OTHER_LIST, 1, { sort: 'newest', price: 'free', rating: 'any' });
    expect(none).toMatchObject({ items: [], total: 0, pageCount: 1 });
  });
});

describe('the Books List', () => {
  let books: BookDocument[];

  beforeAll(async () => {
    const collectionOfBooks = await collection('books');
    await collectionOfBooks.deleteMany({});
    books = Array.from({ length: ITEMS }, (_, index) => book(index));
    await collectionOfBooks.insertMany(books);
  });

  it('gives every sort and filter in the expected order, each book once across the pages', async () => {
    for (const view of viewsOf('books')) {
      const first = await listBooks(1, view);
      const pages = [first];
      for (let page = 2; page <= first.pageCount; page += 1) pages.push(await listBooks(page, view));
      const shown = pages.flatMap((page) => page.items.map((item) => item.id));
      const expected = expectedOrder(books, view).map((item) => item._id.toHexString());
      expect([label(view), shown]).toEqual([label(view), expected]);
      expect(first.total).toBe(expected.length);
      expect(pages.slice(0, -1).every((page) => page.items.length === BOOKS_PER_PAGE)).toBe(true);
    }
  });
});

describe('search results', () => {
  let matching: CourseDocument[];

  beforeAll(async () => {
    const courses = await collection('courses');
    await courses.deleteMany({});
    // Titles sort in index order ("Algebra 01" … "Algebra 30"); the other course never matches.
    matching = Array.from({ length: 30 }, (_, index) => course(index, index % 2 ? LIST : OTHER_LIST, `Algebra ${String(index + 1).padStart(2, '0')}`));
    await courses.insertMany([...matching, course(99, LIST, 'Geometry Basics')]);
    await rebuildCourseSearchIndex();
  });

  it('sorts and filters the matches like a list, across lists, each once across the pages', async () => {
    for (const view of viewsOf('search')) {
      const first = await searchCourses('algebra', 1, view);
      const pages = [first];
      for (let page = 2; page <= first.pageCount; page += 1) pages.push(await searchCourses('algebra', page, view));
      const shown = pages.flatMap((page) => page.items.map((item) => item.id));
      const expected = expectedOrder(matching, view).map((item) => item._id.toHexString());
      expect([label(view), shown]).toEqual([label(view), expected]);
      expect(first.total).toBe(expected.length);
      expect(first.termMatches).toBe(matching.length);
      expect(pages.slice(0, -1).every((page) => page.items.length === SEARCH_RESULTS_PER_PAGE)).toBe(true);
    }
  });

  it('keeps title order by default and counts the matches a filter leaves out', async () => {
    const plain = await searchCourses('algebra', 1);
    expect(plain.items.map((item) => item.title)).toEqual(matching.slice(0, SEARCH_RESULTS_PER_PAGE).map((item) => item.title));
    const none = await searchCourses('algebra', 1, { sort: 'relevance', price: 'free', rating: '4.5' });
    const expected = expectedOrder(matching, { sort: 'relevance', price: 'free', rating: '4.5' });
    expect(none.total).toBe(expected.length);
    expect(none.termMatches).toBe(30);
  });
});
