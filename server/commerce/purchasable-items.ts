import 'server-only';
import type { ItemText, Translations } from '@/lib/translated-content';
import type { CourseList } from '@/lib/catalogue';
import { getBook } from '../catalogue/books';
import { getCourse } from '../catalogue/courses';
import type { OrderDocument } from '../platform/documents';

// What an order buys: a course or a book that is on sale, with the fields an order copies.

export type PurchasableItem = {
  kind: OrderDocument['itemKind'];
  name: string;
  img: string;
  priceCents: number;
  /** The price in taka, integer paisa (0 when free); absent: the item is priced in dollars only. */
  pricePaisa?: number;
  /** A course's list (what promo codes for a list match); null for a book. */
  list: CourseList | null;
  /** The translated name and text, where an admin gave them (lib/translated-content.ts). */
  translations?: Translations<ItemText>;
};

function takaPrice(item: { pricePaisa?: number }): { pricePaisa?: number } {
  return item.pricePaisa === undefined ? {} : { pricePaisa: item.pricePaisa };
}

/**
 * What the item charges in taka, or null when it cannot be paid in taka: no taka price, or ৳0
 * beside a dollar price (lib/money.ts itemPrices shows neither).
 */
export function takaPriceOf(item: Pick<PurchasableItem, 'priceCents' | 'pricePaisa'>): number | null {
  const paisa = item.pricePaisa;
  return paisa !== undefined && (paisa > 0 || item.priceCents === 0) ? paisa : null;
}

/**
 * The course or book an id names, read from the database now; null when it is not (or no longer)
 * on sale. `kind`, when known (an order's item), saves looking for a book among the courses.
 */
export async function loadPurchasableItem(itemId: string, kind?: PurchasableItem['kind']): Promise<PurchasableItem | null> {
  const course = kind === 'book' ? null : await getCourse(itemId);
  // A course marked "coming soon" has nothing to deliver yet.
  if (course?.comingSoon) return null;
  if (course) return { kind: 'course', name: course.title, img: course.img, priceCents: course.priceCents, ...takaPrice(course), list: course.classCourse, ...(course.translations ? { translations: course.translations } : {}) };
  if (kind === 'course') return null;
  const book = await getBook(itemId);
  // A book without its verified file has nothing to deliver yet.
  if (book && !book.onSale) return null;
  if (book) return { kind: 'book', name: book.bookName, img: book.img, priceCents: book.priceCents, ...takaPrice(book), list: null, ...(book.translations ? { translations: book.translations } : {}) };
  return null;
}
