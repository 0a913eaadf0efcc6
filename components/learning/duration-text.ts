import 'server-only';
import { getLocale, getTranslations } from 'next-intl/server';
import type { FormatLocale } from '@/lib/format';
import { durationTextWith } from '@/lib/duration-text';

/** For server components: a lesson's or course's length as the page's language writes it (lib/duration-text.ts). */
export async function getDurationText(): Promise<(seconds: number) => string> {
  const [t, locale] = await Promise.all([getTranslations('lesson'), getLocale()]);
  return durationTextWith(t, locale as FormatLocale);
}
