import { useLocale, useTranslations } from 'next-intl';
import { CheckCircleIcon, CloseIcon } from '@/components/ui/icons';
import { formatScore, localDigits } from '@/lib/quiz';
import type { AttemptResult, LearnerQuestion, QuestionResult } from '@/lib/quiz';
import { useOptionText } from './option-text';

/**
 * A graded attempt: the score, pass or fail, and every question with the learner's answer marked
 * right or wrong; the right answer and the explanation once the quiz shows them.
 */
export function QuizResult({ result, heading, attemptsLimited = true }: { result: AttemptResult; heading?: string; attemptsLimited?: boolean }) {
  const t = useTranslations('quiz');
  const locale = useLocale();
  const optionText = useOptionText();
  const byQuestion = new Map(result.results.map((entry) => [entry.questionId, entry]));
  const verdict = result.late
    ? t('lateVerdict')
    : result.passed
      ? t('passedVerdict', { percent: result.passPercent })
      : t('notPassedVerdict', { percent: result.passPercent });

  const optionsText = (question: LearnerQuestion, ids: string[]) =>
    question.options
      .filter((option) => ids.includes(option.id))
      .map((option) => optionText(question, option))
      .join('; ');

  function answerText(question: LearnerQuestion, given: QuestionResult['given']): string {
    if (given === null) return t('notAnswered');
    if (typeof given === 'number') return localDigits(String(given), locale);
    return optionsText(question, given) || t('notAnswered');
  }

  function rightAnswerText(question: LearnerQuestion, entry: QuestionResult): string {
    if (entry.numeric) {
      const value = localDigits(String(entry.numeric.value), locale);
      return entry.numeric.tolerance > 0 ? `${value} (± ${localDigits(String(entry.numeric.tolerance), locale)})` : value;
    }
    return optionsText(question, entry.correctOptionIds ?? []);
  }

  return (
    <section aria-labelledby={`result-${result.id}`} className="space-y-4">
      <div className={`rounded-xl border p-4 sm:p-5 ${result.passed ? 'border-emerald-300 bg-emerald-50' : 'border-amber-300 bg-amber-50'}`}>
        <h2 id={`result-${result.id}`} className="text-lg font-bold text-slate-900">
          {heading ?? t('yourResult')}: {formatScore(result.scorePercent, locale)}
        </h2>
        <p className="mt-1 text-slate-800">
          {t('rightCount', { rightAnswers: result.correctCount, total: result.questionCount })} {verdict}
        </p>
        {result.answersShown ? null : <p className="mt-2 text-sm text-slate-700">{result.showAnswers === 'never' ? t('answersNeverShown') : attemptsLimited ? t('answersShownLater') : t('answersShownAfterPassing')}</p>}
      </div>
      <ol className="space-y-3">
        {result.questions.map((question, index) => {
          const entry = byQuestion.get(question.id);
          if (!entry) return null;
          return (
            <li key={question.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="flex items-start gap-2 font-semibold text-slate-900">
                {entry.correct ? <CheckCircleIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" /> : <CloseIcon className="mt-0.5 h-5 w-5 shrink-0 text-red-600" />}
                <span>
                  <span className="sr-only">{entry.correct ? t('right') : t('wrong')}: </span>
                  {localDigits(String(index + 1), locale)}. {question.prompt}
                </span>
              </p>
              <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
                <dt className="font-medium text-slate-700">{t('yourAnswer')}</dt>
                <dd className={entry.correct ? 'text-emerald-800' : 'text-red-800'}>{answerText(question, entry.given)}</dd>
                {entry.correct || !result.answersShown ? null : (
                  <>
                    <dt className="font-medium text-slate-700">{t('rightAnswer')}</dt>
                    <dd className="text-slate-900">{rightAnswerText(question, entry)}</dd>
                  </>
                )}
              </dl>
              {entry.explanation ? <p className="mt-2 whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm text-slate-800">{entry.explanation}</p> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
