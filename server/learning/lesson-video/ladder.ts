// The quality ladder a lesson video is transcoded into for adaptive streaming (HLS): an audio-only
// rung and the picture rungs at or below the source's size, each with its bitrates, in segments of
// a fixed length that all start on a keyframe, so a player can switch rungs at any segment.
// Pure: the probe (probe.ts) says what the source is, the transcoder (transcode.ts) runs the plan.

import { SEGMENT_SECONDS } from '@/lib/video-quality';

/** What the transcoder needs to know of a source video (probe.ts). */
export type SourceVideo = {
  width: number;
  height: number;
  durationSeconds: number;
  /** Frames per second, when the file says. */
  frameRate: number | null;
  hasAudio: boolean;
};

/** A picture rung: `lines` is its short side (240 for 240p, also for a portrait video). */
export type PictureRung = { name: string; lines: number; videoKbps: number; audioKbps: number };

export type AudioRung = { name: 'audio'; audioKbps: number };

/**
 * Bitrates for lesson video (slides, a teacher, a board: less motion than film), low enough that
 * the 240p rung plays on a poor mobile connection, and that a minute at 360p (the data saver's cap,
 * with what the player fetches ahead) stays within 3 MB of a learner's data bundle.
 */
export const PICTURE_RUNGS: readonly PictureRung[] = [
  { name: '240p', lines: 240, videoKbps: 180, audioKbps: 48 },
  { name: '360p', lines: 360, videoKbps: 230, audioKbps: 48 },
  { name: '540p', lines: 540, videoKbps: 900, audioKbps: 96 },
  { name: '720p', lines: 720, videoKbps: 1600, audioKbps: 96 },
];

export const AUDIO_RUNG: AudioRung = { name: 'audio', audioKbps: 64 };

export { SEGMENT_SECONDS };

/** Frames per second at most: lessons gain nothing from more, and every frame costs data. */
const MAX_FRAME_RATE = 30;

/** A codec's frame size must be even. */
function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

export type Ladder = { pictures: PictureRung[]; audio: AudioRung | null; frameRate: number | null };

/**
 * The rungs for `source`: those at or below its short side (a source smaller than the lowest rung
 * gets one rung at its own size, never an enlarged picture), and the audio-only rung when it has
 * sound. The frame rate is capped, or left as it is.
 */
export function ladderFor(source: SourceVideo): Ladder {
  const shortSide = Math.min(source.width, source.height);
  const fitting = PICTURE_RUNGS.filter((rung) => rung.lines <= shortSide);
  const pictures = fitting.length > 0 ? fitting : [{ ...PICTURE_RUNGS[0]!, name: `${even(shortSide)}p`, lines: even(shortSide) }];
  return {
    pictures,
    audio: source.hasAudio ? AUDIO_RUNG : null,
    frameRate: source.frameRate !== null && source.frameRate > MAX_FRAME_RATE ? MAX_FRAME_RATE : null,
  };
}

/** A rung's picture size for `source`: its lines on the short side, the long side in proportion. */
export function pictureSize(source: Pick<SourceVideo, 'width' | 'height'>, rung: PictureRung): { width: number; height: number } {
  const landscape = source.width >= source.height;
  const long = even((rung.lines * Math.max(source.width, source.height)) / Math.min(source.width, source.height));
  return landscape ? { width: long, height: rung.lines } : { width: rung.lines, height: long };
}

/** The master playlist's name; each rung's playlist is `<rung>/index.m3u8` beside it. */
export const MASTER_PLAYLIST = 'master.m3u8';

/**
 * ffmpeg's arguments to transcode `input` into the whole ladder under `outputDir` in one pass (the
 * source is decoded once and scaled per rung): H.264 and AAC in MPEG-TS segments, a keyframe at
 * every segment start and none forced elsewhere by scene cuts, progress written to stdout.
 */
export function ffmpegArguments(input: string, outputDir: string, source: SourceVideo, ladder: Ladder): string[] {
  const { pictures, audio } = ladder;
  const split = `[0:v:0]${ladder.frameRate ? `fps=${ladder.frameRate},` : ''}split=${pictures.length}${pictures.map((_, index) => `[s${index}]`).join('')}`;
  const scaled = pictures.map((rung, index) => {
    const { width, height } = pictureSize(source, rung);
    return `[s${index}]scale=${width}:${height}:flags=bicubic,setsar=1[v${index}]`;
  });
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-progress', 'pipe:1', '-i', input, '-filter_complex', [split, ...scaled].join(';')];
  pictures.forEach((rung, index) => {
    args.push('-map', `[v${index}]`, `-b:v:${index}`, `${rung.videoKbps}k`, `-maxrate:v:${index}`, `${Math.round(rung.videoKbps * 1.1)}k`, `-bufsize:v:${index}`, `${rung.videoKbps * 2}k`);
    if (audio) args.push('-map', '0:a:0', `-b:a:${index}`, `${rung.audioKbps}k`);
  });
  if (audio) args.push('-map', '0:a:0', `-b:a:${pictures.length}`, `${audio.audioKbps}k`);
  args.push(
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
    '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0',
    ...(audio ? ['-c:a', 'aac', '-ac', '2', '-ar', '48000'] : []),
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments',
    '-hls_segment_type', 'mpegts', '-hls_segment_filename', `${outputDir}/%v/segment%03d.ts`,
    '-master_pl_name', MASTER_PLAYLIST,
    '-var_stream_map', streamMap(ladder),
    `${outputDir}/%v/index.m3u8`,
  );
  return args;
}

/** ffmpeg's grouping of the output streams into rungs, each named for its folder. */
function streamMap({ pictures, audio }: Ladder): string {
  const rungs = pictures.map((rung, index) => `v:${index}${audio ? `,a:${index}` : ''},name:${rung.name}`);
  if (audio) rungs.push(`a:${pictures.length},name:${audio.name}`);
  return rungs.join(' ');
}
