'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatFileSize } from '@/lib/book-file-upload';
import { formatNumber } from '@/lib/format';
import { LESSON_UPLOAD_ACCEPT, LESSON_UPLOAD_MAX_BYTES, LESSON_UPLOAD_URL } from '@/lib/schemas/curriculum';
import type { LessonUploadPart } from '@/lib/schemas/curriculum';
import { useErrorText } from '@/i18n/use-error-text';
import { uploadRawFile } from '../upload-raw-file';

type Props = {
  courseId: string;
  lessonId: string;
  part: LessonUploadPart;
  current?: { name: string; length: number };
};

/**
 * Uploads a lesson's video, download or notes as soon as the file is chosen, with a progress bar;
 * the server checks the bytes. A failed upload can be tried again with the same file.
 */
export function LessonUploadField({ courseId, lessonId, part, current }: Props) {
  const t = useTranslations('curriculumEditor.upload');
  const locale = useLocale();
  const errorText = useErrorText();
  const id = useId();
  const router = useRouter();
  // The file whose upload failed, kept for "Try again".
  const [failed, setFailed] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const max = LESSON_UPLOAD_MAX_BYTES[part];
  const label = t(`labels.${part}`);
  const size = (bytes: number) => formatFileSize(bytes, locale);

  async function upload(file: File) {
    setFailed(null);
    if (file.size > max) return setError(t('tooLarge', { size: size(max) }));
    setError('');
    setProgress(0);
    const query = new URLSearchParams({ courseId, lessonId, part });
    const answer = await uploadRawFile(`${LESSON_UPLOAD_URL}?${query}`, file, setProgress, { 'X-File-Name': encodeURIComponent(file.name) });
    setProgress(null);
    if (!answer.ok) {
      setFailed(file);
      return setError(errorText(answer.message));
    }
    toast.success(t('uploaded', { name: file.name }));
    router.refresh();
  }

  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <p className="mb-2 text-xs text-slate-600" id={`${id}-hint`}>
        {`${current ? t('current', { name: current.name, size: size(current.length) }) : t('none')} ${t('atMost', { size: size(max) })}`}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id={id}
          type="file"
          accept={LESSON_UPLOAD_ACCEPT[part]}
          aria-describedby={`${id}-hint ${id}-error`}
          aria-invalid={Boolean(error)}
          className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
          disabled={progress !== null}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // Chosen again later, the same file must still start an upload.
            event.currentTarget.value = '';
            if (file) void upload(file);
          }}
        />
        {failed && progress === null ? (
          <button type="button" className="btn-outline shrink-0" onClick={() => void upload(failed)}>
            {t('tryAgain')}
            <span className="sr-only"> {label}</span>
          </button>
        ) : null}
      </div>
      {progress !== null ? (
        <div className="mt-2 flex items-center gap-2">
          <span className="shrink-0 text-sm text-slate-700">{t('uploading')}</span>
          <progress max={100} value={progress} className="h-2 w-full" aria-label={t('progress', { label })} />
          <span className="text-sm tabular-nums text-slate-700">{formatNumber(progress, locale)}%</span>
        </div>
      ) : null}
      <p id={`${id}-error`} role={error ? 'alert' : undefined} className="field-error">
        {error}
      </p>
    </div>
  );
}
