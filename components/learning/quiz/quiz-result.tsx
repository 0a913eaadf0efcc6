import { CheckCircleIcon, CloseIcon } from '@/components/ui/icons';
import { formatScore } from '@/lib/quiz';
import type { AttemptResult, LearnerQuestion, QuestionResult } from '@/lib/quiz';

function answerText(question: LearnerQuestion, given: QuestionResult['given']): string {
  if (given === null) return 'Not answered';
  if (typeof given === 'number') return String(given);
  return question.options.filter((option) => given.includes(option.id)).map((option) => option.text).join('; ') || 'Not answered';
}

function rightAnswerText(question: LearnerQuestion, result: QuestionResult): string {
  if (result.numeric) return result.numeric.tolerance > 0 ? `${result.numeric.value} (± ${result.numeric.tolerance})` : String(result.numeric.value);
  return question.options.filter((option) => result.correctOptionIds.includes(option.id)).map((option) => option.text).join('; ');
}

/** A graded attempt: the score, pass or fail, and every question with the learner's answer, the right one and the explanation. */
export function QuizResult({ result, heading = 'Your result' }: { result: AttemptResult; heading?: string }) {
  const byQuestion = new Map(result.results.map((entry) => [entry.questionId, entry]));
  const verdict = result.late
    ? 'Submitted after the time limit: this attempt cannot pass.'
    : result.passed
      ? `Passed. The pass mark is ${result.passPercent} %.`
      : `Not passed yet. The pass mark is ${result.passPercent} %.`;

  return (
    <section aria-labelledby={`result-${result.id}`} className="space-y-4">
      <div className={`rounded-xl border p-4 sm:p-5 ${result.passed ? 'border-emerald-300 bg-emerald-50' : 'border-amber-300 bg-amber-50'}`}>
        <h2 id={`result-${result.id}`} className="text-lg font-bold text-slate-900">
          {heading}: {formatScore(result.scorePercent)}
        </h2>
        <p className="mt-1 text-slate-800">
          {result.correctCount} of {result.questionCount} right. {verdict}
        </p>
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
                  <span className="sr-only">{entry.correct ? 'Right' : 'Wrong'}: </span>
                  {index + 1}. {question.prompt}
                </span>
              </p>
              <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
                <dt className="font-medium text-slate-700">Your answer</dt>
                <dd className={entry.correct ? 'text-emerald-800' : 'text-red-800'}>{answerText(question, entry.given)}</dd>
                {entry.correct ? null : (
                  <>
                    <dt className="font-medium text-slate-700">Right answer</dt>
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
