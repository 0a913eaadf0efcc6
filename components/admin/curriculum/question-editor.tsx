'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useImageUpload } from '@/components/media/use-image-upload';
import { IMAGE_TYPES } from '@/lib/media';
import { QUESTION_KINDS, TRUE_FALSE_OPTIONS } from '@/lib/quiz';
import type { QuestionKind, QuestionText, QuizOption } from '@/lib/quiz';
import { QUIZ_LIMITS } from '@/lib/schemas/quiz';
import type { Translations } from '@/lib/translated-content';
import { MoveButtons } from './move-buttons';
import { TranslationFieldsets } from '../translation-fieldsets';

/** A question as the editor holds it: numbers as typed, so a half-typed "-" is not lost. */
export type DraftQuestion = {
  id: string;
  kind: QuestionKind;
  prompt: string;
  imageUrl: string;
  imageAlt: string;
  explanation: string;
  /** Each option with its translated texts. */
  options: QuizOption[];
  numeric: { value: string; tolerance: string };
  translations: Translations<QuestionText>;
};

/** Ids only have to be unique within the quiz; the server keeps them so statistics stay attached. */
export function newPartId(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 10)}`;
}

export function blankQuestion(kind: QuestionKind = 'single'): DraftQuestion {
  return { id: newPartId('q'), kind, prompt: '', imageUrl: '', imageAlt: '', explanation: '', options: optionsFor(kind, []), numeric: { value: '', tolerance: '0' }, translations: {} };
}

/** The options a question of `kind` starts with when its type changes (what fits is kept). */
function optionsFor(kind: QuestionKind, current: DraftQuestion['options']): DraftQuestion['options'] {
  if (kind === 'numeric') return [];
  if (kind === 'trueFalse') return TRUE_FALSE_OPTIONS.map(({ id, text }, index) => ({ id, text, correct: index === 0 }));
  const kept = current.filter((option) => option.id !== 'true' && option.id !== 'false');
  const options = kept.length >= 2 ? kept : [...kept, ...Array.from({ length: 2 - kept.length }, () => ({ id: newPartId('o'), text: '', correct: false }))];
  if (kind === 'single') {
    // One right answer: the first one marked stays marked.
    const first = options.findIndex((option) => option.correct);
    return options.map((option, index) => ({ ...option, correct: index === first }));
  }
  return options;
}

type Props = {
  question: DraftQuestion;
  number: number;
  total: number;
  busy: boolean;
  onChange: (question: DraftQuestion) => void;
  onMove: (direction: 'up' | 'down') => void;
  onDelete: () => void;
};

/** One question in the quiz editor: its type, text, picture, answers and explanation. */
export function QuestionEditor({ question, number, total, busy, onChange, onMove, onDelete }: Props) {
  const t = useTranslations('curriculumEditor.question');
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const set = (changes: Partial<DraftQuestion>) => onChange({ ...question, ...changes });
  const setOption = (optionId: string, changes: Partial<DraftQuestion['options'][number]>) =>
    set({ options: question.options.map((option) => (option.id === optionId ? { ...option, ...changes } : option)) });
  const { uploading, uploadError, upload } = useImageUpload((url) => set({ imageUrl: url }));
  const markCorrect = (optionId: string) =>
    set({
      options: question.options.map((option) =>
        question.kind === 'multiple' ? (option.id === optionId ? { ...option, correct: !option.correct } : option) : { ...option, correct: option.id === optionId },
      ),
    });

  const label = t('named', { number });
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-2 sm:p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="min-w-0 flex-1 font-semibold text-slate-900">{t('heading', { number })}</h4>
        <MoveButtons label={label} first={number === 1} last={number === total} busy={busy} onMove={onMove} />
        <button type="button" className="btn border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50" disabled={busy} onClick={onDelete}>
          {t('delete')}
          <span className="sr-only"> {label}</span>
        </button>
      </div>

      <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <div>
          <label htmlFor={field('kind')} className="mb-1 block text-sm font-medium text-slate-800">
            {t('type')}
          </label>
          <select id={field('kind')} className="input-field" value={question.kind} onChange={(event) => {
            const kind = event.currentTarget.value as QuestionKind;
            set({ kind, options: optionsFor(kind, question.options) });
          }}>
            {QUESTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={field('prompt')} className="mb-1 block text-sm font-medium text-slate-800">
            {t('prompt')}
          </label>
          <textarea id={field('prompt')} rows={2} maxLength={QUIZ_LIMITS.prompt} className="input-field resize-y" value={question.prompt} onChange={(event) => set({ prompt: event.currentTarget.value })} />
        </div>
      </div>

      {question.kind === 'single' || question.kind === 'multiple' ? (
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {question.kind === 'single' ? t('optionsSingle') : t('optionsMultiple')}
          </legend>
          {question.options.map((option, index) => (
            <div key={option.id} className="flex items-center gap-2">
              <input
                type={question.kind === 'single' ? 'radio' : 'checkbox'}
                name={field('correct')}
                checked={option.correct}
                onChange={() => markCorrect(option.id)}
                aria-label={t('optionIsRight', { number: index + 1 })}
                className="h-4 w-4 shrink-0"
              />
              <input
                aria-label={t('option', { number: index + 1 })}
                className="input-field"
                maxLength={QUIZ_LIMITS.option}
                value={option.text}
                onChange={(event) => setOption(option.id, { text: event.currentTarget.value })}
              />
              <button
                type="button"
                className="btn border border-slate-300 px-2 py-1 text-slate-800 hover:bg-slate-50"
                disabled={question.options.length <= 2}
                onClick={() => set({ options: question.options.filter((other) => other.id !== option.id) })}
              >
                <span aria-hidden="true">×</span>
                <span className="sr-only">{t('removeOption', { number: index + 1 })}</span>
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn-outline px-3 py-1 text-sm"
            disabled={question.options.length >= QUIZ_LIMITS.options}
            onClick={() => set({ options: [...question.options, { id: newPartId('o'), text: '', correct: false }] })}
          >
            {t('addOption')}
          </button>
        </fieldset>
      ) : null}

      {question.kind === 'trueFalse' ? (
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('statementIs')}</legend>
          <div className="flex gap-4">
            {question.options.map((option) => (
              <label key={option.id} className="flex items-center gap-2 text-slate-900">
                <input type="radio" name={field('truth')} checked={option.correct} onChange={() => markCorrect(option.id)} className="h-4 w-4" />
                {/* The stored texts are the English "True" and "False"; the label follows the page's language. */}
                {option.id === 'true' ? t('true') : t('false')}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {question.kind === 'numeric' ? (
        <div className="grid max-w-md gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={field('value')} className="mb-1 block text-sm font-medium text-slate-800">
              {t('rightAnswer')}
            </label>
            <input id={field('value')} inputMode="decimal" className="input-field" value={question.numeric.value} onChange={(event) => set({ numeric: { ...question.numeric, value: event.currentTarget.value } })} />
          </div>
          <div>
            <label htmlFor={field('tolerance')} className="mb-1 block text-sm font-medium text-slate-800">
              {t('tolerance')}
            </label>
            <input id={field('tolerance')} inputMode="decimal" className="input-field" value={question.numeric.tolerance} onChange={(event) => set({ numeric: { ...question.numeric, tolerance: event.currentTarget.value } })} />
          </div>
        </div>
      ) : null}

      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={field('image')} className="mb-1 block text-sm font-medium text-slate-800">
            {t('image')}
          </label>
          <input id={field('image')} inputMode="url" className="input-field" placeholder="/media/… or https://…" value={question.imageUrl} onChange={(event) => set({ imageUrl: event.currentTarget.value })} />
          <label className="mt-1 inline-block cursor-pointer text-sm font-semibold text-brand-700 hover:underline has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500">
            {uploading ? t('uploading') : t('uploadImage')}
            <input type="file" accept={IMAGE_TYPES.join(',')} className="sr-only" disabled={uploading} onChange={(event) => void upload(event)} />
          </label>
          {uploadError ? (
            <p role="alert" className="field-error">
              {uploadError}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={field('alt')} className="mb-1 block text-sm font-medium text-slate-800">
            {t('imageAlt')}
          </label>
          <input id={field('alt')} className="input-field" value={question.imageAlt} onChange={(event) => set({ imageAlt: event.currentTarget.value })} />
        </div>
      </div>

      <div>
        <label htmlFor={field('explanation')} className="mb-1 block text-sm font-medium text-slate-800">
          {t('explanation')}
        </label>
        <textarea id={field('explanation')} rows={2} maxLength={QUIZ_LIMITS.explanation} className="input-field resize-y" value={question.explanation} onChange={(event) => set({ explanation: event.currentTarget.value })} />
      </div>

      <TranslationFieldsets>
        {(locale, language) => {
          const texts = question.translations[locale] ?? {};
          const setText = (changes: Partial<QuestionText>) => set({ translations: { ...question.translations, [locale]: { ...texts, ...changes } } });
          const inputId = (part: string) => field(`${locale}-${part}`);
          return (
            <>
              <div>
                <label htmlFor={inputId('prompt')} className="mb-1 block text-sm font-medium text-slate-800">
                  {t('translatedPrompt', { language })}
                </label>
                <textarea id={inputId('prompt')} rows={2} maxLength={QUIZ_LIMITS.prompt} className="input-field resize-y" value={texts.prompt ?? ''} onChange={(event) => setText({ prompt: event.currentTarget.value })} />
              </div>
              {/* True and False are the pages' own words in every language: only written options are translated. */}
              {question.kind === 'single' || question.kind === 'multiple'
                ? question.options.map((option, index) => (
                    <div key={option.id}>
                      <label htmlFor={inputId(`option-${option.id}`)} className="mb-1 block text-sm font-medium text-slate-800">
                        {t('translatedOption', { language, number: index + 1 })}
                      </label>
                      <input
                        id={inputId(`option-${option.id}`)}
                        className="input-field"
                        maxLength={QUIZ_LIMITS.option}
                        value={option.translations?.[locale]?.text ?? ''}
                        onChange={(event) => setOption(option.id, { translations: { ...option.translations, [locale]: { text: event.currentTarget.value } } })}
                      />
                    </div>
                  ))
                : null}
              <div className="grid gap-3 sm:grid-cols-2">
                <div>
                  <label htmlFor={inputId('alt')} className="mb-1 block text-sm font-medium text-slate-800">
                    {t('translatedImageAlt', { language })}
                  </label>
                  <input id={inputId('alt')} className="input-field" value={texts.imageAlt ?? ''} onChange={(event) => setText({ imageAlt: event.currentTarget.value })} />
                </div>
                <div>
                  <label htmlFor={inputId('explanation')} className="mb-1 block text-sm font-medium text-slate-800">
                    {t('translatedExplanation', { language })}
                  </label>
                  <textarea id={inputId('explanation')} rows={2} maxLength={QUIZ_LIMITS.explanation} className="input-field resize-y" value={texts.explanation ?? ''} onChange={(event) => setText({ explanation: event.currentTarget.value })} />
                </div>
              </div>
            </>
          );
        }}
      </TranslationFieldsets>
    </li>
  );
}
