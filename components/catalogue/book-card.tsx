import { translated } from '@/lib/translated-content';
import type { ItemText, Translations } from '@/lib/translated-content';
import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { AdminCardActions } from '@/components/admin/admin-card-actions';
import { routes } from '@/lib/routes';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { CardRatingLine } from '@/components/reviews/stars';
import { ItemPrice } from './item-price';
import type { CardRating } from '@/lib/ratings';

/** `rating`: buyers' average and count (server/reviews/item-reviews.ts); null or absent shows nothing. */
/** `pricePaisa`: the taka price, shown beside the dollars where the book has one. */
export type BookCardData = { id: string; bookName: string; img: string; priceCents: number; pricePaisa?: number; rating?: CardRating | null; translations?: Translations<ItemText> };

/**
 * A book in the Books List: cover, name in capitals and View Details (docs/product.md §2), with its rating
 * and price (the list sorts by both, so the card shows why it comes where it does).
 */
export async function BookCard({ book, priority = false, headingLevel: Heading = 'h2' }: { book: BookCardData; priority?: boolean; headingLevel?: 'h2' | 'h3' }) {
  const [t, locale] = await Promise.all([getTranslations('bookCard'), getLocale()]);
  const bookName = translated(book.bookName, book.translations, 'title', locale);
  return (
    <article className="relative flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <OptimizedImage
        src={book.img}
        alt={t('coverAlt', { name: bookName })}
        width={600}
        height={800}
        sizes="(min-width: 1280px) 280px, (min-width: 1024px) 22vw, (min-width: 768px) 30vw, 46vw"
        priority={priority}
        className="aspect-[3/4] h-auto w-full object-cover"
      />
      <AdminCardActions kind="book" id={book.id} name={bookName} editHref={`/updateBook/${book.id}`} className="absolute right-2 top-2 z-10" />
      <div className="flex flex-1 flex-col gap-3 p-3 sm:p-4">
        <Heading className="text-sm font-bold uppercase leading-snug tracking-wide text-brand-900 sm:text-base">{bookName}</Heading>
        <CardRatingLine rating={book.rating} />
        <p className="text-base font-semibold text-slate-800">
          <span className="sr-only">{t('price')}</span>
          <ItemPrice priceCents={book.priceCents} pricePaisa={book.pricePaisa} locale={locale} secondClassName="text-sm font-medium text-slate-600" />
        </p>
        <Link href={routes.book(book.id)} className="btn-primary mt-auto w-full">
          {t.rich('viewDetails', { name: bookName, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
        </Link>
      </div>
    </article>
  );
}
