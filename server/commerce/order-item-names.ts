import 'server-only';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { translated } from '@/lib/translated-content';
import { findBooksForBuyers, findCoursesForBuyers } from '../catalogue/admin/unlisting';
import { itemIdsOf } from './orders';
import type { Order } from './orders';

// An order keeps the English name its item had when it was placed (the legacy API answers it as
// `productName`). My Order and My Collection on the Bengali site name each item by its Bengali
// title where it has one: one query per kind of item for a page of orders.

type NamedOrder = Pick<Order, 'id' | 'itemId' | 'itemKind' | 'productName'>;

/** Each order's item name in `locale`, by order id. */
export async function orderItemNames(orders: NamedOrder[], locale: string): Promise<Map<string, string>> {
  const names = new Map(orders.map((order) => [order.id, order.productName]));
  if (locale === DEFAULT_LOCALE || orders.length === 0) return names;
  const courseIds = itemIdsOf(orders, 'course');
  const bookIds = itemIdsOf(orders, 'book');
  const [courses, books] = await Promise.all([
    courseIds.length ? findCoursesForBuyers(courseIds, { translations: 1 }) : [],
    bookIds.length ? findBooksForBuyers(bookIds, { translations: 1 }) : [],
  ]);
  const translations = new Map([...courses, ...books].map((item) => [item._id.toHexString(), item.translations]));
  for (const order of orders) names.set(order.id, translated(order.productName, translations.get(order.itemId), 'title', locale));
  return names;
}
