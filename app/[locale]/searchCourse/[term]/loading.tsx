import { getTranslations } from 'next-intl/server';
import { SearchSkeleton } from '@/components/catalogue/skeletons';

export default async function Loading() {
  const t = await getTranslations('search');
  return <SearchSkeleton label={t('loading')} />;
}
