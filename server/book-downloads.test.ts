import { createSilentMp3 } from '@/scripts/demo-files';
import { insertBook, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';

// Book files end to end against the real embedded database: chunked storage, signed links bound to
// buyer and book, purchase checks, and HTTP Range answers across chunk boundaries.
selectPrivateDatabase('kz_jest_book_downloads');

type Modules = {
  downloads: typeof import('./book-downloads');
  files: typeof import('./book-files');
  chunks: typeof import('./chunked-files');
  links: typeof import('./book-links');
  db: typeof import('./db');
  http: typeof import('./http');
};
let m: Modules;

beforeAll(async () => {
  m = {
    downloads: await import('./book-downloads'),
    files: await import('./book-files'),
    chunks: await import('./chunked-files'),
    links: await import('./book-links'),
    db: await import('./db'),
    http: await import('./http'),
  };
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['orders', 'books', 'bookFiles', 'bookFileMeta'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  await m.db.closeDb();
});

async function* inPieces(data: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let offset = 0; offset < data.length; offset += size) yield data.subarray(offset, offset + size);
}

/** A bought audiobook of ~600 KB (three chunks), its buyer and a fresh link token. */
async function boughtAudiobook() {
  const book = await insertBook({ formate: 'MP3' });
  const buyer = makeBuyer('Listener');
  await insertOrder(buyer, book, { paid: true, transactionId: 'pi_book' });
  const audio = createSilentMp3('Sample', 37);
  await m.files.storeBookFile(book._id, inPieces(audio, 100_000), 'audio/mpeg');
  const bookId = book._id.toHexString();
  return { book, bookId, buyer, audio, token: m.links.signBookFileToken(buyer.id, bookId) };
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
    const { bookId, buyer, audio, token } = await boughtAudiobook();
    const response = await m.downloads.bookFileResponse(buyer, bookId, token, null);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe(String(audio.length));
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await response.arrayBuffer()).equals(audio)).toBe(true);
  });

  it('answers Range requests with 206 and the exact bytes, across chunk boundaries', async () => {
    const { bookId, buyer, audio, token } = await boughtAudiobook();
    const boundary = m.chunks.FILE_CHUNK_SIZE;
    const cases: [string, number, number][] = [
      [`bytes=${boundary - 10}-${boundary + 9}`, boundary - 10, boundary + 9],
      [`bytes=${2 * boundary}-`, 2 * boundary, audio.length - 1],
      ['bytes=-100', audio.length - 100, audio.length - 1],
      ['bytes=0-0', 0, 0],
    ];
    for (const [range, start, end] of cases) {
      const response = await m.downloads.bookFileResponse(buyer, bookId, token, range);
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${audio.length}`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect(Buffer.from(await response.arrayBuffer()).equals(audio.subarray(start, end + 1))).toBe(true);
    }
    const past = await m.downloads.bookFileResponse(buyer, bookId, token, `bytes=${audio.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${audio.length}`);
  });

  it("refuses another user, even with the buyer's link, and a user who did not buy the book", async () => {
    const { bookId, token } = await boughtAudiobook();
    const other = makeBuyer('Other');
    expect(await statusOf(m.downloads.bookFileResponse(other, bookId, token, null))).toBe(403);
    expect(await statusOf(m.downloads.bookFileResponse(other, bookId, m.links.signBookFileToken(other.id, bookId), null))).toBe(403);
  });

  it('refuses missing, tampered, other-book and expired links', async () => {
    const { bookId, buyer, token } = await boughtAudiobook();
    const otherBook = (await insertBook())._id.toHexString();
    const expired = m.links.signBookFileToken(buyer.id, bookId, Date.now() - (m.links.BOOK_LINK_LIFETIME_SECONDS + 1) * 1000);

    expect(await statusOf(m.downloads.bookFileResponse(buyer, bookId, null, null))).toBe(403);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await statusOf(m.downloads.bookFileResponse(buyer, bookId, tampered, null))).toBe(403);
    expect(await statusOf(m.downloads.bookFileResponse(buyer, bookId, token.replace(/^\d+/, '9999999999'), null))).toBe(403);
    expect(await statusOf(m.downloads.bookFileResponse(buyer, otherBook, token, null))).toBe(403);
    expect(await statusOf(m.downloads.bookFileResponse(buyer, bookId, expired, null))).toBe(403);
    expect(m.links.checkBookFileToken(expired, buyer.id, bookId)).toBe('expired');
  });

  it('answers 400 for a malformed book id and 404 when a bought book has no file', async () => {
    const buyer = makeBuyer('Early');
    const book = await insertBook();
    await insertOrder(buyer, book, { paid: true });
    const bookId = book._id.toHexString();
    expect(await statusOf(m.downloads.bookFileResponse(buyer, 'x', 'token', null))).toBe(400);
    expect(await statusOf(m.downloads.bookFileResponse(buyer, '0123456789abcdef01234567', 'token', null))).toBe(404);
    expect(await statusOf(m.downloads.bookFileResponse(buyer, bookId, m.links.signBookFileToken(buyer.id, bookId), null))).toBe(404);
  });

  it('builds links to the file route carrying the token', () => {
    const url = m.links.bookFileUrl('0123456789abcdef01234567', 'abcdefabcdefabcdefabcdef');
    expect(url).toMatch(/^\/api\/books\/abcdefabcdefabcdefabcdef\/file\?token=\d+\.[A-Za-z0-9_-]{43}$/);
  });
});
