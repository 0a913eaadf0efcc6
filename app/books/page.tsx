import type { Metadata } from 'next';
import { BooksList, booksMetadata } from './books-list';

// Rendered on first request, then served from the cache and refreshed at most every 5 minutes
// (admin changes refresh it at once through revalidateCatalogue).
export const revalidate = 300;

export const metadata: Metadata = booksMetadata(1);

export default function BooksPage() {
  return <BooksList page={1} />;
}
