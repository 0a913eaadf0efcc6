import { BOOK_FILE_UPLOAD_URL } from '@/lib/book-file-upload';

// Sends a book's PDF or MP3 as the raw request body (the server streams it into the database)
// and reports progress; answers the outcome, never throwing. XMLHttpRequest, because fetch
// cannot report upload progress and a 200 MB file takes a while.

export type BookFileUploadAnswer = { ok: true; filesize: string } | { ok: false; message: string };

export function uploadBookFile(bookId: string, file: File, onProgress: (percent: number) => void): Promise<BookFileUploadAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${BOOK_FILE_UPLOAD_URL}?bookId=${encodeURIComponent(bookId)}`);
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let answer: { filesize?: unknown; message?: unknown } = {};
      try {
        answer = JSON.parse(request.responseText) as typeof answer;
      } catch {
        // A non-JSON answer (a proxy error page) falls through to the generic message.
      }
      if (request.status === 201 && typeof answer.filesize === 'string') resolve({ ok: true, filesize: answer.filesize });
      else resolve({ ok: false, message: typeof answer.message === 'string' ? answer.message : 'The book file could not be uploaded. Please try again.' });
    };
    request.onerror = () => resolve({ ok: false, message: 'Network error. Check your connection and try again.' });
    request.send(file);
  });
}
