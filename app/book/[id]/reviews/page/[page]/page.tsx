import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { ItemReviewsSection } from '@/components/reviews/item-reviews-section';
import { itemReviewsPagePath } from '@/lib/item-reviews';
import { parsePageNumber } from '@/lib/pagination';
import { routes } from '@/lib/routes';
import { getBook } from '@/server/books';
import { listItemReviews } from '@/server/item-reviews';
import { pageMetadata } from '../../../../../_catalogue/seo';

// A book's further reviews (page 1 is on the book page), as plain cached pages so they work
// without scripts; a review change refreshes them with the book page (server/item-reviews.ts).
export const revalidate = 300;

export async function generateStaticParams(): Promise<{ id: string; page: string }[]> {
  return [];
}

type Props = { params: Promise<{ id: string; page: string }> };

async function load(params: Props['params']) {
  const { id, page: rawPage } = await params;
  const page = parsePageNumber(rawPage);
  if (page === null) notFound();
  const book = await getBook(id);
  if (!book) notFound();
  const path = routes.book(book.id);
  if (page === 1) permanentRedirect(itemReviewsPagePath(path, page));
  const reviews = await listItemReviews(book.id, page);
  if (page > reviews.pageCount) notFound();
  return { book, path, reviews, page };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { book, path, page } = await load(params);
  return pageMetadata({
    title: `Reviews of ${book.bookName} — page ${page}`,
    description: `What buyers say about ${book.bookName}: ratings and reviews from verified buyers.`,
    path: itemReviewsPagePath(path, page),
    image: book.img,
  });
}

export default async function BookReviewsPage({ params }: Props) {
  const { book, path, reviews, page } = await load(params);
  return (
    <div className="container-page max-w-4xl py-6 lg:py-10">
      <Breadcrumbs trail={[{ href: '/', label: 'Home' }, { href: '/books', label: 'Books List' }, { href: path, label: book.bookName }]} current={`Reviews, page ${page}`} />
      <h1 className="mb-6 mt-4 text-3xl font-extrabold leading-tight text-brand-900">Reviews of {book.bookName}</h1>
      <ItemReviewsSection itemId={book.id} itemKind="book" itemPath={path} rating={book.rating} reviews={reviews} paging="pager" withForm={false} />
    </div>
  );
}
