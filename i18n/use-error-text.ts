'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { errorText } from './error-text';
import type { ErrorTranslator } from './error-text';

/** For client components: shows an English validation or server message in the page's language. */
export function useErrorText(): (english: string) => string {
  // Its keys are computed from the English text, so they are not known to the type checker.
  const t = useTranslations('errors') as unknown as ErrorTranslator;
  return useCallback((english: string) => errorText(t, english), [t]);
}
