import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { BuyButton } from '@/components/catalogue/buy-button';
import { ComingSoonNote } from '@/components/catalogue/coming-soon-note';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { FactList } from '@/components/catalogue/fact-list';
import { JsonLd } from '@/components/catalogue/json-ld';
import { PersonBlock } from '@/components/catalogue/person-block';
import { PointList } from '@/components/catalogue/point-list';
import { ItemReviewsSection } from '@/components/reviews/item-reviews-section';
import { RatingLink } from '@/components/reviews/stars';
import { formatPrice } from '@/lib/format';
import { routes } from '@/lib/routes';
import { getBook } from '@/server/books';
import type { Book } from '@/server/books';
import { listItemReviews } from '@/server/item-reviews';
import { pageMetadata } from '@/app/_catalogue/seo';
import { bookStructuredData } from '@/app/_catalogue/structured-data';

// Rendered on first request, then served from the cache and refreshed at most every 5 minutes
// (admin changes refresh it at once: server/catalogue-cache.ts).
// No loading.tsx on purpose (see components/catalogue/skeletons.tsx): the cover, the largest
// paint, waited behind a fallback for the framework's scripts (Lighthouse mobile 88 → 95-99).
export const revalidate = 300;

export async function generateStaticParams(): Promise<{ id: string }[]> {
  return [];
}

type Props = { params: Promise<{ id: string }> };

async function loadBook(params: Props['params']): Promise<Book> {
  const book = await getBook((await params).id);
  if (!book) notFound();
  return book;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const book = await loadBook(params);
  return pageMetadata({ title: book.bookName, description: book.about, path: routes.book(book.id), image: book.img, type: 'book' });
}

export default async function BookDetailPage({ params }: Props) {
  const book = await loadBook(params);
  const reviews = await listItemReviews(book.id, 1);
  return (
    <div className="container-page py-6 lg:py-10">
      <JsonLd data={bookStructuredData(book, reviews.items)} />
      <Breadcrumbs trail={[{ href: '/', label: 'Home' }, { href: '/books', label: 'Books List' }]} current={book.bookName} />

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-8 md:grid-cols-[18rem_minmax(0,1fr)] lg:grid-cols-[22rem_minmax(0,1fr)] lg:gap-12">
        <div>
          <OptimizedImage
            src={book.img}
            alt={`Cover of ${book.bookName}`}
            width={660}
            height={880}
            sizes="(min-width: 1024px) 352px, (min-width: 768px) 288px, 92vw"
            priority
            className="mx-auto aspect-[3/4] h-auto w-full max-w-sm rounded-xl object-cover shadow-md"
          />
        </div>

        <div className="space-y-8">
          <header className="space-y-4">
            <h1 className="text-3xl font-extrabold leading-tight text-brand-900 sm:text-4xl">{book.bookName}</h1>
            <RatingLink rating={book.rating} />
            <p className="text-3xl font-extrabold text-brand-900">
              <span className="sr-only">Price: </span>
              {formatPrice(book.priceCents)}
            </p>
            {book.onSale ? (
              <BuyButton itemId={book.id} itemName={book.bookName} />
            ) : (
              <ComingSoonNote />
            )}
          </header>

          <FactList
            label="Book facts"
            facts={[
              { label: 'Format', value: book.formate },
              { label: 'Pages', value: book.page },
              { label: 'Interactive', value: book.interactive },
              { label: 'File Size', value: book.filesize || 'Not uploaded yet' },
            ]}
          />

          <section aria-labelledby="objective-heading">
            <h2 id="objective-heading" className="mb-4 text-2xl font-bold text-brand-900">What You Will Learn</h2>
            <PointList points={book.objective} />
          </section>

          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="mb-3 text-2xl font-bold text-brand-900">About This Book</h2>
            <p className="whitespace-pre-line text-slate-800">{book.about}</p>
          </section>

          <section aria-labelledby="writers-heading">
            <h2 id="writers-heading" className="mb-4 text-2xl font-bold text-brand-900">{book.writers.length === 1 ? 'Writer' : 'Writers'}</h2>
            <ul className="grid gap-4 sm:grid-cols-2">
              {book.writers.map((writer) => (
                <li key={writer.name} className="rounded-xl border border-slate-200 bg-white p-4">
                  <PersonBlock role="Writer" name={writer.name} img={writer.img} education={writer.education} />
                </li>
              ))}
            </ul>
          </section>

          <ItemReviewsSection itemId={book.id} itemKind="book" itemPath={routes.book(book.id)} rating={book.rating} reviews={reviews} paging="more-link" />
        </div>
      </div>
    </div>
  );
}
