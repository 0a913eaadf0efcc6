import 'server-only';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Binary } from 'mongodb';
import type { ObjectId } from 'mongodb';
import { collection, withDb } from '../../platform/db';
import type { StreamFileDocument } from '../../platform/documents';

// A streaming ladder's files in the database, so every instance serves what any one made. Each
// playlist and each segment (a few seconds, at most a few megabytes) is one document read by its
// `_id` alone: one indexed lookup per request on every database (chunks keyed by {fileId, n} would
// not be one on FerretDB: see the workarounds named in server/platform/db.ts).

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.vtt': 'text/vtt; charset=utf-8',
};

function streamFileId(stream: ObjectId, filePath: string): string {
  return `${stream.toHexString()}/${filePath}`;
}

/** Every file under `dir`, as paths relative to it with `/` separators. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(dir, path.posix.join(prefix, entry.name)) : [path.posix.join(prefix, entry.name)])),
  );
  return nested.flat().sort();
}

/** Stores the ladder made in `dir` as stream `stream`, file by file; the bytes each top folder (a rung) holds. */
export async function storeStreamFiles(stream: ObjectId, dir: string): Promise<Map<string, number>> {
  const files = await filesUnder(dir);
  const bytesByFolder = new Map<string, number>();
  const streamFiles = await withDb(() => collection('streamFiles'));
  for (const filePath of files) {
    const data = await readFile(path.join(dir, filePath));
    const contentType = CONTENT_TYPES[path.extname(filePath)] ?? 'application/octet-stream';
    await withDb(() => streamFiles.insertOne({ _id: streamFileId(stream, filePath), stream, contentType, data: new Binary(data) }));
    const folder = filePath.includes('/') ? filePath.slice(0, filePath.indexOf('/')) : '';
    bytesByFolder.set(folder, (bytesByFolder.get(folder) ?? 0) + data.byteLength);
  }
  return bytesByFolder;
}

/** One file of a ladder, or null when there is none at that path. */
export async function readStreamFile(stream: ObjectId, filePath: string): Promise<Pick<StreamFileDocument, 'contentType' | 'data'> | null> {
  return withDb(async () => (await collection('streamFiles')).findOne({ _id: streamFileId(stream, filePath) }, { projection: { contentType: 1, data: 1 } }));
}

/** Removes a ladder's files. */
export async function deleteStreamFiles(stream: ObjectId): Promise<void> {
  await withDb(async () => (await collection('streamFiles')).deleteMany({ stream }));
}
