import { getTranslations } from 'next-intl/server';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { Link } from '@/i18n/navigation';
import { WELCOME_BANNER } from '@/lib/home-content';

export async function WelcomeBanner() {
  const [t, tSite] = await Promise.all([getTranslations('home.welcome'), getTranslations('site')]);
  return (
    <section aria-labelledby="welcome-heading" className="bg-gradient-to-br from-brand-50 via-white to-brand-100">
      <div className="container-page grid items-center gap-8 py-10 sm:py-16 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">{tSite('name')}</p>
          <h1 id="welcome-heading" className="mt-3 text-4xl font-extrabold leading-tight text-brand-900 sm:text-5xl">
            {t('title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-700">{t('text')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link href="/classes" className="btn-primary px-5 py-3 text-base">{t('academicCourses')}</Link>
            <Link href="/courses" className="btn-outline bg-white px-5 py-3 text-base">{t('skillCourses')}</Link>
          </div>
        </div>
        <OptimizedImage
          src={WELCOME_BANNER.img}
          alt={t('imageAlt')}
          width={1200}
          height={600}
          priority
          sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
          className="h-auto w-full rounded-2xl shadow-md"
        />
      </div>
    </section>
  );
}
