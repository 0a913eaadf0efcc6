import { getTranslations } from 'next-intl/server';
import { Spinner } from '@/components/ui/spinner';

export default async function UpdateFormLoading() {
  const t = await getTranslations('adminForms');
  return <Spinner label={t('loadingForm')} />;
}
