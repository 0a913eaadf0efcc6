import { ObjectId } from 'mongodb';
import { validBookForm, validLegacyCourse } from '@/tests/support/admin-forms';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import type { Actor } from './permissions';

jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

// Each admin operation refuses a signed-in non-admin by itself, whatever door called it (page,
// server action, API, or one not written yet): 403, nothing written, no admin allowance used.
selectPrivateDatabase('kz_jest_permissions');

type Modules = {
  courses: typeof import('../catalogue/admin/courses');
  books: typeof import('../catalogue/admin/books');
  blogs: typeof import('../catalogue/admin/blogs');
  instructors: typeof import('../catalogue/admin/instructors');
  curriculum: typeof import('../catalogue/admin/curriculum');
  bookFile: typeof import('../catalogue/admin/book-file-upload');
  lessonFile: typeof import('../catalogue/admin/lesson-file-upload');
  userAdmin: typeof import('./user-admin');
  users: typeof import('./users');
  audit: typeof import('../platform/audit');
  orders: typeof import('../commerce/orders');
  refunds: typeof import('../commerce/refunds');
  refundRequests: typeof import('../commerce/refund-requests');
  itemReviews: typeof import('../reviews/item-reviews');
  db: typeof import('../platform/db');
};
let m: Modules;

const learner: Actor = { id: new ObjectId().toHexString(), email: 'learner@example.com', role: 'user' };
const admin: Actor = { id: new ObjectId().toHexString(), email: 'admin@example.com', role: 'admin' };
const BLOG = { title: 'Study habits', img: '/media/65f0a1b2c3d4e5f6a7b8c9d0', writerName: 'Ayesha', date: '2026-02-14', description: 'Short daily sessions.' };
const INSTRUCTOR = { Subject: 'Physics', name: 'Rahim', img: '/media/65f0a1b2c3d4e5f6a7b8c9d0', education: 'MSc', facebook: 'https://facebook.com/rahim', twitter: 'https://x.com/rahim', instagram: 'https://instagram.com/rahim', linkedin: 'https://linkedin.com/in/rahim' };
const { classCourse: _list, instructorImg: _image, video: _video, ...courseChanges } = validLegacyCourse;
const { educationWriter1: _education, interactive: _interactive, ...bookChanges } = validBookForm;
const WATCHED = ['courses', 'books', 'blogs', 'instructors', 'users', 'auditLog', 'rateLimits', 'notifications', 'bookFileMeta', 'lessons', 'itemReviews'] as const;

beforeAll(async () => {
  m = {
    courses: await import('../catalogue/admin/courses'),
    books: await import('../catalogue/admin/books'),
    blogs: await import('../catalogue/admin/blogs'),
    instructors: await import('../catalogue/admin/instructors'),
    curriculum: await import('../catalogue/admin/curriculum'),
    bookFile: await import('../catalogue/admin/book-file-upload'),
    lessonFile: await import('../catalogue/admin/lesson-file-upload'),
    userAdmin: await import('./user-admin'),
    users: await import('./users'),
    audit: await import('../platform/audit'),
    orders: await import('../commerce/orders'),
    refunds: await import('../commerce/refunds'),
    refundRequests: await import('../commerce/refund-requests'),
    itemReviews: await import('../reviews/item-reviews'),
    db: await import('../platform/db'),
  };
});

afterAll(async () => {
  await m.db.closeDb();
});

async function snapshot(): Promise<Record<string, unknown[]>> {
  const db = await m.db.getDb();
  const entries = await Promise.all(WATCHED.map(async (name) => [name, await db.collection(name).find({}).sort({ _id: 1 }).toArray()] as const));
  return Object.fromEntries(entries);
}

async function statusOf(attempt: Promise<unknown>): Promise<number | 'allowed'> {
  try {
    await attempt;
    return 'allowed';
  } catch (error) {
    return (error as { status?: number }).status ?? -1;
  }
}

it('refuses every admin operation to a non-admin with 403 and changes nothing', async () => {
  const course = await m.courses.createCourse(admin, validLegacyCourse, 'legacy');
  const book = await m.books.createBook(admin, validBookForm, 'form');
  const blog = await m.blogs.createBlog(admin, BLOG);
  const instructor = await m.instructors.createInstructor(admin, INSTRUCTOR);
  const courseId = new ObjectId(course.id);
  const sectionId = await m.curriculum.addSection(admin, courseId, { title: 'Basics' });
  const student = await m.users.createPasswordUser({ name: 'Student', email: `student-${Date.now()}@example.com`, password: 'secret12' });
  if (!student) throw new Error('could not create the account');
  const before = await snapshot();

  const attempts: [string, () => Promise<unknown>][] = [
    ['createCourse', () => m.courses.createCourse(learner, validLegacyCourse, 'legacy')],
    ['publishCourse', () => m.courses.publishCourse(learner, courseId)],
    ['updateCourse', () => m.courses.updateCourse(learner, courseId, { ...courseChanges, title: 'Taken over' }, 'legacy')],
    ['deleteCourse', () => m.courses.deleteCourse(learner, courseId)],
    ['createBook', () => m.books.createBook(learner, validBookForm, 'form')],
    ['updateBook', () => m.books.updateBook(learner, new ObjectId(book.id), { ...bookChanges, bookName: 'Taken over' }, 'form')],
    ['deleteBook', () => m.books.deleteBook(learner, new ObjectId(book.id))],
    ['uploadBookFile', () => m.bookFile.uploadBookFile(learner, book.id, new Blob(['%PDF-1.7']).stream(), '8')],
    ['createBlog', () => m.blogs.createBlog(learner, BLOG)],
    ['updateBlog', () => m.blogs.updateBlog(learner, new ObjectId(blog.id), BLOG)],
    ['deleteBlog', () => m.blogs.deleteBlog(learner, new ObjectId(blog.id))],
    ['createInstructor', () => m.instructors.createInstructor(learner, INSTRUCTOR)],
    ['deleteInstructor', () => m.instructors.deleteInstructor(learner, new ObjectId(instructor.id))],
    ['addSection', () => m.curriculum.addSection(learner, courseId, { title: 'Hijacked' })],
    ['deleteSection', () => m.curriculum.deleteSection(learner, courseId, sectionId)],
    ['quizStatistics', () => m.curriculum.quizStatistics(learner, courseId, sectionId)],
    ['uploadLessonFile', () => m.lessonFile.uploadLessonFile(learner, { courseId: course.id, lessonId: sectionId, part: 'video' }, new Blob(['x']).stream(), { contentLength: '1', fileName: 'x.webm' })],
    ['promoteToAdmin', () => m.userAdmin.promoteToAdmin(learner, student.email!)],
    ['removeUser', () => m.userAdmin.removeUser(learner, new ObjectId(student.id))],
    ['listUsers', () => m.users.listUsers(learner, 1)],
    ['listUsersSlice', () => m.users.listUsersSlice(learner, 1, 10)],
    ['listAuditLog', () => m.audit.listAuditLog(learner, 1)],
    ['summarizeSales', () => m.orders.summarizeSales(learner)],
    ['listAllOrders', () => m.orders.listAllOrders(learner, 1)],
    ['refundOrder', () => m.refunds.refundOrder(learner, new ObjectId().toHexString())],
    ['summarizeRefunds', () => m.refunds.summarizeRefunds(learner)],
    ['listRecentRefunds', () => m.refunds.listRecentRefunds(learner)],
    ['approveRefundRequest', () => m.refundRequests.approveRefundRequest(learner, new ObjectId().toHexString())],
    ['refuseRefundRequest', () => m.refundRequests.refuseRefundRequest(learner, new ObjectId().toHexString(), { reason: 'No' })],
    ['listRefundRequests', () => m.refundRequests.listRefundRequests(learner, 'pending', 1)],
    ['countPendingRefundRequests', () => m.refundRequests.countPendingRefundRequests(learner)],
    ['listHiddenItemReviews', () => m.itemReviews.listHiddenItemReviews(learner, 1)],
    ['showItemReview', () => m.itemReviews.showItemReview({ ...learner, name: 'Learner' }, new ObjectId().toHexString())],
  ];
  const outcomes = [];
  for (const [name, attempt] of attempts) outcomes.push([name, await statusOf(attempt())]);

  expect(outcomes).toEqual(attempts.map(([name]) => [name, 403]));
  expect(await snapshot()).toEqual(before);
  // The same operations are open to an admin.
  expect(await statusOf(m.users.listUsers(admin, 1))).toBe('allowed');
  expect(await statusOf(m.userAdmin.promoteToAdmin(admin, student.email!))).toBe('allowed');
});
