import { ObjectId } from 'mongodb';
import { createSamplePdf } from '@/scripts/demo-files';
import { routes } from '@/lib/routes';
import { validLegacyCourse } from '@/tests/support/admin-forms';
import { insertBook, insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import type { Buyer } from '../../commerce/orders';
import type { Actor } from '../../accounts/permissions';

// The domain operations refresh cached pages; outside a request there is no page cache to refresh.
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

/** An admin reading the business records (permissions are checked by the operations). */
const READER = { id: '65f0a1b2c3d4e5f6a7b8c9d0', email: 'reader@example.com', role: 'admin' as const };

// Deleting what was sold, against the real embedded database: a course or book someone paid for is
// UNLISTED — gone from every public read (course and book lists, detail pages, sitemap ids, the
// legacy API's document reads, the title search, what can be ordered) while its buyers keep it (the
// player opens its lessons, My Collection shows it with their progress, the book file still
// downloads with a fresh link, to them only). So is an item with an order still unpaid (its payment
// may complete after the delete). An item nobody ordered is really deleted, with its lesson
// documents and lesson file chunks, or its book file.
// countBuyers counts paid orders only, an unknown id answers null, and the audit log says which.
selectPrivateDatabase('kz_jest_unlisting');

type Modules = {
  adminCourses: typeof import('./courses');
  adminBooks: typeof import('./books');
  curriculum: typeof import('./curriculum');
  unlisting: typeof import('./unlisting');
  courses: typeof import('../courses');
  books: typeof import('../books');
  search: typeof import('../course-search');
  collection: typeof import('../../commerce/collection');
  learning: typeof import('../../learning/learning');
  progress: typeof import('../../learning/progress');
  downloads: typeof import('../book-downloads');
  shelf: typeof import('../book-shelf');
  files: typeof import('../book-files');
  chunks: typeof import('../../platform/chunked-files');
  purchasable: typeof import('../../commerce/purchasable-items');
  audit: typeof import('../../platform/audit');
  http: typeof import('../../platform/http');
  db: typeof import('../../platform/db');
};
let m: Modules;

// A fresh admin per test, so the per-admin write allowance never runs out.
let admin: Actor;

const COLLECTIONS = [
  'courses', 'unlistedCourses', 'books', 'unlistedBooks', 'lessons', 'lessonFileChunks', 'courseProgress', 'orders',
  'auditLog', 'notifications', 'bookFiles', 'bookFileMeta',
];

beforeAll(async () => {
  m = {
    adminCourses: await import('./courses'),
    adminBooks: await import('./books'),
    curriculum: await import('./curriculum'),
    unlisting: await import('./unlisting'),
    courses: await import('../courses'),
    books: await import('../books'),
    search: await import('../course-search'),
    collection: await import('../../commerce/collection'),
    learning: await import('../../learning/learning'),
    progress: await import('../../learning/progress'),
    downloads: await import('../book-downloads'),
    shelf: await import('../book-shelf'),
    files: await import('../book-files'),
    chunks: await import('../../platform/chunked-files'),
    purchasable: await import('../../commerce/purchasable-items'),
    audit: await import('../../platform/audit'),
    http: await import('../../platform/http'),
    db: await import('../../platform/db'),
  };
});

beforeEach(async () => {
  admin = { id: new ObjectId().toHexString(), email: 'admin@example.com', role: 'admin' };
  const db = await m.db.getDb();
  await Promise.all(COLLECTIONS.map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  await m.db.closeDb();
});

const learner = (buyer: Buyer) => ({ id: buyer.id, role: 'user' as const });

async function statusOf(promise: Promise<Response>): Promise<number> {
  try {
    return (await promise).status;
  } catch (error) {
    if (error instanceof m.http.HttpError) return error.status;
    throw error;
  }
}

async function auditTrail(): Promise<string[]> {
  return (await m.audit.listAuditLog(READER, 1)).items.map((entry) => `${entry.action} ${entry.entity} ${entry.entityId}: ${entry.summary}`);
}

async function count(name: string, filter: Record<string, unknown> = {}): Promise<number> {
  return (await m.db.getDb()).collection(name).countDocuments(filter);
}

/**
 * A course on sale in classNine, indexed for the title search, with one section of two lessons:
 * a video and a file lesson whose stored file sits in lessonFileChunks.
 */
async function courseWithCurriculum(title: string) {
  const course = await insertCourse({ title, classCourse: 'classNine' });
  await (await import('../course-search-index')).rebuildCourseSearchIndex();
  const section = await m.curriculum.addSection(admin, course._id, { title: 'Basics' });
  const video = await m.curriculum.addLesson(admin, course._id, { sectionId: section, title: 'Welcome', kind: 'video' });
  const sheet = await m.curriculum.addLesson(admin, course._id, { sectionId: section, title: 'Worksheet', kind: 'file' });
  const data = Buffer.alloc(1000, 7);
  const written = await m.chunks.writeChunks('lessonFileChunks', (async function* () { yield data; })());
  await (await m.db.collection('lessons')).updateOne(
    { _id: new ObjectId(sheet) },
    { $set: { file: { ...written, name: 'worksheet.pdf', contentType: 'application/pdf' } } },
  );
  return { course, id: course._id.toHexString(), video, sheet, fileId: written.fileId };
}

/** A PDF book with its stored file; answers the exact bytes stored. */
async function bookWithFile(bookName: string) {
  const book = await insertBook({ bookName, formate: 'PDF' });
  const pdf = createSamplePdf(bookName);
  const file = await m.files.storeBookFile(book._id, (async function* () { yield pdf; })(), 'application/pdf');
  return { book, id: book._id.toHexString(), pdf, fileId: new ObjectId(file.fileId) };
}

async function listedCourseIds(): Promise<string[]> {
  return (await m.courses.listCoursesByList('classNine', 1)).items.map((course) => course.id);
}

async function sitemapCourseIds(): Promise<string[]> {
  return (await m.courses.listAllCourseIds()).map((course) => course.id);
}

async function legacyCourseIds(): Promise<string[]> {
  const all = await m.courses.listCourseDocuments(null, 0, 100);
  const nine = await m.courses.listCourseDocuments('classNine', 0, 100);
  return [...all.documents, ...nine.documents].map((document) => document._id.toHexString());
}

async function searchResult(term: string) {
  const result = await m.search.searchCourses(term, 1);
  return { ids: result.items.map((course) => course.id), total: result.total };
}

describe('deleting a bought course unlists it', () => {
  it('takes it out of every public read, while its buyer keeps the player, the lessons and My Collection', async () => {
    const { course, id, video, sheet, fileId } = await courseWithCurriculum('Orbital Mechanics');
    const buyer = makeBuyer('Learner');
    await insertOrder(buyer, course, { itemKind: 'course', productName: course.title, paid: true, transactionId: 'pi_course' });
    // The buyer finished the first of the two lessons before the course was deleted.
    await m.progress.saveLessonProgress(learner(buyer), { courseId: id, lessonId: video, completed: true });

    // Before: listed everywhere, so each "absent" below can fail.
    expect(await listedCourseIds()).toEqual([id]);
    expect(await sitemapCourseIds()).toEqual([id]);
    expect(await m.courses.getCourse(id)).toMatchObject({ id, title: 'Orbital Mechanics' });
    expect(await legacyCourseIds()).toEqual([id, id]);
    expect(await searchResult('orbital')).toEqual({ ids: [id], total: 1 });
    expect(await m.purchasable.loadPurchasableItem(id)).toMatchObject({ kind: 'course', name: 'Orbital Mechanics' });

    const removed = await m.adminCourses.deleteCourse(admin, course._id);
    expect(removed).toEqual({ acknowledged: true, deletedCount: 1, unlisted: true, buyers: 1 });

    // Gone from everything public.
    expect(await m.courses.listCoursesByList('classNine', 1)).toMatchObject({ items: [], total: 0 });
    expect(await sitemapCourseIds()).toEqual([]);
    expect(await m.courses.getCourse(id)).toBeNull();
    expect(await m.courses.findCourseDocument(course._id)).toBeNull();
    expect(await legacyCourseIds()).toEqual([]);
    expect((await m.courses.listCourseDocuments(null, 0, 100)).total).toBe(0);
    // Gone from the index, not merely skipped: no match counts it any more.
    expect(await searchResult('orbital')).toEqual({ ids: [], total: 0 });
    expect(await searchResult('mechanics')).toEqual({ ids: [], total: 0 });
    expect(await m.purchasable.loadPurchasableItem(id)).toBeNull();
    expect(await m.purchasable.loadPurchasableItem(id, 'course')).toBeNull();

    // Kept for its buyer.
    expect(await (await m.db.collection('unlistedCourses')).findOne({ _id: course._id })).toMatchObject({ title: 'Orbital Mechanics', unlistedAt: expect.any(Date) });
    const player = await m.learning.findLearningCourse(id);
    expect(player).toMatchObject({ id, title: 'Orbital Mechanics', classCourse: 'classNine' });
    expect(player?.curriculum[0]?.lessons.map((lesson) => lesson.id)).toEqual([video, sheet]);
    expect(await m.learning.openLesson(learner(buyer), id, sheet)).toMatchObject({ status: 'open', access: 'full', lesson: { id: sheet } });
    // …and only for its buyer: to anyone else the unlisted course does not exist.
    expect(await m.learning.openLesson(learner(makeBuyer('Stranger')), id, sheet)).toEqual({ status: 'not-found' });
    expect(await (await m.db.collection('lessons')).findOne({ _id: new ObjectId(sheet) })).toMatchObject({ courseId: course._id, kind: 'file' });
    expect(await count('lessons', { courseId: course._id })).toBe(2);
    expect(await count('lessonFileChunks', { '_id.fileId': fileId })).toBeGreaterThan(0);

    const shelf = await m.collection.listCollection(buyer, 1);
    expect(shelf.items).toHaveLength(1);
    expect(shelf.items[0]?.order.itemId).toBe(id);
    expect(shelf.items[0]?.access).toEqual({
      kind: 'course',
      openHref: routes.learn(id, video),
      continueHref: routes.learn(id),
      percent: 50,
      started: true,
      lastLessonTitle: 'Welcome',
    });

    // The buyer can go on learning in the unlisted course.
    await m.progress.saveLessonProgress(learner(buyer), { courseId: id, lessonId: sheet, completed: true });
    expect((await m.collection.listCollection(buyer, 1)).items[0]?.access).toMatchObject({ kind: 'course', percent: 100 });

    expect(await auditTrail()).toContain(`delete course ${id}: Unlisted the course “Orbital Mechanics” (1 buyer keeps access)`);
  });

  it('unlists a course created through createCourse and drops it from the title search', async () => {
    const { id } = await m.adminCourses.createCourse(admin, validLegacyCourse, 'legacy');
    await m.curriculum.addLesson(admin, new ObjectId(id), { sectionId: await m.curriculum.addSection(admin, new ObjectId(id), { title: 'Start' }), title: 'Welcome', kind: 'article' });
    await m.adminCourses.publishCourse(admin, new ObjectId(id));
    const title = validLegacyCourse.title;
    const term = title.split(' ')[0] ?? title;
    expect((await searchResult(term)).ids).toEqual([id]);
    await insertOrder(makeBuyer('Buyer'), { _id: new ObjectId(id), priceCents: 1250 }, { itemKind: 'course', paid: true });

    expect(await m.adminCourses.deleteCourse(admin, new ObjectId(id))).toMatchObject({ unlisted: true, buyers: 1 });

    expect(await searchResult(term)).toEqual({ ids: [], total: 0 });
    expect(await m.courses.getCourse(id)).toBeNull();
    expect(await m.learning.findLearningCourse(id)).toMatchObject({ id, title });
  });
});

describe('deleting a course nobody ordered deletes it', () => {
  it('keeps a course with an order still unpaid unlisted, for a payment that may still complete', async () => {
    const { course, id } = await courseWithCurriculum('Pending Optics');
    const hopeful = makeBuyer('Hopeful');
    await insertOrder(hopeful, course, { itemKind: 'course', productName: course.title, paid: false });
    expect(await m.unlisting.countBuyers(course._id)).toBe(0);

    expect(await m.adminCourses.deleteCourse(admin, course._id)).toEqual({ acknowledged: true, deletedCount: 1, unlisted: true, buyers: 0 });
    expect(await count('courses', { _id: course._id })).toBe(0);
    expect(await count('unlistedCourses', { _id: course._id })).toBe(1);
    expect(await m.learning.findLearningCourse(id)).not.toBeNull();
    expect(await auditTrail()).toContain(`delete course ${id}: Unlisted the course “Pending Optics” (0 buyers keep access)`);
  });

  it('deletes a course nobody ordered with its lesson documents and lesson file chunks', async () => {
    const { course, id, video, sheet, fileId } = await courseWithCurriculum('Quantum Basics');
    // Another course's lessons are not touched.
    const other = await courseWithCurriculum('Thermal Physics');
    const hopeful = makeBuyer('Hopeful');
    expect(await count('lessonFileChunks', { '_id.fileId': fileId })).toBeGreaterThan(0);

    const removed = await m.adminCourses.deleteCourse(admin, course._id);
    expect(removed).toEqual({ acknowledged: true, deletedCount: 1, unlisted: false, buyers: 0 });

    expect(await count('courses', { _id: course._id })).toBe(0);
    expect(await count('unlistedCourses', { _id: course._id })).toBe(0);
    expect(await count('lessons', { courseId: course._id })).toBe(0);
    expect(await count('lessons', { _id: { $in: [new ObjectId(video), new ObjectId(sheet)] } })).toBe(0);
    expect(await count('lessonFileChunks', { '_id.fileId': fileId })).toBe(0);
    expect(await m.learning.findLearningCourse(id)).toBeNull();
    expect(await m.learning.openLesson(learner(hopeful), id, video)).toEqual({ status: 'not-found' });
    expect(await searchResult('quantum')).toEqual({ ids: [], total: 0 });

    expect(await count('lessons', { courseId: other.course._id })).toBe(2);
    expect(await count('lessonFileChunks', { '_id.fileId': other.fileId })).toBeGreaterThan(0);
    expect(await listedCourseIds()).toEqual([other.id]);

    expect(await auditTrail()).toContain(`delete course ${id}: Deleted the course “Quantum Basics”`);
  });
});

describe('deleting a bought book unlists it', () => {
  it('takes it out of the catalogue and off sale, keeps its file, and still serves it to the buyer only', async () => {
    const { book, id, pdf, fileId } = await bookWithFile('Tafsir Notes');
    const buyer = makeBuyer('Reader');
    await insertOrder(buyer, book, { itemKind: 'book', productName: book.bookName, paid: true, transactionId: 'pi_book' });

    expect((await m.books.listBooks(1)).items.map((item) => item.id)).toEqual([id]);
    expect(await m.books.listAllBookIds()).toEqual([id]);
    expect(await m.books.getBook(id)).toMatchObject({ id, onSale: true });
    expect(await m.purchasable.loadPurchasableItem(id)).toMatchObject({ kind: 'book', name: 'Tafsir Notes' });

    const removed = await m.adminBooks.deleteBook(admin, book._id);
    expect(removed).toEqual({ acknowledged: true, deletedCount: 1, unlisted: true, buyers: 1 });

    expect((await m.books.listBooks(1)).items).toEqual([]);
    expect(await m.books.listLatestBooks(6)).toEqual([]);
    expect(await m.books.listAllBookIds()).toEqual([]);
    expect(await m.books.getBook(id)).toBeNull();
    expect(await m.books.findBookDocument(book._id)).toBeNull();
    expect(await m.purchasable.loadPurchasableItem(id)).toBeNull();
    expect(await m.purchasable.loadPurchasableItem(id, 'book')).toBeNull();

    expect(await (await m.db.collection('unlistedBooks')).findOne({ _id: book._id })).toMatchObject({ bookName: 'Tafsir Notes', unlistedAt: expect.any(Date) });
    expect(await m.files.findBookFile(book._id)).toMatchObject({ length: pdf.length, contentType: 'application/pdf' });
    expect(await count('bookFiles', { '_id.fileId': fileId })).toBeGreaterThan(0);

    // My Collection still offers the book: its page (the reader) and the file.
    const shelf = await m.collection.listCollection(buyer, 1);
    expect(shelf.items[0]?.access).toEqual({ kind: 'book', format: 'pdf', shelfHref: `/myCollection/books/${id}`, fileUrl: `/api/books/${id}/file`, sizeBytes: pdf.length });
    expect(await m.shelf.findShelvedBook(buyer, id, 'en')).toMatchObject({ name: 'Tafsir Notes', file: { format: 'pdf', url: `/api/books/${id}/file` } });
    const response = await m.downloads.bookFileResponse(buyer, id, null);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);

    // Nobody else.
    const stranger = makeBuyer('Stranger');
    expect(await statusOf(m.downloads.bookFileResponse(stranger, id, null))).toBe(403);
    expect(await m.shelf.findShelvedBook(stranger, id, 'en')).toBe('not-bought');

    expect(await auditTrail()).toContain(`delete book ${id}: Unlisted the book “Tafsir Notes” (1 buyer keeps access)`);
  });
});

describe('deleting a book nobody ordered deletes it', () => {
  it('deletes the book with its stored file (meta and chunks)', async () => {
    const { book, id, fileId } = await bookWithFile('Unsold Verses');
    const hopeful = makeBuyer('Hopeful');
    expect(await count('bookFiles', { '_id.fileId': fileId })).toBeGreaterThan(0);

    const removed = await m.adminBooks.deleteBook(admin, book._id);
    expect(removed).toEqual({ acknowledged: true, deletedCount: 1, unlisted: false, buyers: 0 });

    expect(await count('books', { _id: book._id })).toBe(0);
    expect(await count('unlistedBooks', { _id: book._id })).toBe(0);
    expect(await count('bookFileMeta', { _id: book._id })).toBe(0);
    expect(await count('bookFiles', { '_id.fileId': fileId })).toBe(0);
    expect(await m.files.findBookFile(book._id)).toBeNull();
    expect(await statusOf(m.downloads.bookFileResponse(hopeful, id, null))).toBe(404);

    expect(await auditTrail()).toContain(`delete book ${id}: Deleted the book “Unsold Verses”`);
  });
});

describe('buyers, unknown ids and the audit log', () => {
  it('countBuyers counts only paid orders of that item, and the audit log carries the count', async () => {
    const course = await insertCourse({ title: 'Popular Algebra' });
    const otherCourse = await insertCourse({ title: 'Other Course' });
    await insertOrder(makeBuyer('First'), course, { itemKind: 'course', paid: true });
    await insertOrder(makeBuyer('Second'), course, { itemKind: 'course', paid: true });
    await insertOrder(makeBuyer('Unpaid'), course, { itemKind: 'course', paid: false });
    await insertOrder(makeBuyer('Elsewhere'), otherCourse, { itemKind: 'course', paid: true });

    expect(await m.unlisting.countBuyers(course._id)).toBe(2);
    expect(await m.unlisting.countBuyers(otherCourse._id)).toBe(1);
    expect(await m.unlisting.countBuyers(new ObjectId())).toBe(0);

    expect(await m.adminCourses.deleteCourse(admin, course._id)).toEqual({ acknowledged: true, deletedCount: 1, unlisted: true, buyers: 2 });
    const [latest] = (await m.audit.listAuditLog(READER, 1)).items;
    expect(latest).toMatchObject({
      action: 'delete',
      entity: 'course',
      entityId: course._id.toHexString(),
      actorEmail: 'admin@example.com',
      summary: 'Unlisted the course “Popular Algebra” (2 buyers keep access)',
    });
    // The other course is untouched.
    expect(await m.courses.getCourse(otherCourse._id.toHexString())).toMatchObject({ title: 'Other Course' });
  });

  it('answers null for an unknown id, and for a course or book already unlisted (which stays with its buyers)', async () => {
    expect(await m.adminCourses.deleteCourse(admin, new ObjectId())).toBeNull();
    expect(await m.adminBooks.deleteBook(admin, new ObjectId())).toBeNull();

    const course = await insertCourse({ title: 'Twice Deleted' });
    const { book, id: bookId } = await bookWithFile('Twice Deleted Book');
    const buyer = makeBuyer('Keeper');
    await insertOrder(buyer, course, { itemKind: 'course', paid: true });
    await insertOrder(buyer, book, { itemKind: 'book', paid: true });
    expect(await m.adminCourses.deleteCourse(admin, course._id)).toMatchObject({ unlisted: true });
    expect(await m.adminBooks.deleteBook(admin, book._id)).toMatchObject({ unlisted: true });

    expect(await m.adminCourses.deleteCourse(admin, course._id)).toBeNull();
    expect(await m.adminBooks.deleteBook(admin, book._id)).toBeNull();
    expect(await m.learning.findLearningCourse(course._id.toHexString())).toMatchObject({ title: 'Twice Deleted' });
    expect(await m.unlisting.findBookForBuyers(book._id, { bookName: 1 })).toMatchObject({ bookName: 'Twice Deleted Book' });
    expect(await m.files.findBookFile(book._id)).not.toBeNull();
    expect(await statusOf(m.downloads.bookFileResponse(buyer, bookId, null))).toBe(200);
    // Only the first deletion of each was audited.
    expect((await auditTrail()).filter((line) => line.startsWith('delete'))).toHaveLength(2);
  });
});
