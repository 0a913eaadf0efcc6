'use client';

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

const HINT = 'Upload a PNG, JPEG, WebP or GIF (at most 5 MB), or paste an https:// image address.';

/** An image as an address: typed in, or filled in by uploading a picture to our own server. */
export function ImageField({ id, label, registration, value, error, onUploaded, onBusyChange, className }: Props) {
  const { uploading, uploadError, upload } = useImageUpload(onUploaded, onBusyChange);

  const shown = error ?? uploadError ?? undefined;
  const preview = value && isImageAddress(value) ? value : null;

  return (
    <FieldFrame id={id} label={label} error={shown} hint={HINT} className={className}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id={id}
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder="https://… or upload a picture"
          className="input-field min-w-0 flex-1"
          aria-invalid={Boolean(shown)}
          aria-describedby={describedBy(id, HINT)}
          {...registration}
        />
        <label className={`btn-outline shrink-0 cursor-pointer focus-within:outline-solid focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-500 ${uploading ? 'pointer-events-none opacity-60' : ''}`}>
          <input type="file" accept={IMAGE_TYPES.join(',')} className="sr-only" onChange={upload} disabled={uploading} aria-label={`Upload ${label.toLowerCase()}`} />
          {uploading ? 'Uploading…' : 'Upload'}
        </label>
      </div>
      {uploading ? (
        <p role="status" className="mt-1 text-sm text-slate-700">
          Uploading the picture…
        </p>
      ) : null}
      {preview ? (
        // eslint-disable-next-line @next/next/no-img-element -- a live preview of any address the admin typed
        <img src={preview} alt={`Preview of the ${label.toLowerCase()}`} className="mt-2 h-24 w-auto max-w-full rounded-md border border-slate-200 object-cover" />
      ) : null}
    </FieldFrame>
  );
}
