'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { durationParts } from '@/lib/curriculum';

// Texts of the curriculum editor that are built from numbers.

/** "1 h 05 min", "12 min", "45 s" (lib/curriculum.ts durationParts) in the page's language. */
export function useDurationText(): (seconds: number) => string {
  const t = useTranslations('curriculumEditor.duration');
  return useCallback(
    (seconds: number) => {
      const parts = durationParts(seconds);
      if ('hours' in parts) return t('hours', parts);
      return 'minutes' in parts ? t('minutes', parts) : t('seconds', parts);
    },
    [t],
  );
}

/** "50 %", or a dash when nobody answered, in the page's digits. */
export function usePercentText(): (part: number, whole: number) => string {
  const t = useTranslations('curriculumEditor');
  return useCallback((part: number, whole: number) => (whole === 0 ? '–' : t('percent', { percent: Math.round((part / whole) * 100) })), [t]);
}

