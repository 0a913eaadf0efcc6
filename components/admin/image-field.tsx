'use client';

import { useTranslations } from 'next-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useImageUpload } from '@/components/media/use-image-upload';
import { IMAGE_TYPES } from '@/lib/media';
import { isImageAddress } from '@/lib/schemas/admin-fields';
import { FieldFrame, describedBy } from './form-fields';

type Props = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** The field's current value, for the preview. */
  value: string;
  error?: string;
  /** Puts the uploaded image's address into the form field. */
  onUploaded: (url: string) => void;
  /** Lets the form hold its submit button while the picture is on its way. */
  onBusyChange: (busy: boolean) => void;
  className?: string;
};

/** An image as an address: typed in, or filled in by uploading a picture to our own server. */
export function ImageField({ id, label, registration, value, error, onUploaded, onBusyChange, className }: Props) {
  const t = useTranslations('adminForms');
  const { uploading, uploadError, upload } = useImageUpload(onUploaded, onBusyChange);
  const hint = t('imageHint');

  const shown = error ?? uploadError ?? undefined;
  const preview = value && isImageAddress(value) ? value : null;

  return (
    <FieldFrame id={id} label={label} error={shown} hint={hint} className={className}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id={id}
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder={t('imagePlaceholder')}
          className="input-field min-w-0 flex-1"
          aria-invalid={Boolean(shown)}
          aria-describedby={describedBy(id, hint)}
          {...registration}
        />
        <label className={`btn-outline shrink-0 cursor-pointer focus-within:outline-solid focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-500 ${uploading ? 'pointer-events-none opacity-60' : ''}`}>
          <input type="file" accept={IMAGE_TYPES.join(',')} className="sr-only" onChange={upload} disabled={uploading} aria-label={t('uploadNamed', { label: label.toLowerCase() })} />
          {uploading ? t('uploading') : t('upload')}
        </label>
      </div>
      {uploading ? (
        <p role="status" className="mt-1 text-sm text-slate-700">
          {t('uploadingPicture')}
        </p>
      ) : null}
      {preview ? (
        // eslint-disable-next-line @next/next/no-img-element -- a live preview of any address the admin typed
        <img src={preview} alt={t('previewOf', { label: label.toLowerCase() })} className="mt-2 h-24 w-auto max-w-full rounded-md border border-slate-200 object-cover" />
      ) : null}
    </FieldFrame>
  );
}
