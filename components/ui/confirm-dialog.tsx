'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

type Props = {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** `danger` (the default) for what removes or cannot be undone; `primary` for what restores. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A modal confirmation on the native <dialog>: focus is trapped and Escape cancels. */
export function ConfirmDialog({ open, title, children, confirmLabel, tone = 'danger', busy = false, onConfirm, onCancel }: Props) {
  const t = useTranslations('ui');
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="confirm-dialog-title"
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-dialog-title" className="text-xl font-bold text-slate-900">{title}</h2>
      {children && <div className="mt-2 text-slate-700">{children}</div>}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className="btn border border-slate-300 text-slate-800 hover:bg-slate-50" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </button>
        <button type="button" className={tone === 'danger' ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
