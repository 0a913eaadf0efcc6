'use client';

import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useErrorText } from '@/i18n/use-error-text';

// Labelled inputs for the admin forms: each has its error right under it, tied to the input with
// aria-describedby and aria-invalid so screen readers announce it. Errors arrive in English (the
// zod schemas' and the server's messages) and are shown in the page's language here, in one place.

type FieldFrameProps = { id: string; label: string; error?: string; hint?: string; className?: string; children: ReactNode };

export function FieldFrame({ id, label, error, hint, className = '', children }: FieldFrameProps) {
  const errorText = useErrorText();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className="field-error">
        {error && errorText(error)}
      </p>
    </div>
  );
}

export function describedBy(id: string, hint?: string): string {
  return hint ? `${id}-hint ${id}-error` : `${id}-error`;
}

type InputProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  className?: string;
  type?: 'text' | 'url' | 'date' | 'number';
  inputMode?: 'decimal' | 'numeric' | 'url' | 'text';
  step?: string;
  min?: number;
  placeholder?: string;
  autoComplete?: string;
};

export function TextField({ id, label, registration, error, hint, className, type = 'text', inputMode, step, min, placeholder, autoComplete = 'off' }: InputProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        step={step}
        min={min}
        placeholder={placeholder}
        autoComplete={autoComplete}
        className="input-field"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, hint)}
        {...registration}
      />
    </FieldFrame>
  );
}

type TextAreaProps = { id: string; label: string; registration: UseFormRegisterReturn; error?: string; rows?: number; className?: string };

export function TextAreaField({ id, label, registration, error, rows = 4, className }: TextAreaProps) {
  return (
    <FieldFrame id={id} label={label} error={error} className={className}>
      <textarea id={id} rows={rows} className="input-field resize-y" aria-invalid={Boolean(error)} aria-describedby={describedBy(id)} {...registration} />
    </FieldFrame>
  );
}

type SelectOption = { value: string; label: string; group?: string };

type SelectProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** Options with a `group` are shown under it (consecutive options of one group form one). */
  options: readonly SelectOption[];
  placeholder: string;
  error?: string;
  hint?: string;
  className?: string;
};

/** Consecutive options of the same group, together. */
function runsOf(options: readonly SelectOption[]): { group?: string; options: SelectOption[] }[] {
  const runs: { group?: string; options: SelectOption[] }[] = [];
  for (const option of options) {
    const last = runs.at(-1);
    if (last && last.group === option.group) last.options.push(option);
    else runs.push({ group: option.group, options: [option] });
  }
  return runs;
}

export function SelectField({ id, label, registration, options, placeholder, error, hint, className }: SelectProps) {
  const render = (option: SelectOption) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  );
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <select id={id} className="input-field h-[2.625rem]" aria-invalid={Boolean(error)} aria-describedby={describedBy(id, hint)} {...registration}>
        <option value="">{placeholder}</option>
        {runsOf(options).map((run, index) =>
          run.group === undefined ? (
            run.options.map(render)
          ) : (
            <optgroup key={`${run.group}-${index}`} label={run.group}>
              {run.options.map(render)}
            </optgroup>
          ),
        )}
      </select>
    </FieldFrame>
  );
}

/** The submit button with its busy text; `busy` covers saving and uploads still running. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="btn-primary w-full sm:w-auto sm:min-w-48" disabled={busy} aria-disabled={busy}>
      {busy ? (
        <>
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden />
          {busyLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}
