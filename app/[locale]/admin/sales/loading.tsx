import { getTranslations } from 'next-intl/server';
import { Spinner } from '@/components/ui/spinner';

export default async function SalesLoading() {
  const t = await getTranslations('sales');
  return <Spinner label={t('loading')} />;
}
