'use client';

import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { useErrorText } from '@/i18n/use-error-text';
import { IMAGE_UPLOAD_MAX_BYTES, isAcceptedImageType } from '@/lib/media';
import { uploadImage } from './upload-image';

/**
 * A file picker's change handler that checks the picture, uploads it and hands its address to
 * `onUploaded`; `uploading` and `uploadError` (in the page's language, from the `errors`
 * messages) are for the field around it.
 */
export function useImageUpload(onUploaded: (url: string) => void, onBusyChange?: (busy: boolean) => void) {
  const errorText = useErrorText();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploadError(null);
    if (!isAcceptedImageType(file.type)) return setUploadError(errorText('chooseAPngJpegWebpOrGifImage'));
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) return setUploadError(errorText('theImageMustBeAtMost5Mb'));
    setUploading(true);
    onBusyChange?.(true);
    const answer = await uploadImage(file);
    setUploading(false);
    onBusyChange?.(false);
    // Clearing the picker lets the same file be chosen again after a failure.
    input.value = '';
    if (answer.ok) onUploaded(answer.url);
    else setUploadError(errorText(answer.message));
  }

  return { uploading, uploadError, upload };
}
