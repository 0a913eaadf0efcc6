import { getTranslations } from 'next-intl/server';
import { Spinner } from '@/components/ui/spinner';

export default async function AuditLogLoading() {
  const t = await getTranslations('audit');
  return <Spinner label={t('loading')} />;
}
