'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { ReactNode } from 'react';
import { useErrorText } from '@/i18n/use-error-text';
import { formatDate, formatNumber } from '@/lib/format';
import type { FormatLocale } from '@/lib/format';
import { formatScore } from '@/lib/quiz';
import type { AttemptRecord, QuizState } from '@/lib/quiz';
import { attemptProgress, canStart, formSubmitStep, submitNowStep } from './quiz-lesson-state';
import { QuizQuestion } from './quiz-question';
import { QuizResult } from './quiz-result';
import { OFFLINE_MESSAGE } from './quiz-api';
import { useQuizLesson } from './use-quiz-lesson';

type Props = { courseId: string; lessonId: string; initial: QuizState; signedIn: boolean; loginHref: string; onGraded?: (quiz: QuizState) => void };

/** The time left as "m:ss" in the reader's digits. */
function clock(seconds: number, locale: FormatLocale): string {
  return `${formatNumber(Math.floor(seconds / 60), locale)}:${formatNumber(seconds % 60, locale, { minimumIntegerDigits: 2 })}`;
}

function Rules({ state }: { state: QuizState }) {
  const t = useTranslations('quiz');
  const { summary, attemptsLeft } = state;
  const strong = (text: ReactNode) => <strong>{text}</strong>;
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-800">
      <li>{t.rich('questionCount', { count: summary.questionCount, strong })}</li>
      <li>{t.rich('passMark', { percent: summary.passPercent, strong })}</li>
      <li>{summary.timeLimitMinutes ? t.rich('timeLimit', { minutes: summary.timeLimitMinutes, strong }) : t('noTimeLimit')}</li>
      <li>{summary.maxAttempts === null ? t('unlimitedAttempts') : t.rich('attemptsLeft', { left: attemptsLeft ?? 0, max: summary.maxAttempts, strong })}</li>
    </ul>
  );
}

function History({ history }: { history: AttemptRecord[] }) {
  const t = useTranslations('quiz');
  const locale = useLocale();
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="quiz-history-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="quiz-history-heading" className="mb-2 font-bold text-brand-900">
        {t('yourAttempts')}
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-slate-700">
            <tr>
              <th scope="col" className="py-1 pr-4 font-semibold">{t('attempt')}</th>
              <th scope="col" className="py-1 pr-4 font-semibold">{t('submitted')}</th>
              <th scope="col" className="py-1 pr-4 font-semibold">{t('score')}</th>
              <th scope="col" className="py-1 font-semibold">{t('result')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((record) => (
              <tr key={record.id} className="border-t border-slate-100">
                <td className="py-1.5 pr-4">{formatNumber(record.number, locale)}</td>
                <td className="py-1.5 pr-4">
                  <time dateTime={record.submittedAt}>{formatDate(record.submittedAt, 'shortTime', locale)}</time>
                </td>
                <td className="py-1.5 pr-4 tabular-nums">{formatScore(record.scorePercent, locale)}</td>
                <td className={`py-1.5 font-semibold ${record.passed ? 'text-emerald-700' : 'text-slate-700'}`}>{record.passed ? t('passed') : record.late ? t('late') : t('notPassed')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * A quiz lesson in the player: its rules, then an attempt (all questions at once or one at a
 * time, the learner's choice; answers kept on this device if the page reloads), then the graded
 * result with explanations. The server starts, times and grades every attempt.
 */
export function QuizLesson({ courseId, lessonId, initial, signedIn, loginHref, onGraded }: Props) {
  const t = useTranslations('quiz');
  const locale = useLocale();
  const errorText = useErrorText();
  const { state: lesson, layout, draft, remaining, headingRef, start, submit, change, chooseLayout, moveTo, warnUnanswered } = useQuizLesson({ courseId, lessonId, initial, onGraded });
  const { quiz: state, attempt, result, current, busy, error, confirmUnanswered } = lesson;

  const startable = canStart(state);
  // Answers kept for later are not an error: they are sent once the connection returns.
  const errorMessage = !error ? null : error === OFFLINE_MESSAGE ? (
    <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-slate-900">
      {errorText(error)}
    </p>
  ) : (
    <p role="alert" className="field-error">
      {errorText(error)}
    </p>
  );

  if (attempt) {
    const questions = attempt.questions;
    const progress = attemptProgress(attempt, draft, layout, current);
    const { shown, answered, unanswered, last } = progress;
    return (
      <section aria-labelledby="quiz-attempt-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="quiz-attempt-heading" ref={headingRef} tabIndex={-1} className="text-lg font-bold text-brand-900 outline-none">
            {t('attemptHeading', { number: attempt.number })}
          </h2>
          {remaining !== null ? (
            <p role="timer" aria-live={remaining <= 60 ? 'polite' : 'off'} className={`rounded-lg px-3 py-1 font-semibold tabular-nums ${remaining <= 60 ? 'bg-red-50 text-red-800' : 'bg-slate-100 text-slate-800'}`}>
              {t('timeLeft', { time: clock(remaining, locale) })}
            </p>
          ) : null}
        </div>
        <div role="radiogroup" aria-label={t('showQuestions')} className="inline-flex rounded-lg border border-slate-300 p-0.5 text-sm">
          {(['all', 'one'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={layout === option}
              onClick={() => chooseLayout(option)}
              className={`rounded-md px-3 py-1.5 font-semibold ${layout === option ? 'bg-brand-600 text-white' : 'text-slate-800 hover:bg-slate-50'}`}
            >
              {option === 'all' ? t('allQuestions') : t('oneAtATime')}
            </button>
          ))}
        </div>
        <form
          className="space-y-4"
          aria-label={t('attemptForm', { number: attempt.number })}
          onSubmit={(event) => {
            event.preventDefault();
            const step = formSubmitStep(progress, confirmUnanswered);
            if (step === 'next') moveTo(current + 1);
            else if (step === 'warn') warnUnanswered();
            else void submit();
          }}
        >
          {shown.map((question) => {
            const index = questions.indexOf(question);
            return <QuizQuestion key={question.id} question={question} number={index + 1} total={questions.length} value={draft[question.id]} onChange={(value) => change(question.id, value)} />;
          })}
          <p className="text-sm text-slate-700" aria-live="polite">
            {t('answeredCount', { answered, total: questions.length })}
          </p>
          {confirmUnanswered ? (
            <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-slate-900">
              {t('unansweredWarning', { count: unanswered })}
            </p>
          ) : null}
          {errorMessage}
          <div className="flex flex-wrap gap-3">
            {layout === 'one' && current > 0 ? (
              <button type="button" className="btn-outline" onClick={() => moveTo(current - 1)}>
                {t('previousQuestion')}
              </button>
            ) : null}
            {last ? (
              <button type="submit" className="btn-primary" disabled={busy}>
                {busy ? t('submitting') : confirmUnanswered ? t('submitAnyway') : t('submitAnswers')}
              </button>
            ) : (
              <>
                <button type="submit" className="btn-primary">
                  {t('nextQuestion')}
                </button>
                <button type="button" className="btn-outline" disabled={busy} onClick={() => (submitNowStep(progress, confirmUnanswered) === 'warn' ? warnUnanswered() : void submit())}>
                  {busy ? t('submitting') : t('submitNow')}
                </button>
              </>
            )}
          </div>
        </form>
      </section>
    );
  }

  return (
    <div className="space-y-5">
      <section aria-labelledby="quiz-rules-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id="quiz-rules-heading" ref={headingRef} tabIndex={-1} className="font-bold text-brand-900 outline-none">
          {state.passed ? t('passedHeading') : t('aboutHeading')}
        </h2>
        <Rules state={state} />
        {!signedIn ? (
          <p className="text-slate-800">
            {t.rich('logInToTake', {
              login: (text) => (
                <Link href={loginHref} className="font-semibold text-brand-700 underline">
                  {text}
                </Link>
              ),
            })}
          </p>
        ) : startable ? (
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void start()}>
            {busy ? t('starting') : state.attemptsStarted > 0 ? t('tryAgain') : t('start')}
          </button>
        ) : (
          <p className="text-slate-800">{t('usedEveryAttempt')}</p>
        )}
        {errorMessage}
      </section>
      {result ? <QuizResult result={result} heading={t('attemptHeading', { number: result.number })} attemptsLimited={state.summary.maxAttempts !== null} /> : null}
      <History history={state.history} />
    </div>
  );
}
