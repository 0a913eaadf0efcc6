import { coded } from './coded-message';
import type { CodedMessage } from './coded-message';
import { formatDate } from './format';

// Refunds, as both the server and the screens need them: the buyer's window and gates,
// and what My Order / My Collection show about an order's refund.

/** A buyer may ask for a refund this many days after paying. */
export const REFUND_WINDOW_DAYS = 30;
export const REFUND_WINDOW_MS = REFUND_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** Longest reason a buyer may give with a request, and an admin with a refund or a refusal. */
export const REFUND_REASON_MAX = 1000;
export const REFUSAL_REASON_MAX = 500;

/**
 * Whether a buyer has taken too much of a course to ask for a refund: a third of its lessons or
 * more, counting each lesson they completed or whose video, file or notes they fetched once. A
 * course without lessons has nothing to complete.
 */
export function completedTooMuch(completedLessons: number, totalLessons: number): boolean {
  return totalLessons > 0 && completedLessons * 3 >= totalLessons;
}

/**
 * Whether a buyer has taken too much of a book to ask for a refund: a third of its file or more
 * sent to them, however it was fetched (read in the reader, played, downloaded). Opening the book
 * once to look at it leaves a large book refundable.
 */
export function bookTakenTooMuch(percentOfFile: number): boolean {
  // Whole percent, as the buyer and the admin see it: 33 % is a third.
  return percentOfFile >= 33;
}

/**
 * Why the buyer may not ask for a refund of an order now. The API words it in English
 * (refundBlockerMessage); My Order and My Collection word it in the page's language.
 */
export type RefundBlocker =
  | { kind: 'refunded' }
  | { kind: 'not-paid' }
  | { kind: 'free' }
  | { kind: 'window-closed'; paidAt: string }
  | { kind: 'course-progress'; completed: number; total: number }
  /** Too much with the lessons whose media were fetched too (each lesson counted once). */
  | { kind: 'course-used'; used: number; total: number }
  | { kind: 'book-used'; percent: number };

/** The API's words for a blocker (the 409's message). */
export function refundBlockerMessage(blocker: RefundBlocker): CodedMessage {
  switch (blocker.kind) {
    case 'refunded':
      return 'thisOrderWasAlreadyRefunded';
    case 'not-paid':
      return 'thisOrderIsNotPaidSoThereIsNothingToRefund';
    case 'free':
      return 'thisOrderWasFreeSoThereIsNothingToRefund';
    case 'window-closed':
      return coded('refundsCanBeRequestedWithinDaysOfPurchase', { days: REFUND_WINDOW_DAYS, date: formatDate(blocker.paidAt) });
    case 'course-progress':
      return coded('youHaveCompletedLessonsARefundCanBeRequestedOnlyBefore', { completed: blocker.completed, total: blocker.total });
    case 'course-used':
      return coded('youHaveCompletedWatchedOrDownloadedLessonsARefund', { used: blocker.used, total: blocker.total });
    case 'book-used':
      return coded('youHaveOpenedOrDownloadedOfThisBookSFile', { percent: blocker.percent });
  }
}

/**
 * What the buyer sees about refunding one order. `can-request`: the button; `not-refundable`:
 * why a request would be refused (within the window only; `reason` is the API's words for
 * `blocker`); null: nothing to say (unpaid, or the window closed without a request).
 */
export type RefundOption =
  | { state: 'refunded'; at: string }
  | { state: 'requested'; at: string }
  | { state: 'refused'; reason: string; canAskAgain: boolean }
  | { state: 'can-request'; until: string }
  | { state: 'not-refundable'; reason: string; blocker: RefundBlocker }
  | null;

export type RefundRequestStatus = 'pending' | 'approved' | 'refused';

/**
 * What the buyer has taken of the item, as the admin answering a request sees it. A course: its
 * lessons completed, those whose video, file or notes were fetched, both together (each lesson
 * once: what the rule counts) and its lessons in all. A book: whether (and first when) any of its
 * file was sent to the buyer, and how much of it in percent. Null when the item no longer exists.
 */
export type RefundUsage =
  | { kind: 'course'; completed: number; mediaFetched: number; used: number; total: number }
  | { kind: 'book'; downloaded: boolean; firstDownloadedAt: string | null; percentTaken: number }
  | null;
