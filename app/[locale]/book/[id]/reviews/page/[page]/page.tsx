import { getTranslations } from 'next-intl/server';
import { routes } from '@/lib/routes';
import { getBook } from '@/server/catalogue/books';
import { itemReviewsPages } from '@/app/_catalogue/item-reviews-pages';

// A book's further reviews (page 1 is on the book page), built with the course's by
// app/_catalogue/item-reviews-pages.tsx. Next reads segment settings from the page file itself.
export const revalidate = 300;

const pages = itemReviewsPages(async ({ id }: { id: string; page: string }) => {
  const book = await getBook(id);
  if (!book) return null;
  const t = await getTranslations('book');
  return {
    item: { id: book.id, kind: 'book', name: book.bookName, path: routes.book(book.id), image: book.img, rating: book.rating, list: { href: '/books', label: t('list') } },
    canonical: true,
  };
});

export const { generateStaticParams, generateMetadata } = pages;
export default pages.Page;
