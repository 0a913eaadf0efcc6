import { ObjectId } from 'mongodb';
import { createSilentMp3 } from '@/scripts/demo-files';
import { insertBook, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';

// Book files end to end against the real embedded database: chunked storage, the purchase checked
// on every request, and HTTP Range answers across chunk boundaries.
selectPrivateDatabase('kz_jest_book_downloads');

type Modules = {
  downloads: typeof import('./book-downloads');
  files: typeof import('./book-files');
  chunks: typeof import('../platform/chunked-files');
  db: typeof import('../platform/db');
  http: typeof import('../platform/http');
};
let m: Modules;

beforeAll(async () => {
  m = {
    downloads: await import('./book-downloads'),
    files: await import('./book-files'),
    chunks: await import('../platform/chunked-files'),
    db: await import('../platform/db'),
    http: await import('../platform/http'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['orders', 'books', 'bookFiles', 'bookFileMeta', 'bookDownloads'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  await m.db.closeDb();
});

async function* inPieces(data: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let offset = 0; offset < data.length; offset += size) yield data.subarray(offset, offset + size);
}

/** A bought audiobook of ~600 KB (three chunks) and its buyer. */
async function boughtAudiobook() {
  const book = await insertBook({ formate: 'MP3' });
  const buyer = makeBuyer('Listener');
  await insertOrder(buyer, book, { paid: true, transactionId: 'pi_book' });
  const audio = createSilentMp3('Sample', 37);
  await m.files.storeBookFile(book._id, inPieces(audio, 100_000), 'audio/mpeg');
  const bookId = book._id.toHexString();
  return { book, bookId, buyer, audio };
}

async function statusOf(promise: Promise<Response>): Promise<number> {
  try {
    return (await promise).status;
  } catch (error) {
    if (error instanceof m.http.HttpError) return error.status;
    throw error;
  }
}

describe('storeBookFile', () => {
  it('splits a file into 255 KB chunks and replaces an earlier file whole', async () => {
    const { book, audio } = await boughtAudiobook();
    const chunks = await m.db.collection('bookFiles');
    expect(audio.length).toBeGreaterThan(2 * m.chunks.FILE_CHUNK_SIZE);
    expect(await chunks.countDocuments({})).toBe(Math.ceil(audio.length / m.chunks.FILE_CHUNK_SIZE));

    const replacement = Buffer.from('%PDF-1.4 replacement');
    const info = await m.files.storeBookFile(book._id, inPieces(replacement, 7), 'application/pdf');
    expect(info).toMatchObject({ length: replacement.length, contentType: 'application/pdf' });
    expect(await chunks.countDocuments({})).toBe(1);
  });

  it('refuses a file over the size cap and keeps nothing of it', async () => {
    const book = await insertBook();
    await expect(m.files.storeBookFile(book._id, inPieces(Buffer.alloc(600_000), 50_000), 'audio/mpeg', { maxBytes: 300_000 })).rejects.toBeInstanceOf(
      m.chunks.FileTooLargeError,
    );
    expect(await (await m.db.collection('bookFiles')).countDocuments({})).toBe(0);
    expect(await m.files.findBookFile(book._id)).toBeNull();
  });
});

describe('bookFileResponse', () => {
  it('serves the whole file to its buyer', async () => {
    const { bookId, buyer, audio } = await boughtAudiobook();
    const response = await m.downloads.bookFileResponse(buyer, bookId, null);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe(String(audio.length));
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await response.arrayBuffer()).equals(audio)).toBe(true);
  });

  it('answers Range requests with 206 and the exact bytes, across chunk boundaries', async () => {
    const { bookId, buyer, audio } = await boughtAudiobook();
    const boundary = m.chunks.FILE_CHUNK_SIZE;
    const cases: [string, number, number][] = [
      [`bytes=${boundary - 10}-${boundary + 9}`, boundary - 10, boundary + 9],
      [`bytes=${2 * boundary}-`, 2 * boundary, audio.length - 1],
      ['bytes=-100', audio.length - 100, audio.length - 1],
      ['bytes=0-0', 0, 0],
    ];
    for (const [range, start, end] of cases) {
      const response = await m.downloads.bookFileResponse(buyer, bookId, range);
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${audio.length}`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect(Buffer.from(await response.arrayBuffer()).equals(audio.subarray(start, end + 1))).toBe(true);
    }
    const past = await m.downloads.bookFileResponse(buyer, bookId, `bytes=${audio.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${audio.length}`);
  });

  it('refuses a user who did not buy the book, and the buyer once the order is refunded', async () => {
    const { bookId, buyer } = await boughtAudiobook();
    expect(await statusOf(m.downloads.bookFileResponse(makeBuyer('Other'), bookId, null))).toBe(403);
    await (await m.db.collection('orders')).updateMany({}, { $set: { paid: false, refundedAt: new Date() } });
    expect(await statusOf(m.downloads.bookFileResponse(buyer, bookId, null))).toBe(403);
  });

  it('keeps answering the same address: a reader left open for a day still gets its pages', async () => {
    const { bookId, buyer } = await boughtAudiobook();
    const dayLater = Date.now() + 24 * 60 * 60 * 1000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(dayLater);
    try {
      expect(await statusOf(m.downloads.bookFileResponse(buyer, bookId, 'bytes=0-99'))).toBe(206);
    } finally {
      clock.mockRestore();
    }
  });

  it('counts the bytes sent to the buyer, whatever the way, and only what a client that stops early took', async () => {
    const { book, bookId, buyer, audio } = await boughtAudiobook();
    const delivered = async () => (await (await m.db.collection('bookDownloads')).findOne({ bookId: book._id }))?.bytesDelivered;

    await (await m.downloads.bookFileResponse(buyer, bookId, 'bytes=0-99')).arrayBuffer();
    expect(await delivered()).toBe(100);
    // Answered but never read (a player that only wanted the headers): nothing sent, nothing counted.
    await m.downloads.bookFileResponse(buyer, bookId, null);
    expect(await delivered()).toBe(100);
    // A player that buffered the first chunk and stopped.
    const reader = (await m.downloads.bookFileResponse(buyer, bookId, null)).body!.getReader();
    const first = await reader.read();
    await reader.cancel();
    expect(await delivered()).toBe(100 + (first.value?.byteLength ?? 0));
    expect(first.value?.byteLength).toBeLessThan(audio.length);
  });

  it('leaves a record from before the count as the whole file', async () => {
    const { book, bookId, buyer } = await boughtAudiobook();
    const downloads = await m.db.collection('bookDownloads');
    await downloads.insertOne({ _id: m.downloads.bookDownloadKey(buyer.id, book._id), userId: new ObjectId(buyer.id), bookId: book._id, firstDownloadedAt: new Date() });
    await (await m.downloads.bookFileResponse(buyer, bookId, 'bytes=0-99')).arrayBuffer();
    expect(await downloads.findOne({ bookId: book._id })).not.toHaveProperty('bytesDelivered');
  });

  it('answers 400 for a malformed book id and 404 when a bought book has no file', async () => {
    const buyer = makeBuyer('Early');
    const book = await insertBook();
    await insertOrder(buyer, book, { paid: true });
    const bookId = book._id.toHexString();
    expect(await statusOf(m.downloads.bookFileResponse(buyer, 'x', null))).toBe(400);
    expect(await statusOf(m.downloads.bookFileResponse(buyer, '0123456789abcdef01234567', null))).toBe(404);
    expect(await statusOf(m.downloads.bookFileResponse(buyer, bookId, null))).toBe(404);
  });
});
