import { getTranslations } from 'next-intl/server';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { Link } from '@/i18n/navigation';
import { Carousel } from './carousel';
import { HomeSection } from './section-heading';
import { StarRating } from './star-rating';

export type HomeReview = { id: string; name: string; comment: string; ratting: number; image: string };

/**
 * Where every review fits in one view, so the carousel needs no buttons there (docs/product.md §9: 1, 2 or 3
 * per view below 464, to 1024 and beyond px). Literal classes, for Tailwind to find.
 */
const CONTROLS_HIDDEN: Record<number, string> = { 0: 'hidden', 1: 'hidden', 2: 'min-[464px]:hidden', 3: 'min-[1024px]:hidden' };

/** docs/product.md §9: the newest 3 reviews (read by the page); 1, 2, 3 or 7 per view below 464, to 1024, to 3000, to 4000 px. */
export async function ReviewsSection({ reviews }: { reviews: HomeReview[] }) {
  const t = await getTranslations('home.reviews');
  return (
    // White, between the brands and the skill banners on the page's grey: the sections alternate.
    <HomeSection id="home-reviews" title={t('title')} className="bg-white">
      {reviews.length === 0 ? (
        <div className="text-center text-slate-700">
          <p>{t('empty')}</p>
          <Link href="/addReviwe" className="btn-outline mt-4 bg-white">{t('addReview')}</Link>
        </div>
      ) : (
        <Carousel
          label={t('carousel')}
          controlsClassName={CONTROLS_HIDDEN[reviews.length] ?? ''}
          slideClassName="basis-full min-[464px]:basis-1/2 min-[1024px]:basis-1/3 min-[3000px]:basis-[calc(100%/7)]"
          slides={reviews.map((review) => (
            <figure key={review.id} className="flex h-full flex-col items-center rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-inset ring-slate-200">
              <figcaption className="flex flex-col items-center">
                {review.image ? (
                  <OptimizedImage
                    src={review.image}
                    alt=""
                    width={80}
                    height={80}
                    className="h-20 w-20 rounded-full object-cover"
                  />
                ) : null}
                <span className="mt-3 font-semibold text-brand-900">{review.name}</span>
                <span className="mt-2">
                  <StarRating value={review.ratting} />
                </span>
              </figcaption>
              <blockquote className="mt-3 text-slate-700">
                <p>{review.comment}</p>
              </blockquote>
            </figure>
          ))}
        />
      )}
    </HomeSection>
  );
}
