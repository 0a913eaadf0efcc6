import 'server-only';
import { ObjectId } from 'mongodb';
import type { ItemAccess } from '@/lib/item-access';
import { routes } from '@/lib/routes';
import { bookFileUrl } from './book-links';
import { collection, withDb } from './db';
import { listPaidOrders } from './orders';
import type { Order, OrderPage } from './orders';
import type { User } from './users';

// My Collection (spec §2): the paid orders, each with its way in — a course opens its page, a
// book offers its file through a fresh ten-minute link made for this user.

export type CollectionEntry = { order: Order; access: ItemAccess };

export type CollectionPage = Omit<OrderPage, 'items'> & { items: CollectionEntry[] };

function idsOf(orders: Order[], kind: Order['itemKind']): ObjectId[] {
  return orders.filter((order) => order.itemKind === kind).map((order) => new ObjectId(order.itemId));
}

export async function listCollection(user: Pick<User, 'id'>, page: number): Promise<CollectionPage> {
  const orders = await listPaidOrders(user, page);
  // Two lookups for the whole page: where each course lives, and which books have a file.
  const [courses, files] = await withDb(async () =>
    Promise.all([
      (await collection('courses')).find({ _id: { $in: idsOf(orders.items, 'course') } }, { projection: { classCourse: 1 } }).toArray(),
      (await collection('bookFileMeta')).find({ _id: { $in: idsOf(orders.items, 'book') } }, { projection: { contentType: 1 } }).toArray(),
    ]),
  );
  const courseLists = new Map(courses.map((course) => [course._id.toHexString(), course.classCourse]));
  const fileTypes = new Map(files.map((file) => [file._id.toHexString(), file.contentType]));
  const now = Date.now();

  const accessFor = (order: Order): ItemAccess => {
    if (order.itemKind === 'course') {
      const list = courseLists.get(order.itemId);
      return list ? { kind: 'course', href: routes.courseDetail(list, order.itemId) } : { kind: 'removed' };
    }
    const contentType = fileTypes.get(order.itemId);
    if (!contentType) return { kind: 'no-file' };
    const url = bookFileUrl(user.id, order.itemId, now);
    return contentType === 'audio/mpeg' ? { kind: 'audio', url } : { kind: 'pdf', url };
  };

  return { ...orders, items: orders.items.map((order) => ({ order, access: accessFor(order) })) };
}
