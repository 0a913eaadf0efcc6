import { firstIssueMessage } from '@/lib/coded-message';
import 'server-only';
import type { ObjectId } from 'mongodb';
import { lessonsOf } from '@/lib/curriculum';
import { formatMoney } from '@/lib/money';
import type { Money } from '@/lib/money';
import { pageCountOf, skipFor } from '@/lib/pagination';
import type { PageInfo } from '@/lib/pagination';
import { REFUND_WINDOW_MS, bookTakenTooMuch, completedTooMuch, refundBlockerMessage } from '@/lib/refunds';
import type { RefundBlocker, RefundOption, RefundRequestStatus, RefundUsage } from '@/lib/refunds';
import { refundRequestSchema, refusalSchema } from '@/lib/schemas/refunds';
import { recordAudit } from '../platform/audit';
import { bookDownloadKey } from '../catalogue/book-downloads';
import { findCoursesForBuyers } from '../catalogue/admin/unlisting';
import { toCurriculum } from '../learning/curriculum';
import { collection, isDuplicateKey, parseObjectId, withDb } from '../platform/db';
import type { BookDownloadDocument, OrderDocument, RefundRequestDocument } from '../platform/documents';
import { HttpError } from '../platform/http';
import type { Order } from './orders';
import { authorize } from '../accounts/permissions';
import type { Actor } from '../accounts/permissions';
import { readProgressOf } from '../learning/progress';
import { courseProgressKey } from '../learning/progress-document';
import { acceptedPaymentOf, acceptedPaymentsOf } from './fulfilment';
import { findOrderForRefund, ordersPastProviderRefundWindow, startRefund } from './refunds';
import type { RefundOutcome } from './refunds';
import { WRITE_LIMITS, takeAdminWriteAllowance, takeWriteAllowance } from '../platform/write-limits';

// Buyers' refund requests: within 30 days of paying, for a course of which less than a
// third of the lessons are completed or had their video, file or notes fetched (each lesson once),
// or a book never downloaded. One request per order (`_id` is the order id): an admin, shown what
// the buyer took of the item, approves it (which refunds, server/commerce/refunds.ts) or refuses it with a
// reason the buyer sees; a refused buyer may ask again while the gates still let them.

function paidAtOf(order: Pick<OrderDocument, 'paidAt' | 'createdAt'>): Date {
  // Orders paid before paidAt was recorded count from when they were made.
  return order.paidAt ?? order.createdAt;
}

/** What the gates judge of an order, from the stored order or from the one a page listed. */
type GateSubject = { paid: boolean; refunded: boolean; paidAt: Date; priceCents: number; itemKind: OrderDocument['itemKind']; itemId: string };

function subjectOfDocument(order: OrderDocument): GateSubject {
  return { paid: order.paid, refunded: Boolean(order.refundedAt), paidAt: paidAtOf(order), priceCents: order.priceCents, itemKind: order.itemKind, itemId: order.itemId.toHexString() };
}

function subjectOfOrder(order: Order): GateSubject {
  return { paid: order.paid, refunded: order.refundedAt !== null, paidAt: new Date(order.paidAt ?? order.createdAt), priceCents: order.priceCents, itemKind: order.itemKind, itemId: order.itemId };
}

/** What a buyer took of an item, by `{userId}:{itemId}` (usageKey). */
type UsageSubject = { userId: string; itemKind: OrderDocument['itemKind']; itemId: string };

function usageKey(userId: string, itemId: string): string {
  return `${userId.toLowerCase()}:${itemId.toLowerCase()}`;
}

/**
 * What each buyer took of each item (RefundUsage), for the gates and for the admin answering a
 * request: one read of the courses, one of the progress documents, one of the book downloads and
 * one of the books' file sizes, all by _id, however many buyers and items.
 */
async function loadUsage(subjects: UsageSubject[]): Promise<Map<string, RefundUsage>> {
  const courses = subjects.filter((subject) => subject.itemKind === 'course');
  const books = subjects.flatMap((subject) => {
    const bookId = subject.itemKind === 'book' ? parseObjectId(subject.itemId) : null;
    return bookId ? [{ subject, bookId, key: bookDownloadKey(subject.userId, bookId) }] : [];
  });
  const courseIds = [...new Set(courses.map((subject) => subject.itemId))].map(parseObjectId).filter((id): id is ObjectId => id !== null);
  const [courseDocuments, progress, downloads, files] = await Promise.all([
    courseIds.length ? findCoursesForBuyers(courseIds, { curriculum: 1 }) : Promise.resolve([]),
    readProgressOf(courses.filter((subject) => parseObjectId(subject.itemId) && parseObjectId(subject.userId)).map((subject) => ({ userId: subject.userId, courseId: subject.itemId }))),
    books.length
      ? withDb(async () => (await collection('bookDownloads')).find({ _id: { $in: books.map((book) => book.key) } }, { projection: { firstDownloadedAt: 1, bytesDelivered: 1 } }).toArray())
      : Promise.resolve([]),
    books.length
      ? withDb(async () => (await collection('bookFileMeta')).find({ _id: { $in: books.map((book) => book.bookId) } }, { projection: { length: 1 } }).toArray())
      : Promise.resolve([]),
  ]);
  const lessonsByCourse = new Map(courseDocuments.map((course) => [course._id.toHexString(), lessonsOf(toCurriculum(course.curriculum))]));
  const downloadById = new Map(downloads.map((download) => [download._id, download]));
  const fileLengths = new Map(files.map((file) => [file._id.toHexString(), file.length]));
  const usage = new Map<string, RefundUsage>();
  for (const subject of courses) {
    const lessons = lessonsByCourse.get(subject.itemId.toLowerCase());
    if (!lessons) {
      usage.set(usageKey(subject.userId, subject.itemId), null);
      continue;
    }
    const taken = parseObjectId(subject.userId) ? progress.get(courseProgressKey(subject.userId, subject.itemId)) : undefined;
    const completed = taken?.completed ?? new Set<string>();
    const fetched = taken?.mediaFetched ?? new Set<string>();
    // Lessons the curriculum no longer has do not count; a lesson completed and fetched counts once.
    usage.set(usageKey(subject.userId, subject.itemId), {
      kind: 'course',
      completed: lessons.filter((lesson) => completed.has(lesson.id)).length,
      mediaFetched: lessons.filter((lesson) => fetched.has(lesson.id)).length,
      used: lessons.filter((lesson) => completed.has(lesson.id) || fetched.has(lesson.id)).length,
      total: lessons.length,
    });
  }
  for (const { subject, bookId, key } of books) {
    const download = downloadById.get(key);
    usage.set(usageKey(subject.userId, subject.itemId), {
      kind: 'book',
      downloaded: download !== undefined,
      firstDownloadedAt: download?.firstDownloadedAt.toISOString() ?? null,
      percentTaken: percentOfFile(download, fileLengths.get(bookId.toHexString())),
    });
  }
  return usage;
}

/** The share of the book's file the buyer was sent, in whole percent (a record from before the count: all of it). */
function percentOfFile(download: Pick<BookDownloadDocument, 'bytesDelivered'> | undefined, fileLength: number | undefined): number {
  if (!download) return 0;
  if (download.bytesDelivered === undefined || !fileLength) return 100;
  return Math.min(100, Math.floor((download.bytesDelivered / fileLength) * 100));
}

/** What the gates need for one buyer's orders: what they took of each item, by item id. */
type GateData = Map<string, RefundUsage>;

async function loadGateData(userId: string, subjects: GateSubject[]): Promise<GateData> {
  const usage = await loadUsage(subjects.map((subject) => ({ userId, itemKind: subject.itemKind, itemId: subject.itemId })));
  return new Map(subjects.map((subject) => [subject.itemId, usage.get(usageKey(userId, subject.itemId)) ?? null]));
}

/** Why the buyer may not ask for a refund of this paid order now, or null when they may. */
function requestBlocker(order: GateSubject, gates: GateData, now: Date): RefundBlocker | null {
  if (order.refunded) return { kind: 'refunded' };
  if (!order.paid) return { kind: 'not-paid' };
  // A free course, or a promo code that took the whole price.
  if (order.priceCents === 0) return { kind: 'free' };
  if (now.getTime() - order.paidAt.getTime() > REFUND_WINDOW_MS) return { kind: 'window-closed', paidAt: order.paidAt.toISOString() };
  const usage = gates.get(order.itemId) ?? null;
  if (usage?.kind === 'course') {
    // Completions alone keep the words buyers knew; videos, files and notes fetched count with them.
    if (completedTooMuch(usage.completed, usage.total)) return { kind: 'course-progress', completed: usage.completed, total: usage.total };
    if (completedTooMuch(usage.used, usage.total)) return { kind: 'course-used', used: usage.used, total: usage.total };
  } else if (usage?.kind === 'book' && bookTakenTooMuch(usage.percentTaken)) {
    return { kind: 'book-used', percent: usage.percentTaken };
  }
  return null;
}

const ALREADY_ASKED = 'youHaveAlreadyAskedForARefundOfThisOrderAnAdmin';

export type RefundRequest = {
  id: string;
  orderId: string;
  email: string;
  itemKind: RefundRequestDocument['itemKind'];
  productName: string;
  priceCents: number;
  paidAt: string;
  reason: string | null;
  status: RefundRequestStatus;
  requestedAt: string;
  decidedAt: string | null;
  decidedByEmail: string | null;
  refusalReason: string | null;
};

function toRequest(document: RefundRequestDocument): RefundRequest {
  return {
    id: document._id.toHexString(),
    orderId: document._id.toHexString(),
    email: document.email,
    itemKind: document.itemKind,
    productName: document.productName,
    priceCents: document.priceCents,
    paidAt: document.paidAt.toISOString(),
    reason: document.reason ?? null,
    status: document.status,
    requestedAt: document.requestedAt.toISOString(),
    decidedAt: document.decidedAt?.toISOString() ?? null,
    decidedByEmail: document.decidedByEmail ?? null,
    refusalReason: document.refusalReason ?? null,
  };
}

/**
 * A buyer asks for a refund of their own paid order (My Order, My Collection, POST
 * /api/order/{id}/refund-request), with an optional reason: 400 bad input, 404 unknown order, 403
 * someone else's, 409 when a gate refuses (with why), 429 past the allowance.
 */
export async function requestRefund(buyer: Actor, orderId: string, input: unknown = {}): Promise<RefundRequest> {
  const parsed = refundRequestSchema.safeParse(input);
  if (!parsed.success) throw new HttpError(400, firstIssueMessage(parsed.error.issues, 'invalidInput'));
  const order = await findOrderForRefund(orderId);
  // Buyers only for their own orders; an admin refunds instead of asking.
  if (order.userId.toHexString() !== buyer.id) throw new HttpError(403, 'forbiddenAccess');
  await takeWriteAllowance(`refund-request:${buyer.id}`, WRITE_LIMITS.refundRequest);
  const now = new Date();
  const subject = subjectOfDocument(order);
  const blocker = requestBlocker(subject, await loadGateData(buyer.id, [subject]), now);
  if (blocker) throw new HttpError(409, refundBlockerMessage(blocker));
  const reason = parsed.data.reason;
  return withDb(async () => {
    const requests = await collection('refundRequests');
    const document: RefundRequestDocument = {
      _id: order._id,
      userId: order.userId,
      email: order.email,
      itemKind: order.itemKind,
      itemId: order.itemId,
      productName: order.productName,
      priceCents: order.priceCents,
      paidAt: paidAtOf(order),
      ...(reason ? { reason } : {}),
      status: 'pending',
      requestedAt: now,
    };
    try {
      await requests.insertOne(document);
      return toRequest(document);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    // Asked before: only a refused request opens again, and only one of concurrent askers does it.
    const reopened = await requests.findOneAndUpdate(
      { _id: order._id, status: 'refused' },
      { $set: { status: 'pending', requestedAt: now, ...(reason ? { reason } : {}) }, $unset: { decidedAt: '', decidedByEmail: '', refusalReason: '', ...(reason ? {} : { reason: '' }) } },
      { returnDocument: 'after' },
    );
    if (!reopened) throw new HttpError(409, ALREADY_ASKED);
    return toRequest(reopened);
  });
}

/**
 * What My Order and My Collection show about refunding each of the buyer's orders (by order id):
 * refunded, asked, refused (with the reason), the button, or why a request would be refused.
 */
export async function refundOptionsFor(buyer: Pick<Actor, 'id'>, orders: Order[]): Promise<Record<string, RefundOption>> {
  const ids = orders.map((order) => parseObjectId(order.id)).filter((id): id is ObjectId => id !== null);
  if (ids.length === 0) return {};
  const now = new Date();
  const subjects = new Map(orders.map((order) => [order.id, subjectOfOrder(order)]));
  // Gates matter only where a request could still be made.
  const open = [...subjects.values()].filter((subject) => subject.paid && now.getTime() - subject.paidAt.getTime() <= REFUND_WINDOW_MS);
  const [requests, gates] = await Promise.all([
    withDb(async () => (await collection('refundRequests')).find({ _id: { $in: ids } }).toArray()),
    loadGateData(buyer.id, open),
  ]);
  const requestOf = new Map(requests.map((request) => [request._id.toHexString(), request]));
  const options: Record<string, RefundOption> = {};
  for (const order of orders) {
    options[order.id] = optionFor(order, subjectOfOrder(order), requestOf.get(order.id) ?? null, gates, now);
  }
  return options;
}

function optionFor(order: Order, subject: GateSubject, request: RefundRequestDocument | null, gates: GateData, now: Date): RefundOption {
  if (order.refundedAt) return { state: 'refunded', at: order.refundedAt };
  // Unpaid, or free: nothing to refund and nothing worth explaining.
  if (!order.paid || order.priceCents === 0) return null;
  if (request?.status === 'pending') return { state: 'requested', at: request.requestedAt.toISOString() };
  const blocker = requestBlocker(subject, gates, now);
  if (request?.status === 'refused') return { state: 'refused', reason: request.refusalReason ?? '', canAskAgain: blocker === null };
  // Past the window there is nothing to offer, and nothing worth explaining.
  if (now.getTime() - subject.paidAt.getTime() > REFUND_WINDOW_MS) return null;
  if (blocker) return { state: 'not-refundable', reason: refundBlockerMessage(blocker), blocker };
  return { state: 'can-request', until: new Date(subject.paidAt.getTime() + REFUND_WINDOW_MS).toISOString() };
}

/**
 * A request as the admin answering it sees it: with what the buyer took of the item, what the
 * payment charged in its currency (`priceCents` is the order's dollar price, whatever was paid),
 * and, while pending, whether the payment's provider no longer refunds it (bKash after 15 days).
 */
export type AdminRefundRequest = RefundRequest & { usage: RefundUsage; paid: Money; providerWindowClosed: boolean };

export type RefundRequestPage = PageInfo & { items: AdminRefundRequest[] };

export const REFUND_REQUESTS_PER_PAGE = 20;

/**
 * The admin's list of requests of one status, newest first (the status_newest_first index), each
 * with what its buyer took of the item now: lessons completed and fetched, or the book downloaded.
 */
export async function listRefundRequests(actor: Actor, status: RefundRequestStatus, page: number): Promise<RefundRequestPage> {
  authorize(actor, 'refundOrders');
  const [documents, total] = await withDb(async () => {
    const requests = await collection('refundRequests');
    return Promise.all([
      requests.find({ status }).sort({ requestedAt: -1, _id: -1 }).skip(skipFor(page, REFUND_REQUESTS_PER_PAGE)).limit(REFUND_REQUESTS_PER_PAGE).toArray(),
      requests.countDocuments({ status }),
    ]);
  });
  const subjects = documents.map((document) => ({ userId: document.userId.toHexString(), itemKind: document.itemKind, itemId: document.itemId.toHexString() }));
  const ids = documents.map((document) => document._id);
  const [usage, payments, windowClosed] = await Promise.all([
    loadUsage(subjects),
    acceptedPaymentsOf(ids),
    status === 'pending' ? pendingPastProviderWindow(actor, ids) : Promise.resolve(new Set<string>()),
  ]);
  return {
    items: documents.map((document, index) => ({
      ...toRequest(document),
      usage: usage.get(usageKey(subjects[index]!.userId, subjects[index]!.itemId)) ?? null,
      paid: payments.get(document._id.toHexString()) ?? { currency: 'usd', minor: document.priceCents },
      providerWindowClosed: windowClosed.has(document._id.toHexString()),
    })),
    page,
    pageCount: pageCountOf(total, REFUND_REQUESTS_PER_PAGE),
    total,
    pageSize: REFUND_REQUESTS_PER_PAGE,
  };
}

/** Of pending requests' orders, those whose payment its provider no longer refunds (their Approve would be refused). */
async function pendingPastProviderWindow(actor: Actor, orderIds: ObjectId[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const orders = await withDb(async () =>
    (await collection('orders')).find({ _id: { $in: orderIds } }, { projection: { paid: 1, transactionId: 1, paidAt: 1, createdAt: 1 } }).toArray(),
  );
  return ordersPastProviderRefundWindow(actor, orders.map((order) => ({ ...order, id: order._id.toHexString() })));
}

/** How many requests wait for an answer (the sales view links to them). */
export async function countPendingRefundRequests(actor: Actor): Promise<number> {
  authorize(actor, 'refundOrders');
  return withDb(async () => (await collection('refundRequests')).countDocuments({ status: 'pending' }));
}

/** A request by id (the order's): 400 malformed, 404 unknown. */
async function findRequest(requestId: string): Promise<RefundRequestDocument> {
  const id = parseObjectId(requestId);
  if (!id) throw new HttpError(400, 'invalidId');
  const request = await withDb(async () => (await collection('refundRequests')).findOne({ _id: id }));
  if (!request) throw new HttpError(404, 'refundRequestNotFound');
  return request;
}

const ALREADY_ANSWERED = 'thisRefundRequestWasAlreadyAnswered';

/** An admin approves a pending request: the order is refunded (server/commerce/refunds.ts), which closes the request. */
export async function approveRefundRequest(actor: Actor, requestId: string): Promise<RefundOutcome> {
  authorize(actor, 'refundOrders');
  if (!parseObjectId(requestId)) throw new HttpError(400, 'invalidId');
  await takeAdminWriteAllowance(actor);
  const request = await findRequest(requestId);
  if (request.status !== 'pending') throw new HttpError(409, ALREADY_ANSWERED);
  const order = await withDb(async () => (await collection('orders')).findOne({ _id: request._id }));
  if (!order) throw new HttpError(404, 'orderNotFound');
  if (order.refundedAt) {
    // Refunded another way while the request was on its way in: it has its answer.
    await withDb(async () =>
      (await collection('refundRequests')).updateOne({ _id: request._id, status: 'pending' }, { $set: { status: 'approved', decidedAt: new Date(), ...(actor.email ? { decidedByEmail: actor.email } : {}) } }),
    );
    throw new HttpError(409, 'thisOrderWasAlreadyRefunded');
  }
  return startRefund(order, { source: 'request', actor, ...(request.reason ? { reason: request.reason } : {}) });
}

/** An admin refuses a pending request with a reason the buyer is shown; audited. 409 once answered. */
export async function refuseRefundRequest(actor: Actor, requestId: string, input: unknown): Promise<RefundRequest> {
  authorize(actor, 'refundOrders');
  const parsed = refusalSchema.safeParse(input);
  if (!parsed.success) throw new HttpError(400, firstIssueMessage(parsed.error.issues, 'invalidInput'));
  if (!parseObjectId(requestId)) throw new HttpError(400, 'invalidId');
  await takeAdminWriteAllowance(actor);
  const request = await findRequest(requestId);
  const refused = await withDb(async () =>
    (await collection('refundRequests')).findOneAndUpdate(
      { _id: request._id, status: 'pending' },
      { $set: { status: 'refused', decidedAt: new Date(), ...(actor.email ? { decidedByEmail: actor.email } : {}), refusalReason: parsed.data.reason } },
      { returnDocument: 'after' },
    ),
  );
  if (!refused) throw new HttpError(409, ALREADY_ANSWERED);
  const paid = (await acceptedPaymentOf(refused._id))?.paid ?? { currency: 'usd', minor: refused.priceCents };
  await recordAudit({
    actor,
    action: 'refuse-refund',
    entity: 'order',
    entityId: refused._id.toHexString(),
    summary: `Refused the refund of ${formatMoney(paid)} for “${refused.productName}” to ${refused.email}: ${parsed.data.reason}`,
  });
  return toRequest(refused);
}
