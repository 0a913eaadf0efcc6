import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { BookCard } from '@/components/catalogue/book-card';
import { CatalogueGrid } from '@/components/catalogue/catalogue-grid';
import { EmptyState } from '@/components/catalogue/empty-state';
import { ListControls } from '@/components/catalogue/list-controls';
import { NoMatches } from '@/components/catalogue/no-matches';
import { PageHeading } from '@/components/catalogue/page-heading';
import { Pagination } from '@/components/catalogue/pagination';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { defaultView, isDefaultView, viewHref } from '@/lib/catalogue-view';
import type { CatalogueView } from '@/lib/catalogue-view';
import { listPagePath } from '@/lib/pagination';
import { listBooks } from '@/server/catalogue/books';
import { listPageSuffix } from '@/app/_catalogue/list-pages';
import { pageMetadata } from '@/app/_catalogue/seo';

// /books and /books/page/N render this one screen.

const BOOKS_PATH = '/books';

export async function booksMetadata(page: number): Promise<Metadata> {
  const [t, suffix] = await Promise.all([getTranslations('catalogue.books'), listPageSuffix(page)]);
  return pageMetadata({
    title: `${t('heading')}${suffix}`,
    description: t('description'),
    path: listPagePath(BOOKS_PATH, page),
  });
}

/** `view`: a sort or filter (app/catalogue-view renders those); the plain list without one. */
export async function BooksList({ page, view = defaultView('books') }: { page: number; view?: CatalogueView }) {
  const [result, t] = await Promise.all([listBooks(page, view), getTranslations('catalogue.books')]);
  if (page > result.pageCount) notFound();
  return (
    <>
      <PageHeading title={t('heading')} />
      <div className="container-page py-8 lg:py-10">
        <WithClientMessages namespaces={['listControls']}>
          <ListControls kind="books" action={BOOKS_PATH} view={view} label={t('controls')} />
        </WithClientMessages>
        {result.items.length === 0 && !isDefaultView('books', view) ? (
          <NoMatches message={t('noMatches')} clearHref={BOOKS_PATH} />
        ) : result.items.length === 0 ? (
          <EmptyState message={t('empty')} />
        ) : (
          <CatalogueGrid layout="books" label={t('grid')}>
            {result.items.map((book, index) => (
              <BookCard key={book.id} book={book} priority={index < 4} />
            ))}
          </CatalogueGrid>
        )}
        <Pagination page={page} pageCount={result.pageCount} hrefFor={(target) => viewHref(listPagePath(BOOKS_PATH, target), 'books', view)} label={t('pages')} />
      </div>
    </>
  );
}
