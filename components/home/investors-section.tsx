import { getTranslations } from 'next-intl/server';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { INVESTORS } from '@/lib/home-content';
import { Carousel } from './carousel';
import { HomeSection } from './section-heading';

/** docs/product.md §9: ten testimonial cards, 3 per view. */
export async function InvestorsSection() {
  const t = await getTranslations('home.investors');
  return (
    <HomeSection id="home-investors" title={t('title')} caption={t('caption')} className="bg-white">
      <Carousel
        label={t('title')}
        slideClassName="basis-full md:basis-1/2 lg:basis-1/3"
        slides={INVESTORS.map((investor) => {
          const name = t(`people.${investor.key}.name`);
          return (
            <figure key={investor.key} className="flex h-full flex-col rounded-2xl bg-brand-50 p-6 ring-1 ring-inset ring-brand-100">
              <blockquote className="flex-1 text-slate-800">
                <p>“{t(`people.${investor.key}.quote`)}”</p>
              </blockquote>
              <figcaption className="mt-5 flex items-center gap-3">
                <OptimizedImage src={investor.img} alt={t('portraitAlt', { name })} width={56} height={56} className="h-14 w-14 rounded-full object-cover" />
                <span>
                  <span className="block font-semibold text-brand-900">{name}</span>
                  <span className="block text-sm text-slate-700">{t(`people.${investor.key}.title`)}</span>
                </span>
              </figcaption>
            </figure>
          );
        })}
      />
    </HomeSection>
  );
}
