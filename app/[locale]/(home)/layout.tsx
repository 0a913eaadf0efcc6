import { localeAlternates } from '@/app/_catalogue/seo';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { AcademicSection } from '@/components/home/academic-section';
import { BooksSection } from '@/components/home/books-section';
import { BrandsSection } from '@/components/home/brands-section';
import { InvestorsSection } from '@/components/home/investors-section';
import { LiveProgrammes } from '@/components/home/live-programmes';
import { PromoCards } from '@/components/home/promo-cards';
import { ReviewsSection } from '@/components/home/reviews-section';
import { SkillBanners } from '@/components/home/skill-banners';
import { WelcomeBanner } from '@/components/home/welcome-banner';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { WELCOME_BANNER } from '@/lib/home-content';
import { listLatestBooks } from '@/server/catalogue/books';
import { HOME_REVIEW_COUNT, listNewestReviews } from '@/server/reviews/reviews';
import { isBuilding } from '@/server/platform/build-phase';

// Rebuilt in the background at most every five minutes: new books and reviews appear without
// rendering the page for every visitor.
export const revalidate = 300;

export async function generateMetadata(): Promise<Metadata> {
  const [tSite, t, alternates] = await Promise.all([getTranslations('site'), getTranslations('home.welcome'), localeAlternates('/')]);
  const title = tSite('title');
  return {
    // The grade-group pages below get the site's usual "… | Knowledge Zone" titles.
    title: { absolute: title, template: `%s | ${tSite('name')}` },
    description: t('text'),
    alternates,
    openGraph: {
      title,
      description: t('text'),
      url: alternates.canonical,
      type: 'website',
      siteName: tSite('name'),
      images: [{ url: WELCOME_BANNER.img, width: 1200, height: 600, alt: t('imageAlt') }],
    },
  };
}

/** docs/product.md §2: the home layout; its children are the grade groups of the live-class list. */
export default async function HomeLayout({ children }: { children: ReactNode }) {
  if (isBuilding()) return null;
  const [books, reviews] = await Promise.all([listLatestBooks(6), listNewestReviews(HOME_REVIEW_COUNT)]);
  return (
    // The carousels are client components: their buttons' and slides' names travel to the browser.
    <WithClientMessages namespaces={['catalogueCarousel']}>
      <WelcomeBanner />
      <BooksSection books={books} />
      <AcademicSection />
      <PromoCards />
      <InvestorsSection />
      <BrandsSection />
      <ReviewsSection reviews={reviews} />
      <SkillBanners />
      <LiveProgrammes>{children}</LiveProgrammes>
    </WithClientMessages>
  );
}
