import { BOOK_FILE_UPLOAD_URL } from '@/lib/book-file-upload';
import { uploadRawFile } from './upload-raw-file';

// Sends a book's PDF or MP3 to the upload endpoint, which streams it into the database.

export type BookFileUploadAnswer = { ok: true; filesize: string } | { ok: false; message: string };

export async function uploadBookFile(bookId: string, file: File, onProgress: (percent: number) => void): Promise<BookFileUploadAnswer> {
  const answer = await uploadRawFile(`${BOOK_FILE_UPLOAD_URL}?bookId=${encodeURIComponent(bookId)}`, file, onProgress);
  if (!answer.ok) return { ok: false, message: answer.message === 'theFileCouldNotBeUploadedPleaseTryAgain' ? 'theBookFileCouldNotBeUploadedPleaseTryAgain' : answer.message };
  const { filesize } = answer.body;
  return typeof filesize === 'string' ? { ok: true, filesize } : { ok: false, message: 'theBookFileCouldNotBeUploadedPleaseTryAgain' };
}
