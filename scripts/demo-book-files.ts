// The files behind the seeded books: a one-page PDF ("Sample of <book name>") for PDF books and a
// short silent MP3 for audio books, generated (scripts/demo-files.ts) and stored with the same
// storeBookFile the admin upload uses. Called at the end of the seed.
import { findBookFile, storeBookFile } from '@/server/catalogue/book-files';
import { formatFileSize } from '@/lib/book-file-upload';
import { createSamplePdf, createSilentMp3 } from './demo-files';
import { collection } from '@/server/platform/db';
import { BOOKS } from './seed-data/books';

/** Long enough to span two database chunks, so seeking across a chunk boundary is exercised. */
const DEMO_AUDIO_SECONDS = 20;

async function* once(data: Buffer): AsyncIterable<Uint8Array> {
  yield data;
}

/**
 * Stores a generated file for every seeded book that has none yet, and sets each seeded book's
 * file size to its stored file's (as an upload does); answers a line for the seed log.
 */
export async function storeMissingDemoBookFiles(): Promise<string> {
  const books = await collection('books');
  const seeded = await books
    .find({ bookName: { $in: BOOKS.map((book) => book.bookName) } }, { projection: { bookName: 1, formate: 1 } })
    .toArray();
  let stored = 0;
  for (const book of seeded) {
    let file = await findBookFile(book._id);
    if (!file) {
      file =
        book.formate === 'MP3'
          ? await storeBookFile(book._id, once(createSilentMp3(`Sample of ${book.bookName}`, DEMO_AUDIO_SECONDS)), 'audio/mpeg')
          : await storeBookFile(book._id, once(createSamplePdf(book.bookName)), 'application/pdf');
      stored += 1;
    }
    await books.updateOne({ _id: book._id }, { $set: { filesize: formatFileSize(file.length) } });
  }
  return `${seeded.length} seeded books, ${stored} demo files generated, ${seeded.length - stored} already had one`;
}
