import 'server-only';
import type { ObjectId } from 'mongodb';
import { lessonsOf } from '@/lib/curriculum';
import { formatPrice } from '@/lib/format';
import { pageCountOf, skipFor } from '@/lib/pagination';
import type { PageInfo } from '@/lib/pagination';
import { REFUND_WINDOW_MS, completedTooMuch, refundBlockerMessage } from '@/lib/refunds';
import type { RefundBlocker, RefundOption, RefundRequestStatus } from '@/lib/refunds';
import { refundRequestSchema, refusalSchema } from '@/lib/schemas/refunds';
import { recordAudit } from './audit';
import { findCoursesForBuyers } from './catalogue-admin/unlisting';
import { toCurriculum } from './curriculum';
import { collection, isDuplicateKey, parseObjectId, withDb } from './db';
import type { OrderDocument, RefundRequestDocument } from './documents';
import { HttpError } from './http';
import type { Order } from './orders';
import { authorize } from './permissions';
import type { Actor } from './permissions';
import { readProgressForCourses } from './progress';
import { findOrderForRefund, startRefund } from './refunds';
import type { RefundOutcome } from './refunds';
import { WRITE_LIMITS, takeAdminWriteAllowance, takeWriteAllowance } from './write-limits';

// Buyers' refund requests (issue 21): within 30 days of paying, for a course of which less than a
// third of the lessons are completed, or a book never downloaded. One request per order (`_id` is
// the order id): an admin approves it (which refunds, server/refunds.ts) or refuses it with a
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

/** What the gates need for a set of orders, read in one query per kind. */
type GateData = {
  /** By course id: lessons in the curriculum and how many of them the buyer completed. */
  courseProgress: Map<string, { completed: number; total: number }>;
  /** Book ids the buyer downloaded. */
  downloadedBooks: Set<string>;
};

async function loadGateData(userId: string, subjects: GateSubject[]): Promise<GateData> {
  const idsOf = (kind: GateSubject['itemKind']) =>
    subjects.flatMap((subject) => (subject.itemKind === kind ? [parseObjectId(subject.itemId)] : [])).filter((id): id is ObjectId => id !== null);
  const courseIds = idsOf('course');
  const bookIds = idsOf('book');
  const [courses, progress, downloads] = await Promise.all([
    courseIds.length ? findCoursesForBuyers(courseIds, { curriculum: 1 }) : Promise.resolve([]),
    readProgressForCourses(userId, courseIds.map((id) => id.toHexString())),
    bookIds.length
      ? withDb(async () =>
          // By _id ({userId}:{bookId}), as server/book-downloads.ts writes them.
          (await collection('bookDownloads')).find({ _id: { $in: bookIds.map((id) => `${userId.toLowerCase()}:${id.toHexString()}`) } }, { projection: { bookId: 1 } }).toArray(),
        )
      : Promise.resolve([]),
  ]);
  const courseProgress = new Map<string, { completed: number; total: number }>();
  for (const course of courses) {
    const id = course._id.toHexString();
    const lessons = lessonsOf(toCurriculum(course.curriculum));
    const completed = progress.get(id)?.completed ?? new Set<string>();
    // Lessons the curriculum no longer has do not count.
    courseProgress.set(id, { completed: lessons.filter((lesson) => completed.has(lesson.id)).length, total: lessons.length });
  }
  return { courseProgress, downloadedBooks: new Set(downloads.map((download) => download.bookId.toHexString())) };
}

/** Why the buyer may not ask for a refund of this paid order now, or null when they may. */
function requestBlocker(order: GateSubject, gates: GateData, now: Date): RefundBlocker | null {
  if (order.refunded) return { kind: 'refunded' };
  if (!order.paid) return { kind: 'not-paid' };
  // A free course, or a promo code that took the whole price.
  if (order.priceCents === 0) return { kind: 'free' };
  if (now.getTime() - order.paidAt.getTime() > REFUND_WINDOW_MS) return { kind: 'window-closed', paidAt: order.paidAt.toISOString() };
  if (order.itemKind === 'course') {
    const progress = gates.courseProgress.get(order.itemId);
    if (progress && completedTooMuch(progress.completed, progress.total)) return { kind: 'course-progress', ...progress };
  } else if (gates.downloadedBooks.has(order.itemId)) {
    return { kind: 'book-downloaded' };
  }
  return null;
}

const ALREADY_ASKED = 'You have already asked for a refund of this order. An admin will answer soon.';

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
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid input');
  const order = await findOrderForRefund(orderId);
  // Buyers only for their own orders; an admin refunds instead of asking.
  if (order.userId.toHexString() !== buyer.id) throw new HttpError(403, 'Forbidden access');
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

export type RefundRequestPage = PageInfo & { items: RefundRequest[] };

export const REFUND_REQUESTS_PER_PAGE = 20;

/** The admin's list of requests of one status, newest first (the status_newest_first index). */
export async function listRefundRequests(actor: Actor, status: RefundRequestStatus, page: number): Promise<RefundRequestPage> {
  authorize(actor, 'refundOrders');
  return withDb(async () => {
    const requests = await collection('refundRequests');
    const [documents, total] = await Promise.all([
      requests.find({ status }).sort({ requestedAt: -1, _id: -1 }).skip(skipFor(page, REFUND_REQUESTS_PER_PAGE)).limit(REFUND_REQUESTS_PER_PAGE).toArray(),
      requests.countDocuments({ status }),
    ]);
    return { items: documents.map(toRequest), page, pageCount: pageCountOf(total, REFUND_REQUESTS_PER_PAGE), total, pageSize: REFUND_REQUESTS_PER_PAGE };
  });
}

/** How many requests wait for an answer (the sales view links to them). */
export async function countPendingRefundRequests(actor: Actor): Promise<number> {
  authorize(actor, 'refundOrders');
  return withDb(async () => (await collection('refundRequests')).countDocuments({ status: 'pending' }));
}

/** A request by id (the order's): 400 malformed, 404 unknown. */
async function findRequest(requestId: string): Promise<RefundRequestDocument> {
  const id = parseObjectId(requestId);
  if (!id) throw new HttpError(400, 'Invalid id');
  const request = await withDb(async () => (await collection('refundRequests')).findOne({ _id: id }));
  if (!request) throw new HttpError(404, 'Refund request not found');
  return request;
}

const ALREADY_ANSWERED = 'This refund request was already answered.';

/** An admin approves a pending request: the order is refunded (server/refunds.ts), which closes the request. */
export async function approveRefundRequest(actor: Actor, requestId: string): Promise<RefundOutcome> {
  authorize(actor, 'refundOrders');
  if (!parseObjectId(requestId)) throw new HttpError(400, 'Invalid id');
  await takeAdminWriteAllowance(actor);
  const request = await findRequest(requestId);
  if (request.status !== 'pending') throw new HttpError(409, ALREADY_ANSWERED);
  const order = await withDb(async () => (await collection('orders')).findOne({ _id: request._id }));
  if (!order) throw new HttpError(404, 'Order not found');
  if (order.refundedAt) {
    // Refunded another way while the request was on its way in: it has its answer.
    await withDb(async () =>
      (await collection('refundRequests')).updateOne({ _id: request._id, status: 'pending' }, { $set: { status: 'approved', decidedAt: new Date(), decidedByEmail: actor.email } }),
    );
    throw new HttpError(409, 'This order was already refunded.');
  }
  return startRefund(order, { source: 'request', actor, ...(request.reason ? { reason: request.reason } : {}) });
}

/** An admin refuses a pending request with a reason the buyer is shown; audited. 409 once answered. */
export async function refuseRefundRequest(actor: Actor, requestId: string, input: unknown): Promise<RefundRequest> {
  authorize(actor, 'refundOrders');
  const parsed = refusalSchema.safeParse(input);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid input');
  if (!parseObjectId(requestId)) throw new HttpError(400, 'Invalid id');
  await takeAdminWriteAllowance(actor);
  const request = await findRequest(requestId);
  const refused = await withDb(async () =>
    (await collection('refundRequests')).findOneAndUpdate(
      { _id: request._id, status: 'pending' },
      { $set: { status: 'refused', decidedAt: new Date(), decidedByEmail: actor.email, refusalReason: parsed.data.reason } },
      { returnDocument: 'after' },
    ),
  );
  if (!refused) throw new HttpError(409, ALREADY_ANSWERED);
  await recordAudit({
    actor,
    action: 'refuse-refund',
    entity: 'order',
    entityId: refused._id.toHexString(),
    summary: `Refused the refund of ${formatPrice(refused.priceCents)} for “${refused.productName}” to ${refused.email}: ${parsed.data.reason}`,
  });
  return toRequest(refused);
}
