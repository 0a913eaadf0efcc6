import 'server-only';
import { getBook } from './books';
import { getCourse } from './courses';
import type { OrderDocument } from './documents';

// What an order buys: a course or a book that is on sale, with the fields an order copies.

export type PurchasableItem = { kind: OrderDocument['itemKind']; name: string; img: string; priceCents: number };

/** The course or book an id names, read from the database now; null when it is not (or no longer) on sale. */
export async function loadPurchasableItem(itemId: string): Promise<PurchasableItem | null> {
  const course = await getCourse(itemId);
  if (course) return { kind: 'course', name: course.title, img: course.img, priceCents: course.priceCents };
  const book = await getBook(itemId);
  if (book) return { kind: 'book', name: book.bookName, img: book.img, priceCents: book.priceCents };
  return null;
}
