import { durationParts } from './curriculum';
import { formatNumber } from './format';
import type { FormatLocale } from './format';

/** The `lesson` messages a length is written with. */
export type DurationMessages = (key: 'durationHours' | 'durationMinutes' | 'durationSeconds', values: Record<string, string | number>) => string;

/** A lesson's or course's length as `locale` writes it ("1 h 05 min", bn: "১ ঘণ্টা ০৫ মিনিট"), with the `lesson` messages `t`. */
export function durationTextWith(t: DurationMessages, locale: FormatLocale): (seconds: number) => string {
  return (seconds) => {
    const parts = durationParts(seconds);
    // Minutes after the hours keep two digits: "1 h 05 min".
    if ('hours' in parts) return t('durationHours', { hours: parts.hours, minutes: formatNumber(parts.minutes, locale, { minimumIntegerDigits: 2 }) });
    return 'minutes' in parts ? t('durationMinutes', { minutes: parts.minutes }) : t('durationSeconds', { seconds: parts.seconds });
  };
}
