import { ObjectId } from 'mongodb';
import { blogSchema } from '@/lib/schemas/blog';
import { bookAddSchema, bookUpdateSchema, legacyBookCreateBody, legacyBookUpdateBody } from '@/lib/schemas/book';
import { courseAddSchema, courseUpdateSchema, legacyCourseCreateBody, legacyCourseUpdateBody } from '@/lib/schemas/course';
import { instructorSchema } from '@/lib/schemas/instructor';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { validBookForm, validCourseForm } from '@/tests/support/admin-forms';

// The domain operations refresh cached pages; outside a request there is no page cache to refresh.
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

/** An admin reading the business records (permissions are checked by the operations). */
const READER = { id: '65f0a1b2c3d4e5f6a7b8c9d0', email: 'reader@example.com', role: 'admin' as const };

// The admin's create, update and delete of each catalogue entity against the real embedded
// database: stored shapes and creation defaults, the title search index, new-item notices, the
// audit log, and the "unknown id" answers the legacy API turns into 404.
selectPrivateDatabase('kz_jest_catalogue_admin');

type Modules = {
  courses: typeof import('./courses');
  books: typeof import('./books');
  blogs: typeof import('./blogs');
  instructors: typeof import('./instructors');
  search: typeof import('../course-search');
  audit: typeof import('../audit');
  files: typeof import('../book-files');
  purchasable: typeof import('../purchasable-items');
  shapes: typeof import('../legacy-shapes');
  readers: { courses: typeof import('../courses'); books: typeof import('../books'); blogs: typeof import('../blogs'); instructors: typeof import('../instructors') };
  db: typeof import('../db');
};
let m: Modules;

const admin = { id: new ObjectId().toHexString(), email: 'admin@example.com', role: 'admin' as const };

beforeAll(async () => {
  m = {
    courses: await import('./courses'),
    books: await import('./books'),
    blogs: await import('./blogs'),
    instructors: await import('./instructors'),
    search: await import('../course-search'),
    audit: await import('../audit'),
    files: await import('../book-files'),
    purchasable: await import('../purchasable-items'),
    shapes: await import('../legacy-shapes'),
    readers: { courses: await import('../courses'), books: await import('../books'), blogs: await import('../blogs'), instructors: await import('../instructors') },
    db: await import('../db'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(
    ['courses', 'books', 'blogs', 'instructors', 'notifications', 'auditLog', 'bookFiles', 'bookFileMeta'].map((name) => db.collection(name).deleteMany({})),
  );
});

afterAll(async () => {
  await m.db.closeDb();
});

async function auditTrail() {
  return (await m.audit.listAuditLog(READER, 1)).items.map((entry) => `${entry.action} ${entry.entity}: ${entry.summary}`);
}

async function searchTitles(term: string) {
  return (await m.search.searchCourses(term, 1)).items.map((course) => course.title);
}

const unknownId = () => new ObjectId();

const courseForm = validCourseForm;

const { classCourse: _type, instructorImg: _instructorImg, video: _video, ...courseUpdateForm } = courseForm;

describe('courses', () => {
  it('creates a course in cents with the §9 defaults, indexes its title, announces it and audits it', async () => {
    const { id, result } = await m.courses.createCourse(admin, courseAddSchema.parse(courseForm));

    expect(result.acknowledged).toBe(true);
    const course = await m.readers.courses.getCourse(id);
    expect(course).toMatchObject({
      classCourse: 'liveCourse',
      title: 'Quantum Quirks Live',
      priceCents: 1250,
      price: 12.5,
      // No buyers yet, no transcripts.
      Enrolled: 0,
      transcripts: 0,
      promoCode: 'KZ2026',
      state: 'unread',
      hours: 3,
    });
    // Nothing invented for a learner to read: empty until an admin writes them.
    expect(course?.objective).toEqual({ point1: '', point2: '', point3: '' });
    expect(course?.syllabus.free).toEqual({ title: '', point1: '', point2: '', point3: '' });
    expect(await searchTitles('quirks')).toEqual(['Quantum Quirks Live']);
    const notices = await (await m.db.collection('notifications')).find({}).toArray();
    expect(notices).toMatchObject([{ kind: 'course', title: 'Quantum Quirks Live' }]);
    expect(notices[0]?.itemId.toHexString()).toBe(id);
    expect(await auditTrail()).toEqual(['create course: Added the course “Quantum Quirks Live” (liveCourse)']);
    expect((await m.audit.listAuditLog(READER, 1)).items[0]).toMatchObject({ actorEmail: 'admin@example.com', entityId: id });
  });

  it('adds a course without a promo video: its address is empty and stays what an update leaves it', async () => {
    const { id } = await m.courses.createCourse(admin, courseAddSchema.parse({ ...courseForm, video: '' }));
    expect(await m.readers.courses.getCourse(id)).toMatchObject({ video: '' });
  });

  it('keeps legacy extras the old client sends instead of the defaults, but not an enrolment: that is counted', async () => {
    const values = legacyCourseCreateBody.parse({ ...courseForm, price: '30', Enrolled: '40', promoCode: 'SPRING', state: 'read' });
    const { id } = await m.courses.createCourse(admin, values);
    expect(await m.readers.courses.getCourse(id)).toMatchObject({ priceCents: 3000, Enrolled: 0, promoCode: 'SPRING', state: 'read', transcripts: 0 });
    await m.courses.updateCourse(admin, new ObjectId(id), legacyCourseUpdateBody.parse({ ...courseUpdateForm, Enrolled: 999 }));
    expect(await m.readers.courses.getCourse(id)).toMatchObject({ Enrolled: 0 });
  });

  it('updates the given fields, re-files the title in the search index and audits it', async () => {
    const { id } = await m.courses.createCourse(admin, courseAddSchema.parse(courseForm));
    const update = courseUpdateSchema.parse({ ...courseUpdateForm, title: 'Relativity Live', price: 20, hours: 0 });

    const changed = await m.courses.updateCourse(admin, new ObjectId(id), update);

    expect(changed).toMatchObject({ classCourse: 'liveCourse', result: { matchedCount: 1, modifiedCount: 1 } });
    expect(await m.readers.courses.getCourse(id)).toMatchObject({ title: 'Relativity Live', priceCents: 2000, hours: 0, Enrolled: 0, video: courseForm.video });
    expect(await searchTitles('quirks')).toEqual([]);
    expect(await searchTitles('relativity')).toEqual(['Relativity Live']);
    expect((await auditTrail())[0]).toBe('update course: Updated the course “Relativity Live”');
  });

  it('deletes a course, which leaves search, and withdraws its notices; an unknown id changes nothing and answers null', async () => {
    const { id } = await m.courses.createCourse(admin, courseAddSchema.parse(courseForm));
    expect(await m.courses.updateCourse(admin, unknownId(), courseUpdateSchema.parse(courseUpdateForm))).toBeNull();
    expect(await m.courses.deleteCourse(admin, unknownId())).toBeNull();

    const result = await m.courses.deleteCourse(admin, new ObjectId(id));

    expect(result).toMatchObject({ acknowledged: true, deletedCount: 1 });
    expect(await m.readers.courses.getCourse(id)).toBeNull();
    expect(await searchTitles('quantum')).toEqual([]);
    expect(await (await m.db.collection('notifications')).countDocuments({ itemId: new ObjectId(id) })).toBe(0);
    expect(await m.courses.deleteCourse(admin, new ObjectId(id))).toBeNull();
    expect(await auditTrail()).toEqual(['delete course: Deleted the course “Quantum Quirks Live”', 'create course: Added the course “Quantum Quirks Live” (liveCourse)']);
  });
});

const bookForm = { ...validBookForm, writerName2: 'Second Writer', writerImg2: '', educationWriter2: '' };

describe('books', () => {
  it('creates a book with no invented objectives and the unread state, stores no empty writer fields, announces it', async () => {
    const { id } = await m.books.createBook(admin, bookAddSchema.parse(bookForm));

    const stored = await (await m.db.collection('books')).findOne({ _id: new ObjectId(id) });
    expect(stored).toMatchObject({ priceCents: 999, state: 'unread', page: 300, writerName2: 'Second Writer', formate: 'PDF' });
    expect(stored).not.toHaveProperty('writerImg2');
    expect(stored).not.toHaveProperty('educationWriter2');
    expect(stored?.objective).toEqual({ point1: '', point2: '', point3: '' });
    expect((await m.readers.books.getBook(id))?.writers.map((writer) => writer.name)).toEqual(['Farzana Haque', 'Second Writer']);
    expect(await (await m.db.collection('notifications')).find({}).toArray()).toMatchObject([{ kind: 'book', bookName: 'Organic Chemistry in Plain Words' }]);
    expect(await auditTrail()).toEqual(['create book: Added the book “Organic Chemistry in Plain Words” (PDF)']);
  });

  it('updates only the fields sent and never stores undefined optional fields as null', async () => {
    const { id } = await m.books.createBook(admin, bookAddSchema.parse(bookForm));
    const update = legacyBookUpdateBody.parse({ bookName: 'Organic Chemistry, 2nd edition', img: bookForm.img, about: 'New', writerName1: 'F. Haque', writerImg: bookForm.writerImg, page: '320', formate: 'PDF', filesize: '13 MB', price: 11, writerName3: '' });

    expect(await m.books.updateBook(admin, new ObjectId(id), update)).toMatchObject({ matchedCount: 1 });

    const stored = await (await m.db.collection('books')).findOne({ _id: new ObjectId(id) });
    expect(stored).toMatchObject({ bookName: 'Organic Chemistry, 2nd edition', page: 320, priceCents: 1100, interactive: 'NO', writerName2: 'Second Writer' });
    expect(stored).not.toHaveProperty('writerName3');
    expect(await m.books.updateBook(admin, unknownId(), update)).toBeNull();
  });

  it('deletes a book together with its stored file', async () => {
    const { id } = await m.books.createBook(admin, bookAddSchema.parse(bookForm));
    const bookId = new ObjectId(id);
    await m.files.storeBookFile(bookId, (async function* () { yield Buffer.from('%PDF-1.4 tiny %%EOF'); })(), 'application/pdf');

    expect(await m.books.deleteBook(admin, bookId)).toMatchObject({ deletedCount: 1 });

    expect(await m.files.findBookFile(bookId)).toBeNull();
    expect(await (await m.db.getDb()).collection('bookFiles').countDocuments({})).toBe(0);
    expect(await m.books.deleteBook(admin, bookId)).toBeNull();
    expect((await auditTrail())[0]).toBe('delete book: Deleted the book “Organic Chemistry in Plain Words”');
  });
});

describe('taka prices', () => {
  const { priceBdt: _courseTaka, ...courseWithoutTaka } = courseForm;
  const { priceBdt: _updateTaka, ...courseUpdateWithoutTaka } = courseUpdateForm;
  const { priceBdt: _bookTaka, ...bookWithoutTaka } = bookForm;
  const bookUpdate = { bookName: 'Organic Chemistry, 2nd edition', img: bookForm.img, about: 'New', writerName1: 'F. Haque', writerImg: bookForm.writerImg, page: 320, formate: 'PDF', price: 11 } as const;

  async function storedCourse(id: string) {
    return (await m.db.collection('courses')).findOne({ _id: new ObjectId(id) });
  }

  async function storedBook(id: string) {
    return (await m.db.collection('books')).findOne({ _id: new ObjectId(id) });
  }

  it('the admin forms store taka as integer paisa beside the cents, and a free course as ৳0', async () => {
    const { id } = await m.courses.createCourse(admin, courseAddSchema.parse({ ...courseForm, priceBdt: '1499.50' }));
    expect(await storedCourse(id)).toMatchObject({ priceCents: 1250, pricePaisa: 149_950 });
    expect(await m.readers.courses.getCourse(id)).toMatchObject({ price: 12.5, pricePaisa: 149_950 });

    await m.courses.updateCourse(admin, new ObjectId(id), courseUpdateSchema.parse({ ...courseUpdateForm, price: 15, priceBdt: 1800 }));
    expect(await storedCourse(id)).toMatchObject({ priceCents: 1500, pricePaisa: 180_000 });
    await m.courses.updateCourse(admin, new ObjectId(id), courseUpdateSchema.parse({ ...courseUpdateForm, price: 0, priceBdt: Number.NaN }));
    expect(await storedCourse(id)).toMatchObject({ priceCents: 0, pricePaisa: 0 });

    const free = await m.courses.createCourse(admin, courseAddSchema.parse({ ...courseWithoutTaka, price: 0 }));
    expect(await storedCourse(free.id)).toMatchObject({ priceCents: 0, pricePaisa: 0 });

    const book = await m.books.createBook(admin, bookAddSchema.parse(bookForm));
    expect(await storedBook(book.id)).toMatchObject({ priceCents: 999, pricePaisa: 120_000 });
    await m.books.updateBook(admin, new ObjectId(book.id), bookUpdateSchema.parse({ ...bookUpdate, priceBdt: 1350.25 }));
    expect(await storedBook(book.id)).toMatchObject({ priceCents: 1100, pricePaisa: 135_025 });
    expect(await m.readers.books.getBook(book.id)).toMatchObject({ price: 11, pricePaisa: 135_025 });
  });

  it('the legacy API may leave the taka price out: a new item has none, an update keeps the one stored', async () => {
    const { id } = await m.courses.createCourse(admin, courseAddSchema.parse(courseForm));
    await m.courses.updateCourse(admin, new ObjectId(id), legacyCourseUpdateBody.parse({ ...courseUpdateWithoutTaka, title: 'Quantum Quirks Weekly', price: 15 }));
    expect(await storedCourse(id)).toMatchObject({ title: 'Quantum Quirks Weekly', priceCents: 1500, pricePaisa: 150_000 });
    await m.courses.updateCourse(admin, new ObjectId(id), legacyCourseUpdateBody.parse({ ...courseUpdateWithoutTaka, price: 15, priceBdt: '1750' }));
    expect(await storedCourse(id)).toMatchObject({ priceCents: 1500, pricePaisa: 175_000 });

    const legacy = await m.courses.createCourse(admin, legacyCourseCreateBody.parse({ ...courseWithoutTaka, price: '30' }));
    const stored = await storedCourse(legacy.id);
    expect(stored).toMatchObject({ priceCents: 3000 });
    expect(stored).not.toHaveProperty('pricePaisa');
    expect(await m.readers.courses.getCourse(legacy.id)).not.toHaveProperty('pricePaisa');
    // The old shape answers dollars as before, and nothing new.
    expect(m.shapes.toLegacyCourse(stored!)).toMatchObject({ price: 30 });
    expect(Object.keys(m.shapes.toLegacyCourse(stored!)).filter((key) => /paisa|bdt/i.test(key))).toEqual([]);

    const book = await m.books.createBook(admin, bookAddSchema.parse(bookForm));
    await m.books.updateBook(admin, new ObjectId(book.id), legacyBookUpdateBody.parse({ ...bookUpdate, price: '12' }));
    expect(await storedBook(book.id)).toMatchObject({ priceCents: 1200, pricePaisa: 120_000 });
    const legacyBook = await m.books.createBook(admin, legacyBookCreateBody.parse(bookWithoutTaka));
    expect(await storedBook(legacyBook.id)).not.toHaveProperty('pricePaisa');
  });

  it('a free course made paid without a taka price has none, rather than ৳0', async () => {
    const { id } = await m.courses.createCourse(admin, legacyCourseCreateBody.parse({ ...courseWithoutTaka, price: 0 }));
    expect(await storedCourse(id)).toMatchObject({ priceCents: 0, pricePaisa: 0 });
    await m.courses.updateCourse(admin, new ObjectId(id), legacyCourseUpdateBody.parse({ ...courseUpdateWithoutTaka, price: 10 }));
    const paid = await storedCourse(id);
    expect(paid).toMatchObject({ priceCents: 1000 });
    expect(paid).not.toHaveProperty('pricePaisa');
    await m.courses.updateCourse(admin, new ObjectId(id), legacyCourseUpdateBody.parse({ ...courseUpdateWithoutTaka, price: 0 }));
    expect(await storedCourse(id)).toMatchObject({ priceCents: 0, pricePaisa: 0 });
  });

  it('gives the payments the taka price of what is on sale', async () => {
    const { id } = await m.courses.createCourse(admin, courseAddSchema.parse(courseForm));
    await (await m.db.collection('courses')).updateOne({ _id: new ObjectId(id) }, { $set: { comingSoon: false } });
    expect(await m.purchasable.loadPurchasableItem(id)).toMatchObject({ kind: 'course', priceCents: 1250, pricePaisa: 150_000 });

    const book = await m.books.createBook(admin, bookAddSchema.parse(bookForm));
    await m.files.storeBookFile(new ObjectId(book.id), (async function* () { yield Buffer.from('%PDF-1.4 tiny %%EOF'); })(), 'application/pdf');
    expect(await m.purchasable.loadPurchasableItem(book.id, 'book')).toMatchObject({ kind: 'book', priceCents: 999, pricePaisa: 120_000 });

    const legacy = await m.books.createBook(admin, legacyBookCreateBody.parse(bookWithoutTaka));
    await m.files.storeBookFile(new ObjectId(legacy.id), (async function* () { yield Buffer.from('%PDF-1.4 tiny %%EOF'); })(), 'application/pdf');
    const dollarsOnly = await m.purchasable.loadPurchasableItem(legacy.id, 'book');
    expect(dollarsOnly).toMatchObject({ priceCents: 999 });
    expect(dollarsOnly).not.toHaveProperty('pricePaisa');
  });
});

describe('blogs', () => {
  const blogForm = { title: 'Exam week routines', img: 'https://images.example.com/b.png', writerName: 'Ayesha', date: '2026-02-14', description: 'Sleep well.' };

  it('creates, updates and deletes a post, each audited', async () => {
    const { id } = await m.blogs.createBlog(admin, blogSchema.parse(blogForm));
    expect(await m.readers.blogs.getBlog(id)).toMatchObject(blogForm);

    await m.blogs.updateBlog(admin, new ObjectId(id), blogSchema.parse({ ...blogForm, title: 'Exam week, revisited', date: '2026-03-01' }));
    expect(await m.readers.blogs.getBlog(id)).toMatchObject({ title: 'Exam week, revisited', date: '2026-03-01' });

    expect(await m.blogs.deleteBlog(admin, new ObjectId(id))).toMatchObject({ deletedCount: 1 });
    expect(await m.readers.blogs.getBlog(id)).toBeNull();
    expect(await m.blogs.updateBlog(admin, new ObjectId(id), blogSchema.parse(blogForm))).toBeNull();
    expect(await m.blogs.deleteBlog(admin, new ObjectId(id))).toBeNull();
    expect(await auditTrail()).toEqual([
      'delete blog: Deleted the blog post “Exam week, revisited”',
      'update blog: Updated the blog post “Exam week, revisited”',
      'create blog: Added the blog post “Exam week routines”',
    ]);
  });
});

describe('instructors', () => {
  const instructorForm = {
    Subject: 'Physics',
    name: 'Mahbub Alam',
    img: '/media/65f0a1b2c3d4e5f6a7b8c9d0',
    education: 'MSc',
    facebook: 'https://facebook.com/m',
    twitter: 'https://twitter.com/m',
    instagram: 'https://instagram.com/m',
    linkedin: 'https://linkedin.com/in/m',
  };

  it('creates, moves to another subject and deletes an instructor, each audited', async () => {
    const { id } = await m.instructors.createInstructor(admin, instructorSchema.parse(instructorForm));
    expect((await m.readers.instructors.listInstructorsBySubject('Physics')).items.map((item) => item.id)).toEqual([id]);

    await m.instructors.updateInstructor(admin, new ObjectId(id), instructorSchema.parse({ ...instructorForm, Subject: 'Mathematics' }));
    expect((await m.readers.instructors.listInstructorsBySubject('Physics')).total).toBe(0);
    expect(await m.readers.instructors.getInstructor(id)).toMatchObject({ Subject: 'Mathematics', name: 'Mahbub Alam' });

    expect(await m.instructors.deleteInstructor(admin, new ObjectId(id))).toMatchObject({ deletedCount: 1 });
    expect(await m.readers.instructors.getInstructor(id)).toBeNull();
    expect(await m.instructors.deleteInstructor(admin, new ObjectId(id))).toBeNull();
    expect(await auditTrail()).toEqual([
      'delete instructor: Deleted the instructor Mahbub Alam',
      'update instructor: Updated the instructor Mahbub Alam (Mathematics)',
      'create instructor: Added the instructor Mahbub Alam (Physics)',
    ]);
  });
});
