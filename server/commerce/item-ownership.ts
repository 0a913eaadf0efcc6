import 'server-only';
import { percentComplete } from '@/lib/curriculum';
import { findLearningCourse } from '../learning/learning';
import { findOrderForItem, orderStatusOf } from './orders';
import type { ItemOrderStatus } from './orders';
import { readCourseProgress } from '../learning/progress';
import type { User } from '../accounts/users';

/** A signed-in visitor's relation to a course or book: ordered, paid, and for a bought course how far they are. */
export type ItemOwnership = ItemOrderStatus & {
  /** Whole percent of the course's lessons completed; null for a book or an item not paid for. */
  progressPercent: number | null;
};

/** What a course or book page shows its visitor instead of Buy Now once it is theirs (GET /api/order/status). */
export async function itemOwnershipFor(user: Pick<User, 'id' | 'role'>, itemId: string): Promise<ItemOwnership> {
  const order = await findOrderForItem(user, itemId);
  const status = orderStatusOf(order);
  // A book has no progress: its page needs nothing more than the order.
  if (!order?.paid || order.itemKind !== 'course') return { ...status, progressPercent: null };
  const [course, progress] = await Promise.all([findLearningCourse(itemId), readCourseProgress(user, itemId)]);
  return { ...status, progressPercent: course ? percentComplete(course.curriculum, progress.completed) : null };
}
