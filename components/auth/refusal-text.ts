'use client';

import { useCallback } from 'react';
import { answerFieldError } from '@/i18n/error-text';
import { useErrorText } from '@/i18n/use-error-text';
import type { JsonAnswer } from './post-json';

/**
 * What a refused answer says, in the page's language: its message about the first of `fields`
 * that has one, else its general message, else `fallback` (an answer with none: the network).
 */
export function useRefusalText(fallback: string) {
  const errorText = useErrorText();
  return useCallback(
    (answer: JsonAnswer, ...fields: string[]) => {
      const fieldError = fields.map((field) => answerFieldError(answer.body, field)).find((message) => message !== undefined);
      if (fieldError) return errorText(fieldError);
      return answer.body.message ? errorText(answer.body) : fallback;
    },
    [errorText, fallback],
  );
}
