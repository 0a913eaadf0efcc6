import { getTranslations } from 'next-intl/server';
import { Spinner } from '@/components/ui/spinner';

export default async function HiddenReviewsLoading() {
  const t = await getTranslations('hiddenReviews');
  return <Spinner label={t('loading')} />;
}
