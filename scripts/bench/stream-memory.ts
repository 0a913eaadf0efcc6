// The book file's memory budget: the app server sends a bought 50 MB MP3 with constant memory. The
// bench user downloads the file through the link My Collection gives (whole, then four at once,
// then seeking with HTTP Range) while the server's resident memory is sampled every 10 ms.
// Linux only (reads /proc/<pid>/status).
import { readFileSync } from 'node:fs';

export type StreamMemoryResult = {
  bookId: string;
  fileBytes: number;
  /** Resident memory of the app server just before the first download, and its peak during them. */
  baselineBytes: number;
  peakBytes: number;
  /** The peak by the end of the first (single) download: compared with peakBytes, it shows whether memory grows with the bytes sent. */
  peakAfterOneBytes: number;
  /** Bytes received in all: one whole download, four concurrent ones and the range requests. */
  receivedBytes: number;
  seconds: number;
  ranges: number;
  /** Why the measurement did not run, when it did not. */
  error?: string;
};

const CONCURRENT_DOWNLOADS = 4;
const RANGE_REQUESTS = 16;
const RANGE_BYTES = 1024 * 1024;
const SAMPLE_EVERY_MS = 10;

export function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export type MemorySampler = { baselineBytes: number; peakBytes: () => number; stop: () => void };

/** Samples `pid`'s resident memory every 10 ms from now on: where it started and its peak since. Null without /proc. */
export function sampleResidentMemory(pid: number): MemorySampler | null {
  const baselineBytes = residentBytes(pid);
  if (baselineBytes === null) return null;
  let peak = baselineBytes;
  const sample = () => {
    peak = Math.max(peak, residentBytes(pid) ?? 0);
  };
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  return {
    baselineBytes,
    peakBytes: () => {
      sample();
      return peak;
    },
    stop: () => clearInterval(timer),
  };
}

/** The file link My Collection shows the bench user for the book (on one of its first pages). */
async function fileLink(baseUrl: string, cookie: string, bookId: string): Promise<string | null> {
  const link = new RegExp(`/api/books/${bookId}/file(?=")`);
  for (let page = 1; page <= 5; page += 1) {
    const response = await fetch(`${baseUrl}/myCollection?page=${page}`, { headers: { cookie, accept: 'text/html' }, redirect: 'manual' });
    const match = link.exec((await response.text()).replaceAll('&amp;', '&'));
    if (match) return `${baseUrl}${match[0]}`;
  }
  return null;
}

/** Reads a download to its end, keeping only the count; answers the bytes received. */
async function download(url: string, cookie: string, range?: string): Promise<number> {
  const response = await fetch(url, { headers: { cookie, ...(range ? { range } : {}) } });
  if (response.status !== (range ? 206 : 200) || !response.body) throw new Error(`${range ?? 'download'} answered ${response.status}`);
  const reader = response.body.getReader();
  let received = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) received += next.value.byteLength;
  return received;
}

export async function measureStreamMemory(options: { baseUrl: string; cookie: string; bookId: string; fileBytes: number; appPid: number }): Promise<StreamMemoryResult> {
  const { baseUrl, cookie, bookId, fileBytes, appPid } = options;
  const result: StreamMemoryResult = { bookId, fileBytes, baselineBytes: 0, peakBytes: 0, peakAfterOneBytes: 0, receivedBytes: 0, seconds: 0, ranges: 0 };
  const url = await fileLink(baseUrl, cookie, bookId);
  if (!url) return { ...result, error: 'My Collection showed the bench user no file link for the audiobook' };
  // Read after rendering My Collection, so the baseline already includes that page's work.
  const memory = sampleResidentMemory(appPid);
  if (!memory) return { ...result, error: `no /proc/${appPid}/status to read the app server's memory from` };

  result.baselineBytes = memory.baselineBytes;
  const started = Date.now();
  try {
    result.receivedBytes += await download(url, cookie);
    result.peakAfterOneBytes = memory.peakBytes();
    const together = await Promise.all(Array.from({ length: CONCURRENT_DOWNLOADS }, () => download(url, cookie)));
    result.receivedBytes += together.reduce((sum, bytes) => sum + bytes, 0);
    // A listener jumping around the book: ranges spread over the whole file.
    for (let index = 0; index < RANGE_REQUESTS; index += 1) {
      const start = Math.floor(((fileBytes - RANGE_BYTES) * index) / RANGE_REQUESTS);
      result.receivedBytes += await download(url, cookie, `bytes=${start}-${start + RANGE_BYTES - 1}`);
      result.ranges += 1;
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    memory.stop();
    result.peakBytes = memory.peakBytes();
    result.seconds = (Date.now() - started) / 1000;
  }
  const expected = fileBytes * (1 + CONCURRENT_DOWNLOADS) + RANGE_BYTES * RANGE_REQUESTS;
  if (!result.error && result.receivedBytes !== expected) result.error = `received ${result.receivedBytes} bytes instead of ${expected}`;
  return result;
}

/**
 * The budget: the server holds about a chunk per download, so its memory grows only by buffers in
 * flight and chunks not yet garbage-collected (V8 collects them once they add up to some tens of
 * MB, whatever the file's size), never by a whole file: less than one file's size while four
 * copies stream at once.
 */
export function streamsWithConstantMemory(result: StreamMemoryResult): boolean {
  return !result.error && result.peakBytes - result.baselineBytes < result.fileBytes;
}
