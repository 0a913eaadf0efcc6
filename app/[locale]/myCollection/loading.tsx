import { getTranslations } from 'next-intl/server';
import { Spinner } from '@/components/ui/spinner';

// docs/product.md §2: My Collection shows a spinner until the paid orders are loaded.
export default async function MyCollectionLoading() {
  const t = await getTranslations('collection');
  return <Spinner label={t('loading')} />;
}
