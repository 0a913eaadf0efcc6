'use client';

import type { ReactNode } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';

type Props = {
  /** The button's text, and what it acts on for screen readers (e.g. "for Physics, by a@b.c"). */
  label: string;
  srLabel: string;
  title: string;
  description: ReactNode;
  submitLabel: string;
  reasonLabel: string;
  reasonHint?: string;
  minLength?: number;
  maxLength: number;
  /** The reason field's id, unique on the page. */
  reasonId: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  busy: boolean;
  error: string | null;
  onSubmit: (form: FormData) => void;
};

/** A red admin action that asks for a reason first (refusing a refund request, paying back a held payment). */
export function ReasonDialogButton({ label, srLabel, title, description, submitLabel, reasonLabel, reasonHint, minLength, maxLength, reasonId, open, onOpen, onClose, busy, error, onSubmit }: Props) {
  const hintId = `${reasonId}-hint`;
  return (
    <>
      <button type="button" className="btn border border-red-700 px-3 py-1 text-red-700 hover:bg-red-50" onClick={onOpen}>
        {label}
        <span className="sr-only"> {srLabel}</span>
      </button>
      <FormDialog open={open} title={title} description={description} submitLabel={submitLabel} tone="danger" busy={busy} error={error} onSubmit={onSubmit} onCancel={onClose}>
        <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-slate-900">
          {reasonLabel}
        </label>
        <textarea
          id={reasonId}
          name="reason"
          rows={4}
          required
          minLength={minLength}
          maxLength={maxLength}
          className="input-field"
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={reasonHint ? hintId : undefined}
        />
        {reasonHint ? (
          <p id={hintId} className="mt-1 text-sm text-slate-600">
            {reasonHint}
          </p>
        ) : null}
      </FormDialog>
    </>
  );
}
