import 'server-only';
import { coded } from '@/lib/coded-message';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { ObjectId } from 'mongodb';
import { streamChunks } from '../../platform/chunked-files';
import { collection, withDb } from '../../platform/db';
import type { VideoStreaming } from '@/lib/curriculum';
import type { LessonStreamDocument, StoredFileRef, VideoJobDocument } from '../../platform/documents';
import { releaseLease, renewLease, takeLease } from '../../platform/leases';
import { forgetLessonCaptions } from './captions';
import { pictureSize } from './ladder';
import { forgetLessonPlaybacks } from './playback-reports';
import type { Ladder, SourceVideo } from './ladder';
import { VIDEO_REFUSALS, probeVideo } from './probe';
import { deleteStreamFiles, storeStreamFiles } from './stream-files';
import { TranscodeError, transcodeToLadder } from './transcode';

// Transcoding jobs: an uploaded lesson video is queued (one job per lesson; a newer upload takes
// the job over), and each instance transcodes one job at a time, in the background. A job is
// claimed with a lease (server/platform/leases.ts), kept while it runs, so it runs on one instance only; a
// run whose instance died is taken over once its lease runs out. The lesson keeps its previous
// ladder until the new one is whole, and a ladder made from an upload since replaced is dropped.

/** How long a claim lasts without being renewed: a dead instance's job waits this long. */
const LEASE_MS = 60_000;
/** Runs a job may start before it is given up (a video that kills ffmpeg, say). */
export const MAX_ATTEMPTS = 3;
/** How often a running job's progress is written (and its lease renewed). */
const PROGRESS_EVERY_MS = 2_000;

const NO_FFMPEG = 'videosCannotBeTranscodedOnThisServerFfmpegIsNotInstalled';
const TOO_MANY_ATTEMPTS = coded('transcodingStoppedTimesWithoutFinishing', { times: MAX_ATTEMPTS });
const FAILED = 'theVideoCouldNotBePreparedForStreamingUploadItAgain';

function leaseName(lessonId: ObjectId): string {
  return `transcode:${lessonId.toHexString()}`;
}

/** Queues the transcoding of a lesson's newly uploaded video, replacing any job of an earlier upload. */
export async function queueTranscode(lessonId: ObjectId, courseId: ObjectId, video: StoredFileRef): Promise<void> {
  await withDb(async () =>
    (await collection('videoJobs')).updateOne(
      { _id: lessonId },
      { $set: { courseId, sourceFileId: video.fileId, state: 'queued', progress: 0, attempts: 0, queuedAt: new Date() }, $unset: { refusal: '', error: '', finishedAt: '' } },
      { upsert: true },
    ),
  );
}

type Claimed = VideoJobDocument & { lease: string };

/** The oldest job due, taken with its lease: queued, or running on an instance whose lease ran out. */
async function claimNextJob(): Promise<Claimed | null> {
  const jobs = await withDb(() => collection('videoJobs'));
  const due = await withDb(() => jobs.find({ state: { $in: ['queued', 'running'] } }).sort({ state: 1, queuedAt: 1 }).limit(20).toArray());
  for (const job of due) {
    const lease = leaseName(job._id);
    if (!(await withDb(() => takeLease(lease, LEASE_MS)))) continue;
    // Claimed as it was read: a newer upload queued since is claimed afresh next time.
    const claimed = await withDb(() =>
      jobs.findOneAndUpdate({ _id: job._id, sourceFileId: job.sourceFileId, state: job.state }, { $set: { state: 'running' }, $inc: { attempts: 1 } }, { returnDocument: 'after' }),
    );
    if (claimed) return { ...claimed, lease };
    await withDb(() => releaseLease(lease));
  }
  return null;
}

/** Writes a job's outcome, unless a newer upload has taken the job over. */
async function settle(job: VideoJobDocument, outcome: Partial<VideoJobDocument>): Promise<void> {
  await withDb(async () =>
    (await collection('videoJobs')).updateOne({ _id: job._id, sourceFileId: job.sourceFileId }, { $set: { ...outcome, finishedAt: new Date() }, $unset: { pendingStream: '' } }),
  );
}

async function downloadSource(video: StoredFileRef, file: string): Promise<void> {
  const chunks = streamChunks('lessonFileChunks', video, 0, video.length - 1) as unknown as NodeReadableStream<Uint8Array>;
  await pipeline(Readable.fromWeb(chunks), createWriteStream(file));
}

/** The rungs as the player's menu shows them, lowest first, with what each costs in bytes. */
function rungsOf(ladder: Ladder, source: SourceVideo, bytesByFolder: Map<string, number>): LessonStreamDocument['rungs'] {
  return [
    ...ladder.pictures.map((rung) => ({ name: rung.name, ...pictureSize(source, rung), bytes: bytesByFolder.get(rung.name) ?? 0 })),
    ...(ladder.audio ? [{ name: ladder.audio.name, bytes: bytesByFolder.get(ladder.audio.name) ?? 0 }] : []),
  ];
}

/** Makes the new ladder the lesson's, if its video is still the one transcoded; the ladder it replaced is removed. */
async function publishStream(job: VideoJobDocument, stream: LessonStreamDocument): Promise<boolean> {
  const lessons = await withDb(() => collection('lessons'));
  const before = await withDb(() => lessons.findOneAndUpdate({ _id: job._id, 'video.fileId': job.sourceFileId }, { $set: { stream } }, { returnDocument: 'before' }));
  if (!before) return false;
  if (before.stream) await deleteStreamFiles(before.stream._id);
  return true;
}

async function runJob(job: Claimed, work: string): Promise<void> {
  const jobs = await withDb(() => collection('videoJobs'));
  // A ladder a run before this one began storing and never published.
  if (job.pendingStream) await deleteStreamFiles(job.pendingStream);
  if (job.attempts > MAX_ATTEMPTS) return settle(job, { state: 'failed', error: TOO_MANY_ATTEMPTS });
  const lesson = await withDb(async () => (await collection('lessons')).findOne({ _id: job._id }, { projection: { video: 1 } }));
  // Replaced or deleted since it was queued: the job of the newer upload does the work.
  if (!lesson?.video?.fileId.equals(job.sourceFileId)) return;

  const source = path.join(work, 'source');
  await downloadSource(lesson.video, source);
  const probed = await probeVideo(source);
  if (!probed.ok) return settle(job, { state: 'failed', refusal: probed.refusal });

  const out = path.join(work, 'ladder');
  await mkdir(out);
  let lastWrite = Date.now();
  const ladder = await transcodeToLadder(source, out, probed.source, {
    onProgress: (done) => {
      if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      void withDb(() => jobs.updateOne({ _id: job._id, sourceFileId: job.sourceFileId }, { $set: { progress: Math.round(done * 100) / 100 } })).catch(() => undefined);
    },
  });

  const streamId = new ObjectId();
  await withDb(() => jobs.updateOne({ _id: job._id }, { $set: { pendingStream: streamId } }));
  const bytesByFolder = await storeStreamFiles(streamId, out);
  const stream: LessonStreamDocument = {
    _id: streamId,
    sourceFileId: job.sourceFileId,
    durationSeconds: probed.source.durationSeconds,
    rungs: rungsOf(ladder, probed.source, bytesByFolder),
    createdAt: new Date(),
  };
  if (!(await publishStream(job, stream))) {
    await deleteStreamFiles(streamId);
    return;
  }
  await settle(job, { state: 'done', progress: 1 });
}

/** Why a run failed, for the admin: ffmpeg missing or refusing the file, or what else broke. */
async function recordFailure(job: Claimed, error: unknown): Promise<void> {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT' && (error as NodeJS.ErrnoException).path === 'ffmpeg') return settle(job, { state: 'failed', error: NO_FFMPEG });
  if (error instanceof TranscodeError) return settle(job, { state: 'failed', refusal: 'unreadable', error: error.message });
  // Anything else (the database gone a moment, the disk full) is tried again by the next claim.
  console.error(`[transcode] lesson ${job._id.toHexString()} failed`, error);
  await withDb(async () => (await collection('videoJobs')).updateOne({ _id: job._id, sourceFileId: job.sourceFileId }, { $set: { error: String(error) } })).catch(() => undefined);
}

/** Claims and runs the oldest job due, if any: true when there was one. */
export async function runNextTranscodeJob(): Promise<boolean> {
  const job = await claimNextJob();
  if (!job) return false;
  const keepLease = setInterval(() => void withDb(() => renewLease(job.lease, LEASE_MS)).catch(() => undefined), LEASE_MS / 3);
  const work = await mkdtemp(path.join(tmpdir(), 'kz-transcode-'));
  try {
    await runJob(job, work);
  } catch (error) {
    await recordFailure(job, error);
  } finally {
    clearInterval(keepLease);
    await rm(work, { recursive: true, force: true });
    await withDb(() => releaseLease(job.lease)).catch(() => undefined);
  }
  return true;
}

/** How often an idle instance looks for a job. */
const POLL_MS = 10_000;

/** Starts this instance's transcoding worker: one job at a time, then the next, else a look every few seconds. */
export function startTranscodeWorker(): void {
  let busy = false;
  const turn = async () => {
    if (busy) return;
    busy = true;
    try {
      while (await runNextTranscodeJob());
    } catch (error) {
      console.error('[transcode] could not look for jobs', error);
    } finally {
      busy = false;
    }
  };
  setInterval(() => void turn(), POLL_MS).unref();
}

/** Where each video of a course is on its way to streaming, by lesson id, for the curriculum editor. */
export async function videoStreamingOfCourse(courseId: ObjectId, streams: Map<string, LessonStreamDocument>): Promise<Map<string, VideoStreaming>> {
  const jobs = await withDb(async () => (await collection('videoJobs')).find({ courseId }).toArray());
  const byLesson = new Map<string, VideoStreaming>();
  for (const [lessonId, stream] of streams) byLesson.set(lessonId, { state: 'done', progress: 1, rungs: stream.rungs.map((rung) => rung.name) });
  for (const job of jobs) {
    const lessonId = job._id.toHexString();
    if (job.state === 'done') continue;
    const rungs = byLesson.get(lessonId)?.rungs ?? [];
    const reason = job.state === 'failed' ? (job.refusal ? VIDEO_REFUSALS[job.refusal] : [NO_FFMPEG, TOO_MANY_ATTEMPTS].find((known) => known === job.error) ?? FAILED) : undefined;
    byLesson.set(lessonId, { state: job.state, progress: job.progress, rungs, ...(reason ? { reason } : {}) });
  }
  return byLesson;
}

/** Removes a deleted lesson's ladder, job, captions and playback reports. */
export async function forgetLessonVideo(lessonId: ObjectId, stream: LessonStreamDocument | undefined): Promise<void> {
  if (stream) await deleteStreamFiles(stream._id);
  await withDb(async () => (await collection('videoJobs')).deleteOne({ _id: lessonId }));
  await forgetLessonCaptions(lessonId);
  await forgetLessonPlaybacks(lessonId);
}
