import type { Metadata } from 'next';
import { BooksList, booksMetadata } from './books-list';
import { isBuilding } from '@/server/platform/build-phase';

// Rendered on first request (the build renders it without data: server/platform/build-phase.ts), then
// served from the cache and refreshed at most every 5 minutes
// (admin changes refresh it at once: server/catalogue/catalogue-cache.ts).
export const revalidate = 300;

export function generateMetadata(): Promise<Metadata> {
  return booksMetadata(1);
}

export default function BooksPage() {
  if (isBuilding()) return null;
  return <BooksList page={1} />;
}
