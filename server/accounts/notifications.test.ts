import { ObjectId } from 'mongodb';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { closeDb, collection } from '../platform/db';
import { listNotifications, markAllRead, markRead, notifyNewBook, notifyNewCourse, unreadCount, withdrawNotices } from './notifications';
import { insertBook, insertCourse } from '@/tests/support/commerce-fixtures';
import { createPasswordUser } from './users';
import type { User } from './users';

selectPrivateDatabase('kz_jest_notifications');

let counter = 0;
async function newUser(): Promise<User> {
  counter += 1;
  const user = await createPasswordUser({ name: `Reader ${counter}`, email: `reader-${counter}-${Date.now()}@example.com`, password: 'secret12' });
  if (!user) throw new Error('could not create the test user');
  return user;
}

const id = () => new ObjectId().toHexString();

beforeEach(async () => {
  await (await collection('notifications')).deleteMany({});
  await (await collection('notificationReads')).deleteMany({});
});
afterAll(closeDb);

describe('notifications', () => {
  it('keeps read state per user: A reads, A has 0 unread, B still has 1', async () => {
    const [userA, userB] = [await newUser(), await newUser()];
    await notifyNewCourse({ id: id(), title: 'Physics for Class Nine' });

    expect(await unreadCount(userA)).toBe(1);
    expect(await unreadCount(userB)).toBe(1);
    const [notice] = (await listNotifications(userA, 1)).notices;
    expect(notice).toMatchObject({ kind: 'course', title: 'Physics for Class Nine', read: false });

    expect(await markRead(userA, notice?.id ?? '')).toBe(true);
    expect(await markRead(userA, notice?.id ?? '')).toBe(true);

    expect(await unreadCount(userA)).toBe(0);
    expect(await unreadCount(userB)).toBe(1);
    expect((await listNotifications(userA, 1)).notices[0]?.read).toBe(true);
    expect((await listNotifications(userB, 1)).notices[0]?.read).toBe(false);
    expect(await (await collection('notificationReads')).countDocuments({})).toBe(1);
  });

  it('announces books by their name and marks all read for one user only', async () => {
    const [userA, userB] = [await newUser(), await newUser()];
    await notifyNewCourse({ id: id(), title: 'Python Basics' });
    await notifyNewBook({ id: id(), bookName: 'Chemistry First Paper' });
    await markRead(userB, (await listNotifications(userB, 1)).notices[1]?.id ?? '');

    expect(await markAllRead(userB)).toBe(1);
    expect(await markAllRead(userB)).toBe(0);

    expect(await unreadCount(userB)).toBe(0);
    expect(await unreadCount(userA)).toBe(2);
    const page = await listNotifications(userA, 1);
    expect(page.notices.map((notice) => (notice.kind === 'book' ? notice.bookName : notice.title))).toEqual(['Chemistry First Paper', 'Python Basics']);
    expect(page).toMatchObject({ unreadCount: 2, total: 2, page: 1, pageCount: 1 });
  });

  it('pages newest first and clamps out-of-range pages', async () => {
    const user = await newUser();
    for (let index = 1; index <= 12; index += 1) await notifyNewCourse({ id: id(), title: `Course ${index}` });

    const first = await listNotifications(user, 1, 5);
    const last = await listNotifications(user, 99, 5);

    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 12, unreadCount: 12 });
    expect(first.notices.map((notice) => notice.kind === 'course' && notice.title)).toEqual(['Course 12', 'Course 11', 'Course 10', 'Course 9', 'Course 8']);
    expect(last.page).toBe(3);
    expect(last.notices).toHaveLength(2);
  });

  it('counts notices published before the account existed as read', async () => {
    await notifyNewBook({ id: id(), bookName: 'Old Book' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newcomer = await newUser();
    await notifyNewBook({ id: id(), bookName: 'New Book' });

    expect(await unreadCount(newcomer)).toBe(1);
    const page = await listNotifications(newcomer, 1);
    expect(page.notices.map((notice) => notice.read)).toEqual([false, true]);
    expect(await markRead(newcomer, page.notices[1]?.id ?? '')).toBe(true);
    expect(await unreadCount(newcomer)).toBe(1);
    expect(await markAllRead(newcomer)).toBe(1);
    expect(await unreadCount(newcomer)).toBe(0);
  });

  it('answers false for unknown or malformed ids and nothing for unknown accounts', async () => {
    const user = await newUser();
    expect(await markRead(user, id())).toBe(false);
    expect(await markRead(user, '{"$ne":null}')).toBe(false);
    expect(await unreadCount({ id: id() })).toBe(0);
    expect(await listNotifications({ id: 'nope' }, 1)).toMatchObject({ notices: [], unreadCount: 0 });
  });

  it('withdraws the notices of a deleted item with their read state, keeping counts right', async () => {
    const [userA, userB] = [await newUser(), await newUser()];
    const courseId = id();
    await notifyNewCourse({ id: courseId, title: 'Deleted Later' });
    await notifyNewBook({ id: id(), bookName: 'Stays' });
    await markAllRead(userA);

    expect(await withdrawNotices({ id: courseId })).toBe(1);
    expect(await withdrawNotices({ id: courseId })).toBe(0);

    expect(await unreadCount(userA)).toBe(0);
    expect(await unreadCount(userB)).toBe(1);
    await notifyNewCourse({ id: id(), title: 'Newer' });
    expect(await unreadCount(userA)).toBe(1);
    expect((await listNotifications(userB, 1)).total).toBe(2);
    expect(await (await collection('notificationReads')).countDocuments({ userId: new ObjectId(userA.id) })).toBe(1);
  });

  it("links each notice to its course's or book's page, and none once the item is gone", async () => {
    const user = await newUser();
    const course = await insertCourse({ classCourse: 'classSeven', title: 'Linked Course' });
    const book = await insertBook({ bookName: 'Linked Book' });
    await notifyNewCourse({ id: course._id.toHexString(), title: course.title });
    await notifyNewBook({ id: book._id.toHexString(), bookName: book.bookName });
    // Deleted without its notices being withdrawn (as before withdrawNotices was called, or racing it).
    await notifyNewCourse({ id: id(), title: 'Deleted Course' });
    await notifyNewBook({ id: id(), bookName: 'Deleted Book' });

    const { notices } = await listNotifications(user, 1);
    const hrefOf = (text: string) => notices.find((notice) => (notice.kind === 'course' ? notice.title : notice.bookName) === text)?.href;
    expect(hrefOf('Linked Course')).toBe(`/classSeven/coursesInfo/${course._id.toHexString()}`);
    expect(hrefOf('Linked Book')).toBe(`/book/${book._id.toHexString()}`);
    expect(hrefOf('Deleted Course')).toBeNull();
    expect(hrefOf('Deleted Book')).toBeNull();
    // Still listed and counted, so the reader can mark them read.
    expect(await unreadCount(user)).toBe(4);

    await (await collection('courses')).deleteOne({ _id: course._id });
    expect((await listNotifications(user, 1)).notices.find((notice) => notice.itemId === course._id.toHexString())?.href).toBeNull();
  });

  it('refuses a notice without a valid item id', async () => {
    await expect(notifyNewCourse({ id: 'not-an-id', title: 'Broken' })).rejects.toThrow();
    expect(await (await collection('notifications')).countDocuments({})).toBe(0);
  });
});
