import { getTranslations } from 'next-intl/server';
import { Spinner } from '@/components/ui/spinner';

export default async function PromoCodesLoading() {
  const t = await getTranslations('promoCodesAdmin');
  return <Spinner label={t('loading')} />;
}
