// npx tsx scripts/bench/lesson-video.ts
// (scripts/bench/lesson-video.sh builds and starts the app on a fresh seeded FerretDB and sets VIDEO_BENCH_*)
//
// Lesson video streaming against its budgets, on the production build, its transcoding worker and
// the embedded database; each a ratio to a baseline measured in the same run, or a count:
//
//   1. Chromium at 1.6 Mbps / 150 ms (lesson-video-browser.ts): the demo student opens the video
//      lesson of a course they bought and presses play, VIDEO_BENCH_RUNS times in fresh contexts:
//      time to first frame (the play press to the first `playing`) p75 < 2 s; in the last run,
//      VIDEO_BENCH_PLAY_SECONDS of video watched: stall time while playing / watch time < 1 %.
//   2. Chromium at 400 kbps / 400 ms: playback starts in < 4 s on the lowest picture rung, and
//      VIDEO_BENCH_SLOW_SECONDS of video play without a stall after the start.
//   3. The data saver on (the player's stored preference, on a phone viewport) at 1.6 Mbps:
//      VIDEO_BENCH_PLAY_SECONDS played with ≤ 3 MB of the ladder transferred (responses to
//      /api/lesson-stream/, body and headers, what the player asked for until then).
//   4. A 720p30 source of VIDEO_BENCH_SOURCE_SECONDS (ffmpeg testsrc2 + sine) uploaded by the admin
//      to a video lesson: from the upload's answer to its job `done` (the ladder stored and
//      published) ≤ 1.5 × the video's length; a course page fetched 4 times a second meanwhile,
//      its p95 ≤ 2 × its p95 over VIDEO_BENCH_IDLE_SECONDS just before the upload.
//   5. VIDEO_BENCH_LEARNERS plain HTTP learners with the signed address, each fetching the master,
//      a rung's playlist (the rungs dealt round) and its segments in order, looping: first at a
//      player's pace (30 s of video ahead, as the player's hls.js keeps, then in real time), then as
//      fast as each can for half as long. The app server's RSS (sampled every 10 ms from /proc)
//      grows < 50 MB over its value before; segment response time (request to last byte) p95 < 50 ms
//      at the player's pace, and ≤ 2 × the p95 of the same paced learners on nginx serving a copy of
//      the ladder's files, measured right after (the back-to-back figure is printed beside them).
//
// When the student's demo clip is shorter than the watch needs, a longer test video
// (VIDEO_BENCH_PLAYBACK_SECONDS, 720p) is uploaded to that lesson first and its ladder waited for.
// Prints the table and writes it to bench/results/lesson-video-latest.md; exits 1 when a budget is
// missed, 2 when the run could not complete.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { ObjectId } from 'mongodb';
import type { Db } from 'mongodb';
import { POOR_3G, SLOW_4G, launchBrowser, watchLesson } from './lesson-video-browser';
import type { PlaybackRun } from './lesson-video-browser';
import { CHROMIUM_PATH } from './lighthouse';
import { percentile, signIn } from './load';
import { DEMO_ACCOUNTS } from '../seed-data/accounts';
import { residentBytes, sampleResidentMemory } from './stream-memory';
import { startCpuCount } from './budget-table';
import type { CpuSpent } from './budget-table';
import { LeanHttpClient } from './lean-http-get';

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`${name} is not set (run the bench through scripts/bench/lesson-video.sh)`);
  return value;
}

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
}

const BASE = required('VIDEO_BENCH_BASE_URL');
const MONGODB_URI = required('VIDEO_BENCH_MONGODB_URI');
const APP_PID = Number(required('VIDEO_BENCH_APP_PID'));
/** FerretDB's process: its CPU during the learners is reported beside the app's. */
const DB_PID = Number(process.env.VIDEO_BENCH_DB_PID ?? 0);
const WORK_DIR = required('VIDEO_BENCH_WORK_DIR');
/** nginx serving VIDEO_BENCH_STATIC_DIR: the same ladder files as static files, the learners' baseline. */
const NGINX_URL = required('VIDEO_BENCH_NGINX_URL');
const STATIC_DIR = required('VIDEO_BENCH_STATIC_DIR');
const RESULTS_DIR = process.env.VIDEO_BENCH_RESULTS_DIR?.trim() || 'bench/results';
const SOURCE_SECONDS = positive('VIDEO_BENCH_SOURCE_SECONDS', 600);
const PLAYBACK_SECONDS = positive('VIDEO_BENCH_PLAYBACK_SECONDS', 90);
const RUNS = positive('VIDEO_BENCH_RUNS', 5);
const PLAY_SECONDS = positive('VIDEO_BENCH_PLAY_SECONDS', 60);
const SLOW_SECONDS = positive('VIDEO_BENCH_SLOW_SECONDS', 40);
const LEARNERS = positive('VIDEO_BENCH_LEARNERS', 20);
const STREAM_SECONDS = positive('VIDEO_BENCH_STREAM_SECONDS', 40);
const IDLE_SECONDS = positive('VIDEO_BENCH_IDLE_SECONDS', 30);
const ONLY = new Set((process.env.VIDEO_BENCH_ONLY?.trim() || '1,2,3,4,5').split(',').map((entry) => Number(entry.trim())));

const TTFF_P75_BUDGET_MS = 2_000;
const REBUFFER_BUDGET = 0.01;
const SLOW_START_BUDGET_MS = 4_000;
const DATA_SAVER_BUDGET_BYTES = 3 * 1024 * 1024;
const TRANSCODE_RATIO_BUDGET = 1.5;
const LATENCY_RATIO_BUDGET = 2;
const RSS_GROWTH_BUDGET_BYTES = 50 * 1024 * 1024;
/** The app's segment p95 against nginx's serving the same files to the same learners, in the same run. */
const SEGMENT_P95_RATIO_BUDGET = 2;
const SEGMENT_P95_BUDGET_MS = 50;

/** The page fetched during the transcoding: this many times a second, each given 10 s. */
const PAGE_RATE_PER_SECOND = 4;
/** The player's hls.js keeps this much video ahead (components/learning/stream-playback.ts: maxBufferLength). */
const PLAYER_AHEAD_SECONDS = 30;
const REQUEST_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const describe = (error: unknown) => (error instanceof Error ? (error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message) : String(error));

/** `work` given `ms` at most: past that the step is reported as not finished (the run goes on). */
async function within<T>(ms: number, what: string, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work(), new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

function log(message: string): void {
  console.log(`[video-bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

// --- the app's API -------------------------------------------------------------------------------

async function getJson<T>(url: string, cookie: string): Promise<{ status: number; body: T | null }> {
  const response = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await response.text();
  return { status: response.status, body: response.ok ? (JSON.parse(text) as T) : null };
}

type StreamInfo = { id: string; master: string; expiresAt: string; durationSeconds: number; rungs: { name: string; width?: number; height?: number; bytes: number }[] };

async function streamInfo(cookie: string, courseId: string, lessonId: string): Promise<StreamInfo | null> {
  const { status, body } = await getJson<StreamInfo>(`${BASE}/api/learn/${courseId}/${lessonId}/stream`, cookie);
  if (status === 404) return null;
  if (status !== 200 || !body) throw new Error(`GET /api/learn/${courseId}/${lessonId}/stream answered ${status}`);
  return body;
}

/** Uploads `file` as the lesson's video, as the admin; answers when the app answered 201. */
async function uploadVideo(adminCookie: string, courseId: string, lessonId: string, file: string): Promise<void> {
  const body = readFileSync(file);
  const response = await fetch(`${BASE}/api/uploads/lesson-file?courseId=${courseId}&lessonId=${lessonId}&part=video`, {
    method: 'POST',
    headers: { cookie: adminCookie, 'content-type': 'video/mp4', 'x-file-name': encodeURIComponent(path.basename(file)) },
    body,
    signal: AbortSignal.timeout(10 * 60_000),
  });
  if (response.status !== 201) throw new Error(`uploading ${path.basename(file)} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  await response.arrayBuffer();
}

type JobState = { state: string; progress?: number; error?: string; refusal?: string };

/** Polls the lesson's transcoding job until it is done (or failed): the moment it was seen done. */
async function waitForJob(db: Db, lessonId: ObjectId, timeoutMs: number): Promise<{ doneAt: number; polls: number }> {
  const jobs = db.collection<{ _id: ObjectId } & JobState>('videoJobs');
  const started = performance.now();
  let polls = 0;
  let last: JobState | null = null;
  while (performance.now() - started < timeoutMs) {
    last = await jobs.findOne({ _id: lessonId });
    polls += 1;
    if (last?.state === 'done') return { doneAt: performance.now(), polls };
    if (last?.state === 'failed') throw new Error(`the transcoding job failed: ${last.error ?? last.refusal ?? 'no reason given'}`);
    await sleep(1_000);
  }
  throw new Error(`the transcoding job was still ${last?.state ?? 'missing'} (${Math.round((last?.progress ?? 0) * 100)} %) after ${Math.round(timeoutMs / 1000)} s`);
}

/** Waits until no transcoding job is queued or running (the seed's demo clips), so nothing else runs under a measurement. */
async function waitForIdleWorker(db: Db, timeoutMs: number): Promise<number> {
  const jobs = db.collection('videoJobs');
  const started = performance.now();
  for (;;) {
    const busy = await jobs.countDocuments({ state: { $in: ['queued', 'running'] } });
    if (busy === 0) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${busy} transcoding job(s) still queued or running after ${Math.round(timeoutMs / 1000)} s`);
    await sleep(1_000);
  }
}

// --- test videos -------------------------------------------------------------------------------

/** A 720p30 H.264/AAC MP4 of `length` seconds (testsrc2 and a 440 Hz tone), made once and kept in the work folder. */
async function testVideo(length: number): Promise<string> {
  const dir = path.join(WORK_DIR, 'sources');
  const file = path.join(dir, `testsrc2-720p30-${length}s.mp4`);
  if (existsSync(file) && statSync(file).size > 0) return file;
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.partial.mp4`;
  rmSync(partial, { force: true });
  log(`making a ${length} s 720p30 test video with ffmpeg`);
  const args = [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', String(length), '-map', '0:v', '-map', '1:a',
    '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '1500k', '-maxrate', '2000k', '-bufsize', '3000k', '-g', '60', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-movflags', '+faststart', partial,
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: Math.max(600, length * 3) * 1000 });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (errors = (errors + text).slice(-1000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg making the test video stopped with ${code}: ${errors.trim()}`))));
  });
  renameSync(partial, file);
  return file;
}

// --- 4. page latency -----------------------------------------------------------------------------

/** The answers' times, the failures, and the machine's 1-minute load average every 5 s (the machine may be shared). */
type LatencyLoop = { stop: () => Promise<{ ms: number[]; failed: number; load: number[] }> };

/** GETs `url` PAGE_RATE_PER_SECOND times a second, each request on its own (a slow answer delays no other). */
function latencyLoop(url: string): LatencyLoop {
  const ms: number[] = [];
  let failed = 0;
  const pending = new Set<Promise<void>>();
  const fire = () => {
    const started = performance.now();
    const request = fetch(url, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(10_000) })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status === 200) ms.push(performance.now() - started);
        else failed += 1;
      })
      .catch(() => {
        failed += 1;
      })
      .finally(() => pending.delete(request));
    pending.add(request);
  };
  const timer = setInterval(fire, 1000 / PAGE_RATE_PER_SECOND);
  const load = [loadavg()[0] ?? 0];
  const loadTimer = setInterval(() => load.push(loadavg()[0] ?? 0), 5_000);
  return {
    stop: async () => {
      clearInterval(timer);
      clearInterval(loadTimer);
      load.push(loadavg()[0] ?? 0);
      await Promise.all(pending);
      return { ms, failed, load };
    },
  };
}

// --- 5. learners ---------------------------------------------------------------------------------

/** The URIs of a playlist (lines that are not tags), with each segment's length for a media playlist. */
function playlistEntries(text: string): { uri: string; seconds: number }[] {
  const entries: { uri: string; seconds: number }[] = [];
  let length = 0;
  for (const line of text.split('\n').map((entry) => entry.trim())) {
    if (line.startsWith('#EXTINF:')) length = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#')) {
      entries.push({ uri: line, seconds: length });
      length = 0;
    }
  }
  return entries;
}

/** GET `url` on a learner's connection: how long the whole answer took and its bytes (a playlist's text; a segment's bytes are only counted). */
async function timedGet(client: LeanHttpClient, url: string): Promise<{ ms: number; bytes: number; text: string | null }> {
  const answer = await client.get(url, url.endsWith('.m3u8'));
  if (answer.status !== 200) throw new Error(`GET ${new URL(url).pathname.replace(/lesson-stream\/[^/]+/, 'lesson-stream/…')} answered ${answer.status}`);
  return { ms: answer.ms, bytes: answer.bytes, text: answer.body?.toString('utf8') ?? null };
}

type LearnerStats = {
  segmentMs: number[];
  /** When each segment was asked for, in ms since the phase began (the players' first buffer fill comes first). */
  segmentAtMs: number[];
  playlistMs: number[];
  bytes: number;
  loops: number;
  errors: string[];
  cpu: CpuSpent;
};

/**
 * `count` learners on the ladder at `master` for `ms`: each fetches the master, the playlist of
 * its rung and then the segments in order, and starts over at the end. `paced`: never more than
 * PLAYER_AHEAD_SECONDS of video ahead of real time (a player's buffer); else back to back.
 */
async function runLearners(master: string, count: number, ms: number, paced: boolean): Promise<LearnerStats> {
  const stats: LearnerStats = { segmentMs: [], segmentAtMs: [], playlistMs: [], bytes: 0, loops: 0, errors: [], cpu: { app: null, db: null, bench: 0 } };
  const cpuSpent = startCpuCount(APP_PID, DB_PID);
  const begun = performance.now();
  const end = begun + ms;
  const learner = async (index: number) => {
    const client = new LeanHttpClient(REQUEST_TIMEOUT_MS);
    try {
      await learnUntil(client, index);
    } finally {
      client.close();
    }
  };
  const learnUntil = async (client: LeanHttpClient, index: number) => {
    while (performance.now() < end) {
      const masterAnswer = await timedGet(client, master);
      stats.playlistMs.push(masterAnswer.ms);
      const rungs = playlistEntries(masterAnswer.text ?? '');
      const rung = rungs[index % rungs.length];
      if (!rung) throw new Error('the master playlist lists no rungs');
      const rungUrl = new URL(rung.uri, master).href;
      const playlist = await timedGet(client, rungUrl);
      stats.playlistMs.push(playlist.ms);
      const segments = playlistEntries(playlist.text ?? '');
      const started = performance.now();
      let fetchedSeconds = 0;
      for (const segment of segments) {
        if (performance.now() >= end) return;
        if (paced) {
          const ahead = fetchedSeconds - (performance.now() - started) / 1000;
          if (ahead > PLAYER_AHEAD_SECONDS) await sleep(Math.min((ahead - PLAYER_AHEAD_SECONDS) * 1000, end - performance.now()));
          if (performance.now() >= end) return;
        }
        const askedAt = performance.now() - begun;
        const answer = await timedGet(client, new URL(segment.uri, rungUrl).href);
        stats.segmentMs.push(answer.ms);
        stats.segmentAtMs.push(askedAt);
        stats.bytes += answer.bytes;
        fetchedSeconds += segment.seconds;
      }
      stats.loops += 1;
    }
  };
  await Promise.all(
    Array.from({ length: count }, (_, index) =>
      learner(index).catch((error: unknown) => {
        stats.errors.push(`learner ${index + 1}: ${describe(error)}`);
      }),
    ),
  );
  stats.cpu = cpuSpent();
  return stats;
}

/** The players' first buffer fill: every learner asks for segments back to back until it is PLAYER_AHEAD_SECONDS ahead. */
const FILL_MS = 10_000;

/** Where a phase's time went: segment p95 during the first fill and after it, and the CPU each process spent per segment. */
function learnersBreakdown(who: string, stats: LearnerStats, fromTheApp = true): string {
  const during = stats.segmentMs.filter((_, index) => (stats.segmentAtMs[index] ?? 0) < FILL_MS);
  const after = stats.segmentMs.filter((_, index) => (stats.segmentAtMs[index] ?? 0) >= FILL_MS);
  const figure = (values: number[]) => (values.length ? `p95 ${p(values, 0.95)?.toFixed(1)} ms, p50 ${p(values, 0.5)?.toFixed(1)} ms over ${values.length}` : 'none');
  const count = Math.max(1, stats.segmentMs.length);
  const cpu = (value: number | null) => (value === null ? 'unknown' : `${value.toFixed(2)} s (${((value * 1000) / count).toFixed(1)} ms a segment)`);
  return (
    `${who}: segments asked in the first ${FILL_MS / 1000} s ${figure(during)}; after them ${figure(after)}. ` +
    `CPU: ${fromTheApp ? `the app ${cpu(stats.cpu.app)}, FerretDB ${cpu(stats.cpu.db)}, ` : ''}the bench (its learners, and its sampling of the app's memory every 10 ms) ${cpu(stats.cpu.bench)}.`
  );
}

type LearnersResult = {
  baselineBytes: number;
  pacedPeakBytes: number;
  peakBytes: number;
  endBytes: number;
  paced: LearnerStats;
  backToBack: LearnerStats;
  /** The same paced learners on nginx serving the ladder's files. */
  nginx: LearnerStats;
  pacedSeconds: number;
  backToBackSeconds: number;
};

/** Writes the ladder's files from the database into STATIC_DIR/{ladder id}/, as nginx serves them; answers its master's address there. */
async function staticCopyOfLadder(db: Db, ladderId: string): Promise<string> {
  const files = db.collection<{ _id: string; data: { buffer: Uint8Array } }>('streamFiles').find({ stream: new ObjectId(ladderId) });
  for await (const file of files) {
    const target = path.join(STATIC_DIR, file._id);
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
    writeFileSync(target, file.data.buffer, { mode: 0o644 });
  }
  return `${NGINX_URL}/${ladderId}/master.m3u8`;
}

async function measureLearners(master: string, nginxMaster: string): Promise<LearnersResult> {
  // A warm-up learner, one pass through a few segments of every rung: the route's code and
  // connections are loaded before the baseline is read.
  const warmUp = new LeanHttpClient(REQUEST_TIMEOUT_MS);
  try {
    const warmMaster = await timedGet(warmUp, master);
    for (const rung of playlistEntries(warmMaster.text ?? '')) {
      const rungUrl = new URL(rung.uri, master).href;
      const playlist = await timedGet(warmUp, rungUrl);
      for (const segment of playlistEntries(playlist.text ?? '').slice(0, 3)) await timedGet(warmUp, new URL(segment.uri, rungUrl).href);
    }
  } finally {
    warmUp.close();
  }
  await sleep(2_000);
  const memory = sampleResidentMemory(APP_PID);
  if (!memory) throw new Error(`no /proc/${APP_PID}/status to read the app server's memory from`);
  try {
    const pacedSeconds = STREAM_SECONDS;
    log(`${LEARNERS} learners at a player's pace for ${pacedSeconds} s`);
    const paced = await runLearners(master, LEARNERS, pacedSeconds * 1000, true);
    const pacedPeakBytes = memory.peakBytes();
    const backToBackSeconds = Math.max(5, Math.round(STREAM_SECONDS / 2));
    log(`${LEARNERS} learners back to back for ${backToBackSeconds} s`);
    const backToBack = await runLearners(master, LEARNERS, backToBackSeconds * 1000, false);
    await sleep(1_000);
    const peakBytes = memory.peakBytes();
    const endBytes = residentBytes(APP_PID) ?? 0;
    log(`${LEARNERS} learners at a player's pace for ${pacedSeconds} s, from nginx`);
    const nginx = await runLearners(nginxMaster, LEARNERS, pacedSeconds * 1000, true);
    return { baselineBytes: memory.baselineBytes, pacedPeakBytes, peakBytes, endBytes, paced, backToBack, nginx, pacedSeconds, backToBackSeconds };
  } finally {
    memory.stop();
  }
}

// --- the report ------------------------------------------------------------------------------------

type Row = { budget: string; measurement: string; figure: string; target: string; pass: boolean | null };

function p(values: number[], fraction: number): number | null {
  return percentile(Float64Array.from(values).sort(), fraction);
}

function loadRange(values: number[]): string {
  return `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
}

function table(rows: Row[]): string {
  const header = ['#', 'measurement', 'figure', 'budget', 'result'];
  const cells = rows.map((row) => [row.budget, row.measurement, row.figure, row.target, row.pass === null ? '' : row.pass ? 'PASS' : 'FAIL']);
  const widths = header.map((cell, column) => Math.max(cell.length, ...cells.map((line) => line[column]?.length ?? 0)));
  const format = (line: string[]) => `| ${line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [format(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...cells.map(format)].join('\n');
}

function runText(run: PlaybackRun, stream: StreamInfo): string {
  if (run.error && run.ttffMs === null) return `error: ${run.error}`;
  const rungs = Object.entries(run.bytesByRung).map(([rung, bytes]) => `${rung} ${megabytes(bytes)}`).join(', ');
  // The player keeps PLAYER_AHEAD_SECONDS ahead: a short video may be in the buffer whole.
  const whole = stream.rungs.filter((rung) => rung.bytes > 0 && (run.bytesByRung[rung.name] ?? 0) >= 0.95 * rung.bytes).map((rung) => rung.name);
  return [
    run.ttffMs === null ? 'no first frame' : `first frame ${seconds(run.ttffMs)}`,
    `navigator.connection.downlink ${run.downlinkMbps ?? '?'} Mbps`,
    `start rung ${run.startRung ?? '?'}`,
    `from ${run.startPosition.toFixed(1)} s`,
    run.playedSeconds > 0 ? `${run.playedSeconds.toFixed(1)} s played in ${seconds(run.watchedMs)}` : null,
    `${run.stalls} stall(s) (${seconds(run.stallMs)})`,
    `${run.requests} ladder requests, ${megabytes(run.bytes)}${rungs ? ` (${rungs})` : ''}`,
    whole.length ? `the whole ${whole.join(', ')} rung fetched (the player buffers ${PLAYER_AHEAD_SECONDS} s ahead)` : null,
    run.error ? `note: ${run.error}` : null,
  ]
    .filter(Boolean)
    .join('; ');
}

// --- main ------------------------------------------------------------------------------------------

type Lesson = { courseId: string; lessonId: ObjectId; title: string };

/** The first uploaded video lesson of the student's paid courses, and one of another course (for the transcoding). */
async function findLessons(db: Db): Promise<{ playback: Lesson; transcode: Lesson; coursePage: string }> {
  const student = await db.collection<{ _id: ObjectId; email: string }>('users').findOne({ email: DEMO_ACCOUNTS.student.email });
  if (!student) throw new Error('the demo student is not in the database (was it seeded?)');
  const paid = await db.collection<{ itemId: ObjectId; itemKind: string; paid: boolean }>('orders').find({ userId: student._id, itemKind: 'course', paid: true }).toArray();
  const lessons = db.collection<{ _id: ObjectId; courseId: ObjectId; kind: string; video?: unknown }>('lessons');
  const videoLessons = await lessons.find({ kind: 'video', video: { $exists: true } }).sort({ _id: 1 }).toArray();
  const owned = videoLessons.find((lesson) => paid.some((order) => order.itemId.equals(lesson.courseId)));
  if (!owned) throw new Error('none of the demo student\'s courses has an uploaded video lesson');
  const other = videoLessons.find((lesson) => !lesson.courseId.equals(owned.courseId)) ?? owned;
  const courses = db.collection<{ _id: ObjectId; title: string; classCourse?: string; curriculum?: { lessons: { _id: ObjectId; title: string }[] }[] }>('courses');
  const describeLesson = async (lesson: (typeof videoLessons)[number]): Promise<Lesson & { classCourse?: string }> => {
    const course = await courses.findOne({ _id: lesson.courseId });
    const title = course?.curriculum?.flatMap((section) => section.lessons).find((entry) => entry._id.equals(lesson._id))?.title ?? lesson._id.toHexString();
    return { courseId: lesson.courseId.toHexString(), lessonId: lesson._id, title: `${course?.title ?? '?'} › ${title}`, classCourse: course?.classCourse };
  };
  const playback = await describeLesson(owned);
  const transcode = await describeLesson(other);
  return { playback, transcode, coursePage: playback.classCourse ? `/${playback.classCourse}/coursesInfo/${playback.courseId}` : '/' };
}

async function main(): Promise<number> {
  const rows: Row[] = [];
  const details: string[] = [];
  const notes: string[] = [];
  const startedAt = new Date();
  const client = new MongoClient(MONGODB_URI, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  try {
    const db = client.db();
    const student = await signIn(BASE, DEMO_ACCOUNTS.student.email, DEMO_ACCOUNTS.student.password);
    if ('error' in student) throw new Error(`the demo student: ${student.error}`);
    const admin = await signIn(BASE, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    if ('error' in admin) throw new Error(`the demo admin: ${admin.error}`);
    const { playback, transcode, coursePage } = await findLessons(db);
    log(`playback lesson: ${playback.title}; transcoding lesson: ${transcode.title}`);

    // The seed's demo clips are transcoded first, so no job runs under a measurement.
    const seedWait = await within(10 * 60_000, 'the seed\'s transcoding', () => waitForIdleWorker(db, 10 * 60_000));
    log(`the seed's demo clips transcoded (waited ${seconds(seedWait)})`);

    const needsPlayback = [1, 2, 3, 5].some((budget) => ONLY.has(budget));
    let stream: StreamInfo | null = null;
    if (needsPlayback) {
      stream = await streamInfo(student.cookie, playback.courseId, playback.lessonId.toHexString());
      const needed = Math.max(PLAY_SECONDS, SLOW_SECONDS) + 15;
      if (!stream || stream.durationSeconds < needed) {
        const length = Math.max(PLAYBACK_SECONDS, needed);
        notes.push(
          `The demo clip of “${playback.title}” is ${stream ? `${stream.durationSeconds.toFixed(0)} s` : 'not streamable'}, shorter than the ${needed} s the watches need: ` +
            `a ${length} s 720p30 test video (testsrc2 + sine) was uploaded to it by the admin first, and its ladder waited for.`,
        );
        const file = await within(15 * 60_000, 'making the playback video', () => testVideo(length));
        await uploadVideo(admin.cookie, playback.courseId, playback.lessonId.toHexString(), file);
        const uploaded = performance.now();
        await within(30 * 60_000, 'transcoding the playback video', () => waitForJob(db, playback.lessonId, 30 * 60_000));
        log(`the playback video's ladder is ready (${seconds(performance.now() - uploaded)} after the upload)`);
        stream = await streamInfo(student.cookie, playback.courseId, playback.lessonId.toHexString());
        if (!stream || stream.durationSeconds < needed) throw new Error('the uploaded playback video did not become the lesson\'s stream');
      }
      details.push(`Playback lesson: ${playback.title} (${stream.durationSeconds.toFixed(1)} s, rungs ${stream.rungs.map((rung) => `${rung.name} ${megabytes(rung.bytes)}`).join(', ')}).`);
    }

    // 5. Learners streaming at once (first: the server has seen only the warm-up of its routes).
    if (ONLY.has(5) && stream) {
      try {
        const nginxMaster = await staticCopyOfLadder(db, stream.id);
        const result = await within((STREAM_SECONDS * 3 + 120) * 1000, 'the learners', () => measureLearners(new URL(stream!.master, BASE).href, nginxMaster));
        // Streaming is at a player's pace; back to back (every learner downloading as fast as the
        // loopback allows, far past any connection's speed) is shown for comparison.
        const growth = result.pacedPeakBytes - result.baselineBytes;
        const pacedP95 = p(result.paced.segmentMs, 0.95);
        const fastP95 = p(result.backToBack.segmentMs, 0.95);
        const nginxP95 = p(result.nginx.segmentMs, 0.95);
        const errors = [...result.paced.errors, ...result.backToBack.errors, ...result.nginx.errors.map((error) => `nginx ${error}`)];
        rows.push({
          budget: '5',
          measurement: `App server RSS, ${LEARNERS} learners streaming at a player's pace (${result.pacedSeconds} s)`,
          figure: `+${megabytes(growth)} (${megabytes(result.baselineBytes)} → peak ${megabytes(result.pacedPeakBytes)})`,
          target: `< +${megabytes(RSS_GROWTH_BUDGET_BYTES)}`,
          pass: errors.length === 0 && growth < RSS_GROWTH_BUDGET_BYTES,
        });
        rows.push({
          budget: '5',
          measurement: `App server RSS, then ${LEARNERS} learners back to back (${result.backToBackSeconds} s, for comparison)`,
          figure: `+${megabytes(result.peakBytes - result.baselineBytes)} (peak ${megabytes(result.peakBytes)}; ${megabytes(result.endBytes)} after)`,
          target: '',
          pass: null,
        });
        rows.push({
          budget: '5',
          measurement: `Segment response p95, ${LEARNERS} learners at a player's pace (${result.pacedSeconds} s)`,
          figure: pacedP95 === null ? 'no segments' : `${pacedP95.toFixed(1)} ms (p50 ${p(result.paced.segmentMs, 0.5)?.toFixed(1)} ms, ${result.paced.segmentMs.length} segments)`,
          target: `< ${SEGMENT_P95_BUDGET_MS} ms`,
          pass: errors.length === 0 && pacedP95 !== null && pacedP95 < SEGMENT_P95_BUDGET_MS,
        });
        rows.push({
          budget: '5',
          measurement: `Segment response p95 at a player's pace: the app / nginx serving the same files to the same learners (${result.pacedSeconds} s each)`,
          figure:
            pacedP95 === null || nginxP95 === null
              ? 'no segments'
              : `${(pacedP95 / nginxP95).toFixed(2)} × (${pacedP95.toFixed(1)} ms / ${nginxP95.toFixed(1)} ms; nginx p50 ${p(result.nginx.segmentMs, 0.5)?.toFixed(1)} ms, ${result.nginx.segmentMs.length} segments)`,
          target: `≤ ${SEGMENT_P95_RATIO_BUDGET} ×`,
          pass: errors.length === 0 && pacedP95 !== null && nginxP95 !== null && pacedP95 / nginxP95 <= SEGMENT_P95_RATIO_BUDGET,
        });
        rows.push({
          budget: '5',
          measurement: `Segment response p95, ${LEARNERS} learners back to back (${result.backToBackSeconds} s, for comparison)`,
          figure:
            fastP95 === null
              ? 'no segments'
              : `${fastP95.toFixed(1)} ms (p50 ${p(result.backToBack.segmentMs, 0.5)?.toFixed(1)} ms, ${result.backToBack.segmentMs.length} segments, ${(result.backToBack.segmentMs.length / result.backToBackSeconds).toFixed(0)}/s, ${megabytes(result.backToBack.bytes / result.backToBackSeconds)}/s)`,
          target: '',
          pass: null,
        });
        details.push(
          `Learners: at a player's pace ${result.paced.segmentMs.length} segments (${megabytes(result.paced.bytes)}), ${result.paced.playlistMs.length} playlists (p95 ${p(result.paced.playlistMs, 0.95)?.toFixed(1)} ms); ` +
            `back to back ${result.backToBack.segmentMs.length} segments (${megabytes(result.backToBack.bytes)}, ${result.backToBack.loops} times through the video), ${result.backToBack.playlistMs.length} playlists.`,
        );
        details.push(
          learnersBreakdown("The app's paced learners", result.paced),
          learnersBreakdown("nginx's paced learners", result.nginx, false),
          learnersBreakdown('The back-to-back learners', result.backToBack),
        );
        if (errors.length) notes.push(`Learners' errors: ${errors.slice(0, 5).join('; ')}${errors.length > 5 ? ` and ${errors.length - 5} more` : ''}`);
      } catch (error) {
        rows.push({ budget: '5', measurement: `${LEARNERS} learners streaming`, figure: `error: ${describe(error)}`, target: 'RSS < +50 MB, segment p95 < 50 ms', pass: false });
      }
    }

    // 1–3. The browser.
    if (stream && [1, 2, 3].some((budget) => ONLY.has(budget))) {
      const browser = await launchBrowser();
      try {
        const common = { baseUrl: BASE, account: DEMO_ACCOUNTS.student, courseId: playback.courseId, lessonId: playback.lessonId.toHexString() };
        if (ONLY.has(1)) {
          const runs: PlaybackRun[] = [];
          for (let index = 0; index < RUNS; index += 1) {
            const last = index === RUNS - 1;
            const run = await watchLesson(browser, { ...common, network: SLOW_4G, playSeconds: last ? PLAY_SECONDS : 0, timeoutMs: (last ? PLAY_SECONDS * 3 : 0) * 1000 + 90_000 });
            runs.push(run);
            log(`1.6 Mbps run ${index + 1}: ${runText(run, stream)}`);
            details.push(`1.6 Mbps run ${index + 1}: ${runText(run, stream)}.`);
          }
          const ttffs = runs.flatMap((run) => (run.ttffMs === null ? [] : [run.ttffMs]));
          const p75 = ttffs.length === runs.length ? p(ttffs, 0.75) : null;
          rows.push({
            budget: '1',
            measurement: `Time to first frame at ${SLOW_4G.name}, p75 of ${RUNS} runs`,
            figure: p75 === null ? `${runs.length - ttffs.length} run(s) without a first frame` : `${seconds(p75)} (runs: ${ttffs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`,
            target: `p75 < ${seconds(TTFF_P75_BUDGET_MS)}`,
            pass: p75 !== null && p75 < TTFF_P75_BUDGET_MS,
          });
          const watch = runs.at(-1);
          const complete = watch && !watch.error && watch.playedSeconds >= PLAY_SECONDS - 0.5;
          const ratio = watch && watch.watchedMs > 0 ? watch.stallMs / watch.watchedMs : null;
          rows.push({
            budget: '1',
            measurement: `Rebuffer ratio at ${SLOW_4G.name}, ${PLAY_SECONDS} s of playback`,
            figure: complete && ratio !== null ? `${(ratio * 100).toFixed(2)} % (${watch.stalls} stall(s), ${seconds(watch.stallMs)} in ${seconds(watch.watchedMs)})` : `not measured: ${watch?.error ?? 'the watch did not finish'}`,
            target: `< ${REBUFFER_BUDGET * 100} %`,
            pass: Boolean(complete) && ratio !== null && ratio < REBUFFER_BUDGET,
          });
        }
        if (ONLY.has(2)) {
          const run = await watchLesson(browser, { ...common, network: POOR_3G, playSeconds: SLOW_SECONDS, timeoutMs: SLOW_SECONDS * 3000 + 120_000 });
          log(`400 kbps: ${runText(run, stream)}`);
          details.push(`400 kbps run: ${runText(run, stream)}.`);
          const lowest = stream.rungs.find((rung) => rung.width !== undefined)?.name ?? null;
          const complete = !run.error && run.playedSeconds >= SLOW_SECONDS - 0.5;
          rows.push({
            budget: '2',
            measurement: `Playback start at ${POOR_3G.name}, on the lowest rung (${lowest ?? '?'})`,
            figure: run.ttffMs === null ? `no first frame: ${run.error ?? ''}` : `${seconds(run.ttffMs)} on ${run.startRung ?? '?'}`,
            target: `< ${seconds(SLOW_START_BUDGET_MS)}, ${lowest ?? 'lowest'}`,
            pass: run.ttffMs !== null && run.ttffMs < SLOW_START_BUDGET_MS && run.startRung === lowest,
          });
          rows.push({
            budget: '2',
            measurement: `Stalls after the start at ${POOR_3G.name}, ${SLOW_SECONDS} s of playback`,
            figure: complete ? `${run.stalls} (${seconds(run.stallMs)})` : `not measured: ${run.error ?? 'the watch did not finish'}`,
            target: '0',
            pass: complete && run.stalls === 0,
          });
        }
        if (ONLY.has(3)) {
          const run = await watchLesson(browser, {
            ...common,
            network: SLOW_4G,
            phone: true,
            preference: { choice: 'auto', dataSaver: true, captions: 'off' },
            playSeconds: PLAY_SECONDS,
            timeoutMs: PLAY_SECONDS * 3000 + 90_000,
          });
          log(`data saver: ${runText(run, stream)}`);
          details.push(`Data saver run (phone, ${SLOW_4G.name}): ${runText(run, stream)}.`);
          const complete = !run.error && run.playedSeconds >= PLAY_SECONDS - 0.5;
          rows.push({
            budget: '3',
            measurement: `Ladder bytes with the data saver (phone, ${SLOW_4G.name}), ${PLAY_SECONDS} s played`,
            figure: complete ? `${megabytes(run.bytes)} (${Object.entries(run.bytesByRung).map(([rung, bytes]) => `${rung} ${megabytes(bytes)}`).join(', ')})` : `not measured: ${run.error ?? 'the watch did not finish'}`,
            target: `≤ ${megabytes(DATA_SAVER_BUDGET_BYTES)}`,
            pass: complete && run.bytes <= DATA_SAVER_BUDGET_BYTES,
          });
        }
      } finally {
        await browser.close().catch(() => undefined);
      }
    }

    // 4. Transcoding a long 720p source while a page is served.
    if (ONLY.has(4)) {
      try {
        const file = await within(Math.max(15 * 60, SOURCE_SECONDS * 3) * 1000, 'making the source video', () => testVideo(SOURCE_SECONDS));
        await within(10 * 60_000, 'waiting for the worker to be idle', () => waitForIdleWorker(db, 10 * 60_000));
        const pageUrl = `${BASE}${coursePage}`;
        const probe = await fetch(pageUrl, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        await probe.arrayBuffer();
        if (probe.status !== 200) throw new Error(`GET ${coursePage} answered ${probe.status}`);
        log(`the page's idle latency (${coursePage}, ${PAGE_RATE_PER_SECOND}/s for ${IDLE_SECONDS} s)`);
        const idleLoop = latencyLoop(pageUrl);
        await sleep(IDLE_SECONDS * 1000);
        const idle = await idleLoop.stop();
        log(`uploading the ${SOURCE_SECONDS} s source (${megabytes(statSync(file).size)}) to ${transcode.title}`);
        await uploadVideo(admin.cookie, transcode.courseId, transcode.lessonId.toHexString(), file);
        const uploaded = performance.now();
        const busyLoop = latencyLoop(pageUrl);
        const limitMs = (SOURCE_SECONDS * TRANSCODE_RATIO_BUDGET + 300) * 1000;
        let done: { doneAt: number; polls: number } | null = null;
        let failure: string | null = null;
        try {
          done = await within(limitMs + 30_000, 'the transcoding', () => waitForJob(db, transcode.lessonId, limitMs));
        } catch (error) {
          failure = describe(error);
        }
        const busy = await busyLoop.stop();
        const transcodeMs = (done?.doneAt ?? performance.now()) - uploaded;
        const ratio = transcodeMs / 1000 / SOURCE_SECONDS;
        rows.push({
          budget: '4',
          measurement: `Transcoding a ${SOURCE_SECONDS} s 720p30 source: upload answer → ladder ready (job done)`,
          figure: done ? `${seconds(transcodeMs)} = ${ratio.toFixed(2)} × its length` : `not ready: ${failure ?? ''}`,
          target: `≤ ${TRANSCODE_RATIO_BUDGET} × (${(SOURCE_SECONDS * TRANSCODE_RATIO_BUDGET).toFixed(0)} s)`,
          pass: done !== null && ratio <= TRANSCODE_RATIO_BUDGET,
        });
        const idleP95 = p(idle.ms, 0.95);
        const busyP95 = p(busy.ms, 0.95);
        const latencyRatio = idleP95 && busyP95 !== null ? busyP95 / idleP95 : null;
        rows.push({
          budget: '4',
          measurement: `Page p95 during the transcoding (GET ${coursePage}, ${PAGE_RATE_PER_SECOND}/s) / idle p95 just before`,
          figure:
            latencyRatio === null
              ? 'not measured'
              : `${latencyRatio.toFixed(2)} × (${busyP95?.toFixed(1)} ms over ${busy.ms.length} requests vs ${idleP95?.toFixed(1)} ms over ${idle.ms.length})`,
          target: `≤ ${LATENCY_RATIO_BUDGET} ×`,
          pass: latencyRatio !== null && latencyRatio <= LATENCY_RATIO_BUDGET && busy.failed === 0,
        });
        details.push(
          `Transcoding: source ${path.basename(file)} (${megabytes(statSync(file).size)}) to ${transcode.title}; the worker looks for jobs every 10 s, so up to 10 s of the time is its wait. ` +
            `Page latency idle: p50 ${p(idle.ms, 0.5)?.toFixed(1)} ms, p95 ${idleP95?.toFixed(1)} ms, ${idle.failed} failed; during: p50 ${p(busy.ms, 0.5)?.toFixed(1)} ms, p95 ${busyP95?.toFixed(1)} ms, max ${p(busy.ms, 1)?.toFixed(1)} ms, ${busy.failed} failed. ` +
            `The machine's 1-minute load average (${cpus().length} CPUs, all its processes, the worker's ffmpeg included) was ${loadRange(idle.load)} while idle and ${loadRange(busy.load)} during the transcoding.`,
        );
      } catch (error) {
        rows.push({ budget: '4', measurement: `Transcoding a ${SOURCE_SECONDS} s 720p30 source`, figure: `error: ${describe(error)}`, target: '≤ 1.5 × length; page p95 ≤ 2 × idle', pass: false });
      }
    }
  } finally {
    await client.close();
  }

  const header = `Lesson video streaming — production build (serving/server.mjs), embedded FerretDB, ffmpeg worker; Chromium ${CHROMIUM_PATH}; ${cpus().length} CPU(s), load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`;
  const settings = `Settings: VIDEO_BENCH_SOURCE_SECONDS=${SOURCE_SECONDS} VIDEO_BENCH_RUNS=${RUNS} VIDEO_BENCH_PLAY_SECONDS=${PLAY_SECONDS} VIDEO_BENCH_SLOW_SECONDS=${SLOW_SECONDS} VIDEO_BENCH_LEARNERS=${LEARNERS} VIDEO_BENCH_STREAM_SECONDS=${STREAM_SECONDS} VIDEO_BENCH_IDLE_SECONDS=${IDLE_SECONDS} VIDEO_BENCH_ONLY=${[...ONLY].join(',')}`;
  const rendered = table(rows);
  const pass = rows.length > 0 && rows.every((row) => row.pass !== false);
  const verdict = pass ? 'all lesson video budgets met' : 'A LESSON VIDEO BUDGET WAS MISSED';
  console.log(`\n${header}\n${settings}\n\n${rendered}\n\n${details.map((line) => `- ${line}`).join('\n')}\n${notes.map((line) => `- ${line}`).join('\n')}\n\n${verdict}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, 'lesson-video-latest.md');
  writeFileSync(
    file,
    [
      '# Lesson video streaming bench (`npm run bench:video`)',
      '',
      `Run ${startedAt.toISOString()} – ${new Date().toISOString()}. ${header}.`,
      '',
      settings,
      '',
      rendered,
      '',
      `**${verdict}**`,
      '',
      '## Details',
      '',
      ...details.map((line) => `- ${line}`),
      ...(notes.length ? ['', '## Notes', '', ...notes.map((line) => `- ${line}`)] : []),
      '',
    ].join('\n'),
  );
  console.log(`written to ${file}`);
  return pass ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`the lesson video bench could not complete: ${describe(error)}`);
    process.exit(2);
  },
);
