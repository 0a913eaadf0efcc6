'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { LearnerQuestion } from '@/lib/quiz';

/**
 * An option's text as the learner reads it: a true/false question's two fixed options (stored as
 * "True" and "False", lib/quiz.ts) in the page's language, any other option as its admin wrote it.
 */
export function useOptionText(): (question: Pick<LearnerQuestion, 'kind'>, option: { id: string; text: string }) => string {
  const t = useTranslations('quiz');
  return useCallback(
    (question, option) => (question.kind === 'trueFalse' && (option.id === 'true' || option.id === 'false') ? t(option.id) : option.text),
    [t],
  );
}
