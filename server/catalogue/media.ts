import 'server-only';
import type { CodedMessage } from '@/lib/coded-message';
import { availableParallelism } from 'node:os';
import { Binary, ObjectId } from 'mongodb';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { IMAGE_UPLOAD_MAX_BYTES } from '@/lib/media';
import type { ImageType } from '@/lib/media';
import { ConcurrencyLimitBusyError, concurrencyLimit } from '../platform/concurrency-limit';
import { collection, parseObjectId, withDb } from '../platform/db';
import { takeUploadAllowance } from '../platform/upload-quota';

// Uploaded images live in the database (docs/architecture.md, decisions). An upload is trusted for nothing: its type is
// read from its first bytes (never its name or declared type), its size is capped, and it is
// decoded and re-encoded to WebP, which drops anything appended to or hidden inside the file.
// Decoding is the costly part, so it has a budget: every upload counts against the account's
// quota before it is decoded, the pixels and the time a decode may take are capped, and only a
// few decodes run at once in this process, leaving the other cores to the pages.

/** Longest side of a stored image; bigger pictures are scaled down. */
export const IMAGE_MAX_DIMENSION = 1600;
/**
 * Pictures claiming more pixels than this are refused before decoding (a small file can claim huge
 * dimensions): 24 megapixels is a 6000 × 4000 camera picture, 15 times what is stored.
 */
export const IMAGE_MAX_INPUT_PIXELS = 24_000_000;
/** A decode and re-encode taking longer is stopped (sharp counts whole seconds). */
const DECODE_TIMEOUT_SECONDS = 3;
/** Stored images stay far below MongoDB's 16 MB document limit. */
const STORED_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Half the cores decode at most (one on a 2-core server); the line behind them is bounded so a
 * flood of uploads from many accounts cannot hold unbounded request bodies in memory.
 */
const decodeSlot = concurrencyLimit('image-decode', { running: Math.max(1, Math.floor(availableParallelism() / 2)), waiting: 64 });

export type MediaFailure = 'too-large' | 'unsupported-type' | 'too-many-pixels' | 'too-slow' | 'undecodable' | 'busy';

export class MediaError extends Error {
  constructor(
    readonly reason: MediaFailure,
    readonly coded: CodedMessage,
  ) {
    super(coded);
    this.name = 'MediaError';
  }
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

const UNSUPPORTED_TYPE: CodedMessage = 'onlyPngJpegWebpOrGifImagesAreAllowed';

/** The image type by magic bytes: PNG, JPEG, WebP or GIF; anything else (SVG, HTML, …) is null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  return null;
}

/** sharp's name for each accepted type: the decoder must agree with the magic bytes. */
const SHARP_FORMAT: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export type EncodedImage = { data: Buffer; width: number; height: number; sourceType: ImageType };

/** Validates an upload and re-encodes it to WebP no larger than IMAGE_MAX_DIMENSION on either side. */
export async function reencodeImage(bytes: Buffer): Promise<EncodedImage> {
  if (bytes.length > IMAGE_UPLOAD_MAX_BYTES) throw new MediaError('too-large', 'theImageMustBeAtMost5Mb');
  const sourceType = sniffImageType(bytes);
  if (!sourceType) throw new MediaError('unsupported-type', UNSUPPORTED_TYPE);
  try {
    return await decodeSlot(() => decodeAndReencode(bytes, sourceType));
  } catch (error) {
    if (error instanceof ConcurrencyLimitBusyError) throw new MediaError('busy', 'tooManyImagesAreBeingProcessedPleaseTryAgainInAMoment');
    throw error;
  }
}

async function decodeAndReencode(bytes: Buffer, sourceType: ImageType): Promise<EncodedImage> {
  const options = { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' } as const;
  let metadata: Metadata;
  try {
    // Reads the header only: the dimensions are known before any pixel is decoded.
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    throw decoderFailure(error);
  }
  if (metadata.format !== SHARP_FORMAT[sourceType]) throw new MediaError('unsupported-type', UNSUPPORTED_TYPE);
  const { width = 0, height = 0 } = metadata;
  if (width * height > IMAGE_MAX_INPUT_PIXELS) throw tooManyPixels();

  try {
    const { data, info } = await sharp(bytes, options)
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      // Apply the camera's orientation, then drop EXIF and every other metadata block.
      .rotate()
      .resize({ width: IMAGE_MAX_DIMENSION, height: IMAGE_MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    if (data.length > STORED_MAX_BYTES) throw new MediaError('too-large', 'theImageIsTooLarge');
    return { data, width: info.width, height: info.height, sourceType };
  } catch (error) {
    throw decoderFailure(error);
  }
}

const tooManyPixels = () => new MediaError('too-many-pixels', 'theImageDimensionsAreTooLarge');

/** sharp's own errors become upload failures; a pixel-limit breach or a timeout is told apart from a broken file. */
function decoderFailure(error: unknown): MediaError {
  if (error instanceof MediaError) return error;
  if (error instanceof Error && /pixel limit/i.test(error.message)) return tooManyPixels();
  if (error instanceof Error && /^timeout/i.test(error.message)) return new MediaError('too-slow', 'theImageTookTooLongToProcess');
  return new MediaError('undecodable', 'theImageCouldNotBeRead');
}

export type StoredImage = { id: string; url: string };

export function mediaUrl(id: string): string {
  return `/media/${id}`;
}

/** The media id inside one of our image URLs (`/media/<id>`), or null for anything else. */
export function mediaIdFromUrl(url: string): string | null {
  return /^\/media\/([0-9a-f]{24})$/i.exec(url)?.[1] ?? null;
}

/**
 * Re-encodes an uploaded image and stores it for `ownerId`. Every attempt counts against the
 * account's upload quota before the image is decoded, so broken files cost their sender as much as
 * good ones: an HttpError 429 (with Retry-After) once it is spent; MediaError for a bad upload.
 */
export async function storeImage(ownerId: string, bytes: Buffer): Promise<StoredImage> {
  const owner = parseObjectId(ownerId);
  if (!owner) throw new Error('storeImage needs a valid owner id');
  await takeUploadAllowance(ownerId);
  const image = await reencodeImage(bytes);
  const _id = new ObjectId();
  await withDb(async () =>
    (await collection('media')).insertOne({
      _id,
      ownerId: owner,
      contentType: 'image/webp',
      sourceType: image.sourceType,
      data: new Binary(image.data),
      size: image.data.length,
      width: image.width,
      height: image.height,
      createdAt: new Date(),
    }),
  );
  const id = _id.toHexString();
  return { id, url: mediaUrl(id) };
}

export type MediaFile = { data: Buffer; contentType: string; size: number };

/** The stored bytes for `/media/<id>`, or null when there is no such image. */
export async function readMedia(id: string): Promise<MediaFile | null> {
  const _id = parseObjectId(id);
  if (!_id) return null;
  const document = await withDb(async () => (await collection('media')).findOne({ _id }));
  if (!document) return null;
  return { data: Buffer.from(document.data.buffer), contentType: document.contentType, size: document.size };
}

export type OwnedImage = { id: string; url: string; sourceType: ImageType };

/** The image behind an `/media/<id>` URL when `ownerId` uploaded it; null otherwise. */
export async function findOwnedImage(url: string, ownerId: string): Promise<OwnedImage | null> {
  const id = mediaIdFromUrl(url);
  const owner = parseObjectId(ownerId);
  const _id = id ? parseObjectId(id) : null;
  if (!_id || !owner) return null;
  const document = await withDb(async () =>
    (await collection('media')).findOne({ _id, ownerId: owner }, { projection: { sourceType: 1 } }),
  );
  return document ? { id: _id.toHexString(), url: mediaUrl(_id.toHexString()), sourceType: document.sourceType } : null;
}
