import { getTranslations } from 'next-intl/server';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { Link } from '@/i18n/navigation';
import { PROMO_CARDS } from '@/lib/home-content';

export async function PromoCards() {
  const t = await getTranslations('home.promo');
  return (
    <section aria-label={t('label')} className="render-when-near py-10 sm:py-14">
      <ul className="container-page grid gap-6 md:grid-cols-3">
        {PROMO_CARDS.map((card) => (
          <li key={card.key} className="relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md">
            <OptimizedImage
              src={card.img}
              alt={t(`cards.${card.key}.imageAlt`)}
              width={400}
              height={267}
              className="h-auto w-full"
            />
            <div className="flex flex-1 flex-col p-5">
              <h3 className="text-lg font-bold text-brand-900">
                <Link href={card.href} className="after:absolute after:inset-0 hover:underline focus-visible:underline">
                  {t(`cards.${card.key}.title`)}
                </Link>
              </h3>
              <p className="mt-2 text-sm text-slate-700">{t(`cards.${card.key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
