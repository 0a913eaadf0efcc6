import { ObjectId } from 'mongodb';
import { blogSchema } from '@/lib/schemas/blog';
import { answerToRefusal } from '@/tests/support/expectations';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { validBookForm, validCourseForm, validInstructor, validLegacyCourse } from '@/tests/support/admin-forms';
import { englishText } from '@/server/platform/english-text';

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
  curriculum: typeof import('./curriculum');
  search: typeof import('../course-search');
  audit: typeof import('../../platform/audit');
  files: typeof import('../book-files');
  purchasable: typeof import('../../commerce/purchasable-items');
  shapes: typeof import('../../legacy/legacy-shapes');
  readers: { courses: typeof import('../courses'); books: typeof import('../books'); blogs: typeof import('../blogs'); instructors: typeof import('../instructors') };
  db: typeof import('../../platform/db');
};
let m: Modules;

const admin = { id: new ObjectId().toHexString(), email: 'admin@example.com', role: 'admin' as const };

beforeAll(async () => {
  m = {
    courses: await import('./courses'),
    books: await import('./books'),
    blogs: await import('./blogs'),
    instructors: await import('./instructors'),
    curriculum: await import('./curriculum'),
    search: await import('../course-search'),
    audit: await import('../../platform/audit'),
    files: await import('../book-files'),
    purchasable: await import('../../commerce/purchasable-items'),
    shapes: await import('../../legacy/legacy-shapes'),
    readers: { courses: await import('../courses'), books: await import('../books'), blogs: await import('../blogs'), instructors: await import('../instructors') },
    db: await import('../../platform/db'),
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

/** The old client's course (typed instructor and counts), and its Update Course fields. */
const courseForm = validLegacyCourse;
const { classCourse: _type, instructorImg: _instructorImg, video: _video, ...courseUpdateForm } = courseForm;

/** The instructor the forms pick, stored; its id for validCourseForm. */
async function storedInstructor(): Promise<string> {
  const { insertedId } = await (await m.db.collection('instructors')).insertOne({ _id: new ObjectId(), ...validInstructor, createdAt: new Date() });
  return insertedId.toHexString();
}

/** Gives the course a lesson, as its curriculum editor would. */
async function addALesson(id: string): Promise<void> {
  const sectionId = await m.curriculum.addSection(admin, new ObjectId(id), { title: 'Start here' });
  await m.curriculum.addLesson(admin, new ObjectId(id), { sectionId, title: 'Welcome', kind: 'article' });
}

/** A course added through the legacy API and published with a lesson. */
async function publishedCourse(values: Record<string, unknown> = {}): Promise<string> {
  const { id } = await m.courses.createCourse(admin, { ...courseForm, ...values }, 'legacy');
  await addALesson(id);
  await m.courses.publishCourse(admin, new ObjectId(id));
  return id;
}

async function noticesOf(id: string) {
  return (await m.db.collection('notifications')).find({ itemId: new ObjectId(id) }).toArray();
}

describe('courses', () => {
  it('adds a draft from the form: in cents with the §9 defaults and the picked instructor, seen by admins only', async () => {
    const instructorId = await storedInstructor();
    const { id, result } = await m.courses.createCourse(admin, validCourseForm(instructorId), 'form');

    expect(result.acknowledged).toBe(true);
    const course = await m.readers.courses.getCourseForAdmin(id);
    expect(course).toMatchObject({
      classCourse: 'liveCourse',
      title: 'Quantum Quirks Live',
      priceCents: 1250,
      price: 12.5,
      // No buyers, no lessons: every count is 0.
      Enrolled: 0,
      transcripts: 0,
      hours: 0,
      videos: 0,
      promoCode: 'KZ2026',
      state: 'unread',
      instructorId,
      instructorName: validInstructor.name,
      instructorImg: validInstructor.img,
      education: validInstructor.education,
      draft: true,
    });
    // Nothing invented for a learner to read: empty until an admin writes them.
    expect(course?.objective).toEqual({ point1: '', point2: '', point3: '' });
    expect(course?.syllabus.free).toEqual({ title: '', point1: '', point2: '', point3: '' });
    // Not public: no page, no search, no sale, nobody told.
    expect(await m.readers.courses.getCourse(id)).toBeNull();
    expect(await searchTitles('quirks')).toEqual([]);
    expect(await m.purchasable.loadPurchasableItem(id)).toBeNull();
    expect(await noticesOf(id)).toEqual([]);
    expect(await auditTrail()).toEqual(['create course: Added the course “Quantum Quirks Live” (liveCourse) as a draft']);
    expect((await m.audit.listAuditLog(READER, 1)).items[0]).toMatchObject({ actorEmail: 'admin@example.com', entityId: id });
  });

  it('refuses an instructor who is not (or no longer) in Instructors: 404, nothing added', async () => {
    await expect(m.courses.createCourse(admin, validCourseForm(new ObjectId().toHexString()), 'form')).rejects.toMatchObject({ status: 404 });
    expect(await (await m.db.collection('courses')).countDocuments({})).toBe(0);
  });

  it('publishes a draft only with a lesson: then it is in search and on sale, learners are told once, and it is audited', async () => {
    const { id } = await m.courses.createCourse(admin, courseForm, 'legacy');
    await expect(m.courses.publishCourse(admin, new ObjectId(id))).rejects.toMatchObject({ status: 409, message: 'Add at least one lesson to the curriculum before the course goes on sale.' });
    expect(await m.readers.courses.getCourse(id)).toBeNull();

    await addALesson(id);
    expect(await m.courses.publishCourse(admin, new ObjectId(id))).toEqual({ classCourse: 'liveCourse', published: true });
    expect(await m.readers.courses.getCourse(id)).toMatchObject({ draft: false, comingSoon: false });
    expect(await searchTitles('quirks')).toEqual(['Quantum Quirks Live']);
    expect(await m.purchasable.loadPurchasableItem(id)).toMatchObject({ kind: 'course', priceCents: 1250 });
    expect(await noticesOf(id)).toMatchObject([{ kind: 'course', title: 'Quantum Quirks Live' }]);
    expect((await auditTrail())[0]).toBe('update course: Published the course “Quantum Quirks Live”');

    // Publishing again changes nothing and tells nobody twice; an unknown course is null.
    expect(await m.courses.publishCourse(admin, new ObjectId(id))).toEqual({ classCourse: 'liveCourse', published: false });
    expect(await noticesOf(id)).toHaveLength(1);
    expect(await m.courses.publishCourse(admin, unknownId())).toBeNull();
  });

  it('publishes a draft once when two admins press Publish together', async () => {
    const { id } = await m.courses.createCourse(admin, courseForm, 'legacy');
    await addALesson(id);
    const results = await Promise.all(Array.from({ length: 5 }, () => m.courses.publishCourse(admin, new ObjectId(id))));
    expect(results.filter((result) => result?.published)).toHaveLength(1);
    expect(await noticesOf(id)).toHaveLength(1);
  });

  it('lets an old client publish a draft with comingSoon: false, which needs a lesson and changes nothing without one', async () => {
    const { id } = await m.courses.createCourse(admin, courseForm, 'legacy');
    await expect(m.courses.updateCourse(admin, new ObjectId(id), { ...courseUpdateForm, title: 'Renamed', comingSoon: false }, 'legacy')).rejects.toMatchObject({ status: 409 });
    expect(await m.readers.courses.getCourseForAdmin(id)).toMatchObject({ title: 'Quantum Quirks Live', draft: true });
    await addALesson(id);
    await m.courses.updateCourse(admin, new ObjectId(id), { ...courseUpdateForm, comingSoon: false }, 'legacy');
    expect(await m.readers.courses.getCourse(id)).toMatchObject({ draft: false, comingSoon: false });
    expect(await noticesOf(id)).toHaveLength(1);
  });

  it('adds a course without a promo video: its address is empty and stays what an update leaves it', async () => {
    const { id } = await m.courses.createCourse(admin, { ...validCourseForm(await storedInstructor()), video: '' }, 'form');
    expect(await m.readers.courses.getCourseForAdmin(id)).toMatchObject({ video: '' });
  });

  it('keeps legacy extras the old client sends instead of the defaults, but not an enrolment or counts: those are counted', async () => {
    const values = { ...courseForm, price: '30', Enrolled: '40', transcripts: 9, promoCode: 'SPRING', state: 'read' };
    const { id } = await m.courses.createCourse(admin, values, 'legacy');
    expect(await m.readers.courses.getCourseForAdmin(id)).toMatchObject({ priceCents: 3000, Enrolled: 0, promoCode: 'SPRING', state: 'read', transcripts: 0, hours: 0, notes: 0 });
    await m.courses.updateCourse(admin, new ObjectId(id), { ...courseUpdateForm, Enrolled: 999, hours: 40 }, 'legacy');
    expect(await m.readers.courses.getCourseForAdmin(id)).toMatchObject({ Enrolled: 0, hours: 0 });
  });

  it('updates the given fields, re-files the title in the search index and audits it; a typed instructor replaces a picked one', async () => {
    const id = await publishedCourse();
    const instructorId = await storedInstructor();
    const { classCourse: _list, video: _noVideo, ...formUpdate } = validCourseForm(instructorId);
    const update = { ...formUpdate, title: 'Relativity Live', price: 20 };

    const changed = await m.courses.updateCourse(admin, new ObjectId(id), update, 'form');

    expect(changed).toMatchObject({ classCourse: 'liveCourse', result: { matchedCount: 1, modifiedCount: 1 } });
    expect(await m.readers.courses.getCourse(id)).toMatchObject({ title: 'Relativity Live', priceCents: 2000, Enrolled: 0, video: courseForm.video, instructorId });
    expect(await searchTitles('quirks')).toEqual([]);
    expect(await searchTitles('relativity')).toEqual(['Relativity Live']);
    expect((await auditTrail())[0]).toBe('update course: Updated the course “Relativity Live”');

    await m.courses.updateCourse(admin, new ObjectId(id), { ...courseUpdateForm, instructorName: 'Typed Teacher' }, 'legacy');
    const typed = await m.readers.courses.getCourse(id);
    expect(typed).toMatchObject({ instructorName: 'Typed Teacher' });
    expect(typed).not.toHaveProperty('instructorId');
  });

  it('deletes a course, which leaves search, and withdraws its notices; an unknown id changes nothing and answers null', async () => {
    const id = await publishedCourse();
    expect(await m.courses.updateCourse(admin, unknownId(), courseUpdateForm, 'legacy')).toBeNull();
    expect(await m.courses.deleteCourse(admin, unknownId())).toBeNull();

    const result = await m.courses.deleteCourse(admin, new ObjectId(id));

    expect(result).toMatchObject({ acknowledged: true, deletedCount: 1 });
    expect(await m.readers.courses.getCourseForAdmin(id)).toBeNull();
    expect(await searchTitles('quantum')).toEqual([]);
    expect(await noticesOf(id)).toEqual([]);
    expect(await m.courses.deleteCourse(admin, new ObjectId(id))).toBeNull();
    expect((await auditTrail())[0]).toBe('delete course: Deleted the course “Quantum Quirks Live”');
  });
});

const bookForm = { ...validBookForm, writerName2: 'Second Writer', writerImg2: '', educationWriter2: '' };

describe('books', () => {
  it('creates a book with no invented objectives and the unread state, stores no empty writer fields, announces it', async () => {
    const { id } = await m.books.createBook(admin, bookForm, 'form');

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
    const { id } = await m.books.createBook(admin, bookForm, 'form');
    const update = { bookName: 'Organic Chemistry, 2nd edition', img: bookForm.img, about: 'New', writerName1: 'F. Haque', writerImg: bookForm.writerImg, page: '320', formate: 'PDF', filesize: '13 MB', price: 11, writerName3: '' };

    expect(await m.books.updateBook(admin, new ObjectId(id), update, 'legacy')).toMatchObject({ matchedCount: 1 });

    const stored = await (await m.db.collection('books')).findOne({ _id: new ObjectId(id) });
    expect(stored).toMatchObject({ bookName: 'Organic Chemistry, 2nd edition', page: 320, priceCents: 1100, interactive: 'NO', writerName2: 'Second Writer' });
    expect(stored).not.toHaveProperty('writerName3');
    expect(await m.books.updateBook(admin, unknownId(), update, 'legacy')).toBeNull();
  });

  it('deletes a book together with its stored file', async () => {
    const { id } = await m.books.createBook(admin, bookForm, 'form');
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
    const form = validCourseForm(await storedInstructor());
    const { classCourse: _list, video: _noVideo, ...formUpdate } = form;
    const { priceBdt: _formTaka, ...formWithoutTaka } = form;
    const { id } = await m.courses.createCourse(admin, { ...form, priceBdt: '1499.50' }, 'form');
    expect(await storedCourse(id)).toMatchObject({ priceCents: 1250, pricePaisa: 149_950 });
    expect(await m.readers.courses.getCourseForAdmin(id)).toMatchObject({ price: 12.5, pricePaisa: 149_950 });

    await m.courses.updateCourse(admin, new ObjectId(id), { ...formUpdate, price: 15, priceBdt: 1800 }, 'form');
    expect(await storedCourse(id)).toMatchObject({ priceCents: 1500, pricePaisa: 180_000 });
    await m.courses.updateCourse(admin, new ObjectId(id), { ...formUpdate, price: 0, priceBdt: Number.NaN }, 'form');
    expect(await storedCourse(id)).toMatchObject({ priceCents: 0, pricePaisa: 0 });

    const free = await m.courses.createCourse(admin, { ...formWithoutTaka, price: 0 }, 'form');
    expect(await storedCourse(free.id)).toMatchObject({ priceCents: 0, pricePaisa: 0 });

    const book = await m.books.createBook(admin, bookForm, 'form');
    expect(await storedBook(book.id)).toMatchObject({ priceCents: 999, pricePaisa: 120_000 });
    await m.books.updateBook(admin, new ObjectId(book.id), { ...bookUpdate, priceBdt: 1350.25 }, 'form');
    expect(await storedBook(book.id)).toMatchObject({ priceCents: 1100, pricePaisa: 135_025 });
    expect(await m.readers.books.getBook(book.id)).toMatchObject({ price: 11, pricePaisa: 135_025 });
  });

  it('the legacy API may leave the taka price out: a new item has none, an update keeps the one stored', async () => {
    const { id } = await m.courses.createCourse(admin, courseForm, 'legacy');
    await m.courses.updateCourse(admin, new ObjectId(id), { ...courseUpdateWithoutTaka, title: 'Quantum Quirks Weekly', price: 15 }, 'legacy');
    expect(await storedCourse(id)).toMatchObject({ title: 'Quantum Quirks Weekly', priceCents: 1500, pricePaisa: 150_000 });
    await m.courses.updateCourse(admin, new ObjectId(id), { ...courseUpdateWithoutTaka, price: 15, priceBdt: '1750' }, 'legacy');
    expect(await storedCourse(id)).toMatchObject({ priceCents: 1500, pricePaisa: 175_000 });

    const legacy = await m.courses.createCourse(admin, { ...courseWithoutTaka, price: '30' }, 'legacy');
    const stored = await storedCourse(legacy.id);
    expect(stored).toMatchObject({ priceCents: 3000 });
    expect(stored).not.toHaveProperty('pricePaisa');
    expect(await m.readers.courses.getCourseForAdmin(legacy.id)).not.toHaveProperty('pricePaisa');
    // The old shape answers dollars as before, and nothing new.
    expect(m.shapes.toLegacyCourse(stored!)).toMatchObject({ price: 30 });
    expect(Object.keys(m.shapes.toLegacyCourse(stored!)).filter((key) => /paisa|bdt/i.test(key))).toEqual([]);

    const book = await m.books.createBook(admin, bookForm, 'form');
    await m.books.updateBook(admin, new ObjectId(book.id), { ...bookUpdate, price: '12' }, 'legacy');
    expect(await storedBook(book.id)).toMatchObject({ priceCents: 1200, pricePaisa: 120_000 });
    const legacyBook = await m.books.createBook(admin, bookWithoutTaka, 'legacy');
    expect(await storedBook(legacyBook.id)).not.toHaveProperty('pricePaisa');
  });

  it('a free course made paid without a taka price has none, rather than ৳0', async () => {
    const { id } = await m.courses.createCourse(admin, { ...courseWithoutTaka, price: 0 }, 'legacy');
    expect(await storedCourse(id)).toMatchObject({ priceCents: 0, pricePaisa: 0 });
    await m.courses.updateCourse(admin, new ObjectId(id), { ...courseUpdateWithoutTaka, price: 10 }, 'legacy');
    const paid = await storedCourse(id);
    expect(paid).toMatchObject({ priceCents: 1000 });
    expect(paid).not.toHaveProperty('pricePaisa');
    await m.courses.updateCourse(admin, new ObjectId(id), { ...courseUpdateWithoutTaka, price: 0 }, 'legacy');
    expect(await storedCourse(id)).toMatchObject({ priceCents: 0, pricePaisa: 0 });
  });

  it('gives the payments the taka price of what is on sale', async () => {
    const id = await publishedCourse();
    expect(await m.purchasable.loadPurchasableItem(id)).toMatchObject({ kind: 'course', priceCents: 1250, pricePaisa: 150_000 });

    const book = await m.books.createBook(admin, bookForm, 'form');
    await m.files.storeBookFile(new ObjectId(book.id), (async function* () { yield Buffer.from('%PDF-1.4 tiny %%EOF'); })(), 'application/pdf');
    expect(await m.purchasable.loadPurchasableItem(book.id, 'book')).toMatchObject({ kind: 'book', priceCents: 999, pricePaisa: 120_000 });

    const legacy = await m.books.createBook(admin, bookWithoutTaka, 'legacy');
    await m.files.storeBookFile(new ObjectId(legacy.id), (async function* () { yield Buffer.from('%PDF-1.4 tiny %%EOF'); })(), 'application/pdf');
    const dollarsOnly = await m.purchasable.loadPurchasableItem(legacy.id, 'book');
    expect(dollarsOnly).toMatchObject({ priceCents: 999 });
    expect(dollarsOnly).not.toHaveProperty('pricePaisa');
  });
});

describe('blogs', () => {
  const blogForm = { title: 'Exam week routines', img: 'https://images.example.com/b.png', writerName: 'Ayesha', date: '2026-02-14', description: 'Sleep well.' };

  it('creates, updates and deletes a post, each audited', async () => {
    const { id } = await m.blogs.createBlog(admin, blogForm);
    expect(await m.readers.blogs.getBlog(id)).toMatchObject(blogForm);

    await m.blogs.updateBlog(admin, new ObjectId(id), { ...blogForm, title: 'Exam week, revisited', date: '2026-03-01' });
    expect(await m.readers.blogs.getBlog(id)).toMatchObject({ title: 'Exam week, revisited', date: '2026-03-01' });

    expect(await m.blogs.deleteBlog(admin, new ObjectId(id))).toMatchObject({ deletedCount: 1 });
    expect(await m.readers.blogs.getBlog(id)).toBeNull();
    expect(await m.blogs.updateBlog(admin, new ObjectId(id), blogForm)).toBeNull();
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
    const { id } = await m.instructors.createInstructor(admin, instructorForm);
    expect((await m.readers.instructors.listInstructorsBySubject('Physics')).items.map((item) => item.id)).toEqual([id]);

    await m.instructors.updateInstructor(admin, new ObjectId(id), { ...instructorForm, Subject: 'Mathematics' });
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

describe('translations', () => {
  const blogForm = { title: 'Exam week routines', img: 'https://images.example.com/b.png', writerName: 'Ayesha', date: '2026-02-14', description: 'Sleep well.' };
  const storedTranslations = async (name: 'courses' | 'blogs', id: string) => (await (await m.db.collection(name)).findOne({ _id: new ObjectId(id) }))?.translations;

  it('stores an item’s texts keyed by language, blank ones left out, and a language sent empty removed', async () => {
    const instructorId = await storedInstructor();
    const { id } = await m.courses.createCourse(admin, { ...validCourseForm(instructorId), translations: { bn: { title: 'কোয়ান্টাম', description: '  ' } } }, 'form');
    const { classCourse: _list, video: _video, ...updateForm } = validCourseForm(instructorId);
    expect(await storedTranslations('courses', id)).toEqual({ bn: { title: 'কোয়ান্টাম' } });

    // Left out: kept as stored.
    await m.courses.updateCourse(admin, new ObjectId(id), { ...updateForm, title: 'Quantum Quirks' }, 'form');
    expect(await storedTranslations('courses', id)).toEqual({ bn: { title: 'কোয়ান্টাম' } });
    await m.courses.updateCourse(admin, new ObjectId(id), { ...updateForm, translations: { bn: { description: 'কণার খেলা' } } }, 'form');
    expect(await storedTranslations('courses', id)).toEqual({ bn: { description: 'কণার খেলা' } });
    // Sent with no text: that language is gone.
    await m.courses.updateCourse(admin, new ObjectId(id), { ...updateForm, translations: { bn: { title: '', description: '' } } }, 'form');
    expect(await storedTranslations('courses', id)).toEqual({});

    const { id: blogId } = await m.blogs.createBlog(admin, { ...blogForm, translations: { bn: {} } });
    expect(await storedTranslations('blogs', blogId)).toBeUndefined();
    await m.blogs.updateBlog(admin, new ObjectId(blogId), { ...blogForm, translations: { bn: { title: 'পরীক্ষার সপ্তাহ' } } });
    expect(await m.readers.blogs.getBlog(blogId)).toMatchObject({ title: 'Exam week routines', translations: { bn: { title: 'পরীক্ষার সপ্তাহ' } } });
  });

  it('refuses a language the site does not have, or texts that are not text, with the field named', () => {
    const unknown = blogSchema.safeParse({ ...blogForm, translations: { xx: { title: 'x' } } });
    expect(unknown.success).toBe(false);
    const notText = blogSchema.safeParse({ ...blogForm, translations: { bn: { title: 7 } } });
    expect(notText.error?.issues.map((issue) => englishText(issue.message))).toEqual(['Bengali title must be text']);
    const tooLong = blogSchema.safeParse({ ...blogForm, translations: { bn: { title: 'ক'.repeat(201) } } });
    expect(tooLong.error?.issues.map((issue) => englishText(issue.message))).toEqual(['Bengali title must be at most 200 characters']);
  });

  it('answers old clients without the translations', async () => {
    const { id } = await m.blogs.createBlog(admin, { ...blogForm, translations: { bn: { title: 'পরীক্ষার সপ্তাহ' } } });
    const stored = await (await m.db.collection('blogs')).findOne({ _id: new ObjectId(id) });
    if (!stored) throw new Error('no blog');
    expect(m.shapes.toLegacyBlog(stored)).toEqual({ _id: id, title: blogForm.title, img: blogForm.img, date: blogForm.date, writerName: blogForm.writerName, description: blogForm.description });
  });
});

describe('malformed input', () => {
  const blogForm = { title: 'Exam week routines', img: 'https://images.example.com/b.png', writerName: 'Ayesha', date: '2026-02-14', description: 'Sleep well.' };
  const { educationWriter1: _education, interactive: _interactive, ...bookUpdateForm } = validBookForm;

  /** Every document an admin change could touch, the admins' allowance included. */
  async function everything() {
    const db = await m.db.getDb();
    const names = ['courses', 'books', 'blogs', 'instructors', 'notifications', 'auditLog', 'rateLimits'];
    return Promise.all(names.map(async (name) => [name, await db.collection(name).find({}).sort({ _id: 1 }).toArray()]));
  }

  /** 400 with the field errors the API has always answered: each message under the field it is about. */
  const invalid = (fieldErrors: Record<string, unknown>) => ({ status: 400, body: { message: 'Invalid input', code: 'invalidInput', fieldErrors: expect.objectContaining(fieldErrors), fieldErrorCodes: expect.any(Object) } });

  it('is refused by each operation itself with 400 naming the field, before its allowance is counted, and changes nothing', async () => {
    const instructorId = await storedInstructor();
    const course = await m.courses.createCourse(admin, validCourseForm(instructorId), 'form');
    const book = await m.books.createBook(admin, validBookForm, 'form');
    const blog = await m.blogs.createBlog(admin, blogForm);
    const instructor = await m.instructors.createInstructor(admin, validInstructor);
    const { classCourse: _list, video: _video, ...courseUpdate } = validCourseForm(instructorId);
    const before = await everything();

    const attempts: [string, () => Promise<unknown>, ReturnType<typeof invalid>][] = [
      ['createBlog', () => m.blogs.createBlog(admin, { ...blogForm, date: '2026-02-30' }), invalid({ date: ['Pick a valid date'] })],
      ['updateBlog', () => m.blogs.updateBlog(admin, new ObjectId(blog.id), { ...blogForm, date: 'soon' }), invalid({ date: expect.any(Array) })],
      ['createInstructor', () => m.instructors.createInstructor(admin, { ...validInstructor, Subject: 'Alchemy' }), invalid({ Subject: ['Choose a subject from the list'] })],
      ['updateInstructor', () => m.instructors.updateInstructor(admin, new ObjectId(instructor.id), { ...validInstructor, name: '' }), invalid({ name: expect.any(Array) })],
      ['createBook (form)', () => m.books.createBook(admin, { ...validBookForm, interactive: 'MAYBE' }, 'form'), invalid({ interactive: ['Interactive must be YES or NO'] })],
      // The legacy extras are the API's alone.
      ['createBook (form) with a legacy field', () => m.books.createBook(admin, { ...validBookForm, state: 'read' }, 'form'), invalid({ form: expect.any(Array) })],
      ['createBook (legacy)', () => m.books.createBook(admin, { ...validBookForm, state: 'lost' }, 'legacy'), invalid({ state: ['State must be unread or read'] })],
      ['updateBook (form)', () => m.books.updateBook(admin, new ObjectId(book.id), { ...bookUpdateForm, formate: 'DOC' }, 'form'), invalid({ formate: ['Format must be PDF or MP3'] })],
      ['updateBook (legacy)', () => m.books.updateBook(admin, new ObjectId(book.id), { ...bookUpdateForm, page: 'many' }, 'legacy'), invalid({ page: expect.any(Array) })],
      ['createCourse (form)', () => m.courses.createCourse(admin, { ...validCourseForm(instructorId), classCourse: 'classTwenty' }, 'form'), invalid({ classCourse: ['Choose a course type from the list'] })],
      ['createCourse (legacy)', () => m.courses.createCourse(admin, { ...courseForm, title: '' }, 'legacy'), invalid({ title: expect.any(Array) })],
      ['updateCourse (form)', () => m.courses.updateCourse(admin, new ObjectId(course.id), { ...courseUpdate, instructorId: 'someone' }, 'form'), invalid({ instructorId: expect.any(Array) })],
      ['updateCourse (legacy)', () => m.courses.updateCourse(admin, new ObjectId(course.id), { ...courseUpdateForm, price: 'free' }, 'legacy'), invalid({ price: expect.any(Array) })],
      // Malformed input is refused before the id is looked up, as the API always answered.
      ['updateBlog, unknown id', () => m.blogs.updateBlog(admin, unknownId(), { ...blogForm, title: '' }), invalid({ title: expect.any(Array) })],
      ['updateCourse, unknown id', () => m.courses.updateCourse(admin, unknownId(), null, 'legacy'), invalid({ form: expect.any(Array) })],
    ];
    for (const [name, attempt, answer] of attempts) {
      expect([name, await answerToRefusal(attempt())]).toEqual([name, answer]);
    }

    expect(await everything()).toEqual(before);
  });
});
