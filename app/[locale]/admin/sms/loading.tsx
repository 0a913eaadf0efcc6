import { getTranslations } from 'next-intl/server';
import { Spinner } from '@/components/ui/spinner';

export default async function SmsUsageLoading() {
  const t = await getTranslations('smsUsage');
  return <Spinner label={t('loading')} />;
}
