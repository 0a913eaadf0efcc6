import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BookCard } from '@/components/catalogue/book-card';
import { CatalogueGrid } from '@/components/catalogue/catalogue-grid';
import { EmptyState } from '@/components/catalogue/empty-state';
import { PageHeading } from '@/components/catalogue/page-heading';
import { Pagination } from '@/components/catalogue/pagination';
import { listPagePath } from '@/lib/pagination';
import { listBooks } from '@/server/books';
import { pageMetadata, pageSuffix } from '../_catalogue/seo';

// /books and /books/page/N render this one screen.

export const BOOKS_HEADING = 'Books List';
const BOOKS_PATH = '/books';

export function booksMetadata(page: number): Metadata {
  return pageMetadata({
    title: `${BOOKS_HEADING}${pageSuffix(page)}`,
    description: 'Books from Knowledge Zone as PDF or MP3: textbook companions, lecture notes, grammar guides and more from experienced teachers, priced in dollars.',
    path: listPagePath(BOOKS_PATH, page),
  });
}

export async function BooksList({ page }: { page: number }) {
  const result = await listBooks(page);
  if (page > result.pageCount) notFound();
  return (
    <>
      <PageHeading title={BOOKS_HEADING} />
      <div className="container-page py-8 lg:py-10">
        {result.items.length === 0 ? (
          <EmptyState message="No books are available yet. Please check back soon." />
        ) : (
          <CatalogueGrid layout="books" label="Books">
            {result.items.map((book, index) => (
              <BookCard key={book.id} book={book} priority={index < 4} />
            ))}
          </CatalogueGrid>
        )}
        <Pagination page={page} pageCount={result.pageCount} hrefFor={(target) => listPagePath(BOOKS_PATH, target)} label="Book pages" />
      </div>
    </>
  );
}
