import { getTranslations } from 'next-intl/server';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { Link } from '@/i18n/navigation';

export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <div className="container-page flex flex-col items-center py-16 text-center">
      <OptimizedImage src="/demo/not-found.webp" alt={t('imageAlt')} width={800} height={500} sizes="(min-width: 640px) 576px, 100vw" className="h-auto w-full max-w-xl" />
      <h1 className="mt-6 text-2xl font-bold text-brand-900">{t('title')}</h1>
      <p className="mt-2 text-slate-700">{t('text')}</p>
      <Link href="/" className="btn-primary mt-6">{t('back')}</Link>
    </div>
  );
}
