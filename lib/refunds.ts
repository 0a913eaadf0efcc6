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
export function refundBlockerMessage(blocker: RefundBlocker): string {
  switch (blocker.kind) {
    case 'refunded':
      return 'This order was already refunded.';
    case 'not-paid':
      return 'This order is not paid, so there is nothing to refund.';
    case 'free':
      return 'This order was free, so there is nothing to refund.';
    case 'window-closed':
      return `Refunds can be requested within ${REFUND_WINDOW_DAYS} days of purchase. You paid for this on ${formatDate(blocker.paidAt)}.`;
    case 'course-progress':
      return `You have completed ${blocker.completed} of ${blocker.total} lessons. A refund can be requested only before you complete a third of the course.`;
    case 'course-used':
      return `You have completed, watched or downloaded ${blocker.used} of ${blocker.total} lessons. A refund can be requested only before you complete, watch or download a third of the course.`;
    case 'book-used':
      return `You have opened or downloaded ${blocker.percent}% of this book's file. A refund can be requested only before you open or download a third of it.`;
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
