import 'server-only';
import { MongoBulkWriteError, ObjectId } from 'mongodb';
import type { Filter } from 'mongodb';
import type { ListedNotice, Notice, NoticePage } from '@/lib/notifications';
import { routes } from '@/lib/routes';
import { collection, isDuplicateKey, parseObjectId, withDb } from '../platform/db';
import type { NotificationDocument, NotificationReadDocument } from '../platform/documents';
import type { User } from './users';
import { WRITE_LIMITS, takeWriteAllowance } from '../platform/write-limits';

// Notices about new courses and new books (docs/product.md §3 Notification). Unlike the old global `state`
// flag, read state is per user: one `notificationReads` document per user and notice, made
// unique by its index, so reading a notice changes nothing for anyone else. Notices published
// before an account existed count as read for it, so a new account does not start with the whole
// history unread.

export const NOTIFICATIONS_PAGE_SIZE = 10;
const PAGE_SIZE_MAX = 50;

export type { Notice, NoticePage };

type Reader = Pick<User, 'id'>;

/** Announces a course an admin has just added (called by the course-creating code only). */
export async function notifyNewCourse(course: { id: string; title: string }): Promise<void> {
  await publish({ kind: 'course', itemId: course.id, title: course.title });
}

/** Announces a book an admin has just added (called by the book-creating code only). */
export async function notifyNewBook(book: { id: string; bookName: string }): Promise<void> {
  await publish({ kind: 'book', itemId: book.id, bookName: book.bookName });
}

/**
 * Removes the notices about a course or book that no longer exists, with every user's read
 * state for them (the unread count subtracts reads, so they must go together).
 */
export async function withdrawNotices(item: { id: string }): Promise<number> {
  const itemId = parseObjectId(item.id);
  if (!itemId) return 0;
  return withDb(async () => {
    const notifications = await collection('notifications');
    const ids = (await notifications.find({ itemId }, { projection: { _id: 1 } }).toArray()).map((notice) => notice._id);
    if (ids.length === 0) return 0;
    // Reads first: a crash in between leaves a notice without reads (shown unread), never reads without a notice.
    await (await collection('notificationReads')).deleteMany({ notificationId: { $in: ids } });
    const result = await notifications.deleteMany({ _id: { $in: ids } });
    return result.deletedCount;
  });
}

type NewNotice = { kind: 'course'; itemId: string; title: string } | { kind: 'book'; itemId: string; bookName: string };

async function publish(notice: NewNotice): Promise<void> {
  const itemId = parseObjectId(notice.itemId);
  if (!itemId) throw new Error(`A ${notice.kind} notice needs the ${notice.kind}'s id`);
  const base = { _id: new ObjectId(), itemId, createdAt: new Date() };
  const document: NotificationDocument =
    notice.kind === 'course' ? { ...base, kind: 'course', title: notice.title } : { ...base, kind: 'book', bookName: notice.bookName };
  await withDb(async () => (await collection('notifications')).insertOne(document));
}

function toNotice(document: NotificationDocument, read: boolean): Notice {
  const base = { id: document._id.toHexString(), itemId: document.itemId.toHexString(), createdAt: document.createdAt.toISOString(), read };
  return document.kind === 'course' ? { ...base, kind: 'course', title: document.title } : { ...base, kind: 'book', bookName: document.bookName };
}

/**
 * Where each notice leads: its course's or book's page, keyed `kind:itemId`. A course or book that
 * was deleted (or unlisted) is no longer in `courses` / `books`, so its notices get no address:
 * deleteCourse and deleteBook withdraw them, but one published before that, or racing it, must not
 * lead to a 404.
 */
async function itemAddresses(documents: readonly NotificationDocument[]): Promise<Map<string, string>> {
  const idsOf = (kind: NotificationDocument['kind']) => documents.filter((document) => document.kind === kind).map((document) => document.itemId);
  const [courseIds, bookIds] = [idsOf('course'), idsOf('book')];
  const [courses, books] = await Promise.all([
    courseIds.length === 0 ? [] : (await collection('courses')).find({ _id: { $in: courseIds } }, { projection: { classCourse: 1 } }).toArray(),
    bookIds.length === 0 ? [] : (await collection('books')).find({ _id: { $in: bookIds } }, { projection: { _id: 1 } }).toArray(),
  ]);
  const addresses = new Map<string, string>();
  for (const course of courses) addresses.set(`course:${course._id.toHexString()}`, routes.courseDetail(course.classCourse, course._id.toHexString()));
  for (const book of books) addresses.set(`book:${book._id.toHexString()}`, routes.book(book._id.toHexString()));
  return addresses;
}

function withAddress(notice: Notice, addresses: Map<string, string>): ListedNotice {
  return { ...notice, href: addresses.get(`${notice.kind}:${notice.itemId}`) ?? null };
}

type ReaderState = { userId: ObjectId; since: Date };

/** The reader's id and account creation time; null for an unknown or deleted account. */
async function readerState(reader: Reader): Promise<ReaderState | null> {
  const userId = parseObjectId(reader.id);
  if (!userId) return null;
  const account = await withDb(async () => (await collection('users')).findOne({ _id: userId }, { projection: { createdAt: 1 } }));
  // Accounts written before creation dates were recorded count every notice as new.
  return account ? { userId, since: account.createdAt ?? new Date(0) } : null;
}

async function countUnread({ userId, since }: ReaderState): Promise<number> {
  const [published, read] = await Promise.all([
    (await collection('notifications')).countDocuments({ createdAt: { $gte: since } }),
    (await collection('notificationReads')).countDocuments({ userId, notificationCreatedAt: { $gte: since } }),
  ]);
  return Math.max(0, published - read);
}

/** How many notices the user has not read yet (the bell's badge). */
export async function unreadCount(reader: Reader): Promise<number> {
  const state = await readerState(reader);
  return state ? withDb(() => countUnread(state)) : 0;
}

/** One page of notices, newest first, each with this user's read state, plus the unread count. */
export async function listNotifications(reader: Reader, page: number, pageSize = NOTIFICATIONS_PAGE_SIZE): Promise<NoticePage> {
  const size = Math.min(Math.max(Math.trunc(pageSize) || NOTIFICATIONS_PAGE_SIZE, 1), PAGE_SIZE_MAX);
  const state = await readerState(reader);
  if (!state) return { notices: [], page: 1, pageCount: 1, total: 0, unreadCount: 0 };
  return withDb(async () => {
    const notifications = await collection('notifications');
    const total = await notifications.countDocuments({});
    const pageCount = Math.max(1, Math.ceil(total / size));
    const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
    const documents = await notifications
      .find({})
      .sort({ createdAt: -1, _id: -1 })
      .skip((current - 1) * size)
      .limit(size)
      .toArray();
    const reads = await (await collection('notificationReads'))
      .find({ userId: state.userId, notificationId: { $in: documents.map((document) => document._id) } }, { projection: { notificationId: 1 } })
      .toArray();
    const readIds = new Set(reads.map((read) => read.notificationId.toHexString()));
    const addresses = await itemAddresses(documents);
    const notices = documents.map((document) =>
      withAddress(toNotice(document, readIds.has(document._id.toHexString()) || document.createdAt < state.since), addresses),
    );
    return { notices, page: current, pageCount, total, unreadCount: await countUnread(state) };
  });
}

const DUPLICATE_KEY = 11000;


/** A bulk insert whose only failures were notices this user had already read. */
function onlyDuplicates(error: MongoBulkWriteError): boolean {
  return [error.writeErrors].flat().every((writeError) => writeError.code === DUPLICATE_KEY);
}

function readOf(userId: ObjectId, notice: Pick<NotificationDocument, '_id' | 'createdAt'>, now: Date): NotificationReadDocument {
  return { _id: new ObjectId(), userId, notificationId: notice._id, notificationCreatedAt: notice.createdAt, readAt: now };
}

/** Every door that marks notices read (the bell, the legacy cci/bookN) shares one allowance per account. */
async function takeNoticeReadAllowance(reader: Reader): Promise<void> {
  await takeWriteAllowance(`notice-read:${reader.id}`, WRITE_LIMITS.noticeRead);
}

/** Marks one notice read for this user only; false when there is no such notice. Repeating it is harmless. */
export async function markRead(reader: Reader, notificationId: string): Promise<boolean> {
  return (await markNoticeRead(reader, notificationId)) !== 'missing';
}

export type MarkReadOutcome = 'missing' | 'marked' | 'already-read';

/**
 * Marks one notice read for this user only, saying whether it was unread (the legacy API answers
 * an update result with that count). With `kind`, a notice of the other kind counts as missing.
 */
export async function markNoticeRead(reader: Reader, notificationId: string, kind?: NotificationDocument['kind']): Promise<MarkReadOutcome> {
  const _id = parseObjectId(notificationId);
  const state = await readerState(reader);
  if (!_id || !state) return 'missing';
  await takeNoticeReadAllowance(reader);
  return withDb(async () => {
    const notice = await (await collection('notifications')).findOne({ _id }, { projection: { createdAt: 1, kind: 1 } });
    if (!notice || (kind && notice.kind !== kind)) return 'missing';
    // Already read before the account existed: storing a read would make the unread count drift.
    if (notice.createdAt < state.since) return 'already-read';
    try {
      await (await collection('notificationReads')).insertOne(readOf(state.userId, notice, new Date()));
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      return 'already-read';
    }
    return 'marked';
  });
}

/**
 * The user's unread notices of one kind, newest first (at most `limit`), and how many there are
 * in all: the legacy GET /api/ccis and /api/bookN answers.
 */
export async function listUnreadNotices(reader: Reader, kind: NotificationDocument['kind'], limit: number): Promise<{ notices: Notice[]; unreadCount: number }> {
  const state = await readerState(reader);
  if (!state) return { notices: [], unreadCount: 0 };
  return withDb(async () => {
    const [notices, reads] = await Promise.all([
      (await collection('notifications')).find({ kind, createdAt: { $gte: state.since } }).sort({ createdAt: -1, _id: -1 }).toArray(),
      (await collection('notificationReads'))
        .find({ userId: state.userId, notificationCreatedAt: { $gte: state.since } }, { projection: { notificationId: 1 } })
        .toArray(),
    ]);
    const readIds = new Set(reads.map((read) => read.notificationId.toHexString()));
    const unread = notices.filter((notice) => !readIds.has(notice._id.toHexString()));
    return { notices: unread.slice(0, Math.max(0, limit)).map((notice) => toNotice(notice, false)), unreadCount: unread.length };
  });
}

/** Marks every notice read for this user only; answers how many were newly marked. */
export async function markAllRead(reader: Reader): Promise<number> {
  const state = await readerState(reader);
  if (!state) return 0;
  await takeNoticeReadAllowance(reader);
  return withDb(async () => {
    const filter: Filter<NotificationDocument> = { createdAt: { $gte: state.since } };
    const [notices, reads] = await Promise.all([
      (await collection('notifications')).find(filter, { projection: { createdAt: 1 } }).toArray(),
      (await collection('notificationReads'))
        .find({ userId: state.userId, notificationCreatedAt: { $gte: state.since } }, { projection: { notificationId: 1 } })
        .toArray(),
    ]);
    const readIds = new Set(reads.map((read) => read.notificationId.toHexString()));
    const now = new Date();
    const unread = notices.filter((notice) => !readIds.has(notice._id.toHexString())).map((notice) => readOf(state.userId, notice, now));
    if (unread.length === 0) return 0;
    try {
      const result = await (await collection('notificationReads')).insertMany(unread, { ordered: false });
      return result.insertedCount;
    } catch (error) {
      // A notice read in another tab meanwhile: the unique index skipped it, the rest went in.
      if (error instanceof MongoBulkWriteError && onlyDuplicates(error)) return error.insertedCount;
      throw error;
    }
  });
}
