import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BookCard } from '@/components/catalogue/book-card';
import { CatalogueGrid } from '@/components/catalogue/catalogue-grid';
import { EmptyState } from '@/components/catalogue/empty-state';
import { ListControls } from '@/components/catalogue/list-controls';
import { NoMatches } from '@/components/catalogue/no-matches';
import { PageHeading } from '@/components/catalogue/page-heading';
import { Pagination } from '@/components/catalogue/pagination';
import { defaultView, isDefaultView, viewHref } from '@/lib/catalogue-view';
import type { CatalogueView } from '@/lib/catalogue-view';
import { listPagePath } from '@/lib/pagination';
import { listBooks } from '@/server/books';
import { pageMetadata, pageSuffix } from '@/app/_catalogue/seo';

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

/** `view`: a sort or filter (app/catalogue-view renders those); the plain list without one. */
export async function BooksList({ page, view = defaultView('books') }: { page: number; view?: CatalogueView }) {
  const result = await listBooks(page, view);
  if (page > result.pageCount) notFound();
  return (
    <>
      <PageHeading title={BOOKS_HEADING} />
      <div className="container-page py-8 lg:py-10">
        <ListControls kind="books" action={BOOKS_PATH} view={view} label="Sort and filter books" />
        {result.items.length === 0 && !isDefaultView('books', view) ? (
          <NoMatches message="No books match these filters." clearHref={BOOKS_PATH} />
        ) : result.items.length === 0 ? (
          <EmptyState message="No books are available yet. Please check back soon." />
        ) : (
          <CatalogueGrid layout="books" label="Books">
            {result.items.map((book, index) => (
              <BookCard key={book.id} book={book} priority={index < 4} />
            ))}
          </CatalogueGrid>
        )}
        <Pagination page={page} pageCount={result.pageCount} hrefFor={(target) => viewHref(listPagePath(BOOKS_PATH, target), 'books', view)} label="Book pages" />
      </div>
    </>
  );
}
