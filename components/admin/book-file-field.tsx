'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { BOOK_FILE_ACCEPT, BOOK_FILE_MAX_BYTES, formatFileSize } from '@/lib/book-file-upload';
import type { BookFormat } from '@/lib/catalogue';
import { FieldFrame, describedBy } from './form-fields';

type Props = {
  id: string;
  /** The format chosen in the form; the file must match it (the server checks the bytes too). */
  format: BookFormat | '';
  file: File | null;
  onChange: (file: File | null) => void;
  /** Upload progress in percent while the file is being sent. */
  progress: number | null;
  /** Whether the book already has a file (update form): a new one replaces it. */
  hasFile?: boolean;
  /** Add form: a book is sold only with its file. `missing` is set when the form was sent without one. */
  required?: boolean;
  missing?: boolean;
};

const EXTENSION: Record<BookFormat, string> = { PDF: '.pdf', MP3: '.mp3' };
const MIME: Record<BookFormat, string> = { PDF: 'application/pdf', MP3: 'audio/mpeg' };

type Problem = 'fileEmpty' | 'fileTooLarge' | 'chooseFormatFirst' | 'formatMismatch';

/** A quick check in the browser so obvious mistakes never start a long upload (the problem's message). */
function problemWith(file: File, format: BookFormat | ''): Problem | null {
  if (file.size === 0) return 'fileEmpty';
  if (file.size > BOOK_FILE_MAX_BYTES) return 'fileTooLarge';
  if (!format) return 'chooseFormatFirst';
  const matches = file.type === MIME[format] || file.name.toLowerCase().endsWith(EXTENSION[format]);
  return matches ? null : 'formatMismatch';
}

/** The book's downloadable PDF or MP3, sent after the book is saved; its size becomes the book's file size. */
export function BookFileField({ id, format, file, onChange, progress, hasFile = false, required = false, missing = false }: Props) {
  const t = useTranslations('bookForm.file');
  const locale = useLocale();
  const [problem, setProblem] = useState<string | null>(null);
  const note = hasFile ? t('replacesCurrent') : required ? null : t('notOnSaleWithoutFile');
  const hint = [format ? t('hintFormat', { format }) : t('hintAny'), note].filter(Boolean).join(' ');

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0] ?? null;
    const issue = chosen ? problemWith(chosen, format) : null;
    setProblem(issue && t(issue, { format }));
    if (issue) event.currentTarget.value = '';
    onChange(issue ? null : chosen);
  }

  return (
    <FieldFrame id={id} label={required ? t('label') : t('labelOptional')} error={problem ?? (missing ? t('missing') : undefined)} hint={hint}>
      <input
        id={id}
        type="file"
        accept={format ? BOOK_FILE_ACCEPT[format] : `${BOOK_FILE_ACCEPT.PDF},${BOOK_FILE_ACCEPT.MP3}`}
        className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
        aria-invalid={Boolean(problem ?? missing)}
        aria-required={required}
        aria-describedby={describedBy(id, hint)}
        onChange={choose}
      />
      {file ? <p className="mt-1 text-sm text-slate-700">{`${file.name} (${formatFileSize(file.size, locale)})`}</p> : null}
      {progress !== null ? (
        <div className="mt-2">
          <progress max={100} value={progress} className="h-2 w-full" aria-label={t('progress')} />
          <p role="status" className="text-sm text-slate-700">
            {t('uploading', { progress })}
          </p>
        </div>
      ) : null}
    </FieldFrame>
  );
}
