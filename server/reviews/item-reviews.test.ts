import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { NextRequest } from 'next/server';
import { ZodError } from 'zod';
import { STAR_VALUES, ratingSummary } from '@/lib/ratings';
import type { RatingCounters } from '@/lib/ratings';
import { insertBook, insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { expectHttpError } from '@/tests/support/expectations';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { caller } from '@/tests/support/signed-in-caller';
import type { AuditLogDocument, CourseDocument, CurriculumSectionDocument, ItemReviewDocument, LessonOutlineDocument } from '../platform/documents';
import type { Moderator, Reviewer } from './item-reviews';
import type { User } from '../accounts/users';

// Buyers' reviews of courses and books against the real embedded database: only buyers review
// (books at once; courses after a fifth of the lessons or 7 days), one review per buyer and item
// however many submissions race, and the item's rating counters stay exactly the sum of its shown
// reviews through writes, edits, deletions and hiding, concurrent ones included.
selectPrivateDatabase('kz_jest_item_reviews');
const outbox = mkdtempSync(path.join(tmpdir(), 'kz-item-reviews-outbox-'));
process.env.MAIL_OUTBOX_DIR = outbox;

jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));
jest.mock('../accounts/guards', () => jest.requireActual('@/tests/support/signed-in-caller').guards);

type Modules = {
  reviews: typeof import('./item-reviews');
  actions: typeof import('../actions/item-reviews');
  db: typeof import('../platform/db');
  reviewsRoute: typeof import('@/app/api/items/[id]/reviews/route');
  mineRoute: typeof import('@/app/api/items/[id]/reviews/mine/route');
  hideRoute: typeof import('@/app/api/reviews/[id]/hide/route');
  showRoute: typeof import('@/app/api/reviews/[id]/show/route');
  hiddenRoute: typeof import('@/app/api/reviews/hidden/route');
};
let m: Modules;

beforeAll(async () => {
  m = {
    reviews: await import('./item-reviews'),
    actions: await import('../actions/item-reviews'),
    db: await import('../platform/db'),
    reviewsRoute: await import('@/app/api/items/[id]/reviews/route'),
    mineRoute: await import('@/app/api/items/[id]/reviews/mine/route'),
    hideRoute: await import('@/app/api/reviews/[id]/hide/route'),
    showRoute: await import('@/app/api/reviews/[id]/show/route'),
    hiddenRoute: await import('@/app/api/reviews/hidden/route'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['orders', 'courses', 'books', 'courseProgress', 'itemReviews', 'rateLimits', 'auditLog', 'users'].map((name) => db.collection(name).deleteMany({})));
  caller.user = null;
});

afterAll(async () => {
  await m.db.closeDb();
  rmSync(outbox, { recursive: true, force: true });
});

const DAY = 24 * 60 * 60 * 1000;

/** How many public changes were announced to the instances (server/platform/public-changes.ts), and the newest one. */
async function announcements(): Promise<number> {
  return (await m.db.collection('publicChanges')).countDocuments({});
}
async function newestAnnouncement() {
  return (await (await m.db.collection('publicChanges')).find({}).sort({ _id: -1 }).limit(1).toArray())[0];
}

/** A signed-in account that exists in the database (hiding e-mails its author). */
async function account(name: string, role: 'user' | 'admin' = 'user'): Promise<User & { email: string }> {
  const buyer = { ...makeBuyer(name.replace(/\W+/g, '-')), name };
  await (await m.db.collection('users')).insertOne({ _id: new ObjectId(buyer.id), email: buyer.email!, name, role, sessionVersion: 0, createdAt: new Date() });
  return { ...buyer, mobileNumber: null, role, image: null, hasPassword: true, googleLinked: false, emailVerified: true, sessionVersion: 0, endedSessions: [], education: null, location: null, phone: null, locale: 'en' };
}

/** A page of the book's reviews as its pages read them: with the total its counters keep. */
async function shownReviews(bookId: ObjectId, page: number) {
  const book = await (await m.db.collection('books')).findOne({ _id: bookId });
  return m.reviews.listItemReviews(bookId.toHexString(), page, ratingSummary(book));
}

async function buy(user: Reviewer & { email: string }, item: { _id: ObjectId; priceCents: number }, paidAt = new Date(), itemKind: 'course' | 'book' = 'book') {
  return insertOrder({ id: user.id, email: user.email, name: user.name }, item, { paid: true, paidAt, itemKind, transactionId: `pi_${new ObjectId().toHexString()}` });
}

function lesson(index: number): LessonOutlineDocument {
  return { _id: new ObjectId(), title: `Lesson ${index}`, kind: 'article', freePreview: false };
}

/** A course of ten lessons in two sections (a fifth is two lessons). */
async function tenLessonCourse(): Promise<{ course: CourseDocument; lessonIds: string[] }> {
  const lessons = Array.from({ length: 10 }, (_, index) => lesson(index + 1));
  const curriculum: CurriculumSectionDocument[] = [
    { _id: new ObjectId(), title: 'One', lessons: lessons.slice(0, 5) },
    { _id: new ObjectId(), title: 'Two', lessons: lessons.slice(5) },
  ];
  const course = await insertCourse({ curriculum });
  return { course, lessonIds: lessons.map((entry) => entry._id.toHexString()) };
}

async function complete(user: Reviewer, courseId: ObjectId, lessonIds: string[]): Promise<void> {
  const at = new Date();
  const { courseProgressKey } = await import('../learning/progress-document');
  await (await m.db.collection('courseProgress')).updateOne(
    { _id: courseProgressKey(user.id, courseId) },
    { $set: { userId: new ObjectId(user.id), courseId, updatedAt: at, ...Object.fromEntries(lessonIds.map((id) => [`lessons.${id}`, { completedAt: at, updatedAt: at }])) } },
    { upsert: true },
  );
}

async function storedRating(kind: 'course' | 'book', id: ObjectId): Promise<{ rating?: RatingCounters; averageRating?: number } | null> {
  return (await m.db.collection(kind === 'course' ? 'courses' : 'books')).findOne({ _id: id }, { projection: { rating: 1, averageRating: 1 } });
}

/** The counters the shown reviews add up to, as recountItemRating would store them. */
async function expectedRating(id: ObjectId): Promise<RatingCounters> {
  const shown = await (await m.db.collection('itemReviews')).find({ itemId: id, hidden: false }).toArray();
  return { count: shown.length, sum: shown.reduce((sum, review) => sum + review.rating, 0), stars: STAR_VALUES.map((star) => shown.filter((review) => review.rating === star).length) };
}

/** The item's counters equal the sum of its shown reviews, and the average matches them. */
async function expectExactRating(kind: 'course' | 'book', id: ObjectId): Promise<RatingCounters> {
  const expected = await expectedRating(id);
  const stored = await storedRating(kind, id);
  expect(stored?.rating).toEqual(expected);
  expect(stored?.averageRating).toBeCloseTo(expected.count > 0 ? expected.sum / expected.count : 0, 10);
  return expected;
}

async function reviewsOf(id: ObjectId): Promise<ItemReviewDocument[]> {
  return (await m.db.collection('itemReviews')).find({ itemId: id }).toArray();
}

function request(method: string, url: string, body?: unknown): NextRequest {
  return new NextRequest(url, {
    method,
    headers: { host: '127.0.0.1:3000', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const noContext = { params: Promise.resolve({}) };

/** Refused by the zod schema: every door answers it 400 with the field's message (server/platform/http.ts). */
async function expectInvalidInput(promise: Promise<unknown>): Promise<void> {
  await expect(promise).rejects.toBeInstanceOf(ZodError);
}

describe('who may review', () => {
  it('refuses a signed-in non-buyer with 403 and a clear message, through the domain, the API and the form, and stores nothing', async () => {
    const book = await insertBook();
    const visitor = await account('Visitor');
    const unpaid = await account('Unpaid');
    await insertOrder(unpaid, book, { paid: false });

    await expect(m.reviews.saveMyItemReview(visitor, book._id.toHexString(), { rating: 5, body: 'Great!' })).rejects.toMatchObject({ status: 403, message: 'Only buyers of this book can review it.' });
    await expectHttpError(m.reviews.saveMyItemReview(unpaid, book._id.toHexString(), { rating: 5, body: 'Great!' }), 403);

    caller.user = visitor;
    const answer = await m.mineRoute.PUT(request('PUT', `http://127.0.0.1:3000/api/items/${book._id.toHexString()}/reviews/mine`, { rating: 5, body: 'Great!' }), params(book._id.toHexString()));
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ message: 'Only buyers of this book can review it.', code: 'onlyBuyersOfThisBookCanReviewIt' });
    expect(await m.actions.saveMyItemReviewAction(book._id.toHexString(), { rating: 5, body: 'Great!' })).toEqual({ ok: false, message: 'onlyBuyersOfThisBookCanReviewIt' });
    const state = await m.mineRoute.GET(request('GET', `http://127.0.0.1:3000/api/items/${book._id.toHexString()}/reviews/mine`), params(book._id.toHexString()));
    expect(await state.json()).toMatchObject({ itemKind: 'book', eligibility: { status: 'not-bought' }, review: null });

    expect(await reviewsOf(book._id)).toEqual([]);
    expect((await storedRating('book', book._id))?.rating).toBeUndefined();
    // Refused writes use no allowance.
    expect(await (await m.db.collection('rateLimits')).countDocuments({})).toBe(0);
  });

  it('refuses a refunded order like no order', async () => {
    const book = await insertBook();
    const buyer = await account('Refunded');
    await insertOrder(buyer, book, { paid: false, paidAt: new Date(), refundedAt: new Date() });
    await expectHttpError(m.reviews.saveMyItemReview(buyer, book._id.toHexString(), { rating: 4, body: 'Fine.' }), 403);
    expect(await reviewsOf(book._id)).toEqual([]);
  });

  it('answers 400 for bad input and malformed ids, 404 for an unknown item, 401 signed out, before anything else', async () => {
    const book = await insertBook();
    const buyer = await account('Buyer');
    await buy(buyer, book);
    for (const input of [{ rating: 0, body: 'x' }, { rating: 6, body: 'x' }, { rating: 4.5, body: 'x' }, { rating: 5, body: '   ' }, { rating: 5, body: 'x'.repeat(2001) }, { rating: 5, body: 'x', role: 'admin' }, { rating: { $gt: 0 }, body: 'x' }]) {
      await expectInvalidInput(m.reviews.saveMyItemReview(buyer, book._id.toHexString(), input));
    }
    await expectHttpError(m.reviews.saveMyItemReview(buyer, 'not-an-id', { rating: 5, body: 'x' }), 400);
    await expectHttpError(m.reviews.saveMyItemReview(buyer, new ObjectId().toHexString(), { rating: 5, body: 'x' }), 404);

    caller.user = buyer;
    const tooLong = await m.mineRoute.PUT(request('PUT', `http://127.0.0.1:3000/api/items/${book._id.toHexString()}/reviews/mine`, { rating: 5, body: 'x'.repeat(2001) }), params(book._id.toHexString()));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ fieldErrors: { body: ['A review can be at most 2,000 characters'] } });
    expect((await m.reviewsRoute.GET(request('GET', `http://127.0.0.1:3000/api/items/${new ObjectId().toHexString()}/reviews`), params(new ObjectId().toHexString()))).status).toBe(404);
    expect((await m.reviewsRoute.GET(request('GET', 'http://127.0.0.1:3000/api/items/zzz/reviews'), params('zzz'))).status).toBe(400);
    expect((await m.reviewsRoute.GET(request('GET', `http://127.0.0.1:3000/api/items/${book._id.toHexString()}/reviews?page=0`), params(book._id.toHexString()))).status).toBe(400);
    caller.user = null;
    expect((await m.mineRoute.PUT(request('PUT', `http://127.0.0.1:3000/api/items/${book._id.toHexString()}/reviews/mine`, { rating: 5, body: 'x' }), params(book._id.toHexString()))).status).toBe(401);
    expect(await reviewsOf(book._id)).toEqual([]);
  });

  it('lets a book buyer review at once, marked as a verified buyer', async () => {
    const book = await insertBook();
    const buyer = await account('Nadia Islam');
    await buy(buyer, book);
    const { review, created } = await m.reviews.saveMyItemReview(buyer, book._id.toHexString(), { rating: 4, body: '  Clear and useful.  ' });
    expect(created).toBe(true);
    expect(review).toMatchObject({ rating: 4, body: 'Clear and useful.', authorName: 'Nadia Islam', verifiedBuyer: true, edited: false, hidden: false, reply: null });
    const page = await m.reviews.getItemReviews(book._id.toHexString(), 1);
    expect(page).toMatchObject({ total: 1, rating: { count: 1, average: 4, stars: [0, 0, 0, 1, 0], percents: [0, 0, 0, 100, 0] }, items: [{ authorName: 'Nadia Islam', verifiedBuyer: true }] });
    expect(page.items[0]).not.toHaveProperty('userId');
    await expectExactRating('book', book._id);
    // Every instance forgets the pages that show the rating (the announcement): the book's own, and
    // the cards on the Books List, home and search; a moment's old copy is allowed while one renders.
    expect(await newestAnnouncement()).toMatchObject({ tags: [`book:${book._id.toHexString()}`, 'books', 'home', 'search'], staleForMs: 2000 });
  });

  describe('a course: a fifth of the lessons, or 7 days after the purchase', () => {
    it('refuses a buyer of today with fewer than a fifth of the lessons done, saying what is missing', async () => {
      const { course, lessonIds } = await tenLessonCourse();
      const buyer = await account('Learner');
      await buy(buyer, course, new Date(), 'course');
      await complete(buyer, course._id, lessonIds.slice(0, 1));

      const refusal = await m.reviews.saveMyItemReview(buyer, course._id.toHexString(), { rating: 5, body: 'Too early?' }).catch((error: unknown) => error);
      expect(refusal).toMatchObject({ status: 403 });
      expect((refusal as Error).message).toMatch(/^You can review this course once you have completed a fifth of its lessons \(1 more lesson\) or from \d{1,2} \w{3} \d{4}, 7 days after your purchase\.$/);
      const state = await m.reviews.getMyItemReview(buyer, course._id.toHexString());
      expect(state.eligibility).toMatchObject({ status: 'too-early', lessonsToGo: 1 });
      expect(await reviewsOf(course._id)).toEqual([]);
    });

    it('lets the buyer review once a fifth of the lessons is complete (lessons no longer in the curriculum do not count)', async () => {
      const { course, lessonIds } = await tenLessonCourse();
      const buyer = await account('Learner');
      await buy(buyer, course, new Date(), 'course');
      await complete(buyer, course._id, [lessonIds[0] ?? '', new ObjectId().toHexString()]);
      await expectHttpError(m.reviews.saveMyItemReview(buyer, course._id.toHexString(), { rating: 5, body: 'Now?' }), 403);

      await complete(buyer, course._id, lessonIds.slice(0, 2));
      expect((await m.reviews.getMyItemReview(buyer, course._id.toHexString())).eligibility).toEqual({ status: 'eligible' });
      expect((await m.reviews.saveMyItemReview(buyer, course._id.toHexString(), { rating: 5, body: 'Worth it.' })).created).toBe(true);
      await expectExactRating('course', course._id);
    });

    it('lets a buyer without progress review 7 days after the payment, and not a day before', async () => {
      const { course } = await tenLessonCourse();
      const early = await account('Six days');
      const late = await account('Seven days');
      await buy(early, course, new Date(Date.now() - 6 * DAY), 'course');
      await buy(late, course, new Date(Date.now() - 7 * DAY - 60_000), 'course');

      await expectHttpError(m.reviews.saveMyItemReview(early, course._id.toHexString(), { rating: 3, body: 'Early.' }), 403);
      expect((await m.reviews.saveMyItemReview(late, course._id.toHexString(), { rating: 3, body: 'Patient.' })).created).toBe(true);
    });
  });
});

describe('one review per buyer and item', () => {
  it('keeps one review and exact counters when the buyer submits 20 times at once', async () => {
    const book = await insertBook();
    const buyer = await account('Double Clicker');
    await buy(buyer, book);
    const ratings = Array.from({ length: 20 }, (_, index) => (index % 5) + 1);

    const results = await Promise.allSettled(ratings.map((rating, index) => m.reviews.saveMyItemReview(buyer, book._id.toHexString(), { rating, body: `Submission ${index}` })));

    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(results.filter((result) => result.status === 'fulfilled' && result.value.created)).toHaveLength(1);
    const stored = await reviewsOf(book._id);
    expect(stored).toHaveLength(1);
    const counters = await expectExactRating('book', book._id);
    expect(counters).toMatchObject({ count: 1, sum: stored[0]?.rating });
  });

  it('keeps exact counters when several buyers write, edit and delete at once', async () => {
    const book = await insertBook();
    const buyers = await Promise.all(Array.from({ length: 6 }, (_, index) => account(`Buyer ${index}`)));
    await Promise.all(buyers.map((buyer) => buy(buyer, book)));
    await Promise.all(buyers.map((buyer, index) => m.reviews.saveMyItemReview(buyer, book._id.toHexString(), { rating: (index % 5) + 1, body: 'First.' })));
    await expectExactRating('book', book._id);

    // Each buyer edits four times at once; two of them also delete meanwhile.
    await Promise.allSettled(
      buyers.flatMap((buyer, index) => [
        ...[5, 1, 4, 2].map((rating) => m.reviews.saveMyItemReview(buyer, book._id.toHexString(), { rating, body: `Edit to ${rating}.` })),
        ...(index < 2 ? [m.reviews.deleteMyItemReview(buyer, book._id.toHexString())] : []),
      ]),
    );

    const counters = await expectExactRating('book', book._id);
    expect(counters.count).toBe((await reviewsOf(book._id)).length);
    const summary = (await m.reviews.getItemReviews(book._id.toHexString(), 1)).rating;
    if (summary) expect(summary.percents.reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe('editing and deleting', () => {
  it('moves the counters by exactly the change, marks an edit, and leaves an unchanged save alone', async () => {
    const book = await insertBook();
    const [a, b, c] = await Promise.all([account('Ayesha'), account('Bilal'), account('Chandni')]);
    await Promise.all([a, b, c].map((buyer) => buy(buyer, book)));
    await m.reviews.saveMyItemReview(a, book._id.toHexString(), { rating: 5, body: 'Excellent.' });
    await m.reviews.saveMyItemReview(b, book._id.toHexString(), { rating: 4, body: 'Good.' });
    await m.reviews.saveMyItemReview(c, book._id.toHexString(), { rating: 4, body: 'Good too.' });
    expect((await m.reviews.getItemReviews(book._id.toHexString(), 1)).rating).toEqual({ count: 3, average: 4.3, stars: [0, 0, 0, 2, 1], percents: [0, 0, 0, 67, 33] });

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const edited = await m.reviews.saveMyItemReview(b, book._id.toHexString(), { rating: 1, body: 'Changed my mind.' });
    expect(edited).toMatchObject({ created: false, review: { rating: 1, edited: true } });
    expect(await expectExactRating('book', book._id)).toEqual({ count: 3, sum: 10, stars: [1, 0, 0, 1, 1] });

    const announced = await announcements();
    await m.reviews.saveMyItemReview(b, book._id.toHexString(), { rating: 1, body: 'Changed my mind.' });
    expect(await announcements()).toBe(announced);

    await m.reviews.deleteMyItemReview(a, book._id.toHexString());
    expect(await expectExactRating('book', book._id)).toEqual({ count: 2, sum: 5, stars: [1, 0, 0, 1, 0] });
    await expectHttpError(m.reviews.deleteMyItemReview(a, book._id.toHexString()), 404);

    // The newest first: Chandni's, then Bilal's (edits keep their place).
    expect((await shownReviews(book._id, 1)).items.map((review) => review.authorName)).toEqual(['Chandni', 'Bilal']);
  });

  it('takes an account’s reviews out of every rating when the account is deleted', async () => {
    const book = await insertBook();
    const { course } = await tenLessonCourse();
    const [leaving, staying] = await Promise.all([account('Leaving'), account('Staying')]);
    await Promise.all([buy(leaving, book), buy(staying, book), buy(leaving, course, new Date(Date.now() - 8 * DAY), 'course')]);
    await m.reviews.saveMyItemReview(leaving, book._id.toHexString(), { rating: 1, body: 'Bad.' });
    await m.reviews.saveMyItemReview(leaving, course._id.toHexString(), { rating: 2, body: 'Meh.' });
    await m.reviews.saveMyItemReview(staying, book._id.toHexString(), { rating: 5, body: 'Good.' });

    expect(await m.reviews.deleteUserItemReviews(leaving.id)).toBe(2);
    expect(await expectExactRating('book', book._id)).toEqual({ count: 1, sum: 5, stars: [0, 0, 0, 0, 1] });
    expect(await expectExactRating('course', course._id)).toMatchObject({ count: 0 });
  });
});

describe('moderation', () => {
  async function reviewedBook() {
    const book = await insertBook({ bookName: 'Grammar Made Simple' });
    const [author, other] = await Promise.all([account('Rude Reviewer'), account('Kind Reviewer')]);
    await Promise.all([buy(author, book), buy(other, book)]);
    const { review } = await m.reviews.saveMyItemReview(author, book._id.toHexString(), { rating: 1, body: 'Buy my course instead at spam.example' });
    await m.reviews.saveMyItemReview(other, book._id.toHexString(), { rating: 5, body: 'Lovely.' });
    const admin: Moderator = { ...(await account('Admin Ayman', 'admin')) };
    return { book, author, other, review, admin };
  }

  it('hides a review with a reason: out of the list and the average, audited, its author e-mailed; again changes nothing', async () => {
    const { book, author, review, admin } = await reviewedBook();
    caller.user = await account('Plain User');
    const refused = await m.hideRoute.POST(request('POST', `http://127.0.0.1:3000/api/reviews/${review.id}/hide`, { reason: 'Spam' }), params(review.id));
    expect(refused.status).toBe(403);
    await expectHttpError(m.reviews.hideItemReview({ ...caller.user, role: 'user' }, review.id, { reason: 'Spam' }), 403);
    await expectInvalidInput(m.reviews.hideItemReview(admin, review.id, { reason: '  ' }));
    await expectHttpError(m.reviews.hideItemReview(admin, new ObjectId().toHexString(), { reason: 'Spam' }), 404);

    caller.user = admin as User;
    const answer = await m.hideRoute.POST(request('POST', `http://127.0.0.1:3000/api/reviews/${review.id}/hide`, { reason: 'Advertising another site' }), params(review.id));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ hidden: true, alreadyHidden: false });

    const page = await m.reviews.getItemReviews(book._id.toHexString(), 1);
    expect(page.items.map((item) => item.authorName)).toEqual(['Kind Reviewer']);
    expect(page.rating).toMatchObject({ count: 1, average: 5 });
    await expectExactRating('book', book._id);
    const [entry] = await (await m.db.collection('auditLog')).find({ entity: 'review' }).toArray();
    expect(entry).toMatchObject({ action: 'hide', entityId: review.id, actorEmail: admin.email });
    expect(entry?.summary).toContain('Advertising another site');
    const mails = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(mails).toHaveLength(1);
    const mail = readFileSync(path.join(outbox, mails[0] ?? ''), 'utf8');
    expect(mail).toContain(`To: ${author.email}`);
    expect(mail).toContain('Advertising another site');

    // Hidden: the author sees why, cannot edit it, may delete it (the counters stay as they are).
    const mine = await m.reviews.getMyItemReview(author, book._id.toHexString());
    expect(mine.review).toMatchObject({ hidden: true, hiddenReason: 'Advertising another site' });
    await expectHttpError(m.reviews.saveMyItemReview(author, book._id.toHexString(), { rating: 5, body: 'Please show it again' }), 409);
    expect(await m.reviews.hideItemReview(admin, review.id, { reason: 'Again' })).toEqual({ alreadyHidden: true });
    expect(await (await m.db.collection('auditLog')).countDocuments({ entity: 'review' })).toBe(1);
    await m.reviews.deleteMyItemReview(author, book._id.toHexString());
    expect(await expectExactRating('book', book._id)).toMatchObject({ count: 1, sum: 5 });
  });

  it('keeps exact counters when a review is hidden while its author edits it', async () => {
    const { book, author, review, admin } = await reviewedBook();
    await Promise.allSettled([
      m.reviews.hideItemReview(admin, review.id, { reason: 'Spam' }),
      ...[2, 3, 4].map((rating) => m.reviews.saveMyItemReview(author, book._id.toHexString(), { rating, body: `Edit ${rating}` })),
    ]);
    await expectExactRating('book', book._id);
  });

  it('writes, changes and removes the public reply under a review, audited, signed by the admin', async () => {
    const { book, review, admin } = await reviewedBook();
    await expectHttpError(m.reviews.replyToItemReview({ ...admin, role: 'user' }, review.id, { body: 'Hi' }), 403);
    await expectHttpError(m.reviews.deleteItemReviewReply({ ...admin, role: 'user' }, review.id), 403);
    const replied = await m.reviews.replyToItemReview(admin, review.id, { body: 'Thank you for the feedback.' });
    expect(replied.reply).toMatchObject({ body: 'Thank you for the feedback.', authorName: 'Admin Ayman' });
    await m.reviews.replyToItemReview(admin, review.id, { body: 'Thank you; we fixed chapter 2.' });
    const listed = (await shownReviews(book._id, 1)).items.find((item) => item.id === review.id);
    expect(listed?.reply?.body).toBe('Thank you; we fixed chapter 2.');

    await m.reviews.deleteItemReviewReply(admin, review.id);
    expect((await m.reviews.getItemReviews(book._id.toHexString(), 1)).items.find((item) => item.id === review.id)?.reply).toBeNull();
    await expectHttpError(m.reviews.deleteItemReviewReply(admin, review.id), 404);
    expect((await (await m.db.collection('auditLog')).find({ entity: 'review' }).sort({ createdAt: 1, _id: 1 }).toArray()).map((entry) => entry.action)).toEqual(['reply', 'reply', 'delete-reply']);
    // Replies change nothing in the rating.
    await expectExactRating('book', book._id);
  });
});

describe('hidden reviews: the moderators’ list, and showing one again', () => {
  /** A book and a course, each with a review by its buyer that an admin then hid (the course's last). */
  async function hiddenReviews() {
    const book = await insertBook({ bookName: 'Grammar Made Simple' });
    const { course } = await tenLessonCourse();
    const [bookAuthor, bookFan, courseAuthor] = await Promise.all([account('Spam Sender'), account('Kind Reader'), account('Angry Learner')]);
    await Promise.all([buy(bookAuthor, book), buy(bookFan, book), buy(courseAuthor, course, new Date(Date.now() - 8 * DAY), 'course')]);
    const bookReview = (await m.reviews.saveMyItemReview(bookAuthor, book._id.toHexString(), { rating: 1, body: 'Buy mine at spam.example' })).review;
    await m.reviews.saveMyItemReview(bookFan, book._id.toHexString(), { rating: 5, body: 'Lovely.' });
    const courseReview = (await m.reviews.saveMyItemReview(courseAuthor, course._id.toHexString(), { rating: 2, body: 'Rude words' })).review;
    const admin: Moderator = { ...(await account('Admin Ayman', 'admin')) };
    await m.reviews.hideItemReview(admin, bookReview.id, { reason: 'Advertising another site' });
    await m.reviews.hideItemReview(admin, courseReview.id, { reason: 'Insults the teacher' });
    return { book, course, bookAuthor, bookReview, courseReview, admin };
  }

  const auditOf = async (action: AuditLogDocument['action']) => (await m.db.collection('auditLog')).find({ entity: 'review', action }).toArray();

  it('lists hidden reviews newest hidden first with their item, reason and moderator; showing one puts it back in the list and the rating, audited, once', async () => {
    const { book, course, bookAuthor, bookReview, courseReview, admin } = await hiddenReviews();
    expect((await storedRating('book', book._id))?.rating).toMatchObject({ count: 1, sum: 5 });

    const listed = await m.reviews.listHiddenItemReviews(admin, 1);
    expect(listed).toMatchObject({ total: 2, page: 1, pageCount: 1, pageSize: m.reviews.HIDDEN_REVIEWS_PER_PAGE });
    expect(listed.items).toEqual([
      {
        id: courseReview.id,
        item: { id: course._id.toHexString(), kind: 'course', name: course.title, path: `/classNine/coursesInfo/${course._id.toHexString()}` },
        authorName: 'Angry Learner',
        rating: 2,
        body: 'Rude words',
        hiddenReason: 'Insults the teacher',
        hiddenAt: expect.any(String),
        hiddenBy: { email: admin.email, name: 'Admin Ayman' },
      },
      expect.objectContaining({ id: bookReview.id, item: { id: book._id.toHexString(), kind: 'book', name: 'Grammar Made Simple', path: `/book/${book._id.toHexString()}` }, hiddenReason: 'Advertising another site' }),
    ]);
    caller.user = admin as User;
    const answer = await m.hiddenRoute.GET(request('GET', 'http://127.0.0.1:3000/api/reviews/hidden?page=1'), noContext);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(listed);

    const announced = await announcements();
    const shown = await m.showRoute.POST(request('POST', `http://127.0.0.1:3000/api/reviews/${bookReview.id}/show`), params(bookReview.id));
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({ shown: true, alreadyShown: false });

    // Back on the page and in the rating, with no trace of the hiding left on the review.
    const page = await m.reviews.getItemReviews(book._id.toHexString(), 1);
    expect(page.items.map((item) => item.authorName)).toEqual(['Kind Reader', 'Spam Sender']);
    expect(page.rating).toMatchObject({ count: 2, average: 3 });
    expect(await expectExactRating('book', book._id)).toEqual({ count: 2, sum: 6, stars: [1, 0, 0, 0, 1] });
    const stored = await (await m.db.collection('itemReviews')).findOne({ _id: new ObjectId(bookReview.id) });
    expect(stored).toMatchObject({ hidden: false });
    expect(stored).not.toHaveProperty('hiddenAt');
    expect(stored).not.toHaveProperty('hiddenReason');
    expect(stored).not.toHaveProperty('hiddenBy');
    expect(await announcements()).toBe(announced + 1);
    expect(await newestAnnouncement()).toMatchObject({ tags: [`book:${book._id.toHexString()}`, 'books', 'home', 'search'] });
    const [entry, ...more] = await auditOf('show');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ entityId: bookReview.id, actorEmail: admin.email });
    expect(entry?.summary).toBe("Showed Spam Sender's 1-star review of Grammar Made Simple again (hidden for: Advertising another site)");
    expect((await m.reviews.listHiddenItemReviews(admin, 1)).items.map((item) => item.id)).toEqual([courseReview.id]);

    // Again: nothing changes (no second count, no second entry).
    expect(await m.reviews.showItemReview(admin, bookReview.id)).toEqual({ alreadyShown: true });
    expect(await expectExactRating('book', book._id)).toMatchObject({ count: 2, sum: 6 });
    expect(await auditOf('show')).toHaveLength(1);

    // Shown, it is the author's to edit again; the course's through the admin screen's action.
    await m.reviews.saveMyItemReview(bookAuthor, book._id.toHexString(), { rating: 2, body: 'Fair enough, here is my honest view.' });
    await expectExactRating('book', book._id);
    expect(await m.actions.showItemReviewAction(courseReview.id)).toEqual({ ok: true, data: { alreadyShown: false } });
    expect(await expectExactRating('course', course._id)).toMatchObject({ count: 1, sum: 2 });
    expect(await m.reviews.listHiddenItemReviews(admin, 1)).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  it('puts a review back in the counters once when moderators show it at once', async () => {
    const { book, bookReview, admin } = await hiddenReviews();
    const other: Moderator = { ...(await account('Admin Bina', 'admin')) };
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, index) => m.reviews.showItemReview(index % 2 ? admin : other, bookReview.id)));
    expect(outcomes.filter((outcome) => !outcome.alreadyShown)).toHaveLength(1);
    expect(await expectExactRating('book', book._id)).toMatchObject({ count: 2, sum: 6 });
    expect(await auditOf('show')).toHaveLength(1);
  });

  it('refuses a non-admin with 403 and changes nothing; 400 for a malformed id or page, 404 for an unknown review, 401 signed out', async () => {
    const { book, bookReview, admin } = await hiddenReviews();
    const plain = await account('Plain User');
    const snapshot = async () => {
      const db = await m.db.getDb();
      return Promise.all(['itemReviews', 'books', 'courses', 'auditLog', 'rateLimits'].map((name) => db.collection(name).find({}).sort({ _id: 1 }).toArray()));
    };
    const before = await snapshot();

    await expectHttpError(m.reviews.showItemReview(plain, bookReview.id), 403);
    await expectHttpError(m.reviews.listHiddenItemReviews(plain, 1), 403);
    caller.user = plain;
    const refused = await m.showRoute.POST(request('POST', `http://127.0.0.1:3000/api/reviews/${bookReview.id}/show`), params(bookReview.id));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Forbidden access', code: 'forbiddenAccess' });
    expect((await m.hiddenRoute.GET(request('GET', 'http://127.0.0.1:3000/api/reviews/hidden'), noContext)).status).toBe(403);
    expect(await m.actions.showItemReviewAction(bookReview.id)).toEqual({ ok: false, message: 'forbiddenAccess' });
    caller.user = null;
    expect((await m.showRoute.POST(request('POST', `http://127.0.0.1:3000/api/reviews/${bookReview.id}/show`), params(bookReview.id))).status).toBe(401);
    expect((await m.hiddenRoute.GET(request('GET', 'http://127.0.0.1:3000/api/reviews/hidden'), noContext)).status).toBe(401);
    expect(await snapshot()).toEqual(before);

    await expectHttpError(m.reviews.showItemReview(admin, 'not-an-id'), 400);
    await expectHttpError(m.reviews.showItemReview(admin, new ObjectId().toHexString()), 404);
    caller.user = admin as User;
    const malformed = await m.showRoute.POST(request('POST', 'http://127.0.0.1:3000/api/reviews/zzz/show'), params('zzz'));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'Invalid review id: expected 24 hexadecimal characters', code: 'invalidReviewIdExpected24HexadecimalCharacters' });
    const unknown = new ObjectId().toHexString();
    const missing = await m.showRoute.POST(request('POST', `http://127.0.0.1:3000/api/reviews/${unknown}/show`), params(unknown));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Review not found', code: 'reviewNotFound' });
    for (const query of ['page=0', 'page=x', 'page=2&sort=1']) {
      expect((await m.hiddenRoute.GET(request('GET', `http://127.0.0.1:3000/api/reviews/hidden?${query}`), noContext)).status).toBe(400);
    }
    expect(await m.actions.showItemReviewAction('not-an-id')).toEqual({ ok: false, message: 'invalidReviewIdExpected24HexadecimalCharacters' });
    expect((await m.reviews.listHiddenItemReviews(admin, 1)).total).toBe(2);
    await expectExactRating('book', book._id);
    expect(await auditOf('show')).toEqual([]);
  });

  it('pages the hidden reviews, 20 a page, newest hidden first; a page past the last gives the last; an item gone from the catalogue keeps its row', async () => {
    const book = await insertBook();
    const gone = new ObjectId();
    const now = Date.now();
    const review = (index: number): ItemReviewDocument => ({
      _id: new ObjectId(),
      itemId: index === 0 ? gone : book._id,
      itemKind: 'book',
      userId: new ObjectId(),
      authorName: `Hidden ${String(index).padStart(2, '0')}`,
      rating: 1,
      body: 'Spam',
      createdAt: new Date(now - DAY),
      updatedAt: new Date(now - DAY),
      hidden: true,
      hiddenAt: new Date(now - (22 - index) * 60_000),
      hiddenReason: 'Spam',
      hiddenBy: new ObjectId(),
    });
    // Plus one shown review, which the list leaves out.
    await (await m.db.collection('itemReviews')).insertMany([...Array.from({ length: 22 }, (_, index) => review(index)), { ...review(1), authorName: 'Shown', hidden: false }]);
    const admin = await account('Admin Ayman', 'admin');
    const first = await m.reviews.listHiddenItemReviews(admin, 1);
    expect(first).toMatchObject({ total: 22, page: 1, pageCount: 2, pageSize: 20 });
    expect(first.items[0]).toMatchObject({ authorName: 'Hidden 21', hiddenBy: null });
    const last = await m.reviews.listHiddenItemReviews(admin, 9);
    expect(last.page).toBe(2);
    expect(last.items.map((item) => item.authorName)).toEqual(['Hidden 01', 'Hidden 00']);
    expect(last.items[1]?.item).toEqual({ id: gone.toHexString(), kind: 'book', name: `book ${gone.toHexString()}`, path: null });
  });
});

describe('paging and recounting', () => {
  it('pages the shown reviews newest first, 10 a page', async () => {
    const book = await insertBook();
    const buyers = await Promise.all(Array.from({ length: 12 }, (_, index) => account(`Reader ${String(index).padStart(2, '0')}`)));
    for (const buyer of buyers) {
      await buy(buyer, book);
      await m.reviews.saveMyItemReview(buyer, book._id.toHexString(), { rating: 5, body: 'Good.' });
    }
    const first = await shownReviews(book._id, 1);
    const second = await shownReviews(book._id, 2);
    expect(first).toMatchObject({ total: 12, pageCount: 2, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]?.authorName).toBe('Reader 11');
    expect(second.items.map((review) => review.authorName)).toEqual(['Reader 01', 'Reader 00']);
  });

  it('recounts an item whose counters were lost (the seed rewrites demo items whole)', async () => {
    const book = await insertBook();
    const buyer = await account('Reader');
    await buy(buyer, book);
    await m.reviews.saveMyItemReview(buyer, book._id.toHexString(), { rating: 3, body: 'Fine.' });
    await (await m.db.collection('books')).updateOne({ _id: book._id }, { $unset: { rating: '', averageRating: '' } });
    expect(await m.reviews.recountItemRating('book', book._id)).toEqual({ count: 1, sum: 3, stars: [0, 0, 1, 0, 0] });
    await expectExactRating('book', book._id);
  });
});
