import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Binary, ObjectId } from 'mongodb';
import { insertCourse } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';
import { bodyOf } from '@/tests/support/request-bodies';
import type { CurriculumSectionDocument } from '../../platform/documents';
import type { Actor } from '../../accounts/permissions';
import { coded } from '@/lib/coded-message';

// The domain operations refresh cached pages; outside a request there is no page cache to refresh.
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

// Transcoding jobs against the real embedded database and the real ffmpeg: an upload queues its
// lesson's job, one run makes and publishes the ladder, a new upload replaces it only once its own
// is whole, a run whose instance died is taken over (and given up after a few), two instances never
// run one job, a file ffmpeg cannot read fails with its reason, and a deleted lesson leaves nothing.
selectPrivateDatabase('kz_jest_video_jobs');

const run = promisify(execFile);

type Modules = {
  jobs: typeof import('./jobs');
  files: typeof import('./stream-files');
  upload: typeof import('../../catalogue/admin/lesson-file-upload');
  curriculum: typeof import('../../catalogue/admin/curriculum');
  db: typeof import('../../platform/db');
};
let m: Modules;
let work: string;
let clip: Buffer;
let otherClip: Buffer;

beforeAll(async () => {
  m = {
    jobs: await import('./jobs'),
    files: await import('./stream-files'),
    upload: await import('../../catalogue/admin/lesson-file-upload'),
    curriculum: await import('../../catalogue/admin/curriculum'),
    db: await import('../../platform/db'),
  };
  work = await mkdtemp(path.join(tmpdir(), 'kz-jobs-'));
  const make = async (name: string, frequency: number) => {
    const file = path.join(work, name);
    await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=5', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=5`, '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file]);
    return readFile(file);
  };
  [clip, otherClip] = await Promise.all([make('clip.mp4', 440), make('other.mp4', 660)]);
});

beforeEach(async () => {
  const db = await m.db.getDb();
  await Promise.all(['courses', 'lessons', 'lessonFileChunks', 'streamFiles', 'videoJobs', 'leases'].map((name) => db.collection(name).deleteMany({})));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await m.db.closeDb();
});

/** A fresh admin each time, so the per-admin write allowance never runs out. */
function anAdmin(): Actor {
  return { id: new ObjectId().toHexString(), email: 'admin@example.com', role: 'admin' };
}

async function videoLesson() {
  const lessonId = new ObjectId();
  const curriculum: CurriculumSectionDocument[] = [{ _id: new ObjectId(), title: 'Week 1', lessons: [
    { _id: lessonId, title: 'Motion', kind: 'video', freePreview: false },
    { _id: new ObjectId(), title: 'Reading', kind: 'article', freePreview: false },
  ] }];
  const course = await insertCourse({ title: 'Kinematics', curriculum, curriculumVersion: 1 } as Parameters<typeof insertCourse>[0]);
  return { courseId: course._id, lessonId };
}

async function uploadVideo(target: { courseId: ObjectId; lessonId: ObjectId }, data: Buffer) {
  const { stream } = bodyOf(data);
  await m.upload.uploadLessonFile(anAdmin(), { courseId: target.courseId.toHexString(), lessonId: target.lessonId.toHexString(), part: 'video' }, stream, { contentLength: String(data.length), fileName: 'lesson.mp4' });
}

const job = async (lessonId: ObjectId) => (await m.db.collection('videoJobs')).findOne({ _id: lessonId });
const lesson = async (lessonId: ObjectId) => (await m.db.collection('lessons')).findOne({ _id: lessonId });
const streamFileCount = async (stream: ObjectId) => (await m.db.collection('streamFiles')).countDocuments({ stream });

it('an upload queues its lesson’s job; a run makes the ladder, stores it file by file and publishes it', async () => {
  const target = await videoLesson();
  await uploadVideo(target, clip);
  expect(await job(target.lessonId)).toMatchObject({ state: 'queued', progress: 0, attempts: 0, courseId: target.courseId });

  expect(await m.jobs.runNextTranscodeJob()).toBe(true);
  expect(await job(target.lessonId)).toMatchObject({ state: 'done', progress: 1, attempts: 1 });
  const stream = (await lesson(target.lessonId))?.stream;
  expect(stream?.rungs.map((rung) => rung.name)).toEqual(['240p', '360p', 'audio']);
  expect(stream?.rungs[1]).toMatchObject({ width: 640, height: 360, bytes: expect.any(Number) });
  expect(stream?.rungs.every((rung) => rung.bytes > 0)).toBe(true);
  expect(stream?.durationSeconds).toBeCloseTo(5, 0);

  const master = await m.files.readStreamFile(stream!._id, 'master.m3u8');
  expect(master?.contentType).toBe('application/vnd.apple.mpegurl');
  expect(Buffer.from(master!.data.buffer).toString()).toContain('360p/index.m3u8');
  expect((await m.files.readStreamFile(stream!._id, '360p/segment000.ts'))?.contentType).toBe('video/mp2t');
  expect(await m.files.readStreamFile(stream!._id, '1080p/segment000.ts')).toBeNull();

  // Nothing else is due.
  expect(await m.jobs.runNextTranscodeJob()).toBe(false);
}, 60_000);

it('a new upload keeps the old ladder playing until its own is whole, then removes the old one', async () => {
  const target = await videoLesson();
  await uploadVideo(target, clip);
  await m.jobs.runNextTranscodeJob();
  const first = (await lesson(target.lessonId))!.stream!;

  await uploadVideo(target, otherClip);
  expect(await job(target.lessonId)).toMatchObject({ state: 'queued', attempts: 0 });
  expect((await lesson(target.lessonId))?.stream?._id).toEqual(first._id);

  await m.jobs.runNextTranscodeJob();
  const second = (await lesson(target.lessonId))!.stream!;
  expect(second._id).not.toEqual(first._id);
  expect(second.sourceFileId).toEqual((await lesson(target.lessonId))?.video?.fileId);
  expect(await streamFileCount(first._id)).toBe(0);
  expect(await streamFileCount(second._id)).toBeGreaterThan(0);
}, 60_000);

it('takes over a run whose instance died, removing what it had half stored; gives up after a few such runs', async () => {
  const target = await videoLesson();
  await uploadVideo(target, clip);
  const orphan = new ObjectId();
  await (await m.db.collection('streamFiles')).insertOne({ _id: `${orphan.toHexString()}/master.m3u8`, stream: orphan, contentType: 'text/plain', data: new Binary(Buffer.from('#EXTM3U')) });
  await (await m.db.collection('videoJobs')).updateOne({ _id: target.lessonId }, { $set: { state: 'running', attempts: 1, pendingStream: orphan } });
  // The dead instance's lease has not run out yet: nobody may take the job.
  const leases = await m.db.collection('leases');
  await leases.insertOne({ _id: `transcode:${target.lessonId.toHexString()}`, until: new Date(Date.now() + 60_000), holder: 'dead-instance' });
  expect(await m.jobs.runNextTranscodeJob()).toBe(false);

  await leases.updateOne({ _id: `transcode:${target.lessonId.toHexString()}` }, { $set: { until: new Date(Date.now() - 1) } });
  expect(await m.jobs.runNextTranscodeJob()).toBe(true);
  expect(await job(target.lessonId)).toMatchObject({ state: 'done', attempts: 2 });
  expect(await job(target.lessonId)).not.toHaveProperty('pendingStream');
  expect(await streamFileCount(orphan)).toBe(0);

  // A video whose runs keep dying is given up, with the reason.
  await uploadVideo(target, otherClip);
  await (await m.db.collection('videoJobs')).updateOne({ _id: target.lessonId }, { $set: { state: 'running', attempts: m.jobs.MAX_ATTEMPTS } });
  expect(await m.jobs.runNextTranscodeJob()).toBe(true);
  expect(await job(target.lessonId)).toMatchObject({ state: 'failed', error: coded('transcodingStoppedTimesWithoutFinishing', { times: m.jobs.MAX_ATTEMPTS }) });
}, 60_000);

it('runs a job on one instance only, however many look for it at once', async () => {
  const target = await videoLesson();
  await uploadVideo(target, clip);
  const ran = await Promise.all([m.jobs.runNextTranscodeJob(), m.jobs.runNextTranscodeJob(), m.jobs.runNextTranscodeJob()]);
  expect(ran.filter(Boolean)).toHaveLength(1);
  expect(await job(target.lessonId)).toMatchObject({ state: 'done', attempts: 1 });
  expect(await (await m.db.collection('streamFiles')).distinct('stream')).toHaveLength(1);
}, 60_000);

it('fails a file that is not a playable video with its reason, and skips a job whose upload was replaced', async () => {
  const target = await videoLesson();
  // An MP4's first bytes, then nothing a player could read.
  await uploadVideo(target, Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(300_000, 1)]));
  expect(await m.jobs.runNextTranscodeJob()).toBe(true);
  expect(await job(target.lessonId)).toMatchObject({ state: 'failed', refusal: 'unreadable' });
  expect(await lesson(target.lessonId)).not.toHaveProperty('stream');

  const other = await videoLesson();
  await uploadVideo(other, clip);
  await (await m.db.collection('lessons')).updateOne({ _id: other.lessonId }, { $set: { 'video.fileId': new ObjectId() } });
  expect(await m.jobs.runNextTranscodeJob()).toBe(true);
  expect(await lesson(other.lessonId)).not.toHaveProperty('stream');
  expect(await (await m.db.collection('streamFiles')).countDocuments({})).toBe(0);
}, 60_000);

it('a deleted lesson leaves neither its ladder nor its job', async () => {
  const target = await videoLesson();
  await uploadVideo(target, clip);
  await m.jobs.runNextTranscodeJob();
  const stream = (await lesson(target.lessonId))!.stream!;
  await m.curriculum.deleteLesson(anAdmin(), target.courseId, target.lessonId.toHexString());
  expect(await streamFileCount(stream._id)).toBe(0);
  expect(await job(target.lessonId)).toBeNull();
}, 60_000);
