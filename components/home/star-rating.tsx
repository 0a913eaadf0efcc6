import { getTranslations } from 'next-intl/server';
import { LIMITS } from '@/lib/catalogue';

/** Stars for a 0–5 rating, with the number as the text alternative. */
export async function StarRating({ value }: { value: number }) {
  const t = await getTranslations('home.reviews');
  const rating = Math.min(Math.max(value, LIMITS.ratingMin), LIMITS.ratingMax);
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={t('rated', { rating, best: LIMITS.ratingMax })} className="inline-flex gap-0.5">
      {Array.from({ length: LIMITS.ratingMax }, (_, index) => (
        <svg key={index} width={18} height={18} viewBox="0 0 24 24" aria-hidden className={index < filled ? 'text-amber-500' : 'text-slate-300'}>
          <path fill="currentColor" d="m12 2.5 2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
        </svg>
      ))}
    </span>
  );
}
