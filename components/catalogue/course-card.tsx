import { translated } from '@/lib/translated-content';
import type { ItemText, Translations } from '@/lib/translated-content';
import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { AdminCardActions } from '@/components/admin/admin-card-actions';
import { ItemPrice } from './item-price';
import { routes } from '@/lib/routes';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { CardRatingLine } from '@/components/reviews/stars';
import type { CardRating } from '@/lib/ratings';

/** `rating`: buyers' average and count (server/reviews/item-reviews.ts); null or absent shows nothing. */
/** `pricePaisa`: the taka price, shown beside the dollars where the course has one. */
export type CourseCardData = { id: string; classCourse: string; title: string; img: string; priceCents: number; pricePaisa?: number; rating?: CardRating | null; translations?: Translations<ItemText> };

/** A course in a list: cover, title, rating and price; the whole card opens the course detail page. */
type CourseCardProps = {
  course: CourseCardData;
  priority?: boolean;
  /** h3 when the grid sits under its own h2 (a course list), h2 otherwise. */
  headingLevel?: 'h2' | 'h3';
};

export async function CourseCard({ course, priority = false, headingLevel: Heading = 'h2' }: CourseCardProps) {
  const [t, locale] = await Promise.all([getTranslations('courseCard'), getLocale()]);
  const title = translated(course.title, course.translations, 'title', locale);
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <OptimizedImage
        src={course.img}
        alt=""
        width={400}
        height={225}
        priority={priority}
        className="aspect-video h-auto w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Heading className="text-lg font-bold leading-snug text-brand-900">
          {/* The link covers the card (after:inset-0) so the picture is clickable too. */}
          <Link href={routes.courseDetail(course.classCourse, course.id)} className="after:absolute after:inset-0 after:content-[''] hover:underline">
            {title}
          </Link>
        </Heading>
        <CardRatingLine rating={course.rating} />
        {/* The admin's icons sit beside the price, not over the cover, whose banner carries badges. */}
        <div className="mt-auto flex items-center justify-between gap-3">
          <p className="text-base font-semibold text-slate-800">
            <span className="sr-only">{t('price')}</span>
            {/* "Free" only for a price of nothing: a card never promises less than checkout charges. */}
            <ItemPrice priceCents={course.priceCents} pricePaisa={course.pricePaisa} locale={locale} free={t('free')} secondClassName="text-sm font-medium text-slate-600" />
          </p>
          <AdminCardActions kind="course" id={course.id} name={title} editHref={`/${course.classCourse}/update/${course.id}`} />
        </div>
      </div>
    </article>
  );
}
