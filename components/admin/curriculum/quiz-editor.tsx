'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { ANSWER_REVEALS, DEFAULT_ANSWER_REVEAL } from '@/lib/quiz';
import type { AnswerReveal, Quiz } from '@/lib/quiz';
import type { QuizInput } from '@/lib/schemas/quiz';
import { QUIZ_LIMITS } from '@/lib/schemas/quiz';
import { saveQuizAction } from '@/server/actions/curriculum';
import { useErrorText } from '@/i18n/use-error-text';
import { QuestionEditor, blankQuestion } from './question-editor';
import type { DraftQuestion } from './question-editor';
import { QuizStatistics } from './quiz-statistics';
import { useCurriculumAction } from './use-curriculum-action';

type Draft = {
  passPercent: string;
  timeLimitMinutes: string;
  maxAttempts: string;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  showAnswers: AnswerReveal;
  questions: DraftQuestion[];
};

function draftOf(quiz: Quiz | undefined): Draft {
  return {
    passPercent: String(quiz?.passPercent ?? 60),
    timeLimitMinutes: quiz?.timeLimitMinutes === undefined ? '' : String(quiz.timeLimitMinutes),
    maxAttempts: quiz?.maxAttempts === undefined ? '' : String(quiz.maxAttempts),
    shuffleQuestions: quiz?.shuffleQuestions ?? false,
    shuffleOptions: quiz?.shuffleOptions ?? false,
    showAnswers: quiz?.showAnswers ?? DEFAULT_ANSWER_REVEAL,
    questions: (quiz?.questions ?? []).map((question) => ({
      id: question.id,
      kind: question.kind,
      prompt: question.prompt,
      imageUrl: question.imageUrl ?? '',
      imageAlt: question.imageAlt ?? '',
      explanation: question.explanation ?? '',
      options: question.options,
      numeric: { value: question.numeric ? String(question.numeric.value) : '', tolerance: String(question.numeric?.tolerance ?? 0) },
      translations: question.translations ?? {},
    })),
  };
}

/** What the server action checks: a numeric question's answer as typed, the rest as is. */
function inputOf(draft: Draft): QuizInput {
  return {
    ...draft,
    questions: draft.questions.map(({ numeric, ...question }) => ({ ...question, ...(question.kind === 'numeric' ? { numeric } : {}) })),
  };
}

/** A quiz lesson's settings and questions: edited here, saved together with "Save quiz". */
export function QuizEditor({ courseId, lessonId, quiz }: { courseId: string; lessonId: string; quiz: Quiz | undefined }) {
  const t = useTranslations('curriculumEditor.quiz');
  const errorText = useErrorText();
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(quiz));
  const { pending, fieldErrors, run } = useCurriculumAction();
  const field = (name: string) => `${id}-${name}`;
  const problems = Object.values(fieldErrors).flat().filter((message): message is string => Boolean(message));

  const setQuestion = (index: number, question: DraftQuestion) => setDraft({ ...draft, questions: draft.questions.map((other, at) => (at === index ? question : other)) });
  const moveQuestion = (index: number, direction: 'up' | 'down') => {
    const target = direction === 'up' ? index - 1 : index + 1;
    const questions = [...draft.questions];
    const [moved] = questions.splice(index, 1);
    if (!moved || target < 0 || target > questions.length) return;
    questions.splice(target, 0, moved);
    setDraft({ ...draft, questions });
  };

  return (
    <section aria-label={t('heading')} className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-2 sm:p-4">
      <h3 className="font-bold text-brand-900">{t('heading')}</h3>
      <form
        className="space-y-4"
        aria-label={t('editForm')}
        onSubmit={(event) => {
          event.preventDefault();
          run(() => saveQuizAction(courseId, lessonId, inputOf(draft)), t('saved'));
        }}
      >
        <div className="grid gap-3 sm:grid-cols-3">
          <div>
            <label htmlFor={field('pass')} className="mb-1 block text-sm font-medium text-slate-800">
              {t('passMark')}
            </label>
            <input id={field('pass')} type="number" min={0} max={100} className="input-field" value={draft.passPercent} onChange={(event) => setDraft({ ...draft, passPercent: event.currentTarget.value })} />
          </div>
          <div>
            <label htmlFor={field('time')} className="mb-1 block text-sm font-medium text-slate-800">
              {t('timeLimit')}
            </label>
            <input id={field('time')} type="number" min={1} max={QUIZ_LIMITS.minutes} placeholder={t('none')} className="input-field" value={draft.timeLimitMinutes} onChange={(event) => setDraft({ ...draft, timeLimitMinutes: event.currentTarget.value })} />
          </div>
          <div>
            <label htmlFor={field('attempts')} className="mb-1 block text-sm font-medium text-slate-800">
              {t('attempts')}
            </label>
            <input id={field('attempts')} type="number" min={1} max={QUIZ_LIMITS.attempts} placeholder={t('unlimited')} className="input-field" value={draft.maxAttempts} onChange={(event) => setDraft({ ...draft, maxAttempts: event.currentTarget.value })} />
          </div>
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-800">
          <label className="flex items-center gap-2">
            <input type="checkbox" className="h-4 w-4" checked={draft.shuffleQuestions} onChange={(event) => setDraft({ ...draft, shuffleQuestions: event.currentTarget.checked })} />
            {t('shuffleQuestions')}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="h-4 w-4" checked={draft.shuffleOptions} onChange={(event) => setDraft({ ...draft, shuffleOptions: event.currentTarget.checked })} />
            {t('shuffleOptions')}
          </label>
        </div>
        <div className="max-w-md">
          <label htmlFor={field('showAnswers')} className="mb-1 block text-sm font-medium text-slate-800">
            {t('showAnswers')}
          </label>
          <select id={field('showAnswers')} className="input-field" value={draft.showAnswers} onChange={(event) => setDraft({ ...draft, showAnswers: event.currentTarget.value as AnswerReveal })}>
            {ANSWER_REVEALS.map((reveal) => (
              <option key={reveal} value={reveal}>
                {t(`showAnswersOption.${reveal}`)}
              </option>
            ))}
          </select>
        </div>

        {draft.questions.length === 0 ? <p className="text-sm text-slate-700">{t('noQuestions')}</p> : null}
        <ol className="space-y-3">
          {draft.questions.map((question, index) => (
            <QuestionEditor
              key={question.id}
              question={question}
              number={index + 1}
              total={draft.questions.length}
              busy={pending}
              onChange={(changed) => setQuestion(index, changed)}
              onMove={(direction) => moveQuestion(index, direction)}
              onDelete={() => setDraft({ ...draft, questions: draft.questions.filter((_, at) => at !== index) })}
            />
          ))}
        </ol>

        {problems.length > 0 ? (
          <ul role="alert" className="list-inside list-disc rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {problems.map((message) => (
              <li key={message}>{errorText(message)}</li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="btn-outline"
            disabled={draft.questions.length >= QUIZ_LIMITS.questions}
            onClick={() => setDraft({ ...draft, questions: [...draft.questions, blankQuestion()] })}
          >
            {t('addQuestion')}
          </button>
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? t('saving') : t('save')}
          </button>
        </div>
      </form>
      {quiz ? <QuizStatistics courseId={courseId} lessonId={lessonId} /> : null}
    </section>
  );
}
