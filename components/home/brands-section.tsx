import { getTranslations } from 'next-intl/server';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { BRANDS } from '@/lib/home-content';
import { Carousel } from './carousel';
import { HomeSection } from './section-heading';

/** docs/product.md §9: 6 brand images, 5 per view on wide screens, autoplay 5000 ms. */
export async function BrandsSection() {
  const t = await getTranslations('home.brands');
  return (
    <HomeSection id="home-brands" title={t('title')}>
      <Carousel
        label={t('title')}
        autoplayMs={5000}
        slideClassName="basis-1/2 sm:basis-1/3 md:basis-1/4 lg:basis-1/5"
        slides={BRANDS.map((brand) => (
          <figure key={brand.name} className="rounded-xl bg-white p-2 shadow-sm ring-1 ring-inset ring-slate-200">
            <OptimizedImage
              src={brand.img}
              alt={`${brand.name}: ${t(`taglines.${brand.key}`)}`}
              width={240}
              height={120}
              className="h-auto w-full"
            />
          </figure>
        ))}
      />
    </HomeSection>
  );
}
