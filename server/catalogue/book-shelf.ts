import 'server-only';
import { translated } from '@/lib/translated-content';
import { bookFileFormat } from '@/lib/item-access';
import type { BookFileFormat } from '@/lib/item-access';
import { routes } from '@/lib/routes';
import { findBookFile } from './book-files';
import { findBookForBuyers } from './admin/unlisting';
import { parseObjectId } from '../platform/db';
import { hasPaidOrder } from '../commerce/orders';
import type { User } from '../accounts/users';

// A bought book's page in My Collection (routes.bookShelf): what the reader or the listen page
// needs. Only its buyer gets it; the file route checks the purchase again for every range.

export type ShelvedBook = {
  id: string;
  name: string;
  cover: string;
  authors: string[];
  /** Null while the admin has not uploaded the file. */
  file: { format: BookFileFormat; sizeBytes: number; url: string } | null;
};

/** The book for its buyer; 'not-bought' for anyone else; null for an id that names no book. */
export async function findShelvedBook(user: Pick<User, 'id'>, bookId: string, locale: string): Promise<ShelvedBook | 'not-bought' | null> {
  const id = parseObjectId(bookId);
  if (!id) return null;
  // Three reads by key at once: the page waits for one round trip, not three.
  const [book, bought, file] = await Promise.all([
    findBookForBuyers(id, { bookName: 1, img: 1, writerName1: 1, writerName2: 1, writerName3: 1, writerName4: 1, translations: 1 }),
    hasPaidOrder(user, bookId),
    findBookFile(id),
  ]);
  if (!book) return null;
  if (!bought) return 'not-bought';
  return {
    id: bookId,
    name: translated(book.bookName, book.translations, 'title', locale),
    cover: book.img,
    authors: [book.writerName1, book.writerName2, book.writerName3, book.writerName4].filter((name): name is string => Boolean(name)),
    file: file ? { format: bookFileFormat(file.contentType), sizeBytes: file.length, url: routes.bookFile(bookId) } : null,
  };
}
