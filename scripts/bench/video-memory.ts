// The lesson video's memory budget: a 200 MB lesson video streams with constant server memory. While one
// viewer watches the bench user's video lesson from start to end, four others keep seeking: each
// asks for `bytes=N-` at a random N, reads a few MB and abandons the answer (as a player does when
// the viewer jumps), over and over until the first viewer has the whole file. The app server's
// resident memory is sampled every 10 ms. Linux only (reads /proc/<pid>/status).
import { residentBytes, sampleResidentMemory } from './stream-memory';
import { createRandom } from './random';

export type VideoMemoryResult = {
  /** GET /api/learn/{courseId}/{lessonId}/video */
  path: string;
  fileBytes: number;
  /** Resident memory of the app server just before the viewers start, and its peak while they watch. */
  baselineBytes: number;
  peakBytes: number;
  /** Resident memory right after the last viewer stopped: what the server kept. */
  endBytes: number;
  /** Bytes received in all: the whole file once plus what the seeking viewers read before moving on. */
  receivedBytes: number;
  /** Whether the viewer watching it through received the whole file. */
  watchedThrough: boolean;
  seekingViewers: number;
  /** Ranges the seeking viewers asked for (each read a few MB, then abandoned). */
  seeks: number;
  seconds: number;
  /** Why the measurement did not run or did not finish, when it did not. */
  error?: string;
};

const SEEKING_VIEWERS = 4;
/** Each seeking viewer jumps at least this often, even if the whole-file viewer is faster. */
const MIN_SEEKS_PER_VIEWER = 8;
/** A seek reads 1 to 4 MB before the viewer jumps again: a few seconds of a lecture video. */
const SEEK_READ_MIN_BYTES = 1024 * 1024;
const SEEK_READ_MAX_BYTES = 4 * 1024 * 1024;
/** At ~20 MB/s the whole video takes about ten seconds; a server far slower than that is reported, not waited for. */
const DEADLINE_SECONDS = 300;
/** The WebM (EBML) signature the seeded video starts with: the route serves the stored bytes. */
const WEBM_SIGNATURE = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** The budget: peak resident memory less than 20 MB above the baseline. */
export const VIDEO_MEMORY_BUDGET_BYTES = 20 * 1024 * 1024;

/**
 * Reads one answer, keeping only the byte count, until `limit` bytes (then abandons the rest, as
 * a player does on a seek) or the end. Checks the status and, for a range, where it starts.
 */
async function read(url: string, cookie: string, start: number | null, limit: number, fileBytes: number, deadline: AbortSignal): Promise<number> {
  const abandon = new AbortController();
  const signal = AbortSignal.any([abandon.signal, deadline]);
  const response = await fetch(url, { headers: { cookie, ...(start === null ? {} : { range: `bytes=${start}-` }) }, signal });
  const expected = start === null ? 200 : 206;
  if (response.status !== expected || !response.body) throw new Error(`${start === null ? 'the whole video' : `bytes=${start}-`} answered ${response.status}`);
  const range = response.headers.get('content-range');
  if (start !== null && range !== `bytes ${start}-${fileBytes - 1}/${fileBytes}`) throw new Error(`bytes=${start}- answered Content-Range ${range ?? '(none)'}`);
  const reader = response.body.getReader();
  let received = 0;
  try {
    while (received < limit) {
      const next = await reader.read();
      if (next.done) break;
      received += next.value.byteLength;
    }
  } finally {
    // Ends the request (and its connection): the server sees the viewer go away mid-answer.
    if (received < fileBytes - (start ?? 0)) abandon.abort();
  }
  return received;
}

/** fetch's own message ("fetch failed") says little; its cause says what happened to the connection. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : null;
  return cause ? `${error.message} (${cause})` : error.message;
}

/** The first bytes of the video, through the same route: answers why it cannot be measured, or null. */
async function checkVideo(url: string, cookie: string): Promise<string | null> {
  const response = await fetch(url, { headers: { cookie, range: 'bytes=0-15' }, signal: AbortSignal.timeout(60_000) });
  const head = Buffer.from(await response.arrayBuffer());
  if (response.status !== 206) return `GET ${new URL(url).pathname} with Range answered ${response.status}`;
  if (!head.subarray(0, WEBM_SIGNATURE.length).equals(WEBM_SIGNATURE)) return 'the lesson video does not start with the WebM signature';
  return null;
}

export async function measureVideoMemory(options: { baseUrl: string; cookie: string; courseId: string; lessonId: string; fileBytes: number; appPid: number }): Promise<VideoMemoryResult> {
  const { baseUrl, cookie, courseId, lessonId, fileBytes, appPid } = options;
  const path = `/api/learn/${courseId}/${lessonId}/video`;
  const url = `${baseUrl}${path}`;
  const result: VideoMemoryResult = { path, fileBytes, baselineBytes: 0, peakBytes: 0, endBytes: 0, receivedBytes: 0, watchedThrough: false, seekingViewers: SEEKING_VIEWERS, seeks: 0, seconds: 0 };
  if (fileBytes <= 2 * SEEK_READ_MAX_BYTES) return { ...result, error: `the video has ${fileBytes} bytes: too small to seek in (seed it with --lesson-video)` };
  const problem = await checkVideo(url, cookie);
  if (problem) return { ...result, error: problem };
  // Read after that first request, so the baseline already includes the route's code and connection.
  const memory = sampleResidentMemory(appPid);
  if (!memory) return { ...result, error: `no /proc/${appPid}/status to read the app server's memory from` };
  result.baselineBytes = memory.baselineBytes;
  // A fixed seed: every run seeks to the same offsets, so two runs compare.
  const random = createRandom(17);
  const deadline = AbortSignal.timeout(DEADLINE_SECONDS * 1000);
  const started = Date.now();
  let watching = true;
  // A failed viewer stops the others too: the measurement ends with every request finished.
  let failed = false;
  const watchThrough = async () => {
    try {
      const bytes = await read(url, cookie, null, Number.POSITIVE_INFINITY, fileBytes, deadline);
      if (bytes !== fileBytes) throw new Error(`the whole video came as ${bytes} bytes instead of ${fileBytes}`);
      result.receivedBytes += bytes;
      result.watchedThrough = true;
    } finally {
      watching = false;
    }
  };
  const seekAround = async () => {
    for (let seeks = 0; !failed && (watching || seeks < MIN_SEEKS_PER_VIEWER); seeks += 1) {
      const start = Math.floor(random() * (fileBytes - SEEK_READ_MAX_BYTES));
      const limit = SEEK_READ_MIN_BYTES + Math.floor(random() * (SEEK_READ_MAX_BYTES - SEEK_READ_MIN_BYTES));
      // Not `+= await read(...)`: that would add to the total as it was before the read, losing what the other viewers added meanwhile.
      const bytes = await read(url, cookie, start, limit, fileBytes, deadline);
      result.receivedBytes += bytes;
      result.seeks += 1;
    }
  };
  const viewers = [watchThrough, ...Array.from({ length: SEEKING_VIEWERS }, () => seekAround)].map((viewer, index) =>
    viewer().catch((error: unknown) => {
      failed = true;
      const who = index === 0 ? 'the viewer watching it through' : `seeking viewer ${index}`;
      result.error ??= deadline.aborted ? `the viewers had not finished after ${DEADLINE_SECONDS} s` : `${who}: ${describeError(error)}`;
    }),
  );
  await Promise.all(viewers);
  memory.stop();
  result.seconds = (Date.now() - started) / 1000;
  result.endBytes = residentBytes(appPid) ?? 0;
  result.peakBytes = memory.peakBytes();
  return result;
}

export function videoStreamsWithConstantMemory(result: VideoMemoryResult): boolean {
  return !result.error && result.peakBytes - result.baselineBytes < VIDEO_MEMORY_BUDGET_BYTES;
}
