'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { errorText } from './error-text';
import type { ErrorAnswer, ErrorTranslator } from './error-text';

/** For client components: shows a coded message (or an API's refusal) in the page's language. */
export function useErrorText(): (message: string | ErrorAnswer) => string {
  // Codes arrive at run time, so the type checker cannot know them.
  const t = useTranslations('errors') as unknown as ErrorTranslator;
  return useCallback((message: string | ErrorAnswer) => errorText(t, message), [t]);
}
