import 'server-only';
import { lessonsOf, percentComplete } from '@/lib/curriculum';
import type { ItemAccess } from '@/lib/item-access';
import { routes } from '@/lib/routes';
import { bookFileUrl } from './book-links';
import { toCurriculum } from './curriculum';
import { findCoursesForBuyers } from './catalogue-admin/unlisting';
import { collection, withDb } from './db';
import { itemIdsOf, listPaidOrders } from './orders';
import type { Order, OrderPage } from './orders';
import { readProgressForCourses } from './progress';
import type { User } from './users';

// My Collection (spec §2): the paid orders, each with its way in — a course opens the lesson
// player with the learner's progress, a book offers its file through a fresh ten-minute link
// made for this user.

export type CollectionEntry = { order: Order; access: ItemAccess };

export type CollectionPage = Omit<OrderPage, 'items'> & { items: CollectionEntry[] };

export async function listCollection(user: Pick<User, 'id'>, page: number): Promise<CollectionPage> {
  const orders = await listPaidOrders(user, page);
  // Two lookups for the whole page (each course's outline, which books have a file), then the progress.
  const [courses, files] = await withDb(async () =>
    Promise.all([
      // Unlisted courses too: deleting a bought course keeps it here (server/catalogue-admin/unlisting.ts).
      findCoursesForBuyers(itemIdsOf(orders.items, 'course'), { curriculum: 1 }),
      (await collection('bookFileMeta')).find({ _id: { $in: itemIdsOf(orders.items, 'book') } }, { projection: { contentType: 1 } }).toArray(),
    ]),
  );
  const curricula = new Map(courses.map((course) => [course._id.toHexString(), toCurriculum(course.curriculum)]));
  const progress = await readProgressForCourses(user.id, [...curricula.keys()]);
  const fileTypes = new Map(files.map((file) => [file._id.toHexString(), file.contentType]));
  const now = Date.now();

  const accessFor = (order: Order): ItemAccess => {
    if (order.itemKind === 'course') {
      const curriculum = curricula.get(order.itemId);
      if (!curriculum) return { kind: 'removed' };
      const completed = progress.get(order.itemId)?.completed ?? new Set<string>();
      const certificateId = progress.get(order.itemId)?.certificateId ?? null;
      const first = lessonsOf(curriculum)[0];
      return {
        kind: 'course',
        openHref: routes.learn(order.itemId, first?.id),
        continueHref: routes.learn(order.itemId),
        percent: percentComplete(curriculum, completed),
        started: progress.get(order.itemId)?.lastLessonId != null,
        ...(certificateId ? { certificateHref: routes.certificate(certificateId) } : {}),
      };
    }
    const contentType = fileTypes.get(order.itemId);
    if (!contentType) return { kind: 'no-file' };
    const url = bookFileUrl(user.id, order.itemId, now);
    return contentType === 'audio/mpeg' ? { kind: 'audio', url } : { kind: 'pdf', url };
  };

  return { ...orders, items: orders.items.map((order) => ({ order, access: accessFor(order) })) };
}
