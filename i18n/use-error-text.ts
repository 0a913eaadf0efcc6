'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { errorText } from './error-text';

/** For client components: shows an English validation or server message in the page's language. */
export function useErrorText(): (english: string) => string {
  const t = useTranslations('errors');
  return useCallback((english: string) => errorText(t, english), [t]);
}
