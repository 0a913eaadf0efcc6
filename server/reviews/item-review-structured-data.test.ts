import { ObjectId } from 'mongodb';
import { insertBook, insertCourse } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { reviewSnippetProblems } from '@/tests/support/structured-data';
import type { ItemReviewDocument } from '../platform/documents';

// The JSON-LD of course and book pages as the pages build it from the database: with reviews,
// aggregateRating and review carry every field Google's review snippets require, typed; without
// reviews there is no rating at all. The check itself is tested on broken data too.
selectPrivateDatabase('kz_jest_item_review_structured_data');

type Modules = {
  structuredData: typeof import('@/app/_catalogue/structured-data');
  courses: typeof import('../catalogue/courses');
  books: typeof import('../catalogue/books');
  reviews: typeof import('./item-reviews');
  db: typeof import('../platform/db');
};
let m: Modules;

beforeAll(async () => {
  m = {
    structuredData: await import('@/app/_catalogue/structured-data'),
    courses: await import('../catalogue/courses'),
    books: await import('../catalogue/books'),
    reviews: await import('./item-reviews'),
    db: await import('../platform/db'),
  };
});

afterAll(async () => {
  await m.db.closeDb();
});

/** Reviews stored as the domain stores them, and the item's counters recounted from them. */
async function review(kind: 'course' | 'book', itemId: ObjectId, rating: number, authorName: string, body: string, daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
  const document: ItemReviewDocument = { _id: new ObjectId(), itemId, itemKind: kind, userId: new ObjectId(), authorName, rating, body, createdAt: at, updatedAt: at, hidden: false };
  await (await m.db.collection('itemReviews')).insertOne(document);
  await m.reviews.recountItemRating(kind, itemId);
}

it('gives a reviewed course aggregateRating and review with every required field, typed', async () => {
  const course = await insertCourse({ title: 'Chemistry for Class Ten' });
  await review('course', course._id, 5, 'Sadia Karim', 'Clear and <b>thorough</b>.', 2);
  await review('course', course._id, 4, 'Imran Hossain', 'Good pace.', 1);
  const loaded = await m.courses.getCourse(course._id.toHexString());
  const page = await m.reviews.listItemReviews(course._id.toHexString(), 1, loaded!.rating);
  const data = m.structuredData.courseStructuredData(loaded!, page.items);

  expect(reviewSnippetProblems(data, { type: 'Course', reviewed: true })).toEqual([]);
  expect(data.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
  expect(data.review).toEqual([
    expect.objectContaining({ author: { '@type': 'Person', name: 'Imran Hossain' }, reviewRating: expect.objectContaining({ ratingValue: 4 }), reviewBody: 'Good pace.', datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }),
    expect.objectContaining({ author: { '@type': 'Person', name: 'Sadia Karim' }, reviewBody: 'Clear and <b>thorough</b>.' }),
  ]);
});

it('gives a reviewed book the same, as @type Book', async () => {
  const book = await insertBook();
  await review('book', book._id, 3, 'Tania Akter', 'Fine.', 1);
  const loaded = await m.books.getBook(book._id.toHexString());
  const data = m.structuredData.bookStructuredData(loaded!, (await m.reviews.listItemReviews(book._id.toHexString(), 1, loaded!.rating)).items);
  expect(reviewSnippetProblems(data, { type: 'Book', reviewed: true })).toEqual([]);
});

it('leaves the rating out for an item nobody has reviewed', async () => {
  const book = await insertBook();
  const data = m.structuredData.bookStructuredData((await m.books.getBook(book._id.toHexString()))!, []);
  expect(data).not.toHaveProperty('aggregateRating');
  expect(data).not.toHaveProperty('review');
  expect(reviewSnippetProblems(data, { type: 'Book', reviewed: false })).toEqual([]);
  expect(reviewSnippetProblems(data, { type: 'Book', reviewed: true })).toContain('aggregateRating must be an object');
});

describe('the structured-data check', () => {
  const valid = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: 'Physics',
    description: 'Motion and force.',
    aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
    review: [{ '@type': 'Review', author: { '@type': 'Person', name: 'Sadia' }, reviewRating: { '@type': 'Rating', ratingValue: 5 }, datePublished: '2026-11-20', reviewBody: 'Good.' }],
  };

  it('accepts valid data', () => {
    expect(reviewSnippetProblems(valid, { type: 'Course', reviewed: true })).toEqual([]);
  });

  it.each([
    ['a rating value given as text', { ...valid, aggregateRating: { ...valid.aggregateRating, ratingValue: '4.5' } }, 'aggregateRating.ratingValue must be a number'],
    ['no review count', { ...valid, aggregateRating: { ...valid.aggregateRating, reviewCount: undefined } }, 'aggregateRating.reviewCount must be a whole number of at least 1'],
    ['a rating outside the scale', { ...valid, aggregateRating: { ...valid.aggregateRating, ratingValue: 7 } }, 'aggregateRating.ratingValue 7 is outside 1–5'],
    ['a review without an author name', { ...valid, review: [{ ...valid.review[0], author: { '@type': 'Person', name: ' ' } }] }, 'review[0].author.name must be non-empty text'],
    ['a review without its rating', { ...valid, review: [{ ...valid.review[0], reviewRating: undefined }] }, 'review[0].reviewRating must be an object'],
    ['a date that is not ISO 8601', { ...valid, review: [{ ...valid.review[0], datePublished: '20 Nov 2026' }] }, 'review[0].datePublished must be an ISO 8601 date'],
    ['a course without a description', { ...valid, description: '' }, 'description must be non-empty text (a Course needs it)'],
    ['the wrong type', { ...valid, '@type': 'Thing' }, '@type must be "Course"'],
  ])('refuses %s', (_name, data, problem) => {
    expect(reviewSnippetProblems(data, { type: 'Course', reviewed: true })).toContain(problem);
  });
});

it('offers an item in each currency it is priced in: dollars, and taka where it has a taka price', async () => {
  const course = await insertCourse({ priceCents: 700, pricePaisa: 85_000 });
  const data = m.structuredData.courseStructuredData((await m.courses.getCourse(course._id.toHexString()))!, []);
  expect(data.offers).toEqual([
    expect.objectContaining({ '@type': 'Offer', price: '7.00', priceCurrency: 'USD' }),
    expect.objectContaining({ '@type': 'Offer', price: '850.00', priceCurrency: 'BDT' }),
  ]);
  const book = await insertBook({ priceCents: 650 });
  const dollarsOnly = m.structuredData.bookStructuredData((await m.books.getBook(book._id.toHexString()))!, []);
  expect(dollarsOnly.offers).toEqual([expect.objectContaining({ '@type': 'Offer', price: '6.50', priceCurrency: 'USD' })]);
});
