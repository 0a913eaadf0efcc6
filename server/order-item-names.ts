import type { ObjectId } from 'mongodb';
import { inLocale } from '@/lib/bengali-content';
import { findCoursesForBuyers } from './catalogue-admin/unlisting';
import { collection, parseObjectId, withDb } from './db';
import type { Order } from './orders';

// An order keeps the English name its item had when it was placed (the legacy API answers it as
// `productName`). My Order and My Collection on the Bengali site name each item by its Bengali
// title where it has one: one query per kind of item for a page of orders.

type NamedOrder = Pick<Order, 'id' | 'itemId' | 'itemKind' | 'productName'>;

function idsOf(orders: NamedOrder[], kind: Order['itemKind']): ObjectId[] {
  return orders.flatMap((order) => {
    const id = order.itemKind === kind ? parseObjectId(order.itemId) : null;
    return id ? [id] : [];
  });
}

/** Each order's item name in `locale`, by order id. */
export async function orderItemNames(orders: NamedOrder[], locale: string): Promise<Map<string, string>> {
  const names = new Map(orders.map((order) => [order.id, order.productName]));
  if (locale !== 'bn' || orders.length === 0) return names;
  const courseIds = idsOf(orders, 'course');
  const bookIds = idsOf(orders, 'book');
  const [courses, books] = await Promise.all([
    courseIds.length ? findCoursesForBuyers(courseIds, { bn: 1 }) : Promise.resolve([]),
    bookIds.length
      ? withDb(async () => {
          const projection = { bn: 1 };
          const listed = await (await collection('books')).find({ _id: { $in: bookIds } }, { projection }).toArray();
          const unlisted = await (await collection('unlistedBooks')).find({ _id: { $in: bookIds } }, { projection }).toArray();
          return [...listed, ...unlisted];
        })
      : Promise.resolve([]),
  ]);
  const bengaliTitles = new Map([...courses, ...books].map((item) => [item._id.toHexString(), item.bn?.title]));
  for (const order of orders) names.set(order.id, inLocale(order.productName, bengaliTitles.get(order.itemId), locale));
  return names;
}
