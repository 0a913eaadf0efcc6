import { getTranslations } from 'next-intl/server';
import { Spinner } from '@/components/ui/spinner';

export default async function MyOrderLoading() {
  const t = await getTranslations('orders');
  return <Spinner label={t('loading')} />;
}
