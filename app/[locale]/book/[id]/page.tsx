import { localizeItem } from '@/lib/translated-content';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { BuyButton } from '@/components/catalogue/buy-button';
import { ComingSoonNote } from '@/components/catalogue/coming-soon-note';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { FactList } from '@/components/catalogue/fact-list';
import { JsonLd } from '@/components/catalogue/json-ld';
import { PersonBlock } from '@/components/catalogue/person-block';
import { ObjectiveSection } from '@/components/catalogue/point-list';
import { ITEM_REVIEWS_CLIENT_NAMESPACES, ItemReviewsSection } from '@/components/reviews/item-reviews-section';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { RatingLink } from '@/components/reviews/stars';
import { ItemPrice } from '@/components/catalogue/item-price';
import { formatNumber } from '@/lib/format';
import { routes } from '@/lib/routes';
import { getBook } from '@/server/catalogue/books';
import type { Book } from '@/server/catalogue/books';
import { listItemReviews } from '@/server/reviews/item-reviews';
import { pageMetadata } from '@/app/_catalogue/seo';
import { bookStructuredData } from '@/app/_catalogue/structured-data';

// Rendered on first request, then served from the cache and refreshed at most every 5 minutes
// (admin changes refresh it at once: server/catalogue/catalogue-cache.ts).
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
  return localizeItem(book, { title: 'bookName', description: 'about' }, await getLocale());
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const book = await loadBook(params);
  return pageMetadata({ title: book.bookName, description: book.about, path: routes.book(book.id), image: book.img, type: 'book' });
}

export default async function BookDetailPage({ params }: Props) {
  const book = await loadBook(params);
  const [t, tNav] = await Promise.all([getTranslations('book'), getTranslations('nav')]);
  const locale = await getLocale();
  const reviews = await listItemReviews(book.id, 1, book.rating);
  return (
    // One set of browser messages for the client parts (the buy button and the review form).
    <WithClientMessages namespaces={[...ITEM_REVIEWS_CLIENT_NAMESPACES, 'catalogueBuy']}>
      <div className="container-page py-6 lg:py-10">
        <JsonLd data={bookStructuredData(book, reviews.items, locale)} />
        <Breadcrumbs trail={[{ href: '/', label: tNav('home') }, { href: '/books', label: t('list') }]} current={book.bookName} />

        <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-8 md:grid-cols-[18rem_minmax(0,1fr)] lg:grid-cols-[22rem_minmax(0,1fr)] lg:gap-12">
          <div>
            <OptimizedImage
              src={book.img}
              alt={t('coverAlt', { name: book.bookName })}
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
                <span className="sr-only">{t('price')}</span>
                <ItemPrice priceCents={book.priceCents} pricePaisa={book.pricePaisa} locale={locale} secondClassName="text-lg font-semibold text-slate-600" />
              </p>
              {book.onSale ? (
                <BuyButton itemId={book.id} itemName={book.bookName} kind="book" />
              ) : (
                <ComingSoonNote />
              )}
            </header>

            <FactList
              label={t('facts')}
              facts={[
                { label: t('format'), value: book.formate },
                // The page count keeps the digits the page always showed (no grouping), in the page's script.
                { label: t('pages'), value: formatNumber(book.page, locale, { useGrouping: false }) },
                { label: t('interactive'), value: book.interactive === 'YES' ? t('interactiveYes') : t('interactiveNo') },
                { label: t('fileSize'), value: book.filesize || t('notUploaded') },
              ]}
            />

            <ObjectiveSection heading={t('whatYouWillLearn')} points={book.objective} />

            <section aria-labelledby="about-heading">
              <h2 id="about-heading" className="mb-3 text-2xl font-bold text-brand-900">{t('about')}</h2>
              <p className="whitespace-pre-line text-slate-800">{book.about}</p>
            </section>

            <section aria-labelledby="writers-heading">
              <h2 id="writers-heading" className="mb-4 text-2xl font-bold text-brand-900">{book.writers.length === 1 ? t('writer') : t('writers')}</h2>
              <ul className="grid gap-4 sm:grid-cols-2">
                {book.writers.map((writer) => (
                  <li key={writer.name} className="rounded-xl border border-slate-200 bg-white p-4">
                    <PersonBlock role={t('writer')} name={writer.name} img={writer.img} education={writer.education} />
                  </li>
                ))}
              </ul>
            </section>

            <ItemReviewsSection itemId={book.id} itemKind="book" itemPath={routes.book(book.id)} rating={book.rating} reviews={reviews} paging="more-link" />
          </div>
        </div>
      </div>
    </WithClientMessages>
  );
}
