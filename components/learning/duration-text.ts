import 'server-only';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatNumber } from '@/lib/format';
import { durationParts } from '@/lib/curriculum';

/** For server components: a lesson's or course's length as the page's language writes it ("1 h 05 min", bn: "১ ঘণ্টা ০৫ মিনিট"). */
export async function getDurationText(): Promise<(seconds: number) => string> {
  const [t, locale] = await Promise.all([getTranslations('lesson'), getLocale()]);
  return (seconds: number) => {
    const parts = durationParts(seconds);
    if ('hours' in parts) {
      // Minutes after the hours keep two digits: "1 h 05 min".
      return t('durationHours', { hours: parts.hours, minutes: formatNumber(parts.minutes, locale, { minimumIntegerDigits: 2 }) });
    }
    return 'minutes' in parts ? t('durationMinutes', { minutes: parts.minutes }) : t('durationSeconds', { seconds: parts.seconds });
  };
}
