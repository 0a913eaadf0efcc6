import { answerMessage } from '@/i18n/error-text';
import { IMAGE_UPLOAD_URL } from '@/lib/media';

// Sends one image to the upload endpoint and answers its stored address, never throwing. A failure's
// message is coded when the server's answer carries a code (else its words); callers show it through useErrorText().
export type UploadAnswer = { ok: true; url: string } | { ok: false; message: string };

export async function uploadImage(file: File): Promise<UploadAnswer> {
  const body = new FormData();
  body.append('image', file);
  try {
    const response = await fetch(IMAGE_UPLOAD_URL, { method: 'POST', body });
    const answer = (await response.json().catch(() => ({}))) as { url?: unknown };
    if (response.status === 201 && typeof answer.url === 'string') return { ok: true, url: answer.url };
    return { ok: false, message: answerMessage(answer) ?? 'theImageCouldNotBeUploadedPleaseTryAgain' };
  } catch {
    return { ok: false, message: 'networkErrorCheckYourConnectionAndTryAgain' };
  }
}
