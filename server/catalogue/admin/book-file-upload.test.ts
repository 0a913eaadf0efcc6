import { ObjectId } from 'mongodb';
import { formatFileSize } from '@/lib/book-file-upload';
import { createSamplePdf, createSilentMp3, createTextPdf } from '@/scripts/demo-files';
import { insertBook } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { bodyOf, endlessBody, refusal } from '@/tests/support/request-bodies';

// The domain operations refresh cached pages; outside a request there is no page cache to refresh.
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

/** An admin reading the business records (permissions are checked by the operations). */
const READER = { id: '65f0a1b2c3d4e5f6a7b8c9d0', email: 'reader@example.com', role: 'admin' as const };

// Book file uploads (POST /api/uploads/book-file) against the real embedded database: the size
// limit holds before and while streaming, the type comes from the bytes and must match the book,
// disguises and polyglots are refused, and nothing half-written is left behind.
selectPrivateDatabase('kz_jest_book_file_upload');

type Modules = {
  upload: typeof import('./book-file-upload');
  books: typeof import('./books');
  files: typeof import('../book-files');
  http: typeof import('../../platform/http');
  db: typeof import('../../platform/db');
  audit: typeof import('../../platform/audit');
};
let m: Modules;

const admin = { id: new ObjectId().toHexString(), email: 'admin@example.com', role: 'admin' as const };

beforeAll(async () => {
  m = {
    upload: await import('./book-file-upload'),
    books: await import('./books'),
    files: await import('../book-files'),
    http: await import('../../platform/http'),
    db: await import('../../platform/db'),
    audit: await import('../../platform/audit'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['books', 'bookFiles', 'bookFileMeta', 'auditLog'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  await m.db.closeDb();
});

async function storedChunks(): Promise<number> {
  return (await m.db.getDb()).collection('bookFiles').countDocuments({});
}

describe('uploadBookFile', () => {
  it('stores a real PDF for a PDF book, sets the shown file size and audits the upload', async () => {
    const book = await insertBook({ formate: 'PDF', bookName: 'Physics Notes' });
    const tidyPdf = createSamplePdf('Physics Notes');
    // Small pieces: the type check must work however the body is split.
    const { stream } = bodyOf(tidyPdf, 3);

    const stored = await m.upload.uploadBookFile(admin, book._id.toHexString(), stream, String(tidyPdf.length));

    // The sample has three pages: the book's page count is the file's from now on.
    expect(stored).toEqual({ bookId: book._id.toHexString(), contentType: 'application/pdf', length: tidyPdf.length, filesize: formatFileSize(tidyPdf.length), pages: 3 });
    expect(await m.files.findBookFile(book._id)).toMatchObject({ contentType: 'application/pdf', length: tidyPdf.length, pages: 3 });
    expect(await (await m.db.collection('books')).findOne({ _id: book._id })).toMatchObject({ filesize: stored.filesize, page: 3 });
    expect((await m.audit.listAuditLog(READER, 1)).items[0]).toMatchObject({ action: 'upload-file', entity: 'book', summary: expect.stringContaining(`PDF file of “Physics Notes” (${stored.filesize}, 3 pages)`) });

    // A page number typed later does not replace the counted one; the other changes are kept.
    await m.books.updateBook(admin, book._id, { bookName: 'Physics Notes 2', img: book.img, about: 'New', writerName1: 'W', writerImg: book.writerImg, page: 999, formate: 'PDF', price: 5 }, 'legacy');
    expect(await (await m.db.collection('books')).findOne({ _id: book._id })).toMatchObject({ bookName: 'Physics Notes 2', page: 3 });
  });

  it('counts the pages of a PDF of any length by the ranges pdf.js asks for, and leaves the typed count for a PDF it cannot read', async () => {
    const long = await insertBook({ formate: 'PDF', page: 1 });
    const paragraphs = Array.from({ length: 400 }, (_, index) => `Paragraph ${index + 1} of a long book, long enough to wrap onto a second line of its page.`);
    const longPdf = createTextPdf('A long book', paragraphs);
    // The generator writes each page as a plain /Type /Page object: the count to expect.
    const written = longPdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
    expect(written).toBeGreaterThan(10);
    expect((await m.upload.uploadBookFile(admin, long._id.toHexString(), bodyOf(longPdf).stream, null)).pages).toBe(written);

    // Header and trailer right (it passes the byte checks), nothing in between pdf.js can use.
    const hollow = await insertBook({ formate: 'PDF', page: 120 });
    const hollowPdf = Buffer.from(`%PDF-1.7\n${'%'.repeat(2000)}\nstartxref\n0\n%%EOF\n`, 'latin1');
    const stored = await m.upload.uploadBookFile(admin, hollow._id.toHexString(), bodyOf(hollowPdf).stream, null);
    expect(stored.pages).toBeNull();
    expect(await (await m.db.collection('books')).findOne({ _id: hollow._id })).toMatchObject({ page: 120 });
  });

  it('stores an MP3 with an ID3 tag across several chunks', async () => {
    const book = await insertBook({ formate: 'MP3' });
    const audio = createSilentMp3('Stories', 20);
    const stored = await m.upload.uploadBookFile(admin, book._id.toHexString(), bodyOf(audio).stream, null);
    expect(stored).toMatchObject({ contentType: 'audio/mpeg', length: audio.length });
    expect(await storedChunks()).toBeGreaterThan(1);
  });

  it('answers 413 from the Content-Length alone, before reading a byte of the body', async () => {
    const book = await insertBook({ formate: 'PDF' });
    const { stream, stats } = bodyOf(createSamplePdf('Big'));

    const refused = await refusal(m.upload.uploadBookFile(admin, book._id.toHexString(), stream, String(250 * 1024 * 1024)));

    expect(refused).toEqual({ status: 413, message: 'The file must be at most 200 MB.' });
    expect(stats.pulled).toBe(0);
  });

  it('answers 413 for an endless chunked body once it passes the limit, holding at most a chunk, leaving nothing stored', async () => {
    const book = await insertBook({ formate: 'PDF' });
    const maxBytes = 1024 * 1024;
    const { stream, stats } = endlessBody(Buffer.from('%PDF-1.7\n'));

    const refused = await refusal(m.upload.uploadBookFile(admin, book._id.toHexString(), stream, null, { maxBytes }));

    expect(refused.status).toBe(413);
    expect(stats.pulled).toBeLessThanOrEqual(maxBytes + 2 * 64 * 1024);
    expect(await storedChunks()).toBe(0);
    expect(await m.files.findBookFile(book._id)).toBeNull();
  });

  it('refuses HTML or script renamed .pdf or .mp3: the bytes decide (415)', async () => {
    const book = await insertBook({ formate: 'PDF' });
    for (const disguise of ['<!doctype html><script>alert(1)</script>', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'MZ\x90\x00 executable']) {
      const refused = await refusal(m.upload.uploadBookFile(admin, book._id.toHexString(), bodyOf(Buffer.from(disguise, 'latin1')).stream, null));
      expect(refused).toEqual({ status: 415, message: 'Only PDF or MP3 files are allowed.' });
    }
    expect(await storedChunks()).toBe(0);
  });

  it('refuses a real file of the other format than the book’s', async () => {
    const book = await insertBook({ formate: 'MP3' });
    const refused = await refusal(m.upload.uploadBookFile(admin, book._id.toHexString(), bodyOf(createSamplePdf('Wrong')).stream, null));
    expect(refused).toEqual({ status: 415, message: 'The book’s format is MP3, so the file must be MP3 too.' });
  });

  it('refuses polyglots: a PDF or ID3 header in front of HTML, and keeps the earlier file', async () => {
    const pdfBook = await insertBook({ formate: 'PDF' });
    const original = createSamplePdf('Original');
    await m.upload.uploadBookFile(admin, pdfBook._id.toHexString(), bodyOf(original).stream, null);

    const pdfPolyglot = Buffer.from(`%PDF-1.4\n<html><body><script>fetch('/api/user')</script></body></html>${' '.repeat(300_000)}`, 'latin1');
    expect((await refusal(m.upload.uploadBookFile(admin, pdfBook._id.toHexString(), bodyOf(pdfPolyglot).stream, null))).status).toBe(415);
    expect(await m.files.findBookFile(pdfBook._id)).toMatchObject({ length: original.length });

    const audioBook = await insertBook({ formate: 'MP3' });
    const id3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0a]);
    const id3Polyglot = Buffer.concat([id3, Buffer.alloc(10), Buffer.from(`<html><script>alert(1)</script></html>${' '.repeat(10_000)}`)]);
    expect((await refusal(m.upload.uploadBookFile(admin, audioBook._id.toHexString(), bodyOf(id3Polyglot).stream, null))).status).toBe(415);
    expect(await m.files.findBookFile(audioBook._id)).toBeNull();
  });

  it('refuses a body shorter than its Content-Length (a cut upload is never stored)', async () => {
    const book = await insertBook({ formate: 'PDF' });
    const pdf = createSamplePdf('Cut');
    const refused = await refusal(m.upload.uploadBookFile(admin, book._id.toHexString(), bodyOf(pdf).stream, String(pdf.length + 1000)));
    expect(refused.status).toBe(400);
    expect(await storedChunks()).toBe(0);
  });

  it('answers 400 for a malformed id or an empty body and 404 for an unknown book', async () => {
    const pdf = createSamplePdf('Any');
    expect((await refusal(m.upload.uploadBookFile(admin, 'not-an-id', bodyOf(pdf).stream, null))).status).toBe(400);
    expect((await refusal(m.upload.uploadBookFile(admin, new ObjectId().toHexString(), bodyOf(pdf).stream, null))).status).toBe(404);
    const book = await insertBook({ formate: 'PDF' });
    expect((await refusal(m.upload.uploadBookFile(admin, book._id.toHexString(), bodyOf(Buffer.alloc(0)).stream, null))).status).toBe(400);
  });
});
