'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import type { QuestionStatistics } from '@/server/catalogue/admin/curriculum';
import { quizStatisticsAction } from '@/server/actions/curriculum';
import { useErrorText } from '@/i18n/use-error-text';
import { usePercentText } from './curriculum-text';

type Statistics = { submissions: number; questions: QuestionStatistics[] };

/** How learners answered each question (loaded when asked for): a question most get wrong, or an option nobody picks, stands out. */
export function QuizStatistics({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const t = useTranslations('curriculumEditor.statistics');
  const tQuestion = useTranslations('curriculumEditor.question');
  const locale = useLocale();
  const errorText = useErrorText();
  const percent = usePercentText();
  const [statistics, setStatistics] = useState<Statistics | null>(null);
  const [error, setError] = useState('');
  const [pending, startTransition] = useTransition();

  function load() {
    startTransition(async () => {
      const result = await quizStatisticsAction(courseId, lessonId, locale);
      if (result.ok) {
        setStatistics(result.data);
        setError('');
      } else setError(errorText(result.message));
    });
  }

  return (
    <section aria-label={t('label')} className="space-y-3 border-t border-slate-200 pt-4">
      <button type="button" className="btn-outline px-3 py-1 text-sm" disabled={pending} onClick={load}>
        {pending ? t('loading') : statistics ? t('refresh') : t('show')}
      </button>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      {statistics ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-800">
            {t('submissions', { count: statistics.submissions })}
          </p>
          <ol className="space-y-2">
            {statistics.questions.map((question, index) => (
              <li key={question.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                <p className="font-semibold text-slate-900">
                  {t('questionPrompt', { number: index + 1, prompt: question.prompt })}
                </p>
                <p className="text-slate-700">
                  {t('answered', { answered: question.answered, right: percent(question.correct, question.answered) })}
                </p>
                {question.options.length > 0 ? (
                  <table className="mt-1 w-full text-left">
                    <caption className="sr-only">{t('caption', { number: index + 1 })}</caption>
                    <tbody>
                      {question.options.map((option) => (
                        <tr key={option.id}>
                          <th scope="row" className={`py-0.5 pr-3 font-normal ${option.correct ? 'font-semibold text-emerald-800' : 'text-slate-800'}`}>
                            {/* True and False are stored in English; the page's own words name them. */}
                            {question.kind === 'trueFalse' && (option.id === 'true' || option.id === 'false') ? tQuestion(option.id) : option.text}
                            {option.correct ? <span className="sr-only"> {t('right')}</span> : null}
                          </th>
                          <td className="w-24 py-0.5 tabular-nums text-slate-800">
                            {t('chosen', { chosen: option.chosen, percent: percent(option.chosen, question.answered) })}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
