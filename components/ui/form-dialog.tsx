'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';

type Props = {
  open: boolean;
  title: string;
  /** What the dialog is about, read out with its title. */
  description: ReactNode;
  /** The form's fields; the first one takes the focus when the dialog opens. */
  children: ReactNode;
  submitLabel: string;
  busy?: boolean;
  /** The server's answer when it refused, announced at once. */
  error?: string | null;
  /** Red for what cannot be undone (refusing), the brand colour otherwise. */
  tone?: 'primary' | 'danger';
  onSubmit: (form: FormData) => void;
  onCancel: () => void;
};

/**
 * A modal form on the native <dialog>, like ConfirmDialog: focus moves into it and stays there,
 * Escape cancels, and the browser gives focus back to the button that opened it on close.
 */
export function FormDialog({ open, title, description, children, submitLabel, busy = false, error = null, tone = 'primary', onSubmit, onCancel }: Props) {
  const t = useTranslations('ui');
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // The form's first field, whatever the browser's own choice (the dialog itself, in some).
      element.querySelector<HTMLElement>('textarea, input, select')?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onSubmit(new FormData(event.currentTarget));
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {/* Remounted on every opening, so a cancelled draft does not come back. */}
      {open ? (
        <form onSubmit={submit} noValidate>
          <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">{title}</h2>
          <div id={`${id}-description`} className="mt-2 text-slate-700">{description}</div>
          <div className="mt-4">{children}</div>
          <p role="alert" className="field-error min-h-5">{error}</p>
          <div className="mt-2 flex flex-wrap justify-end gap-3">
            <button type="button" className="btn border border-slate-300 text-slate-800 hover:bg-slate-50" onClick={onCancel} disabled={busy}>
              {t('cancel')}
            </button>
            <button type="submit" className={tone === 'danger' ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'} disabled={busy}>
              {busy ? t('sending') : submitLabel}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
