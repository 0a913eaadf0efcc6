import { getTranslations } from 'next-intl/server';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { Link } from '@/i18n/navigation';
import { SKILL_BANNERS } from '@/lib/home-content';
import { Carousel } from './carousel';
import { HomeSection } from './section-heading';

/** docs/product.md §9: six banners linking to the skill lists; 4/3/2/1 per view, autoplay 5000 ms. */
export async function SkillBanners() {
  const [t, tl] = await Promise.all([getTranslations('home.skills'), getTranslations('lists.course')]);
  return (
    <HomeSection id="home-skills" title={t('title')}>
      <Carousel
        label={t('title')}
        autoplayMs={5000}
        slideClassName="basis-full sm:basis-1/2 lg:basis-1/3 xl:basis-1/4"
        slides={SKILL_BANNERS.map((banner) => (
          <Link key={banner.href} href={banner.href} className="group block">
            <OptimizedImage
              src={banner.img}
              alt={tl(banner.list)}
              width={400}
              height={133}
              className="h-auto w-full rounded-xl shadow-sm transition-transform group-hover:scale-[1.02]"
            />
            <span className="mt-2 block text-sm text-slate-700">{t(`texts.${banner.list}`)}</span>
          </Link>
        ))}
      />
    </HomeSection>
  );
}
