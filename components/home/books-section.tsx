import { getTranslations } from 'next-intl/server';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { Link } from '@/i18n/navigation';
import { routes } from '@/lib/routes';
import { Carousel } from './carousel';
import { HomeSection } from './section-heading';

export type HomeBook = { id: string; bookName: string; img: string };

/** docs/product.md §9: the last 6 books (read by the page), each image linking to its detail page. */
export async function BooksSection({ books }: { books: HomeBook[] }) {
  const t = await getTranslations('home.books');
  return (
    <HomeSection id="home-books" title={t('title')}>
      {books.length === 0 ? (
        <p className="text-center text-slate-700">{t('empty')}</p>
      ) : (
        <Carousel
          label={t('title')}
          slideClassName="basis-1/2 sm:basis-1/3 lg:basis-1/4"
          slides={books.map((book) => (
            <Link key={book.id} href={routes.book(book.id)} className="group block">
              <OptimizedImage
                src={book.img}
                alt={book.bookName}
                width={300}
                height={400}
                className="aspect-[3/4] h-auto w-full rounded-xl object-cover shadow-sm transition-transform group-hover:scale-[1.02]"
              />
            </Link>
          ))}
        />
      )}
    </HomeSection>
  );
}
