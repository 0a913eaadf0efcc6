import { getTranslations } from 'next-intl/server';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { Link } from '@/i18n/navigation';
import { ACADEMIC_SLIDES } from '@/lib/home-content';
import { Carousel } from './carousel';
import { HomeSection } from './section-heading';

/** docs/product.md §9: 11 class images → /classes … /classes/eleven; 4/3/2/1 per view, autoplay 5000 ms. */
export async function AcademicSection() {
  const [t, tl] = await Promise.all([getTranslations('home.academic'), getTranslations('lists.course')]);
  return (
    <HomeSection id="home-academic" title={t('title')} className="bg-white">
      <Carousel
        label={t('title')}
        autoplayMs={5000}
        slideClassName="basis-full sm:basis-1/2 md:basis-1/3 lg:basis-1/4"
        slides={ACADEMIC_SLIDES.map((slide) => (
          <Link key={slide.href} href={slide.href} className="group block">
            <OptimizedImage
              src={slide.img}
              alt={t('slideAlt', { label: tl(slide.list) })}
              width={400}
              height={267}
              className="h-auto w-full rounded-xl shadow-sm transition-transform group-hover:scale-[1.02]"
            />
          </Link>
        ))}
      />
    </HomeSection>
  );
}
