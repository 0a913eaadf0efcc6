import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PICTURE_RUNGS, SEGMENT_SECONDS, ladderFor } from './ladder';
import { MAX_VIDEO_SECONDS, probeVideo } from './probe';
import { transcodeToLadder } from './transcode';

// The ladder a lesson video becomes, made by the real ffmpeg from test videos it generates itself
// (its test picture and a tone), and checked with ffprobe.

const run = promisify(execFile);
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'kz-ladder-'));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A generated test video: ffmpeg's moving test picture, with a tone unless `audio` is false. */
async function testVideo(name: string, { width, height, seconds, rate = 30, audio = true }: { width: number; height: number; seconds: number; rate?: number; audio?: boolean }): Promise<string> {
  const file = path.join(work, name);
  const picture = ['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${rate}:duration=${seconds}`];
  const tone = audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : [];
  await run('ffmpeg', ['-v', 'error', '-y', ...picture, ...tone, '-c:v', 'libx264', '-preset', 'ultrafast', ...(audio ? ['-c:a', 'aac'] : []), '-shortest', file]);
  return file;
}

/** One entry of the file's first stream of `stream` (an MPEG-TS file lists its streams once more under its program). */
async function probe(file: string, entries: string, stream = 'v:0', more: string[] = []): Promise<string> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', stream, '-show_entries', entries, ...more, '-of', 'csv=p=0', file]);
  return stdout.split('\n').find((line) => line.trim()) ?? '';
}

describe('the ladder', () => {
  const source = { width: 1280, height: 720, durationSeconds: 60, frameRate: 30, hasAudio: true };

  it('has the rungs at or below the source, an audio-only one when it has sound, and caps the frame rate', () => {
    expect(ladderFor(source).pictures.map((rung) => rung.name)).toEqual(['240p', '360p', '540p', '720p']);
    expect(ladderFor({ ...source, width: 640, height: 360 }).pictures.map((rung) => rung.name)).toEqual(['240p', '360p']);
    // A portrait phone video is measured by its short side.
    expect(ladderFor({ ...source, width: 720, height: 1280 }).pictures.map((rung) => rung.name)).toEqual(['240p', '360p', '540p', '720p']);
    // Smaller than the lowest rung: one rung at its own size, never enlarged.
    expect(ladderFor({ ...source, width: 320, height: 180 }).pictures).toEqual([{ ...PICTURE_RUNGS[0], name: '180p', lines: 180 }]);
    expect(ladderFor(source).audio?.audioKbps).toBeLessThanOrEqual(64);
    expect(ladderFor({ ...source, hasAudio: false }).audio).toBeNull();
    expect(ladderFor({ ...source, frameRate: 60 }).frameRate).toBe(30);
    expect(ladderFor({ ...source, frameRate: 25 }).frameRate).toBeNull();
  });
});

describe('transcoding', () => {
  it('makes every rung of a 720p video, in segments that each start on a keyframe, and a master playlist', async () => {
    const input = await testVideo('lesson.mp4', { width: 1280, height: 720, seconds: 9, rate: 60 });
    const probed = await probeVideo(input);
    if (!probed.ok) throw new Error(probed.refusal);
    expect(probed.source).toMatchObject({ width: 1280, height: 720, frameRate: 60, hasAudio: true });

    const out = path.join(work, 'ladder');
    const progress: number[] = [];
    await run('mkdir', ['-p', out]);
    await transcodeToLadder(input, out, probed.source, { onProgress: (done) => progress.push(done) });
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const master = await readFile(path.join(out, 'master.m3u8'), 'utf8');
    const variants = master.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(variants).toEqual(['240p/index.m3u8', '360p/index.m3u8', '540p/index.m3u8', '720p/index.m3u8', 'audio/index.m3u8']);
    expect(master).toContain('RESOLUTION=426x240');
    expect(master).toContain('RESOLUTION=1280x720');

    for (const [rung, size] of [['240p', '426,240'], ['360p', '640,360'], ['540p', '960,540'], ['720p', '1280,720']] as const) {
      const playlist = await readFile(path.join(out, rung, 'index.m3u8'), 'utf8');
      const lengths = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((match) => Number(match[1]));
      // 9 s in 4 s segments: 4, 4 and the rest.
      expect(lengths.map(Math.round)).toEqual([SEGMENT_SECONDS, SEGMENT_SECONDS, 1]);
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const segments = (await readdir(path.join(out, rung))).filter((name) => name.endsWith('.ts')).sort();
      expect(segments).toHaveLength(3);
      for (const segment of segments) {
        const file = path.join(out, rung, segment);
        expect(await probe(file, 'stream=width,height')).toBe(size);
        // The first frame of every segment is a keyframe, so a player may start or switch there.
        expect(await probe(file, 'frame=key_frame', 'v:0', ['-read_intervals', '%+#1'])).toMatch(/^1\b/);
      }
      // Capped at 30 frames a second.
      expect(await probe(path.join(out, rung, segments[0]!), 'stream=avg_frame_rate')).toBe('30/1');
    }
    const audioSegments = (await readdir(path.join(out, 'audio'))).filter((name) => name.endsWith('.ts'));
    expect(await probe(path.join(out, 'audio', audioSegments[0]!), 'stream=codec_type', 'a:0')).toBe('audio');
    expect(await probe(path.join(out, 'audio', audioSegments[0]!), 'stream=codec_type', 'v')).toBe('');
  }, 120_000);

  it('makes only the rungs a small silent video has, without an audio-only one', async () => {
    const input = await testVideo('small.mp4', { width: 640, height: 360, seconds: 3, audio: false });
    const probed = await probeVideo(input);
    if (!probed.ok) throw new Error(probed.refusal);
    const out = path.join(work, 'small');
    await run('mkdir', ['-p', out]);
    const ladder = await transcodeToLadder(input, out, probed.source);
    expect(ladder.audio).toBeNull();
    expect((await readdir(out)).sort()).toEqual(['240p', '360p', 'master.m3u8']);
  }, 60_000);
});

describe('refusals', () => {
  it('refuses a damaged file, a file without a picture, a video too long and one larger than 4K, each with its reason', async () => {
    const damaged = path.join(work, 'damaged.mp4');
    await writeFile(damaged, Buffer.concat([Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]), Buffer.alloc(4096, 7)]));
    expect(await probeVideo(damaged)).toEqual({ ok: false, refusal: 'unreadable' });

    const sound = path.join(work, 'sound.m4a');
    await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac', sound]);
    expect(await probeVideo(sound)).toEqual({ ok: false, refusal: 'noPicture' });

    // One tiny frame a second, just past the limit: quick to make, and long.
    const long = path.join(work, 'long.mp4');
    await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=size=16x16:rate=1:duration=${MAX_VIDEO_SECONDS + 5}`, '-c:v', 'libx264', '-preset', 'ultrafast', long]);
    expect(await probeVideo(long)).toEqual({ ok: false, refusal: 'tooLong' });

    // One frame of a picture wider than 4K (an 8K phone recording, cropped).
    const huge = path.join(work, 'huge.mp4');
    await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=size=4096x2304:rate=1:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', huge]);
    expect(await probeVideo(huge)).toEqual({ ok: false, refusal: 'tooLarge' });
  }, 60_000);
});
