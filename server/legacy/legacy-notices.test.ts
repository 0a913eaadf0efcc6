import { ObjectId } from 'mongodb';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { closeDb, collection } from '../platform/db';
import { listUnreadNotices, markNoticeRead, notifyNewBook, notifyNewCourse } from '../accounts/notifications';
import { createPasswordUser } from '../accounts/users';
import type { User } from '../accounts/users';

// The notices behind the legacy GET /api/ccis, /api/bookN and PUT /api/cci/{id}, /api/bookN/{id}.

selectPrivateDatabase('kz_jest_legacy_notices');

let counter = 0;
async function newUser(): Promise<User> {
  counter += 1;
  const user = await createPasswordUser({ name: `Legacy Reader ${counter}`, email: `legacy-reader-${counter}-${Date.now()}@example.com`, password: 'secret12' });
  if (!user) throw new Error('could not create the test user');
  return user;
}

const id = () => new ObjectId().toHexString();

beforeEach(async () => {
  await (await collection('notifications')).deleteMany({});
  await (await collection('notificationReads')).deleteMany({});
});
afterAll(closeDb);

describe('legacy notices', () => {
  it('lists one kind of unread notice per user, newest first, with the full count beyond the limit', async () => {
    const [reader, other] = [await newUser(), await newUser()];
    for (const title of ['First', 'Second', 'Third']) await notifyNewCourse({ id: id(), title });
    await notifyNewBook({ id: id(), bookName: 'A Book' });

    const courses = await listUnreadNotices(reader, 'course', 2);
    expect(courses.unreadCount).toBe(3);
    expect(courses.notices.map((notice) => notice.kind === 'course' && notice.title)).toEqual(['Third', 'Second']);
    const books = await listUnreadNotices(reader, 'book', 10);
    expect(books).toMatchObject({ unreadCount: 1, notices: [{ kind: 'book', bookName: 'A Book', read: false }] });

    const third = courses.notices[0]?.id ?? '';
    expect(await markNoticeRead(reader, third, 'course')).toBe('marked');
    expect(await markNoticeRead(reader, third, 'course')).toBe('already-read');
    expect((await listUnreadNotices(reader, 'course', 10)).unreadCount).toBe(2);
    expect((await listUnreadNotices(other, 'course', 10)).unreadCount).toBe(3);
  });

  it('treats a notice of the other kind, an unknown id or a malformed id as missing', async () => {
    const reader = await newUser();
    await notifyNewBook({ id: id(), bookName: 'Only Book' });
    const [bookNotice] = (await listUnreadNotices(reader, 'book', 10)).notices;

    expect(await markNoticeRead(reader, bookNotice?.id ?? '', 'course')).toBe('missing');
    expect(await markNoticeRead(reader, id(), 'book')).toBe('missing');
    expect(await markNoticeRead(reader, 'not-an-id', 'book')).toBe('missing');
    expect((await listUnreadNotices(reader, 'book', 10)).unreadCount).toBe(1);
    expect(await markNoticeRead(reader, bookNotice?.id ?? '')).toBe('marked');
  });

  it('counts notices published before the account existed as already read', async () => {
    await notifyNewCourse({ id: id(), title: 'Before' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newcomer = await newUser();
    const [notice] = await (await collection('notifications')).find({}).toArray();

    expect(await listUnreadNotices(newcomer, 'course', 10)).toEqual({ notices: [], unreadCount: 0 });
    expect(await markNoticeRead(newcomer, notice?._id.toHexString() ?? '', 'course')).toBe('already-read');
    expect(await (await collection('notificationReads')).countDocuments({})).toBe(0);
  });
});
