import { ObjectId } from 'mongodb';
import sharp from 'sharp';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { IMAGE_UPLOAD_MAX_BYTES } from '@/lib/media';
import { closeDb, collection } from '../platform/db';
import { IMAGE_MAX_DIMENSION, IMAGE_MAX_INPUT_PIXELS, MediaError, findOwnedImage, mediaIdFromUrl, readMedia, reencodeImage, sniffImageType, storeImage } from './media';
import { BodyTooLargeError, readLimitedBody } from '../platform/read-limited-body';

selectPrivateDatabase('kz_jest_media');
afterAll(closeDb);

const owner = new ObjectId().toHexString();

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2f6fed' } }).png().toBuffer();
}

/** CRC-32 as PNG chunks use it (Node 20 has no zlib.crc32). */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A small, valid-looking PNG whose header claims `width` × `height` pixels. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const file = Buffer.from(await png(1, 1));
  // The IHDR chunk starts at byte 8: length (4), type (4), width (4), height (4), … , CRC.
  file.writeUInt32BE(width, 16);
  file.writeUInt32BE(height, 20);
  file.writeUInt32BE(crc32(file.subarray(12, 29)), 29);
  return file;
}

async function expectRejected(bytes: Buffer, reason: MediaError['reason']) {
  await expect(reencodeImage(bytes)).rejects.toMatchObject({ name: 'MediaError', reason });
}

describe('sniffImageType', () => {
  it('recognises PNG, JPEG, WebP and GIF by their first bytes only', async () => {
    const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } });
    expect(sniffImageType(await image.clone().png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await image.clone().jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await image.clone().webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await image.clone().gif().toBuffer())).toBe('image/gif');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('reencodeImage', () => {
  it('refuses a file over 5 MB', async () => {
    const oversize = Buffer.concat([await png(2, 2), Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]);
    await expectRejected(oversize, 'too-large');
  });

  it('refuses an HTML page renamed to .png', async () => {
    await expectRejected(Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'), 'unsupported-type');
  });

  it('refuses an SVG carrying a script', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    await expectRejected(Buffer.from(svg), 'unsupported-type');
    await expectRejected(Buffer.from(`<?xml version="1.0"?>${svg}`), 'unsupported-type');
  });

  it('refuses a file whose magic bytes and content disagree', async () => {
    await expectRejected(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png')]), 'undecodable');
  });

  it('refuses an image claiming huge dimensions before decoding it', async () => {
    const bomb = await pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(1024);
    await expectRejected(bomb, 'too-many-pixels');
  });

  it('refuses a truncated 6300 × 6300 PNG of about 115 KB from its header, without decoding it', async () => {
    // The attack file: one colour compresses about 1000:1, so 119 MB of pixels fit in a small upload.
    const whole = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#2f6fed' } }).png({ compressionLevel: 9 }).toBuffer();
    const truncated = whole.subarray(0, whole.length - 2000);
    expect(truncated.length).toBeLessThan(150 * 1024);

    const started = performance.now();
    await expectRejected(truncated, 'too-many-pixels');
    // A decode of it takes 70 ms or more of CPU; reading its header takes a millisecond.
    expect(performance.now() - started).toBeLessThan(250);
    expect(IMAGE_MAX_INPUT_PIXELS).toBeLessThan(6300 * 6300);
  });

  it('scales big pictures down to the maximum dimension and answers WebP', async () => {
    const encoded = await reencodeImage(await png(3200, 1000));
    expect(encoded).toMatchObject({ width: IMAGE_MAX_DIMENSION, height: 500, sourceType: 'image/png' });
    expect(sniffImageType(encoded.data)).toBe('image/webp');
  });
});

describe('storeImage and readMedia', () => {
  it('re-encodes a PNG+JS polyglot: the stored file is a WebP without the trailing script', async () => {
    const script = '<script>alert("polyglot")</script>';
    const polyglot = Buffer.concat([await png(40, 30), Buffer.from(script)]);
    expect(sniffImageType(polyglot)).toBe('image/png');

    const stored = await storeImage(owner, polyglot);

    expect(stored.url).toBe(`/media/${stored.id}`);
    const media = await readMedia(stored.id);
    expect(media?.contentType).toBe('image/webp');
    expect(sniffImageType(media?.data ?? Buffer.alloc(0))).toBe('image/webp');
    expect(media?.data.includes(Buffer.from('<script'))).toBe(false);
    expect(media?.size).toBe(media?.data.length);
    expect(await sharp(media?.data).metadata()).toMatchObject({ format: 'webp', width: 40, height: 30 });
  });

  it('stores nothing for a rejected upload', async () => {
    const media = await collection('media');
    const before = await media.countDocuments({ ownerId: new ObjectId(owner) });
    await expect(storeImage(owner, Buffer.from('<svg onload="alert(1)"/>'))).rejects.toBeInstanceOf(MediaError);
    expect(await media.countDocuments({ ownerId: new ObjectId(owner) })).toBe(before);
  });

  it('answers null for unknown or malformed ids', async () => {
    expect(await readMedia(new ObjectId().toHexString())).toBeNull();
    expect(await readMedia('../../etc/passwd')).toBeNull();
  });

  it('finds an image only for the account that uploaded it', async () => {
    const stored = await storeImage(owner, await png(8, 8));
    expect(await findOwnedImage(stored.url, owner)).toEqual({ id: stored.id, url: stored.url, sourceType: 'image/png' });
    expect(await findOwnedImage(stored.url, new ObjectId().toHexString())).toBeNull();
    expect(await findOwnedImage('https://evil.example/pixel.png', owner)).toBeNull();
    expect(mediaIdFromUrl(`/media/${stored.id}?x=1`)).toBeNull();
  });
});

describe('readLimitedBody', () => {
  /** A body that never ends, counting how many chunks were pulled from it. */
  function endlessBody(chunkBytes: number) {
    const pulled = { chunks: 0 };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled.chunks += 1;
        controller.enqueue(new Uint8Array(chunkBytes));
      },
    });
    return { stream, pulled };
  }

  it('stops an endless body at the limit instead of buffering it', async () => {
    const { stream, pulled } = endlessBody(64 * 1024);
    await expect(readLimitedBody(stream, 1024 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
    // 16 chunks fit the limit; the 17th crosses it, and the reader stops there (plus one queued ahead).
    expect(pulled.chunks).toBeLessThanOrEqual(18);
  });

  it('returns a body within the limit whole', async () => {
    const body = new Response('hello world').body;
    expect((await readLimitedBody(body, 11)).toString()).toBe('hello world');
    expect(await readLimitedBody(null, 10)).toEqual(Buffer.alloc(0));
  });
});
