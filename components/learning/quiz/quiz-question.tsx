'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import type { LearnerQuestion } from '@/lib/quiz';
import { useOptionText } from './option-text';

type Props = {
  question: LearnerQuestion;
  number: number;
  total: number;
  /** Chosen option ids, or the number typed as text (kept as typed until submitted). */
  value: string[] | string | undefined;
  onChange: (value: string[] | string) => void;
};

/** One question of an attempt: a fieldset whose legend is the question, options as radios or checkboxes, or a number box. */
export function QuizQuestion({ question, number, total, value, onChange }: Props) {
  const t = useTranslations('quiz');
  const optionText = useOptionText();
  const id = useId();
  const chosen = Array.isArray(value) ? value : [];
  const hint = question.kind === 'multiple' ? t('hintMultiple') : question.kind === 'numeric' ? t('hintNumeric') : null;

  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="sr-only">{t('questionOf', { number, total })}</legend>
      <p aria-hidden="true" className="text-sm font-semibold text-brand-700">
        {t('questionOf', { number, total })}
      </p>
      <p className="mt-1 whitespace-pre-line text-lg font-semibold text-slate-900">{question.prompt}</p>
      {question.imageUrl ? (
        // An admin's picture of any size (an upload or an https address), shown as it is.
        // eslint-disable-next-line @next/next/no-img-element -- unknown size, possibly on any https host (like image-field.tsx)
        <img src={question.imageUrl} alt={question.imageAlt ?? ''} className="mt-3 max-h-72 max-w-full rounded-lg border border-slate-200" loading="lazy" />
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-2 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}

      {question.kind === 'numeric' ? (
        <div className="mt-3 max-w-xs">
          <label htmlFor={`${id}-number`} className="mb-1 block text-sm font-medium text-slate-800">
            {t('yourAnswer')}
          </label>
          <input
            id={`${id}-number`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className="input-field"
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
        </div>
      ) : (
        <ul className="mt-3 space-y-2">
          {question.options.map((option) => {
            const checked = chosen.includes(option.id);
            const multiple = question.kind === 'multiple';
            return (
              <li key={option.id}>
                <label
                  className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-slate-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${checked ? 'border-brand-600 bg-brand-50' : 'border-slate-300 hover:bg-slate-50'}`}
                >
                  <input
                    type={multiple ? 'checkbox' : 'radio'}
                    name={`${id}-options`}
                    value={option.id}
                    checked={checked}
                    onChange={() => onChange(multiple ? (checked ? chosen.filter((other) => other !== option.id) : [...chosen, option.id]) : [option.id])}
                    className="mt-1 h-4 w-4 shrink-0"
                  />
                  <span className="whitespace-pre-line">{optionText(question, option)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
