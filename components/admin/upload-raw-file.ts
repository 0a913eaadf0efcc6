// Sends a file as the raw request body (the server streams it into the database) and reports
// progress; answers the outcome, never throwing. XMLHttpRequest, because fetch cannot report
// upload progress and a large file takes a while.

import { answerMessage } from '@/i18n/error-text';

export type RawUploadAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; message: string };

export function uploadRawFile(url: string, file: File, onProgress: (percent: number) => void, headers: Record<string, string> = {}): Promise<RawUploadAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(request.responseText) as Record<string, unknown>;
      } catch {
        // A non-JSON answer (a proxy error page) falls through to the generic message.
      }
      if (request.status === 201) resolve({ ok: true, body });
      else resolve({ ok: false, message: answerMessage(body) ?? 'theFileCouldNotBeUploadedPleaseTryAgain' });
    };
    request.onerror = () => resolve({ ok: false, message: 'networkErrorCheckYourConnectionAndTryAgain' });
    request.send(file);
  });
}
